// HVX pooling, int8 (hexagon builds with LPAI_HAS_HVX only), 128 channels per step, bit-exact
// with pool::eval:
// - AVERAGE_POOL_2D: window sums in int32 vector lanes, then per channel TFLite's rounded
//   average (v + sign(v) * count / 2) / count (truncating), computed exactly as a 64-bit
//   multiply by ceil(2^40 / count), and the clamp;
// - MAX_POOL_2D: byte-lane maximum over the valid taps from -128 (an empty window gives -128
//   before the clamp, as the portable kernel), then the clamp.
#ifndef LPAI_KERNELS_HVX_HVX_POOL_H
#define LPAI_KERNELS_HVX_HVX_POOL_H

#include "kernels/kernel_api.h"
#include "kernels/params/pool_2d.h"

namespace lpai {
namespace kernels {
namespace hvx {

// False (nothing written) for int16 or shapes outside the vector path.
bool average_pool_s8(const Pool2dParams& p, const KernelArgs& args);
bool max_pool_s8(const Pool2dParams& p, const KernelArgs& args);

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_HVX_HVX_POOL_H
