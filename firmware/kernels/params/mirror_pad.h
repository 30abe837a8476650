// MIRROR_PAD (int8; int16, int32 and bool too), up to 6-D, as TFLite Micro's MirrorPad: each
// output index maps back into the input per dim: inside -> i - before; left of it ->
// before + offset - 1 - i; right of it (q = i - before - in_dim) -> in_dim - 1 - offset - q;
// offset = 1 for REFLECT (edge not repeated), 0 for SYMMETRIC. Paddings are constant and
// at most in_dim - offset per side (so every mapped index is inside the input). Input and
// output share type and quantisation.
#ifndef LPAI_KERNELS_PARAMS_MIRROR_PAD_H
#define LPAI_KERNELS_PARAMS_MIRROR_PAD_H

#include <stdint.h>

#include "kernels/params/rank.h"

namespace lpai {
namespace kernels {

// Parameter blob: exactly sizeof(MirrorPadParams) bytes; shapes right-aligned to 6 dims
// (leading dims 1, padding 0); out_dims[i] == in_dims[i] + before[i] + after[i].
struct MirrorPadParams {
  uint32_t in_dims[kParamsMaxRank];
  uint32_t out_dims[kParamsMaxRank];
  uint32_t before[kParamsMaxRank];
  uint32_t offset;    // 1 REFLECT, 0 SYMMETRIC
  uint32_t reserved;  // 0
};
static_assert(sizeof(MirrorPadParams) == 80, "MirrorPadParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_MIRROR_PAD_H
