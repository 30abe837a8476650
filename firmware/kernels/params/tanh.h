// TANH (int8, int16) as TFLite Micro's reference_integer_ops::Tanh.
//
// int8: the reference maps d = in - input_zero_point to: the type minimum when d <= -radius, the
// maximum when d >= radius, otherwise gemmlowp's fixed-point tanh of
// MBQM(d, input_multiplier, input_left_shift) in Q4.27 (tanh; output scale 1/128, zero point 0 (q = round(out_q0 / 2^24))).
// The result depends on the input byte only, so prepare runs exactly that integer computation
// (kernels/fixed_point_math.h) for all 256 inputs; eval is a table lookup, bit-identical by
// construction.
//
// int16 (zero points 0, output scale 2^-15): TFLite's interpolated sigmoid table read as
// tanh(x) = 2 sigmoid(2x) - 1, lstm::tanh_int16 in kernels/lstm_math.h (the same function the
// integer LSTM uses), on the input rescaled by (input_multiplier, input_left_shift). Prepare
// resolves TFLite's power-of-two case (multiplier 0) offline to multiplier 3 << shift, shift 0.
#ifndef LPAI_KERNELS_PARAMS_TANH_H
#define LPAI_KERNELS_PARAMS_TANH_H

#include <stdint.h>

#include "kernels/params/lut_activation.h"

namespace lpai {
namespace kernels {

// Parameter blob.
// int8: TanhParams, then int8_t lut[256] indexed by the input byte. The scalar fields record
// how the table was computed (reports, tests); eval reads only the table.
// int16: TanhParams alone; input_zero_point and input_range_radius are 0, eval reads
// input_multiplier and input_left_shift (checked with int16_lut_scale_valid, params/lut_activation.h).
using TanhParams = LutActivationParams;  // layout: kernels/params/lut_activation.h

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_TANH_H
