// SOFTMAX over the innermost dimension: int8 -> int8 (output scale 1/256, zero point -128) and
// int8 -> int16 (scale 1/65536, zero point -32768), bit-exact with TFLite's integer reference.
//
// For each row: m = max(x); every input differs from m by k = m - x in [0, 255], so the
// reference's exp(rescaled(-k)) takes at most 256 values. Prepare tabulates them (exp_lut) by
// running the reference integer computation for every k; eval then follows the reference:
//   sum  = SUM_row (exp_lut[k] rounded >> 12)          (Q12, wrapping int32 as the reference)
//   s, n = reciprocal of sum (TFLite GetReciprocal)
//   out  = (SRDHM(s, exp_lut[k]) rounded >> (n + 31 - output_bits)) + output_min, saturated.
//
// int16 -> int16 (input zero point 0; output scale 1/32768, zero point 0), TFLite's
// SoftmaxInt16: per row, e[c] = exp_lut(clamp(MBQM(x[c] - max, input_multiplier, shift) + 32767))
// (interpolated 513-entry table over exp on [-10, 0]), sum = SUM e (int32), h = clz(sum),
// r = recip_lut(clamp(((sum << (h - 1)) + 2^13) >> 14) - 98304)) (table of 1 / (1 + x) on
// [0, 1]), out = clamp((e * r + 2^(30 - h)) >> (31 - h), 0, 32767).
// The int16 parameter blob is Softmax16Params (exactly its size; the int8-input blob is
// SoftmaxParams): both tables are built offline exactly as TFLite Micro's Prepare (gen_lut).
//
// The int16 output zero point rule (one rule, enforced by prepare and by validate): -32768 for
// an int8 input, 0 for an int16 input.
#ifndef LPAI_KERNELS_PARAMS_SOFTMAX_H
#define LPAI_KERNELS_PARAMS_SOFTMAX_H

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

constexpr uint32_t kSoftmax16LutSize = 514;  // 513 used entries (512 steps + end), one pad
constexpr uint32_t kSoftmax16Tag = 0x31364D53u;  // "SM16"
constexpr uint32_t kSoftmax16MaxDepth = 65535;   // keeps the row sum below 2^31

// Parameter blob of an int16 -> int16 SOFTMAX node: exactly sizeof(Softmax16Params) bytes.
struct Softmax16Params {
  uint32_t tag;              // kSoftmax16Tag
  int32_t input_multiplier;  // Q31, >= 0: input_scale * beta / (10 / 65535)
  int32_t input_shift;       // [-31, 30] (TFLite input_left_shift, either sign)
  uint32_t reserved;         // 0
  int16_t exp_lut[kSoftmax16LutSize];    // exp(x) on [-10, 0], Q0.15 (last entry 0)
  int16_t recip_lut[kSoftmax16LutSize];  // 1 / (1 + x) on [0, 1], Q0.15 (last entry 0)
};
static_assert(sizeof(Softmax16Params) == 16 + 4 * kSoftmax16LutSize, "Softmax16Params layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_SOFTMAX_H
