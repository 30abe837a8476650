// RELU (int8, int16) as TFLite Micro's ReluQuantized: requantise input -> output scale, then
// clamp to [max(type_min, output_zp), type_max].
//   out = clamp(act_min, act_max, output_offset + MBQM(in - input_offset, multiplier, shift))
// int8: prepare evaluates that formula for all 256 inputs into a trailing table.
#ifndef LPAI_KERNELS_PARAMS_RELU_H
#define LPAI_KERNELS_PARAMS_RELU_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Parameter blob: ReluParams, then (int8 only) int8_t lut[256] indexed by the input byte.
// int16 requires zero points 0 (TFLite Micro's rule).
struct ReluParams {
  int32_t input_offset;    // input zero point
  int32_t output_offset;   // output zero point
  int32_t multiplier;      // Q31 of input_scale / output_scale
  int32_t shift;           // in [-31, 30]
  int32_t activation_min;  // inside the output type's range
  int32_t activation_max;
};
static_assert(sizeof(ReluParams) == 24, "ReluParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_RELU_H
