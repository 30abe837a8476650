// A load-time check PAD (and PADV2) and MIRROR_PAD share.
#ifndef LPAI_KERNELS_PAD_COMMON_H
#define LPAI_KERNELS_PAD_COMMON_H

#include <stdint.h>

#include "format/context_binary_format.h"

namespace lpai {
namespace kernels {

// True when axis i of the blob's kMaxRank axes (the tensors' dims right-aligned, leading axes
// 1) has dims in_dims[i] -> out_dims[i] in the tensors and a leading padding before[i] that
// fits: before[i] <= out_dims[i] - in_dims[i]. in and out have equal ranks.
inline bool pad_axis_matches(const format::TensorRecord* in, const format::TensorRecord* out,
                             const uint32_t* in_dims, const uint32_t* out_dims,
                             const uint32_t* before, uint32_t i) {
  const uint32_t lead = format::kMaxRank - in->rank;
  const uint32_t di = i < lead ? 1u : in->dims[i - lead];
  const uint32_t dout = i < lead ? 1u : out->dims[i - lead];
  return in_dims[i] == di && out_dims[i] == dout && in_dims[i] <= out_dims[i] &&
         before[i] <= out_dims[i] - in_dims[i];
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PAD_COMMON_H
