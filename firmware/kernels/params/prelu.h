// PRELU (int8; int16 with zero points 0) as TFLite Micro's reference_ops::BroadcastPrelu4DSlow,
// alpha broadcast to the input (NumPy rules, up to 6-D; alpha int8, or int16 for int16):
//   x = in + input_offset
//   out = clamp(type range, output_offset + (x >= 0 ? MBQM(x, multiplier_1, shift_1)
//                                : MBQM(x * (alpha + alpha_offset), multiplier_2, shift_2)))
#ifndef LPAI_KERNELS_PARAMS_PRELU_H
#define LPAI_KERNELS_PARAMS_PRELU_H

#include <stdint.h>

#include "kernels/params/broadcast.h"

namespace lpai {
namespace kernels {

// Parameter blob: PreluParams, then (int8 only) int8_t pos[256] indexed by the input byte: the
// output for inputs at or above the zero point (entries below it unused). The blob format
// requires the table; the kernel computes both sides arithmetically (vectorised blocks).
struct PreluParams {
  int32_t input_offset;   // -(input zero point)
  int32_t alpha_offset;   // -(alpha zero point)
  int32_t output_offset;  // output zero point
  int32_t multiplier_1;   // Q31 of s_in / s_out (double)
  int32_t shift_1;        // in [-31, 30]
  int32_t multiplier_2;   // Q31 of s_in * s_alpha / s_out (double)
  int32_t shift_2;        // in [-31, 30]
  uint32_t broadcast;     // 0: input and alpha have the output's shape; 1: use `shape`
  BroadcastShape shape;   // compute_broadcast(input, alpha)
};
static_assert(sizeof(PreluParams) == 104, "PreluParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_PRELU_H
