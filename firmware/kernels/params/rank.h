// The largest tensor rank a parameter blob describes (fixed-size dims/strides arrays): the
// context binary's format::kMaxRank, restated here so that params/ depends on nothing above it
// (kernels/kernel_api.h checks the two are equal).
#ifndef LPAI_KERNELS_PARAMS_RANK_H
#define LPAI_KERNELS_PARAMS_RANK_H

#include <stdint.h>

namespace lpai {
namespace kernels {

constexpr uint32_t kParamsMaxRank = 6;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_RANK_H
