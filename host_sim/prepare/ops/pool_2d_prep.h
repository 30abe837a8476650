// Shared prepare of AVERAGE_POOL_2D and MAX_POOL_2D (firmware/kernels/pool_2d_common.h).
#ifndef LPAI_HOST_PREPARE_OPS_POOL_2D_PREP_H
#define LPAI_HOST_PREPARE_OPS_POOL_2D_PREP_H

#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

// Mirrors TFLite Micro's pooling prepare: output size and padding by ComputePaddingHeightWidth
// (dilation 1), activation range by CalculateActivationRangeQuantized. Input and output must
// share type and quantisation (the kernels do not requantise).
PrepResult prepare_pool_2d(const PrepOp& op);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_OPS_POOL_2D_PREP_H
