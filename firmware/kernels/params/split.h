// SPLIT (int8, int16; int32 and bool too), as TFLite Micro's Split: inputs (axis: constant
// int32 scalar, data), num_splits equal outputs along axis. Run as a chunk copy (kernels/
// movement_common.h): outer = product of the dims before axis, chunk[t] = output t's slice of
// one outer row. All tensors share type and quantisation.
#ifndef LPAI_KERNELS_PARAMS_SPLIT_H
#define LPAI_KERNELS_PARAMS_SPLIT_H

#include "kernels/params/movement.h"

namespace lpai {
namespace kernels {

// Parameter blob: movement::ChunkCopyParams followed by uint32_t chunk[count].
using SplitParams = movement::ChunkCopyParams;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_SPLIT_H
