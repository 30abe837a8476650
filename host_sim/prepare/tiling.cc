// Tiled (band) execution: band arithmetic and stage expansion. See tiling.h.
#include "prepare/tiling.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "prepare/ops/int8_prep_util.h"
#include "prepare/ops/movement_prep.h"

namespace lpai {
namespace prepare {
namespace {

constexpr int kAdd = static_cast<int>(format::BuiltinOp::kAdd);
constexpr int kAvgPool = static_cast<int>(format::BuiltinOp::kAveragePool2d);
constexpr int kConv = static_cast<int>(format::BuiltinOp::kConv2d);
constexpr int kDepthwise = static_cast<int>(format::BuiltinOp::kDepthwiseConv2d);
constexpr int kMaxPool = static_cast<int>(format::BuiltinOp::kMaxPool2d);
constexpr int kPad = static_cast<int>(format::BuiltinOp::kPad);

bool is_activation_4d(const PrepTensor* t) {
  return t != nullptr && !t->is_const() && !t->is_variable && t->shape.size() == 4 &&
         t->shape[0] == 1 && t->shape[1] > 0 && t->shape[2] > 0 && t->shape[3] > 0;
}

// The inputs of a stage op that carry rows (the others are constants: weights, bias, paddings).
std::vector<int> row_inputs(const PrepOp& op) {
  if (op.builtin == kAdd) return {0, 1};
  return {0};
}

bool is_aliased(const PrepGraph& g, int id) {
  if (g.alias_root(id) != id) return true;
  for (int a : g.alias_of) {
    if (a == id) return true;
  }
  return false;
}

bool is_graph_io(const PrepGraph& g, int id) {
  return std::find(g.inputs.begin(), g.inputs.end(), id) != g.inputs.end() ||
         std::find(g.outputs.begin(), g.outputs.end(), id) != g.outputs.end();
}

// The last op that reads tensor id (any input), or -1.
int last_reader(const std::vector<PrepOp>& ops, int id) {
  int last = -1;
  for (size_t s = 0; s < ops.size(); ++s) {
    for (const PrepTensor* t : ops[s].inputs) {
      if (t != nullptr && t->index == id) last = static_cast<int>(s);
    }
  }
  return last;
}

// A new activation tensor like `like` with `rows` rows.
PrepTensor& band_tensor(PrepGraph* g, const PrepTensor& like, int rows, const std::string& name) {
  PrepTensor& t = g->add_tensor();
  const int id = t.index;
  t = like;
  t.index = id;
  t.model_index = -1;
  t.name = name;
  t.shape[1] = rows;
  t.data = nullptr;
  t.data_size = 0;
  return t;
}

const PrepTensor* row_view(PrepGraph* g, const PrepTensor& parent, int first, int end,
                           const std::string& name) {
  PrepTensor& t = band_tensor(g, parent, end - first, name);
  g->row_view.resize(g->tensors.size());
  g->row_view[static_cast<size_t>(t.index)] = {parent.index, first};
  return &t;
}

std::string rows_name(const PrepTensor& t, int first, int end) {
  return t.name + "[rows " + std::to_string(first) + ":" + std::to_string(end) + "]";
}

}  // namespace

BandRows band_input_rows(const RowWindow& w, int in_rows, int out_first, int out_end) {
  const int64_t top = static_cast<int64_t>(out_first) * w.stride - w.pad;
  const int64_t bottom =
      static_cast<int64_t>(out_end - 1) * w.stride - w.pad + static_cast<int64_t>(w.kernel - 1) * w.dilation + 1;
  BandRows r;
  r.first = static_cast<int>(std::max<int64_t>(0, top));
  r.end = static_cast<int>(std::min<int64_t>(in_rows, bottom));
  r.pad_top = static_cast<int>(r.first - top);
  return r;
}

bool op_row_window(const PrepOp& op, RowWindow* w, std::string* why) {
  *w = RowWindow();
  const OpOptions& o = op.options;
  if (op.outputs.size() != 1 || !is_activation_4d(op.outputs[0]) || !op.intermediates.empty()) {
    *why = op_name(op.builtin) + ": not one 4-D batch-1 output";
    return false;
  }
  for (int k : row_inputs(op)) {
    if (static_cast<size_t>(k) >= op.inputs.size() || !is_activation_4d(op.inputs[k])) {
      *why = op_name(op.builtin) + ": an input is not a 4-D batch-1 activation";
      return false;
    }
  }
  const int in_h = op.inputs[0]->shape[1];
  int out = 0;
  if (op.builtin == kConv || op.builtin == kDepthwise) {
    if (op.inputs.size() < 2 || op.inputs[1] == nullptr || op.inputs[1]->shape.size() != 4) {
      *why = op_name(op.builtin) + ": filter is not 4-D";
      return false;
    }
    w->kernel = op.inputs[1]->shape[1];
    w->stride = o.stride_h;
    w->dilation = o.dilation_h;
  } else if (op.builtin == kAvgPool || op.builtin == kMaxPool) {
    w->kernel = o.filter_h;
    w->stride = o.stride_h;
  } else if (op.builtin == kPad) {
    const PrepTensor* pads = op.inputs.size() == 2 ? op.inputs[1] : nullptr;
    if (pads == nullptr || !mv::is_paddings(*pads, 4)) {
      *why = "PAD: paddings not a constant [4, 2] tensor";
      return false;
    }
    int64_t before = 0, after = 0, b0 = 0, a0 = 0, b3 = 0, a3 = 0;
    mv::pad_row(*pads, 0, &b0, &a0);
    mv::pad_row(*pads, 3, &b3, &a3);
    mv::pad_row(*pads, 1, &before, &after);
    if (b0 != 0 || a0 != 0 || b3 != 0 || a3 != 0 || before < 0 || after < 0 || before > 64) {
      *why = "PAD: pads batch or channels";
      return false;
    }
    w->pad = static_cast<int>(before);
    return true;
  } else if (op.builtin == kAdd) {
    if (op.inputs[0]->shape != op.outputs[0]->shape || op.inputs[1]->shape != op.outputs[0]->shape) {
      *why = "ADD: broadcasting";
      return false;
    }
    return true;
  } else {
    *why = op_name(op.builtin) + " is not tiled";
    return false;
  }
  if (w->kernel <= 0 || w->stride <= 0 || w->dilation <= 0 ||
      !util::compute_padding(o.padding, in_h, w->kernel, w->stride, w->dilation, &out, &w->pad) ||
      out != op.outputs[0]->shape[1]) {
    *why = op_name(op.builtin) + ": window inconsistent with the output rows";
    return false;
  }
  return true;
}

bool stage_valid(const PrepGraph& g, const std::vector<PrepOp>& ops, int first, int last,
                 std::string* why, bool io_views) {
  if (first < 0 || last < first || static_cast<size_t>(last) >= ops.size()) {
    *why = "stage out of range";
    return false;
  }
  for (int s = first; s <= last; ++s) {
    const PrepOp& op = ops[static_cast<size_t>(s)];
    RowWindow w;
    if (!op_row_window(op, &w, why)) return false;
    const int out = op.outputs[0]->index;
    if (is_graph_io(g, out) && (s < last || !io_views)) {
      *why = s < last ? "an intermediate is graph IO"
                      : "the stage's output is graph IO (views of graph IO need memhandle IO)";
      return false;
    }
    if (is_aliased(g, out) || g.is_row_view(out)) {
      *why = "an output is aliased or a view";
      return false;
    }
    if (s < last) {  // an intermediate: read only inside the stage, after its producer
      for (size_t r = 0; r < ops.size(); ++r) {
        const int rs = static_cast<int>(r);
        for (const PrepTensor* t : ops[r].inputs) {
          if (t != nullptr && t->index == out && (rs <= s || rs > last)) {
            *why = "an intermediate is read outside the stage";
            return false;
          }
        }
      }
    }
    for (int k : row_inputs(op)) {
      const int id = op.inputs[static_cast<size_t>(k)]->index;
      bool internal = false;
      for (int p = first; p < s; ++p) internal = internal || ops[static_cast<size_t>(p)].outputs[0]->index == id;
      if (!internal && is_graph_io(g, id) && !io_views) {
        *why = "a stage input is graph IO (views of graph IO need memhandle IO)";
        return false;
      }
      if (!internal && (is_aliased(g, id) || g.is_row_view(id))) {
        *why = "a stage input is aliased or a view";
        return false;
      }
    }
  }
  return true;
}

bool close_stage(const PrepGraph& g, const std::vector<PrepOp>& ops, int first, int last,
                 TileStage* out, std::string* why, bool io_views) {
  int end = last;
  for (bool grown = true; grown;) {
    grown = false;
    for (int s = first; s < end; ++s) {
      const int reader = last_reader(ops, ops[static_cast<size_t>(s)].outputs.empty()
                                              ? -1
                                              : ops[static_cast<size_t>(s)].outputs[0]->index);
      if (reader > end) {
        end = reader;
        grown = true;
      }
    }
  }
  if (!stage_valid(g, ops, first, end, why, io_views)) return false;
  out->first_op = first;
  out->last_op = end;
  return true;
}

host::HostStatus tile_ops(PrepGraph* g, const std::vector<PrepOp>& ops,
                          const std::vector<TileStage>& stages, std::vector<PrepOp>* out,
                          std::vector<int>* origin, std::vector<int>* band, bool io_views) {
  out->clear();
  origin->clear();
  band->clear();
  std::vector<const TileStage*> stage_at(ops.size(), nullptr);
  for (const TileStage& st : stages) {
    std::string why;
    if (!stage_valid(*g, ops, st.first_op, st.last_op, &why, io_views) || st.band_rows < 1) {
      return host::HostStatus::fail("tiling: stage of ops " + std::to_string(st.first_op) + ".." +
                                    std::to_string(st.last_op) + " invalid: " + why);
    }
    for (int s = st.first_op; s <= st.last_op; ++s) {
      if (stage_at[static_cast<size_t>(s)] != nullptr) {
        return host::HostStatus::fail("tiling: stages overlap at op " + std::to_string(s));
      }
      stage_at[static_cast<size_t>(s)] = &st;
    }
  }
  for (size_t s = 0; s < ops.size();) {
    const TileStage* st = stage_at[s];
    if (st == nullptr) {
      out->push_back(ops[s]);
      origin->push_back(static_cast<int>(s));
      band->push_back(-1);
      ++s;
      continue;
    }
    const int a = st->first_op, b = st->last_op;
    const PrepTensor& final_out = *ops[static_cast<size_t>(b)].outputs[0];
    const int total = final_out.shape[1];
    for (int k = 0, o0 = 0; o0 < total; ++k, o0 += st->band_rows) {
      const int o1 = std::min(total, o0 + st->band_rows);
      // Backwards: the rows of every stage tensor this band needs (union over its readers),
      // and each op's own input rows.
      std::map<int, std::pair<int, int>> need;  // tensor id -> [first, end)
      std::vector<std::vector<BandRows>> in_rows(static_cast<size_t>(b - a + 1));
      need[final_out.index] = {o0, o1};
      for (int j = b; j >= a; --j) {
        const PrepOp& op = ops[static_cast<size_t>(j)];
        const auto it = need.find(op.outputs[0]->index);
        if (it == need.end()) {
          return host::HostStatus::fail("tiling: op " + std::to_string(j) + " feeds nothing in its band");
        }
        RowWindow w;
        std::string why;
        if (!op_row_window(op, &w, &why)) return host::HostStatus::fail("tiling: " + why);
        for (int in : row_inputs(op)) {
          const PrepTensor& t = *op.inputs[static_cast<size_t>(in)];
          const BandRows r = band_input_rows(w, t.shape[1], it->second.first, it->second.second);
          if (r.end <= r.first) {
            return host::HostStatus::fail("tiling: a band of op " + std::to_string(j) +
                                          " reads no input row");
          }
          in_rows[static_cast<size_t>(j - a)].push_back(r);
          auto n = need.find(t.index);
          if (n == need.end()) {
            need[t.index] = {r.first, r.end};
          } else {
            n->second.first = std::min(n->second.first, r.first);
            n->second.second = std::max(n->second.second, r.end);
          }
        }
      }
      // Forwards: the band's ops over band buffers and views.
      std::map<int, const PrepTensor*> buffer;  // stage tensor id -> its band buffer
      const std::string tag = "@band" + std::to_string(k);
      for (int j = a; j <= b; ++j) {
        PrepOp op = ops[static_cast<size_t>(j)];
        const std::vector<int> rin = row_inputs(op);
        for (size_t q = 0; q < rin.size(); ++q) {
          const PrepTensor& t = *op.inputs[static_cast<size_t>(rin[q])];
          const BandRows& r = in_rows[static_cast<size_t>(j - a)][q];
          const auto buf = buffer.find(t.index);
          if (buf == buffer.end()) {  // a stage input: rows of the whole tensor
            op.inputs[static_cast<size_t>(rin[q])] =
                row_view(g, t, r.first, r.end, rows_name(t, r.first, r.end) + tag);
          } else {
            const int buf_first = need[t.index].first;
            const PrepTensor& bt = *buf->second;
            op.inputs[static_cast<size_t>(rin[q])] =
                r.first == buf_first && r.end - r.first == bt.shape[1]
                    ? &bt
                    : row_view(g, bt, r.first - buf_first, r.end - buf_first,
                               rows_name(t, r.first, r.end) + tag);
          }
        }
        const BandRows& r0 = in_rows[static_cast<size_t>(j - a)][0];  // input 0's rows
        const PrepTensor& o = *op.outputs[0];
        const std::pair<int, int> orows = need[o.index];
        if (j == b) {
          op.outputs[0] = row_view(g, o, orows.first, orows.second,
                                   rows_name(o, orows.first, orows.second) + tag);
        } else {
          const PrepTensor& bt = band_tensor(g, o, orows.second - orows.first,
                                             rows_name(o, orows.first, orows.second) + tag);
          buffer[o.index] = &bt;
          op.outputs[0] = &bt;
        }
        if (op.builtin == kPad) {
          const PrepTensor& pads = *op.inputs[1];
          int64_t v[8];
          for (size_t d = 0; d < 4; ++d) mv::pad_row(pads, d, &v[2 * d], &v[2 * d + 1]);
          v[2] = r0.pad_top;
          v[3] = (orows.second - orows.first) - r0.pad_top - (r0.end - r0.first);
          std::vector<uint8_t> bytes(sizeof(int32_t) * 8);
          for (size_t e = 0; e < 8; ++e) {
            const int32_t x = static_cast<int32_t>(v[e]);
            std::memcpy(bytes.data() + 4 * e, &x, 4);
          }
          g->folded.push_back(std::move(bytes));
          PrepTensor& p = g->add_tensor();
          p.name = pads.name + tag;
          p.type = format::DataType::kInt32;
          p.shape = {4, 2};
          p.data = g->folded.back().data();
          p.data_size = g->folded.back().size();
          op.inputs[1] = &p;
        } else if (op.builtin != kAdd) {
          op.options.explicit_pad_h = r0.pad_top;
        }
        out->push_back(std::move(op));
        origin->push_back(j);
        band->push_back(k);
      }
    }
    s = static_cast<size_t>(b) + 1;
  }
  return host::HostStatus::success();
}

uint64_t op_macs(const PrepOp& op) {
  if (op.outputs.empty() || op.outputs[0] == nullptr || op.inputs.size() < 2 ||
      op.inputs[0] == nullptr || op.inputs[1] == nullptr) {
    return 0;
  }
  const PrepTensor& out = *op.outputs[0];
  const PrepTensor& f = *op.inputs[1];
  const uint64_t out_elems = static_cast<uint64_t>(out.element_count());
  if (op.builtin == kConv && f.shape.size() == 4) {
    return out_elems * static_cast<uint64_t>(f.shape[1]) * f.shape[2] * f.shape[3];
  }
  if (op.builtin == kDepthwise && f.shape.size() == 4) {
    return out_elems * static_cast<uint64_t>(f.shape[1]) * f.shape[2];
  }
  if (op.builtin == static_cast<int>(format::BuiltinOp::kFullyConnected) && f.shape.size() == 2) {
    return out_elems * static_cast<uint64_t>(f.shape[1]);
  }
  return 0;
}

}  // namespace prepare
}  // namespace lpai
