// SPACE_TO_DEPTH (int8; int16 too), NHWC, as TFLite Micro's reference SpaceToDepth:
// out[b, h, w, ((hb * bs) + wb) * C + c] = in[b, h * bs + hb, w * bs + wb, c], run as the
// strided view [B, H/bs, W/bs, bs, bs, C] of the input (kernels/movement_common.h). Input and
// output share type and quantisation.
#ifndef LPAI_KERNELS_PARAMS_SPACE_TO_DEPTH_H
#define LPAI_KERNELS_PARAMS_SPACE_TO_DEPTH_H

#include "kernels/params/movement.h"

namespace lpai {
namespace kernels {

// Parameter blob: exactly one movement::StridedCopyParams.
using SpaceToDepthParams = movement::StridedCopyParams;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_SPACE_TO_DEPTH_H
