// SELECT_V2 (int8, int16, int32 values; bool condition) as TFLite Micro's select.cc:
//   out = condition ? x : y, element-wise, the raw values copied (no requantisation, as there),
// with all three operands broadcast to the output (NumPy rules, up to 6-D).
#ifndef LPAI_KERNELS_PARAMS_SELECT_V2_H
#define LPAI_KERNELS_PARAMS_SELECT_V2_H

#include <stdint.h>

#include "kernels/params/broadcast.h"

namespace lpai {
namespace kernels {

// Parameter blob: exactly sizeof(SelectV2Params) bytes. Strides are in elements of each
// operand, right-aligned to kBroadcastRank dims; 0 repeats the operand along that dim. Each
// stride set is compute_broadcast(operand, output).in1_strides.
struct SelectV2Params {
  uint32_t flat;  // 1: all three operands have the output's shape (flat loop)
  uint32_t out_dims[kBroadcastRank];
  uint32_t cond_strides[kBroadcastRank];
  uint32_t x_strides[kBroadcastRank];
  uint32_t y_strides[kBroadcastRank];
};
static_assert(sizeof(SelectV2Params) == 100, "SelectV2Params layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_SELECT_V2_H
