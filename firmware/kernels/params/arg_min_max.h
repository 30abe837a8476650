// Parameter blob of ARG_MAX and ARG_MIN: exactly one ArgMinMaxParams (prepare folds the
// constant axis into outer / axis_size / inner). The kernels: kernels/arg_min_max_common.h.
#ifndef LPAI_KERNELS_PARAMS_ARG_MIN_MAX_H
#define LPAI_KERNELS_PARAMS_ARG_MIN_MAX_H

#include <stdint.h>

namespace lpai {
namespace kernels {

struct ArgMinMaxParams {
  int32_t outer;      // product of the dims before the axis
  int32_t axis_size;  // >= 1
  int32_t inner;      // product of the dims after the axis
};
static_assert(sizeof(ArgMinMaxParams) == 12, "ArgMinMaxParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_ARG_MIN_MAX_H
