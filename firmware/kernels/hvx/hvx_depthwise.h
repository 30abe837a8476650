// HVX DEPTHWISE_CONV_2D int8 (hexagon builds with LPAI_HAS_HVX only): depth multiplier 1, and
// any multiplier over a single input channel (run as a CONV_2D with in_c = 1).
//
// Lanes are channels. For a block of 128 channels and one tap, the 128 input bytes are dotted
// (vrmpy, 4 bytes per int32 lane) with four masked copies of the tap's filter bytes: copy s
// keeps only byte s of each 4-byte group, so lane l of accumulator s sums channel 4l + s alone.
// Padded taps read the input zero point; the zero point is folded into the bias
// (bias - zp * sum of the channel's taps), which gives TFLite's sum over valid taps of
// (x - zp) * f exactly (modulo 2^32, as the portable kernel). Requantisation as hvx_gemm (the
// general exact sequence); the four int32 results are merged byte-wise into channel order.
// Filter vectors and requantisation lanes come from prepare (hvx_layout.h, three paths).
#ifndef LPAI_KERNELS_HVX_HVX_DEPTHWISE_H
#define LPAI_KERNELS_HVX_HVX_DEPTHWISE_H

#include <stdint.h>

#include "kernels/hvx/hvx_layout.h"
#include "kernels/params/depthwise_conv_2d.h"

namespace lpai {
namespace kernels {
namespace hvx {

// Runs path hvx_layout::dw_path(p) (not kNone) with the node's layout (hvx_layout.h) and
// hvx_layout::dw_temp_bytes(p) bytes of kernel scratch at `temp` (any alignment).
void depthwise_s8(const DepthwiseConv2dParams& p, const uint8_t* layout, const int8_t* in,
                  uint8_t* temp, int8_t* out);

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_HVX_HVX_DEPTHWISE_H
