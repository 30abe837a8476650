// STRIDED_SLICE (int8, int16; int32 and bool as plain values) as TFLite Micro's reference
// StridedSlice: the output is the input read along each dim from `start` in steps of `stride`
// (negative: backwards), `count` elements per dim, in row-major order. Values are copied unchanged,
// so input and output share their quantisation.
//
// begin/end/strides are constant tensors; prepare resolves them offline with TFLite's start /
// stop rules (negative indices, clamping, begin_mask, end_mask, shrink_axis_mask) into the
// per-dim description below. ellipsis_mask and new_axis_mask are rejected offline (TFLite Micro
// silently ignores them). The begin/end/strides inputs stay in the node (TFLite's 4 inputs)
// but eval does not read them.
#ifndef LPAI_KERNELS_PARAMS_STRIDED_SLICE_H
#define LPAI_KERNELS_PARAMS_STRIDED_SLICE_H

#include <stdint.h>

#include "kernels/params/rank.h"

namespace lpai {
namespace kernels {

// Parameter blob: exactly sizeof(StridedSliceParams) bytes. Dims are right-aligned to 6 (leading
// dims: in_dims 1, start 0, stride 1, count 1). For every dim i: count[i] >= 1, stride[i] != 0,
// and start[i] and start[i] + (count[i] - 1) * stride[i] lie in [0, in_dims[i]). The product of
// count[] is the output's element count (shrunk axes have count 1 and are absent from the
// output shape).
struct StridedSliceParams {
  uint32_t in_dims[kParamsMaxRank];  // input shape (elements)
  int32_t start[kParamsMaxRank];     // first input index per dim
  int32_t stride[kParamsMaxRank];    // input index step per dim
  uint32_t count[kParamsMaxRank];    // output elements per dim
};
static_assert(sizeof(StridedSliceParams) == 96, "StridedSliceParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_STRIDED_SLICE_H
