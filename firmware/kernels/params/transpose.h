// TRANSPOSE (int8, int16; int32 and bool too), up to rank 6, as TFLite Micro's Transpose:
// output dim k is input dim perm[k]. Inputs: data, constant perm (int32/int64); perm is folded
// into the strided view at prepare (see kernels/movement_common.h: flattened to the minimal
// rank, so e.g. NCHW->NHWC of 1x3x224x224 runs as a blocked 2-D transpose [3, 50176]).
// Input and output share type and quantisation. A TRANSPOSE that keeps the memory layout
// (identity on the non-unit dims) never reaches the firmware: the importer aliases it.
#ifndef LPAI_KERNELS_PARAMS_TRANSPOSE_H
#define LPAI_KERNELS_PARAMS_TRANSPOSE_H

#include "kernels/params/movement.h"

namespace lpai {
namespace kernels {

// Parameter blob: exactly one movement::StridedCopyParams.
using TransposeParams = movement::StridedCopyParams;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_TRANSPOSE_H
