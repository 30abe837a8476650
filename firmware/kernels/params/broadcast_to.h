// BROADCAST_TO (int8, int16; int32 and bool too), output rank <= 6: the input right-aligned to
// the output shape, each unit dim repeated (numpy broadcasting, as TFLite Micro's BroadcastTo).
// Inputs: data, constant shape (int32/int64, equal to the output shape). Run as a strided view
// with zero strides (kernels/movement_common.h). Input and output share type and quantisation.
#ifndef LPAI_KERNELS_PARAMS_BROADCAST_TO_H
#define LPAI_KERNELS_PARAMS_BROADCAST_TO_H

#include "kernels/params/movement.h"

namespace lpai {
namespace kernels {

// Parameter blob: exactly one movement::StridedCopyParams.
using BroadcastToParams = movement::StridedCopyParams;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_BROADCAST_TO_H
