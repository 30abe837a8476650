// The per-channel arrays that follow the header in the blob of a 16x8 node (int16 activations,
// int8 weights: CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED, TRANSPOSE_CONV), n channels:
//   int64_t bias[n]         as two little-endian 32-bit words (0 when absent); in the 32-bit
//                           mode every value is within int32
//   int32_t multiplier[n]   Q31, >= 0
//   int32_t shift[n]        [-31, 7] (64-bit mode) or [-31, 30] (32-bit mode)
// The accumulator and requantisation modes: kernels/int16x8_common.h.
#ifndef LPAI_KERNELS_PARAMS_INT16X8_H
#define LPAI_KERNELS_PARAMS_INT16X8_H

#include <stdint.h>

namespace lpai {
namespace kernels {
namespace w16 {

// Bytes of the three arrays for n channels.
constexpr uint32_t arrays_size(uint32_t n) { return 16u * n; }

}  // namespace w16
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_INT16X8_H
