// PAD folded into the following convolution (host only): a PAD over height and width only,
// whose output only a VALID CONV_2D / DEPTHWISE_CONV_2D reads (as its input), is dropped and
// the convolution reads the PAD's input with explicit leading padding (OpOptions::
// explicit_pad_h / explicit_pad_w; the trailing padding follows from the output size). The
// padded copy no longer exists. Bit-identical: PAD fills with the zero point of its input
// (equal to its output's: PAD copies values) and every CONV_2D / DEPTHWISE_CONV_2D kernel
// variant (portable, Cortex-M DSP / MVE, HVX, x86) reads a position outside the input as the
// input zero point, for any leading padding below the dilated filter extent and any output
// size whose last window starts inside the padded input (kernels/conv_checks.h: the padding
// the loader accepts), which the fold requires.
//
// A PAD is folded when: its paddings are a constant [4, 2] tensor, zero on batch and channels;
// input and output have equal type and per-tensor quantisation; its output is no graph IO,
// alias root, row view or parent, and is read by exactly one op, a CONV_2D or
// DEPTHWISE_CONV_2D with VALID padding, no explicit padding yet, as input 0 only; the leading
// paddings fit the convolution as above; the graph has no control flow (labels, branches).
#ifndef LPAI_HOST_PREPARE_FOLD_PAD_H
#define LPAI_HOST_PREPARE_FOLD_PAD_H

#include <cstdint>
#include <string>
#include <vector>

#include "prepare/graph.h"

namespace lpai {
namespace prepare {

struct FoldedPad {
  int pad_node = -1;   // PrepOp::node_index of the PAD dropped
  int conv_node = -1;  // PrepOp::node_index of the convolution that pads instead
  int conv_builtin = 0;
  int top = 0, bottom = 0, left = 0, right = 0;
  uint64_t bytes = 0;  // the padded copy no longer planned
};

// Folds every PAD meeting the rules above; returns them in op order.
std::vector<FoldedPad> fold_pads(PrepGraph* g);

// "PAD_3 into DEPTHWISE_CONV_2D_4 (pads t/b/l/r 1/1/1/1, 1254528 bytes of copy gone)".
std::string describe_folded_pad(const FoldedPad& f);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_FOLD_PAD_H
