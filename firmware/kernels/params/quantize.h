// QUANTIZE between integer types as TFLite Micro's Requantize: int8->int8, int8->int16,
// int8->int32, int16->int8, int16->int16, int16->int32, int32->int8, int32->int16.
//   out = clamp(output type, MBQM(in - input_zero_point, multiplier, shift) + output_zero_point)
// int32 tensors have zero point 0 (checked offline and at load).
// uint8->int8 and int8->uint8 (TFLite Micro's uint8 graph edges) the same way.
// Byte -> byte pairs (int8->int8, uint8->int8, int8->uint8): prepare evaluates the formula
// for all 256 input bytes into a trailing table of output bytes, indexed by the input byte.
// float input or output is rejected offline (no floating point at run time).
#ifndef LPAI_KERNELS_PARAMS_QUANTIZE_H
#define LPAI_KERNELS_PARAMS_QUANTIZE_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Parameter blob: QuantizeParams, then (byte -> byte pairs only) lut[256] by input byte.
struct QuantizeParams {
  int32_t input_zero_point;
  int32_t output_zero_point;
  int32_t multiplier;  // Q31 of input_scale / output_scale (double)
  int32_t shift;       // in [-31, 30]
};
static_assert(sizeof(QuantizeParams) == 16, "QuantizeParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_QUANTIZE_H
