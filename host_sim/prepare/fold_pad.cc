// PAD folding. See fold_pad.h.
#include "prepare/fold_pad.h"

#include <algorithm>

#include "prepare/ops/int8_prep_util.h"
#include "prepare/ops/movement_prep.h"

namespace lpai {
namespace prepare {
namespace {

constexpr int kPad = static_cast<int>(format::BuiltinOp::kPad);
constexpr int kConv = static_cast<int>(format::BuiltinOp::kConv2d);
constexpr int kDepthwise = static_cast<int>(format::BuiltinOp::kDepthwiseConv2d);
constexpr int kValid = 1;  // OpOptions::padding

bool same_quantisation(const PrepTensor& a, const PrepTensor& b) {
  return a.type == b.type && a.scales.size() == 1 && a.scales == b.scales &&
         a.zero_points == b.zero_points;
}

// Whether PAD `pad` can be folded into `conv`; sets *f's paddings.
bool foldable(const PrepOp& pad, const PrepOp& conv, FoldedPad* f) {
  if (pad.inputs.size() != 2 || pad.outputs.size() != 1 || pad.inputs[0] == nullptr ||
      pad.inputs[1] == nullptr || !mv::is_paddings(*pad.inputs[1], 4)) {
    return false;
  }
  const PrepTensor& in = *pad.inputs[0];
  const PrepTensor& out = *pad.outputs[0];
  if (in.shape.size() != 4 || out.shape.size() != 4 || !same_quantisation(in, out)) return false;
  int64_t b[4], a[4];
  for (size_t d = 0; d < 4; ++d) mv::pad_row(*pad.inputs[1], d, &b[d], &a[d]);
  if (b[0] != 0 || a[0] != 0 || b[3] != 0 || a[3] != 0 || b[1] < 0 || a[1] < 0 || b[2] < 0 ||
      a[2] < 0 || in.shape[1] + b[1] + a[1] != out.shape[1] ||
      in.shape[2] + b[2] + a[2] != out.shape[2]) {
    return false;
  }
  const OpOptions& o = conv.options;
  if ((conv.builtin != kConv && conv.builtin != kDepthwise) || conv.inputs.size() < 2 ||
      conv.inputs[0] != &out || conv.inputs[1] == nullptr || conv.inputs[1]->shape.size() != 4 ||
      conv.outputs.size() != 1 || conv.outputs[0]->shape.size() != 4 || o.padding != kValid ||
      o.explicit_pad_h >= 0 || o.explicit_pad_w >= 0) {
    return false;
  }
  const int k_h = conv.inputs[1]->shape[1], k_w = conv.inputs[1]->shape[2];
  const std::vector<int32_t>& y = conv.outputs[0]->shape;
  if (!util::explicit_padding(static_cast<int>(b[1]), in.shape[1], k_h, o.stride_h, o.dilation_h, y[1]) ||
      !util::explicit_padding(static_cast<int>(b[2]), in.shape[2], k_w, o.stride_w, o.dilation_w, y[2])) {
    return false;
  }
  f->top = static_cast<int>(b[1]);
  f->bottom = static_cast<int>(a[1]);
  f->left = static_cast<int>(b[2]);
  f->right = static_cast<int>(a[2]);
  return true;
}

}  // namespace

std::vector<FoldedPad> fold_pads(PrepGraph* g) {
  std::vector<FoldedPad> folded;
  for (const PrepOp& op : g->ops) {
    if (op.builtin == kLabelBuiltin || op.builtin == kJumpBuiltin || op.target >= 0) return folded;
  }
  const size_t n = g->tensors.size();
  std::vector<int> readers(n, 0);
  const std::vector<bool> excluded = io_alias_or_view_tensors(*g);
  for (const PrepOp& op : g->ops) {
    for (const PrepTensor* t : op.inputs) {
      if (t != nullptr) ++readers[static_cast<size_t>(t->index)];
    }
  }
  std::vector<bool> drop(g->ops.size(), false);
  for (size_t s = 0; s < g->ops.size(); ++s) {
    const PrepOp& pad = g->ops[s];
    if (pad.builtin != kPad || pad.outputs.size() != 1 || pad.outputs[0] == nullptr) continue;
    const PrepTensor& out = *pad.outputs[0];
    if (excluded[static_cast<size_t>(out.index)] || out.is_const() || out.is_variable ||
        readers[static_cast<size_t>(out.index)] != 1) {
      continue;
    }
    for (size_t c = s + 1; c < g->ops.size(); ++c) {
      PrepOp& conv = g->ops[c];
      if (std::find(conv.inputs.begin(), conv.inputs.end(), &out) == conv.inputs.end()) continue;
      FoldedPad f;
      if (foldable(pad, conv, &f)) {
        f.pad_node = pad.node_index;
        f.conv_node = conv.node_index;
        f.conv_builtin = conv.builtin;
        f.bytes = tensor_bytes(out);
        conv.inputs[0] = pad.inputs[0];
        conv.options.explicit_pad_h = f.top;
        conv.options.explicit_pad_w = f.left;
        drop[s] = true;
        folded.push_back(f);
      }
      break;  // its one reader
    }
  }
  std::vector<PrepOp> kept;
  kept.reserve(g->ops.size());
  for (size_t s = 0; s < g->ops.size(); ++s) {
    if (!drop[s]) kept.push_back(std::move(g->ops[s]));
  }
  g->ops = std::move(kept);
  return folded;
}

std::string describe_folded_pad(const FoldedPad& f) {
  return "PAD_" + std::to_string(f.pad_node) + " into " + op_name(f.conv_builtin) + "_" +
         std::to_string(f.conv_node) + " (pads t/b/l/r " + std::to_string(f.top) + "/" +
         std::to_string(f.bottom) + "/" + std::to_string(f.left) + "/" + std::to_string(f.right) +
         ", " + std::to_string(f.bytes) + " bytes of copy gone)";
}

}  // namespace prepare
}  // namespace lpai
