// HVX ADD / SUB for int8 without broadcast (hexagon builds with LPAI_HAS_HVX only): TFLite's
// quantised add (inputs offset, shifted left by 20, rescaled, summed, rescaled to the output),
// 128 elements per step, bit-exact with add_sub::compute.
#ifndef LPAI_KERNELS_HVX_HVX_ELEMENTWISE_H
#define LPAI_KERNELS_HVX_HVX_ELEMENTWISE_H

#include "kernels/add.h"
#include "kernels/kernel_api.h"

namespace lpai {
namespace kernels {
namespace hvx {

// ADD (subtract = false) or SUB of int8 tensors of equal shape. False (nothing written) for
// other types, broadcasts or parameters outside the vector path; the caller runs the portable
// kernel.
bool add_sub_s8(const AddParams& p, const KernelArgs& args, bool subtract);

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_HVX_HVX_ELEMENTWISE_H
