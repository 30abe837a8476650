// Shared pieces of the element-wise kernels (ADD, SUB, MUL and the unary activations): tensor
// type/shape checks used by their validators and the broadcast walk. The broadcast description
// itself (BroadcastShape, compute_broadcast) is blob contract: kernels/params/broadcast.h.
// Header-only and freestanding.
#ifndef LPAI_KERNELS_ELEMENTWISE_COMMON_H
#define LPAI_KERNELS_ELEMENTWISE_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "format/context_binary_format.h"
#include "kernels/params/broadcast.h"

namespace lpai {
namespace kernels {

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
