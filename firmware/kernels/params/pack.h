// PACK (int8, int16; int32 and bool too), as TFLite Micro's Pack: values_count inputs of
// equal shape stacked along a new output axis (in [-(rank+1), rank], negative from the end).
// Run as a chunk copy (kernels/movement_common.h): outer = product of the input dims before
// axis, every chunk = the rest. All tensors share type and quantisation.
#ifndef LPAI_KERNELS_PARAMS_PACK_H
#define LPAI_KERNELS_PARAMS_PACK_H

#include "kernels/params/movement.h"

namespace lpai {
namespace kernels {

// Parameter blob: movement::ChunkCopyParams followed by uint32_t chunk[count].
using PackParams = movement::ChunkCopyParams;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_PACK_H
