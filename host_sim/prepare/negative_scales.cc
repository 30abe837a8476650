// Negative weight scales: see negative_scales.h.
#include "prepare/negative_scales.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {
namespace {

using Op = format::BuiltinOp;

// Operand positions of one convolution-family operator.
struct ConvOperands {
  int input, filter, bias;
  int channel_axis;  // filter axis that indexes output channels
};

bool operands_of(int builtin, ConvOperands* o) {
  switch (static_cast<Op>(builtin)) {
    case Op::kConv2d: *o = {0, 1, 2, 0}; return true;
    case Op::kDepthwiseConv2d: *o = {0, 1, 2, 3}; return true;
    case Op::kFullyConnected: *o = {0, 1, 2, 0}; return true;
    case Op::kTransposeConv: *o = {2, 1, 3, 0}; return true;
    default: return false;
  }
}

int uses_of(const PrepGraph& g, const PrepTensor* t) {
  int n = 0;
  for (const PrepOp& op : g.ops) {
    for (const PrepTensor* in : op.inputs) n += in == t;
  }
  return n;
}

// The TFLite reduction of a Q31 multiplier to the 16 bits the 64-bit (16x8) path uses.
int32_t reduced_multiplier(int32_t m) {
  return m < 0x7FFF0000 ? static_cast<int32_t>((static_cast<int64_t>(m) + (1 << 15)) >> 16)
                        : 0x7FFF;
}

// One planned rewrite: which channels flip, and the new constant bytes.
struct Rewrite {
  size_t op = 0;
  std::vector<bool> flip;  // per output channel
  std::vector<uint8_t> filter, bias;
  std::vector<float> filter_scales, bias_scales;
  int flipped = 0;
};

// Fills *r for op `k`; a failure when it cannot be rewritten exactly. r->flipped == 0
// when the op needs nothing.
host::HostStatus plan_rewrite(const PrepGraph& g, size_t k, const ConvOperands& o, Rewrite* r) {
  const PrepOp& op = g.ops[k];
  auto at = [&](int i) -> const PrepTensor* {
    return i >= 0 && static_cast<size_t>(i) < op.inputs.size() ? op.inputs[i] : nullptr;
  };
  const PrepTensor* in = at(o.input);
  const PrepTensor* f = at(o.filter);
  const PrepTensor* b = at(o.bias);
  if (in == nullptr || f == nullptr || !f->is_const() || op.outputs.size() != 1) return host::HostStatus::success();
  bool any_negative = false;
  for (float s : f->scales) any_negative = any_negative || s < 0.0f;
  if (!any_negative) return host::HostStatus::success();
  const std::string where = op_name(op.builtin) + " (node " + std::to_string(op.node_index) + ")";
  const PrepTensor& out = *op.outputs[0];
  if (f->type != format::DataType::kInt8 || in->scales.size() != 1 || out.scales.size() != 1 ||
      static_cast<int>(f->shape.size()) <= o.channel_axis) {
    return host::HostStatus::fail(where + ": negative filter scales are supported on int8 filters with per-tensor "
                     "activations only");
  }
  const int64_t channels = f->shape[o.channel_axis];
  const size_t ns = f->scales.size();
  if (channels <= 0 || (ns != 1 && ns != static_cast<size_t>(channels))) {
    return host::HostStatus::fail(where + ": filter has " + std::to_string(ns) + " scales for " +
             std::to_string(channels) + " output channels");
  }
  int64_t inner = 1;  // elements after the channel axis
  for (size_t d = o.channel_axis + 1; d < f->shape.size(); ++d) inner *= f->shape[d];
  const bool wide = in->type == format::DataType::kInt16;
  r->op = k;
  r->flip.assign(channels, false);
  for (int64_t c = 0; c < channels; ++c) {
    const float s = f->scales[ns == 1 ? 0 : c];
    if (!(s < 0.0f)) continue;
    // The multiplier TFLite Micro derives (double, as every conv-family prepare here) must be
    // exactly the negative of the one prepare will derive from -s.
    const double eff = static_cast<double>(in->scales[0]) * static_cast<double>(s) /
                       static_cast<double>(out.scales[0]);
    int32_t m_neg = 0, m_pos = 0;
    int sh_neg = 0, sh_pos = 0;
    quantize_multiplier(eff, &m_neg, &sh_neg);
    quantize_multiplier(-eff, &m_pos, &sh_pos);
    const bool same = sh_neg == sh_pos && m_neg != std::numeric_limits<int32_t>::min() &&
                      m_neg == -m_pos &&
                      (!wide || reduced_multiplier(m_neg) == -reduced_multiplier(m_pos));
    if (!same) {
      return host::HostStatus::fail(where + ": output channel " + std::to_string(c) + ": negative scale " +
               std::to_string(s) + " gives a multiplier that cannot be reproduced exactly");
    }
    r->flip[c] = true;
    ++r->flipped;
  }
  // Weights: element i belongs to channel (i / inner) % channels.
  const int8_t* w = reinterpret_cast<const int8_t*>(f->data);
  r->filter.assign(f->data, f->data + f->data_size);
  int8_t* nw = reinterpret_cast<int8_t*>(r->filter.data());
  for (size_t i = 0; i < f->data_size; ++i) {
    const int64_t c = (static_cast<int64_t>(i) / inner) % channels;
    if (!r->flip[c]) continue;
    if (w[i] == -128) {
      return host::HostStatus::fail(where + ": output channel " + std::to_string(c) +
               " has a negative scale and a weight of -128 (cannot be negated exactly)");
    }
    nw[i] = static_cast<int8_t>(-w[i]);
  }
  r->filter_scales.resize(ns == 1 ? 1 : channels);
  for (size_t c = 0; c < r->filter_scales.size(); ++c) r->filter_scales[c] = std::fabs(f->scales[c]);
  if (b != nullptr && b->is_const()) {
    const bool b64 = b->type == format::DataType::kInt64;
    if ((!b64 && b->type != format::DataType::kInt32) ||
        b->element_count() != channels) {
      return host::HostStatus::fail(where + ": bias must be int32 or int64 with one value per output channel");
    }
    r->bias.assign(b->data, b->data + b->data_size);
    for (int64_t c = 0; c < channels; ++c) {
      if (!r->flip[c]) continue;
      if (b64) {
        int64_t v;
        std::memcpy(&v, r->bias.data() + 8 * c, 8);
        if (v == std::numeric_limits<int64_t>::min()) {
          return host::HostStatus::fail(where + ": bias of output channel " + std::to_string(c) + " cannot be negated");
        }
        v = -v;
        std::memcpy(r->bias.data() + 8 * c, &v, 8);
      } else {
        int32_t v;
        std::memcpy(&v, r->bias.data() + 4 * c, 4);
        if (v == std::numeric_limits<int32_t>::min()) {
          return host::HostStatus::fail(where + ": bias of output channel " + std::to_string(c) + " cannot be negated");
        }
        v = -v;
        std::memcpy(r->bias.data() + 4 * c, &v, 4);
      }
    }
    r->bias_scales = b->scales;
    for (float& s : r->bias_scales) s = std::fabs(s);
  }
  return host::HostStatus::success();
}

// Points input `i` of op `k` at a tensor holding `bytes` and `scales`: the same tensor when
// only this op reads it, else a new copy of its description.
void install(PrepGraph* g, size_t k, int i, std::vector<uint8_t> bytes,
             const std::vector<float>& scales) {
  PrepOp& op = g->ops[k];
  const PrepTensor* old = op.inputs[i];
  PrepTensor* t = &g->tensors[old->index];
  if (uses_of(*g, old) > 1) {
    PrepTensor& copy = g->add_tensor();
    const int id = copy.index;
    copy = *old;
    copy.index = id;
    t = &copy;
  }
  g->folded.push_back(std::move(bytes));
  t->data = g->folded.back().data();
  t->data_size = g->folded.back().size();
  t->scales = scales;
  op.inputs[i] = t;
}

}  // namespace

host::HostStatus normalize_negative_scales(PrepGraph* g) {
  std::vector<Rewrite> rewrites;
  for (size_t k = 0; k < g->ops.size(); ++k) {
    ConvOperands o;
    if (!operands_of(g->ops[k].builtin, &o)) continue;
    Rewrite r;
    if (host::HostStatus st = plan_rewrite(*g, k, o, &r); !st.ok()) return st;
    if (r.flipped > 0) rewrites.push_back(std::move(r));
  }
  for (Rewrite& r : rewrites) {
    ConvOperands o{};
    operands_of(g->ops[r.op].builtin, &o);
    const PrepOp& op = g->ops[r.op];
    g->compat_notes.push_back(op_name(op.builtin) + " (node " + std::to_string(op.node_index) +
                              "): " + std::to_string(r.flipped) +
                              " output channels with negative filter scales: weights and bias "
                              "negated, scales made positive (same integer outputs)");
    install(g, r.op, o.filter, std::move(r.filter), r.filter_scales);
    if (!r.bias.empty()) install(g, r.op, o.bias, std::move(r.bias), r.bias_scales);
  }
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
