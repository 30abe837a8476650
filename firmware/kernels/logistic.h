// LOGISTIC (int8) as TFLite Micro's reference_integer_ops::Logistic, through a 256-entry table.
//
// The reference maps d = in - input_zero_point to: the type minimum when d <= -radius, the
// maximum when d >= radius, otherwise gemmlowp's fixed-point logistic of
// MBQM(d, input_multiplier, input_left_shift) in Q4.27 (logistic; output scale 1/256, zero point -128 (q = round(out_q0 / 2^23) - 128)).
// The result depends on the input byte only, so prepare runs exactly that integer computation
// (kernels/fixed_point_math.h) for all 256 inputs; eval is a table lookup, bit-identical by
// construction. int16 is not supported (rejected offline).
#ifndef LPAI_KERNELS_LOGISTIC_H
#define LPAI_KERNELS_LOGISTIC_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Parameter blob: LogisticParams, then int8_t lut[256] indexed by the input byte. The scalar
// fields record how the table was computed (reports, tests); eval reads only the table.
struct LogisticParams {
  int32_t input_zero_point;
  int32_t input_range_radius;
  int32_t input_multiplier;  // Q31 mantissa of input_scale * 2^27 (frexp, rounded)
  int32_t input_left_shift;  // its exponent
};
static_assert(sizeof(LogisticParams) == 16, "LogisticParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_LOGISTIC_H
