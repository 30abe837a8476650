// RESIZE_BILINEAR (int8) as TFLite Micro's ResizeBilinearInteger: NHWC input, constant size
// [out_h, out_w]. Per output row y prepare computes TFLite's 10-bit fixed-point source
// position: y0 (lower), y1 (upper) and dy = pos - 1024 * y0 (in [-512, 1024)); likewise x.
//   out20 = v(y0,x0)(1024-dy)(1024-dx) + v(y1,x0) dy (1024-dx) + v(y0,x1)(1024-dy) dx
//         + v(y1,x1) dy dx
//   out   = (out20 + (out20 > 0 ? 2^19 : -2^19)) / 2^20   (C division, truncation)
// |out20| < 2^30 by the bounds on dy/dx, so the kernel works in int32.
#ifndef LPAI_KERNELS_PARAMS_RESIZE_BILINEAR_H
#define LPAI_KERNELS_PARAMS_RESIZE_BILINEAR_H

#include <stdint.h>

#include "kernels/params/resize.h"

namespace lpai {
namespace kernels {

// Parameter blob: ResizeGeometry, then int32 tables y0[out_h], y1[out_h], dy[out_h],
// x0[out_w], x1[out_w], dx[out_w] (indices within the input, dy/dx in [-512, 1024)).
//
// Kernel scratch (optional): with at least resize_bilinear_temp_bytes bytes of temp, 4-byte
// aligned, the kernel evaluates the separable form (two int32 rows of out_w * depth
// horizontally interpolated source values); without it, the per-pixel form. Same output.
inline uint64_t resize_bilinear_temp_bytes(uint32_t out_w, uint32_t depth) {
  return 8ull * out_w * depth;
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_RESIZE_BILINEAR_H
