// DYNAMIC_UPDATE_SLICE (int8, int16; int32 and bool too), up to 6-D, as TFLite Micro's
// DynamicUpdateSlice (XLA semantics): output = operand with the update written at start,
// where start[k] = clamp(start_indices[k], 0, operand_dim[k] - update_dim[k]). Inputs:
// operand, update (same rank, every dim <= the operand's), start_indices (int32 or int64,
// 1-D, one per dim; read and clamped at run time, so any value is safe). Operand, update and
// output share type and quantisation.
#ifndef LPAI_KERNELS_PARAMS_DYNAMIC_UPDATE_SLICE_H
#define LPAI_KERNELS_PARAMS_DYNAMIC_UPDATE_SLICE_H

#include <stdint.h>

#include "kernels/params/rank.h"

namespace lpai {
namespace kernels {

// Parameter blob: exactly sizeof(DynamicUpdateSliceParams) bytes. Shapes right-aligned to 6
// dims (leading dims 1); start_indices entry j belongs to dim 6 - rank + j.
struct DynamicUpdateSliceParams {
  uint32_t rank;         // operand rank (== start_indices element count)
  uint32_t index_bytes;  // 4 (int32) or 8 (int64)
  uint32_t dims[kParamsMaxRank];    // operand (= output) dims
  uint32_t update[kParamsMaxRank];  // update dims, each <= dims
};
static_assert(sizeof(DynamicUpdateSliceParams) == 56, "DynamicUpdateSliceParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_DYNAMIC_UPDATE_SLICE_H
