// RELU6 (int8, int16) as TFLite Micro's Relu6Quantized: a clamp of the input values to
// [zero, six] with zero = input zero point and six = quantised 6.0 in the input's scale. As in
// TFLite Micro the output is written in the input's quantisation (the output tensor's scale and
// zero point are not used).
#ifndef LPAI_KERNELS_PARAMS_RELU6_H
#define LPAI_KERNELS_PARAMS_RELU6_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Parameter blob: exactly sizeof(Relu6Params) bytes.
struct Relu6Params {
  int32_t lower;  // input zero point
  int32_t upper;  // round(6 / input_scale) + zero point, clamped to the type; >= lower
};
static_assert(sizeof(Relu6Params) == 8, "Relu6Params layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_RELU6_H
