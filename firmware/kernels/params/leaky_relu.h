// LEAKY_RELU (int8, int16) as TFLite Micro's QuantizeLeakyRelu:
//   d = in - input_zero_point
//   out = clamp(type range, output_zero_point + MBQM(d, d >= 0 ? identity : alpha))
// int8: prepare evaluates the formula for all 256 inputs into a trailing table.
#ifndef LPAI_KERNELS_PARAMS_LEAKY_RELU_H
#define LPAI_KERNELS_PARAMS_LEAKY_RELU_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Parameter blob: LeakyReluParams, then (int8 only) int8_t lut[256] indexed by the input byte.
struct LeakyReluParams {
  int32_t input_zero_point;
  int32_t output_zero_point;
  int32_t multiplier_alpha;     // Q31 of input_scale * alpha / output_scale (float product)
  int32_t shift_alpha;          // in [-31, 30]
  int32_t multiplier_identity;  // Q31 of input_scale / output_scale
  int32_t shift_identity;       // in [-31, 30]
};
static_assert(sizeof(LeakyReluParams) == 24, "LeakyReluParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_LEAKY_RELU_H
