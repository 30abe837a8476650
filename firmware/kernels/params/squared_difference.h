// SQUARED_DIFFERENCE (int8; int16 with zero points 0) as TFLite Micro's squared_difference.cc,
// with NumPy broadcasting up to 6-D:
//   s_k  = MultiplyByQuantizedMultiplierSmallerThanOneExp((in_k + offset_k) << left_shift,
//                                                         multiplier_k, shift_k)
//   out  = clamp(type range, MBQM((s_1 - s_2)^2, output_multiplier, output_shift) + out_zp)
// left_shift is 7 for int8 and 0 for int16. int8: prepare tabulates s_1 and s_2 for every input
// byte (two int32 tables after the struct).
#ifndef LPAI_KERNELS_PARAMS_SQUARED_DIFFERENCE_H
#define LPAI_KERNELS_PARAMS_SQUARED_DIFFERENCE_H

#include <stdint.h>

#include "kernels/params/broadcast.h"

namespace lpai {
namespace kernels {

// Parameter blob: SquaredDifferenceParams, then (int8 only) int32_t s1[256], s2[256].
struct SquaredDifferenceParams {
  int32_t input1_multiplier;  // QuantizeMultiplierSmallerThanOneExp(s1 / (2 max(s1, s2)))
  int32_t input1_shift;       // in [-31, 0]
  int32_t input2_multiplier;
  int32_t input2_shift;       // in [-31, 0]
  int32_t output_multiplier;  // Q31 of (2 max)^2 / (2^(2 left_shift) s_out)
  int32_t output_shift;       // in [-31, 30]
  int32_t output_offset;      // output zero point
  uint32_t broadcast;         // 0: equal shapes (flat loop); 1: use `shape`
  BroadcastShape shape;
};
static_assert(sizeof(SquaredDifferenceParams) == 104, "SquaredDifferenceParams layout");

constexpr uint32_t kSquaredDifferenceTableBytes = 2 * 256 * 4;
// Largest |s_k| prepare produces (an input rescale of at most 1/2 of at most 2^15): the
// validator refuses more, so that (s_1 - s_2)^2 fits in int32.
constexpr int32_t kSquaredDifferenceMaxScaled = 1 << 14;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_SQUARED_DIFFERENCE_H
