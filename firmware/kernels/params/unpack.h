// UNPACK (int8, int16; int32 and bool too), as TFLite Micro's Unpack: the input split into
// `num` outputs along axis (negative allowed), the axis dim removed. Run as a chunk copy
// (kernels/movement_common.h). All tensors share type and quantisation.
#ifndef LPAI_KERNELS_PARAMS_UNPACK_H
#define LPAI_KERNELS_PARAMS_UNPACK_H

#include "kernels/params/movement.h"

namespace lpai {
namespace kernels {

// Parameter blob: movement::ChunkCopyParams followed by uint32_t chunk[count].
using UnpackParams = movement::ChunkCopyParams;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_UNPACK_H
