// The geometry that opens the parameter blob of both resize ops (RESIZE_BILINEAR,
// RESIZE_NEAREST_NEIGHBOR); the index tables that follow it: params/resize_bilinear.h,
// params/resize_nearest_neighbor.h.
#ifndef LPAI_KERNELS_PARAMS_RESIZE_H
#define LPAI_KERNELS_PARAMS_RESIZE_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Geometry shared by the resize kernels: input [batches, in_h, in_w, depth], output
// [batches, out_h, out_w, depth].
struct ResizeGeometry {
  int32_t batches;
  int32_t in_h;
  int32_t in_w;
  int32_t depth;
  int32_t out_h;
  int32_t out_w;
};
static_assert(sizeof(ResizeGeometry) == 24, "ResizeGeometry layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_RESIZE_H
