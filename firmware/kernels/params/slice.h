// SLICE (int8, int16; int32 and bool too), up to rank 6, as TFLite Micro's Slice: out =
// in[begin[k] : begin[k] + size[k]] per dim, size -1 meaning "to the end". begin and size are
// constant int32/int64 inputs folded at prepare into the strided view (kernels/
// movement_common.h). Input and output share type and quantisation. A SLICE of the whole
// tensor never reaches the firmware: the importer aliases it.
#ifndef LPAI_KERNELS_PARAMS_SLICE_H
#define LPAI_KERNELS_PARAMS_SLICE_H

#include "kernels/params/movement.h"

namespace lpai {
namespace kernels {

// Parameter blob: exactly one movement::StridedCopyParams.
using SliceParams = movement::StridedCopyParams;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_SLICE_H
