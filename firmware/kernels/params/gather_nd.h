// GATHER_ND (int8; int16, int32 and bool too), as TFLite Micro's GatherNd: indices of shape
// [..., D] select D-dim coordinates into the input; output = indices.shape[:-1] +
// input.shape[D:], slice s = input[indices[s, 0], ..., indices[s, D-1], ...]. Indices are
// int32 or int64, constant or run-time; each coordinate is CLAMPED to [0, dim - 1] at run time
// (TFLite Micro fails the invoke on an out-of-range index; this kernel cannot fail, so it
// never reads out of bounds instead). Input and output share type and quantisation.
#ifndef LPAI_KERNELS_PARAMS_GATHER_ND_H
#define LPAI_KERNELS_PARAMS_GATHER_ND_H

#include <stdint.h>

#include "kernels/params/rank.h"

namespace lpai {
namespace kernels {

// Parameter blob: exactly sizeof(GatherNdParams) bytes; sizes in elements.
struct GatherNdParams {
  uint32_t slices;        // product of indices.shape[:-1]
  uint32_t depth;         // D = indices.shape[-1], 0..input rank
  uint32_t slice_size;    // product of input.shape[D:]
  uint32_t index_bytes;   // 4 (int32) or 8 (int64)
  uint32_t dims[kParamsMaxRank];     // input dims [0, D), rest 0
  uint32_t strides[kParamsMaxRank];  // elements per step of input dim k, k < D, rest 0
};
static_assert(sizeof(GatherNdParams) == 64, "GatherNdParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_GATHER_ND_H
