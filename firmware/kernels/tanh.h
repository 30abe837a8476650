// TANH (int8) as TFLite Micro's reference_integer_ops::Tanh, through a 256-entry table.
//
// The reference maps d = in - input_zero_point to: the type minimum when d <= -radius, the
// maximum when d >= radius, otherwise gemmlowp's fixed-point tanh of
// MBQM(d, input_multiplier, input_left_shift) in Q4.27 (tanh; output scale 1/128, zero point 0 (q = round(out_q0 / 2^24))).
// The result depends on the input byte only, so prepare runs exactly that integer computation
// (kernels/fixed_point_math.h) for all 256 inputs; eval is a table lookup, bit-identical by
// construction. int16 is not supported (rejected offline).
#ifndef LPAI_KERNELS_TANH_H
#define LPAI_KERNELS_TANH_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Parameter blob: TanhParams, then int8_t lut[256] indexed by the input byte. The scalar
// fields record how the table was computed (reports, tests); eval reads only the table.
struct TanhParams {
  int32_t input_zero_point;
  int32_t input_range_radius;
  int32_t input_multiplier;  // Q31 mantissa of input_scale * 2^27 (frexp, rounded)
  int32_t input_left_shift;  // its exponent
};
static_assert(sizeof(TanhParams) == 16, "TanhParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_TANH_H
