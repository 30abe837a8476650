// SPACE_TO_BATCH_ND (int8; int16 too), 3-D [B, H, C] (seen as [B, H, 1, C]) or 4-D NHWC, as
// TFLite Micro's reference SpaceToBatchND: output batch ob = (sh * block_w + sw) * B + b,
// output[ob, h, w, :] = input[b, h * block_h + sh - pad_top, w * block_w + sw - pad_left, :]
// where inside the input, else pad_value. The oracle (TFLite Micro) pads with raw 0, not the
// output zero point (its SpaceToBatchParams::output_offset is never filled in), so prepare
// writes 0. Block shape and paddings are constant inputs folded at prepare. Input and output
// share type and quantisation.
#ifndef LPAI_KERNELS_PARAMS_SPACE_TO_BATCH_ND_H
#define LPAI_KERNELS_PARAMS_SPACE_TO_BATCH_ND_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Parameter blob: exactly sizeof(SpaceToBatchNdParams) bytes. Shapes as 4-D [B, H, W, C].
struct SpaceToBatchNdParams {
  uint32_t in_dims[4];
  uint32_t out_dims[4];
  uint32_t block_h, block_w;  // >= 1
  uint32_t pad_top, pad_left;
  int32_t pad_value;          // in the element type's range
  uint32_t reserved;          // 0
};
static_assert(sizeof(SpaceToBatchNdParams) == 56, "SpaceToBatchNdParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_SPACE_TO_BATCH_ND_H
