// BATCH_TO_SPACE_ND (int8; int16 too), 3-D [B, H, C] (seen as [B, H, 1, C]) or 4-D NHWC, as
// TFLite Micro's reference BatchToSpaceND: input batch ib = (sh * block_w + sw) * B_out + b
// lands at output[b, h * block_h + sh - crop_top, w * block_w + sw - crop_left, :] when that
// is inside the output (cropped otherwise). Block shape and crops are constant inputs folded
// at prepare. Input and output share type and quantisation.
#ifndef LPAI_KERNELS_PARAMS_BATCH_TO_SPACE_ND_H
#define LPAI_KERNELS_PARAMS_BATCH_TO_SPACE_ND_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Parameter blob: exactly sizeof(BatchToSpaceNdParams) bytes. Shapes as 4-D [B, H, W, C].
struct BatchToSpaceNdParams {
  uint32_t in_dims[4];
  uint32_t out_dims[4];
  uint32_t block_h, block_w;  // >= 1; in B == out B * block_h * block_w
  uint32_t crop_top, crop_left;
};
static_assert(sizeof(BatchToSpaceNdParams) == 48, "BatchToSpaceNdParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_BATCH_TO_SPACE_ND_H
