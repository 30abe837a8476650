// Parameter blobs of the data-movement ops (bytes copied, never requantised); what each
// describes, and the engines that run them: kernels/movement_common.h.
//   StridedCopyParams: TRANSPOSE, DEPTH_TO_SPACE, SPACE_TO_DEPTH, REVERSE_V2, BROADCAST_TO, SLICE
//   ChunkCopyParams:   SPLIT, SPLIT_V, UNPACK, PACK
#ifndef LPAI_KERNELS_PARAMS_MOVEMENT_H
#define LPAI_KERNELS_PARAMS_MOVEMENT_H

#include <stdint.h>

#include "kernels/params/rank.h"

namespace lpai {
namespace kernels {
namespace movement {

constexpr uint32_t kR = kParamsMaxRank;

// Parameter blob of the strided-copy ops: exactly sizeof(StridedCopyParams) bytes.
struct StridedCopyParams {
  uint32_t out_dims[kR];   // product == output element count
  int32_t in_strides[kR];  // elements
  int32_t in_offset;       // element index of out[0,...,0]
  uint32_t reserved;       // 0
};
static_assert(sizeof(StridedCopyParams) == 56, "StridedCopyParams layout");

// Parameter blob of the chunk-copy ops: ChunkCopyParams then uint32_t chunk[count].
struct ChunkCopyParams {
  uint32_t outer;  // rows
  uint32_t count;  // tensors on the many side (== outputs of SPLIT*, UNPACK; inputs of PACK)
};
static_assert(sizeof(ChunkCopyParams) == 8, "ChunkCopyParams layout");

}  // namespace movement
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_MOVEMENT_H
