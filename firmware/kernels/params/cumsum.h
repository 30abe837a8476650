// CUMSUM (int8) as TFLite Micro's quantized CumSum (ADD-style requantisation, left shift 20):
// for every line along the axis (walked backwards when reverse):
//   acc = initial_acc                      (TFLite starts from scaled(-input_zero_point << 20))
//   s   = MBQM((x - zp_in) << 20, input_multiplier, input_shift)
//   inclusive: acc += s; y = acc      exclusive: y = acc; acc += s      (int32, wrapping)
//   out = clamp(MBQM(y, output_multiplier, output_shift) + zp_out, -128, 127)
// The axis is a constant folded into outer (dims before) / depth / inner (dims after).
#ifndef LPAI_KERNELS_PARAMS_CUMSUM_H
#define LPAI_KERNELS_PARAMS_CUMSUM_H

#include <stdint.h>

namespace lpai {
namespace kernels {

struct CumsumParams {
  int32_t outer;               // product of the dims before the axis
  int32_t depth;               // axis size
  int32_t inner;               // product of the dims after the axis
  int32_t exclusive;           // 0 / 1
  int32_t reverse;             // 0 / 1
  int32_t input_zero_point;
  int32_t output_zero_point;
  int32_t input_multiplier;    // Q31, shift in [-31, 0]
  int32_t input_shift;
  int32_t output_multiplier;   // Q31, shift in [-31, 0]
  int32_t output_shift;
  int32_t initial_acc;         // MBQM(-zp_in << 20, input_multiplier, input_shift)
};
static_assert(sizeof(CumsumParams) == 48, "CumsumParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_CUMSUM_H
