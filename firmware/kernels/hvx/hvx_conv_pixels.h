// HVX CONV_2D with output pixels in the lanes (kConvFlagHvxPixels): few input channels
// (in_c <= 4) and 8 or 16 output channels, in_c * k_w <= 4 with 32 or 64 output channels (the
// strip form), 1x1 with 8-32 channels, or k x k stride_w 1 with 16 or 32 input and output
// channels, where the GEMM path leaves most lanes idle. Layout,
// shapes and kernel scratch in hvx_pixel_layout.h; bit-exact with the portable kernel (the
// requantisation of hvx_common.h). HVX builds only.
#ifndef LPAI_KERNELS_HVX_HVX_CONV_PIXELS_H
#define LPAI_KERNELS_HVX_HVX_CONV_PIXELS_H

#include <stdint.h>

#include "kernels/params/conv_2d.h"

namespace lpai {
namespace kernels {
namespace hvx {

// CONV_2D int8 over a header with hvx_layout::conv_pixels_ok(p): `layout` the node's pixel
// layout (checked at load), `temp` hvx_layout::pixel_temp_bytes(p) bytes of kernel scratch (any
// alignment). Writes only out[0, batches * out_h * out_w * out_c).
void conv_pixels_s8(const Conv2dParams& p, const uint8_t* layout, const int8_t* in, uint8_t* temp,
                    int8_t* out);

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_HVX_HVX_CONV_PIXELS_H
