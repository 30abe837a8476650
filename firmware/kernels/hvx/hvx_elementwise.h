// HVX element-wise int8 without broadcast (hexagon builds with LPAI_HAS_HVX only), 128
// elements per step:
// - ADD / SUB: TFLite's quantised add (inputs offset, shifted left by 20, rescaled, summed,
//   rescaled to the output), bit-exact with add_sub::compute;
// - MUL: (in1 + offset1) * (in2 + offset2) rescaled to the output (right shifts only), bit-exact
//   with the portable MUL kernel.
#ifndef LPAI_KERNELS_HVX_HVX_ELEMENTWISE_H
#define LPAI_KERNELS_HVX_HVX_ELEMENTWISE_H

#include "kernels/kernel_api.h"
#include "kernels/params/add.h"
#include "kernels/params/mul.h"

namespace lpai {
namespace kernels {
namespace hvx {

// ADD (subtract = false) or SUB of int8 tensors of equal shape. False (nothing written) for
// other types, broadcasts or parameters outside the vector path; the caller runs the portable
// kernel.
bool add_sub_s8(const AddParams& p, const KernelArgs& args, bool subtract);

// MUL of int8 tensors of equal shape. False (nothing written) for other types, broadcasts or
// an output scale above 1 (output_shift > 0); the caller runs the portable kernel.
bool mul_s8(const MulParams& p, const KernelArgs& args);

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_HVX_HVX_ELEMENTWISE_H
