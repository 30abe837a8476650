// RESIZE_NEAREST_NEIGHBOR (int8, int16) as TFLite Micro's reference: NHWC input, constant size
// [out_h, out_w]; output pixel (y, x) copies input pixel (y_index[y], x_index[x]) (all
// channels). Prepare evaluates TFLite's GetNearestNeighbor (float scale, align_corners rounds,
// half_pixel_centers offsets by 0.5) into the two index tables; the kernel only copies.
#ifndef LPAI_KERNELS_PARAMS_RESIZE_NEAREST_NEIGHBOR_H
#define LPAI_KERNELS_PARAMS_RESIZE_NEAREST_NEIGHBOR_H

#include <stdint.h>

#include "kernels/params/resize.h"

namespace lpai {
namespace kernels {

// Parameter blob: ResizeGeometry, then int32 y_index[out_h] in [0, in_h), then int32
// x_index[out_w] in [0, in_w).

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_RESIZE_NEAREST_NEIGHBOR_H
