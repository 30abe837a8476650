// Parameter blob of LOGISTIC and TANH (the kernels: kernels/lut_activation.h):
//   int8 -> int8:   LutActivationParams, then int8_t lut[kInt8LutSize] (params/lut.h) built
//                   offline by running TFLite's integer reference for every input;
//   int16 -> int16: LutActivationParams alone (TFLite's LUT-based integer function with the
//                   input scaling below; zero points 0).
#ifndef LPAI_KERNELS_PARAMS_LUT_ACTIVATION_H
#define LPAI_KERNELS_PARAMS_LUT_ACTIVATION_H

#include <stdint.h>

#include "kernels/params/lut.h"

namespace lpai {
namespace kernels {

struct LutActivationParams {
  int32_t input_zero_point;
  int32_t input_range_radius;
  int32_t input_multiplier;  // int8: Q31 mantissa of input_scale * 2^27 (frexp, rounded)
                             // int16: LUT input multiplier, in [1, 32767] or 3 << {0, 1}
  int32_t input_left_shift;  // int8: its exponent; int16: LUT input right shift in [0, 31]
};
static_assert(sizeof(LutActivationParams) == 16, "LutActivationParams layout");

// The int16 LUT input scaling (LOGISTIC and TANH): x * multiplier + 2^(shift-1) must stay
// below 2^31 for every int16 x, as TFLite's int32 arithmetic assumes. True when the int16
// input scaling cannot overflow int32 for any int16 input.
inline bool int16_lut_scale_valid(int32_t multiplier, int32_t shift) {
  if (multiplier < 1 || shift < 0 || shift > 31) return false;
  const int64_t round = shift > 0 ? (int64_t{1} << (shift - 1)) : 0;
  return int64_t{multiplier} * 32768 + round <= int64_t{2147483647};
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_LUT_ACTIVATION_H
