// SOFTMAX over the innermost dimension: int8 -> int8 (output scale 1/256, zero point -128) and
// int8 -> int16 (scale 1/65536, zero point -32768), bit-exact with TFLite's integer reference.
//
// For each row: m = max(x); every input differs from m by k = m - x in [0, 255], so the
// reference's exp(rescaled(-k)) takes at most 256 values. Prepare tabulates them (exp_lut) by
// running the reference integer computation for every k; eval then follows the reference:
//   sum  = SUM_row (exp_lut[k] rounded >> 12)          (Q12, wrapping int32 as the reference)
//   s, n = reciprocal of sum (TFLite GetReciprocal)
//   out  = (SRDHM(s, exp_lut[k]) rounded >> (n + 31 - output_bits)) + output_min, saturated.
#ifndef LPAI_KERNELS_SOFTMAX_H
#define LPAI_KERNELS_SOFTMAX_H

#include <stdint.h>

namespace lpai {
namespace kernels {

constexpr uint32_t kSoftmaxLutSize = 256;

// Parameter blob of a SOFTMAX node: exactly sizeof(SoftmaxParams) bytes.
struct SoftmaxParams {
  int32_t input_multiplier;  // TFLite input_beta_multiplier (Q31), for reports
  int32_t input_left_shift;  // TFLite input_beta_left_shift (>= 0), for reports
  int32_t diff_min;          // TFLite diff_min (<= 0): differences below contribute nothing
  uint32_t reserved;         // 0
  // exp_lut[k]: Q0 exp of the rescaled difference -k, 0 where -k < diff_min.
  int32_t exp_lut[kSoftmaxLutSize];
};
static_assert(sizeof(SoftmaxParams) == 16 + 4 * kSoftmaxLutSize, "SoftmaxParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_SOFTMAX_H
