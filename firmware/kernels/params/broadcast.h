// NumPy-style broadcasting of a two-input element-wise op (ADD, SUB, MUL, DIV, the
// comparisons, MAXIMUM/MINIMUM, PRELU, SQUARED_DIFFERENCE, SELECT_V2) as its parameter blob
// describes it. Prepare fills BroadcastShape with compute_broadcast; the validators recompute
// it from the tensor shapes and compare, so both sides use this one function.
#ifndef LPAI_KERNELS_PARAMS_BROADCAST_H
#define LPAI_KERNELS_PARAMS_BROADCAST_H

#include <stdint.h>

#include "kernels/params/rank.h"

namespace lpai {
namespace kernels {

constexpr uint32_t kBroadcastRank = kParamsMaxRank;  // 6

// Broadcast description of out = f(in1, in2), all shapes right-aligned to kBroadcastRank dims
// (leading dims 1). Strides are in elements; a stride of 0 repeats the input along that dim.
// out_dims[i] == max(in1 dim, in2 dim) and each input dim is either equal to it or 1.
struct BroadcastShape {
  uint32_t out_dims[kBroadcastRank];
  uint32_t in1_strides[kBroadcastRank];
  uint32_t in2_strides[kBroadcastRank];
};
static_assert(sizeof(BroadcastShape) == 72, "BroadcastShape layout");

// Fills *bc from the two input shapes (dims[0..rank), outermost first). Returns false when the
// shapes do not broadcast (a dim differs and neither is 1) or a rank exceeds kBroadcastRank;
// *out_rank receives the broadcast rank (max of the two) and out_shape the broadcast dims.
inline bool compute_broadcast(const uint32_t* d1, uint32_t r1, const uint32_t* d2, uint32_t r2,
                              BroadcastShape* bc, uint32_t* out_rank,
                              uint32_t out_shape[kBroadcastRank]) {
  if (r1 > kBroadcastRank || r2 > kBroadcastRank) return false;
  uint32_t e1[kBroadcastRank];
  uint32_t e2[kBroadcastRank];
  for (uint32_t i = 0; i < kBroadcastRank; ++i) {
    const uint32_t pad1 = kBroadcastRank - r1;
    const uint32_t pad2 = kBroadcastRank - r2;
    e1[i] = i < pad1 ? 1u : d1[i - pad1];
    e2[i] = i < pad2 ? 1u : d2[i - pad2];
    if (e1[i] != e2[i] && e1[i] != 1u && e2[i] != 1u) return false;
    bc->out_dims[i] = e1[i] == 1u ? e2[i] : e1[i];
  }
  uint32_t s1 = 1;
  uint32_t s2 = 1;
  for (uint32_t k = kBroadcastRank; k-- > 0;) {
    bc->in1_strides[k] = e1[k] == 1u ? 0u : s1;
    bc->in2_strides[k] = e2[k] == 1u ? 0u : s2;
    s1 *= e1[k];
    s2 *= e2[k];
  }
  const uint32_t rank = r1 > r2 ? r1 : r2;
  *out_rank = rank;
  for (uint32_t i = 0; i < rank; ++i) out_shape[i] = bc->out_dims[kBroadcastRank - rank + i];
  return true;
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_BROADCAST_H
