// DEPTH_TO_SPACE (int8; int16 too), NHWC, as TFLite Micro's reference DepthToSpace:
// out[b, h, w, c] = in[b, h / bs, w / bs, ((h % bs) * bs + w % bs) * C_out + c], run as the
// strided view [B, H, bs, W, bs, C_out] of the input (kernels/movement_common.h). Input and
// output share type and quantisation.
#ifndef LPAI_KERNELS_PARAMS_DEPTH_TO_SPACE_H
#define LPAI_KERNELS_PARAMS_DEPTH_TO_SPACE_H

#include "kernels/params/movement.h"

namespace lpai {
namespace kernels {

// Parameter blob: exactly one movement::StridedCopyParams.
using DepthToSpaceParams = movement::StridedCopyParams;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_DEPTH_TO_SPACE_H
