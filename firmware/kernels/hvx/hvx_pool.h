// HVX AVERAGE_POOL_2D int8 (hexagon builds with LPAI_HAS_HVX only): window sums in int32
// vector lanes (128 channels per step), then per channel TFLite's rounded average
// (v + sign(v) * count / 2) / count (truncating), computed exactly as a 64-bit multiply by
// ceil(2^40 / count), and the clamp. Bit-exact with pool::eval.
#ifndef LPAI_KERNELS_HVX_HVX_POOL_H
#define LPAI_KERNELS_HVX_HVX_POOL_H

#include "kernels/kernel_api.h"
#include "kernels/pool_2d_common.h"

namespace lpai {
namespace kernels {
namespace hvx {

// False (nothing written) for int16 or shapes outside the vector path.
bool average_pool_s8(const Pool2dParams& p, const KernelArgs& args);

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_HVX_HVX_POOL_H
