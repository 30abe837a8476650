// The 256-entry int8 lookup table that ends the blobs of the int8 one-input ops (ABS, ELU,
// HARD_SWISH, LEAKY_RELU, LOGISTIC, QUANTIZE, RELU, RSQRT, TANH, ...): indexed by the input
// byte, lut[(uint8_t)x].
#ifndef LPAI_KERNELS_PARAMS_LUT_H
#define LPAI_KERNELS_PARAMS_LUT_H

#include <stdint.h>

namespace lpai {
namespace kernels {

constexpr uint32_t kInt8LutSize = 256;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_LUT_H
