// ABS (int8, int16) as TFLite Micro's AbsEvalQuantized:
//   v = |in - input_zero_point|
//   out = clamp(type range, needs_rescale ? MBQM(v, multiplier, shift) + output_zero_point
//                                         : v + output_zero_point)
// needs_rescale = (input scale != output scale). int16 activations have zero points 0; an
// unquantised int16 tensor (raw == 1) gives (int16_t)|in| as std::abs does (-32768 stays).
// int8: prepare evaluates the formula for all 256 inputs into a trailing table.
#ifndef LPAI_KERNELS_PARAMS_ABS_H
#define LPAI_KERNELS_PARAMS_ABS_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Parameter blob: AbsParams, then (int8 only) int8_t lut[256] indexed by the input byte.
struct AbsParams {
  int32_t input_zero_point;
  int32_t output_zero_point;
  int32_t multiplier;     // Q31 of input_scale / output_scale (double)
  int32_t shift;          // in [-31, 30]
  int32_t needs_rescale;  // 0 or 1
  int32_t raw;            // 1: unquantised int16 (plain std::abs)
};
static_assert(sizeof(AbsParams) == 24, "AbsParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_ABS_H
