// Shared pieces of the element-wise kernels (ADD, SUB, MUL and the unary activations):
// NumPy-style broadcasting over up to kMaxRank dims, tensor type/shape checks used by their
// validators. Header-only and freestanding; host_sim/prepare uses the same broadcast
// computation so the strides it writes are exactly what the validator expects.
#ifndef LPAI_KERNELS_ELEMENTWISE_COMMON_H
#define LPAI_KERNELS_ELEMENTWISE_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "format/context_binary_format.h"

namespace lpai {
namespace kernels {

constexpr uint32_t kBroadcastRank = format::kMaxRank;  // 6

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

// True when the record's dims equal shape[0..rank).
inline bool dims_equal(const format::TensorRecord* t, const uint32_t* shape, uint32_t rank) {
  if (t->rank != rank) return false;
  for (uint32_t i = 0; i < rank; ++i) {
    if (t->dims[i] != shape[i]) return false;
  }
  return true;
}

inline bool same_shape(const format::TensorRecord* a, const format::TensorRecord* b) {
  return dims_equal(a, b->dims, b->rank);
}

inline bool same_broadcast(const BroadcastShape& a, const BroadcastShape& b) {
  for (uint32_t i = 0; i < kBroadcastRank; ++i) {
    if (a.out_dims[i] != b.out_dims[i] || a.in1_strides[i] != b.in1_strides[i] ||
        a.in2_strides[i] != b.in2_strides[i]) {
      return false;
    }
  }
  return true;
}

inline format::DataType type_of(const format::TensorRecord* t) {
  return static_cast<format::DataType>(t->data_type);
}

// Calls f(out_index, in1_index, in2_index) for every output element in memory order.
template <typename F>
inline void for_each_broadcast(const BroadcastShape& bc, F&& f) {
  const uint32_t* d = bc.out_dims;
  const uint32_t* a = bc.in1_strides;
  const uint32_t* b = bc.in2_strides;
  uint32_t o = 0;
  for (uint32_t i0 = 0; i0 < d[0]; ++i0) {
    for (uint32_t i1 = 0; i1 < d[1]; ++i1) {
      for (uint32_t i2 = 0; i2 < d[2]; ++i2) {
        for (uint32_t i3 = 0; i3 < d[3]; ++i3) {
          for (uint32_t i4 = 0; i4 < d[4]; ++i4) {
            const uint32_t base1 = i0 * a[0] + i1 * a[1] + i2 * a[2] + i3 * a[3] + i4 * a[4];
            const uint32_t base2 = i0 * b[0] + i1 * b[1] + i2 * b[2] + i3 * b[3] + i4 * b[4];
            const uint32_t n = d[5];
            const uint32_t sa = a[5];
            const uint32_t sb = b[5];
            for (uint32_t i5 = 0; i5 < n; ++i5) f(o++, base1 + i5 * sa, base2 + i5 * sb);
          }
        }
      }
    }
  }
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_ELEMENTWISE_COMMON_H
