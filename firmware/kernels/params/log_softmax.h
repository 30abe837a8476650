// LOG_SOFTMAX (int8, over the last dimension) as TFLite Micro's
// reference_ops::LogSoftmaxQuantized: per row, with diff = x - max(row) in [-255, 0],
//   q5(diff)   = MBQM(diff, input_multiplier, input_left_shift)            (Q5.26)
//   sum        = sum over diff >= diff_min of Rescale<12>(exp_on_negative_values(q5(diff)))
//   L          = log_x_for_x_greater_than_or_equal_to_1<5>(sum)           (Q5.26)
//   adj_min    = max(diff_min - 1, MBQM(L + INT32_MIN, reverse_scaling_divisor,
//                                      reverse_scaling_shift))
//   out        = diff > adj_min ? clamp(int8, RoundingDivideByPOT(q5(diff) - L, 22) + 127)
//                               : -128
// Output quantisation is TFLite's fixed 16/256, zero point 127. prepare tabulates q5 and the
// Q12 exp term for every diff (two int32 tables after the struct, indexed by -diff).
#ifndef LPAI_KERNELS_PARAMS_LOG_SOFTMAX_H
#define LPAI_KERNELS_PARAMS_LOG_SOFTMAX_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Parameter blob: LogSoftmaxParams, then int32_t q5[256] and int32_t exp_q12[256].
struct LogSoftmaxParams {
  int32_t reverse_scaling_divisor;  // QuantizeMultiplierSmallerThanOneExp of 2^(31-ls) / m
  int32_t reverse_scaling_shift;    // in [-31, 0]
  int32_t diff_min;                 // -CalculateInputRadius(5, input_left_shift)
  uint32_t outer;                   // element count / depth
  uint32_t depth;                   // last dimension
};
static_assert(sizeof(LogSoftmaxParams) == 20, "LogSoftmaxParams layout");

constexpr uint32_t kLogSoftmaxTableBytes = 2 * 256 * 4;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_LOG_SOFTMAX_H
