// PAD (int8, int16), constant padding, up to 6-D, as TFLite Micro's reference Pad: the pad value
// is the output zero point for int8 and 0 for int16 (whose zero point must be 0). Input and
// output share their quantisation (the op copies bytes).
#ifndef LPAI_KERNELS_PARAMS_PAD_H
#define LPAI_KERNELS_PARAMS_PAD_H

#include <stdint.h>

#include "kernels/params/rank.h"

namespace lpai {
namespace kernels {

// Parameter blob: exactly sizeof(PadParams) bytes. Shapes are right-aligned to 6 dims (leading
// dims 1, padding 0); out_dims[i] == in_dims[i] + before[i] + after[i] for every i.
struct PadParams {
  uint32_t in_dims[kParamsMaxRank];
  uint32_t out_dims[kParamsMaxRank];
  uint32_t before[kParamsMaxRank];  // leading padding per dim (elements)
  int32_t pad_value;                  // in the element type's range
  uint32_t reserved;                  // 0
};
static_assert(sizeof(PadParams) == 80, "PadParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_PAD_H
