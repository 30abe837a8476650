// SPLIT_V (int8, int16; int32 and bool too), as TFLite Micro's SplitV: inputs (data,
// size_splits: constant int32/int64 with at most one -1, axis: constant int32 scalar), one
// output per size along axis. Run as a chunk copy (kernels/movement_common.h). All tensors
// share type and quantisation.
#ifndef LPAI_KERNELS_PARAMS_SPLIT_V_H
#define LPAI_KERNELS_PARAMS_SPLIT_V_H

#include "kernels/params/movement.h"

namespace lpai {
namespace kernels {

// Parameter blob: movement::ChunkCopyParams followed by uint32_t chunk[count].
using SplitVParams = movement::ChunkCopyParams;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_SPLIT_V_H
