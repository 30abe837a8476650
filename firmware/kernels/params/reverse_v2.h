// REVERSE_V2 (int8, int16; int32 and bool too), up to rank 6: the input reversed along every
// axis of the constant axes input (int32/int64, negative axes allowed, no duplicates), run as
// a strided view with negative strides (kernels/movement_common.h). Input and output share
// type, shape and quantisation.
#ifndef LPAI_KERNELS_PARAMS_REVERSE_V2_H
#define LPAI_KERNELS_PARAMS_REVERSE_V2_H

#include "kernels/params/movement.h"

namespace lpai {
namespace kernels {

// Parameter blob: exactly one movement::StridedCopyParams.
using ReverseV2Params = movement::StridedCopyParams;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_REVERSE_V2_H
