// L2_NORMALIZATION (int8, over the last dimension) as TFLite Micro's
// reference_integer_ops::L2Normalization:
//   per row: acc = sum (x - input_zero_point)^2,
//            (m, s) = GetInvSqrtQuantizedMultiplierExp(acc, kReverseShift)
//   out = clamp(int8, MBQM(x - input_zero_point, m, s + 7))
// The output is on TFLite's fixed scale 1/128, zero point 0 (the formula does not read the
// output quantisation). A row of all-zero differences gives 0s.
#ifndef LPAI_KERNELS_PARAMS_L2_NORMALIZATION_H
#define LPAI_KERNELS_PARAMS_L2_NORMALIZATION_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Parameter blob: exactly sizeof(L2NormalizationParams) bytes.
struct L2NormalizationParams {
  int32_t input_zero_point;
  uint32_t outer;  // element count / depth
  uint32_t depth;  // last dimension
};
static_assert(sizeof(L2NormalizationParams) == 12, "L2NormalizationParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_L2_NORMALIZATION_H
