// Integer references of HARD_SWISH and RSQRT (int8), restated from TFLite's reference
// algorithms: reference_ops::HardSwish with the parameters of TFLite Micro's HardSwishPrepare,
// and TFLite Micro's RsqrtEvalQuantized with GetInvSqrtQuantizedMultiplierExp (gemmlowp
// fixed-point Newton-Raphson). Plain 64-bit arithmetic; no firmware or prepare code.
// Valid for the exponents the tests use: every right shift below 16 (int16) or 32 (int32).
#ifndef LPAI_TESTS_KERNELS_REFERENCE_LUT_ACTIVATIONS_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_LUT_ACTIVATIONS_REF_H

#include <algorithm>
#include <cstdint>

#include "kernels/reference/fixed_point_ref.h"

namespace ref {

// ---- int16 helpers of reference_ops::HardSwish ----

// gemmlowp's int16 SaturatingRoundingDoublingHighMul: round(a * b / 2^15), halves away from 0.
inline int16_t srdhm16(int16_t a, int16_t b) {
  if (a == INT16_MIN && b == INT16_MIN) return INT16_MAX;
  const int32_t ab = int32_t{a} * int32_t{b};
  const int32_t nudge = ab >= 0 ? (1 << 14) : (1 - (1 << 14));
  return static_cast<int16_t>((ab + nudge) / (1 << 15));  // C division: truncation
}

// TFLite's int16 SaturatingDoublingHighMul: a * b / 2^15 truncated towards zero.
inline int16_t sdhm16(int16_t a, int16_t b) {
  if (a == INT16_MIN && b == INT16_MIN) return INT16_MAX;
  return static_cast<int16_t>((int32_t{a} * int32_t{b}) / (1 << 15));
}

// gemmlowp's ShiftLeft on int16: a * 2^n saturated to the int16 range.
inline int16_t shift_left_sat16(int16_t a, int n) {
  const int64_t v = int64_t{a} * (int64_t{1} << n);
  return static_cast<int16_t>(std::min<int64_t>(INT16_MAX, std::max<int64_t>(INT16_MIN, v)));
}

// TFLite DownScaleInt32ToInt16Multiplier.
inline int16_t downscale16(int32_t m) {
  if (m >= INT32_MAX - (1 << 15)) return INT16_MAX;
  return static_cast<int16_t>((m + (1 << 15)) >> 16);
}

// HARD_SWISH of one int8 value: reference_ops::HardSwish's int16 fixed-point path.
inline int32_t hard_swish_int8(int32_t x, float si, int32_t zi, float so, int32_t zo) {
  const float hires_scale = (1.0f / 128.0f) * si;
  const float reluish_scale = 3.0f / 32768.0f;
  int32_t out_m32 = 0, relu_m32 = 0;
  int out_exp = 0, relu_exp = 0;
  quantize_multiplier(static_cast<double>(hires_scale / so), &out_m32, &out_exp);
  quantize_multiplier(static_cast<double>(hires_scale / reluish_scale), &relu_m32, &relu_exp);
  const int16_t out_m = downscale16(out_m32);
  const int16_t relu_m = downscale16(relu_m32);

  const int16_t input_value = static_cast<int16_t>(x - zi);
  const int16_t hires = static_cast<int16_t>(input_value * 128);
  const int16_t on_output_scale = srdhm16(hires, out_m);
  int16_t reluish = hires;
  if (relu_exp > 0) reluish = shift_left_sat16(reluish, relu_exp - 1);
  reluish = srdhm16(reluish, relu_m);
  if (relu_exp > 0) reluish = shift_left_sat16(reluish, 1);
  if (relu_exp < 0) reluish = static_cast<int16_t>(rdbp(reluish, -relu_exp));
  reluish = static_cast<int16_t>((int32_t{reluish} + 32768) >> 1);  // [-1, 1] -> [0, 1]
  const int16_t preshift = sdhm16(reluish, on_output_scale);
  int32_t out = rdbp(preshift, -out_exp) + zo;
  return clamp(out, -128, 127);
}

// ---- RSQRT ----

// gemmlowp saturating left shift of a raw int32 fixed-point value (Rescale to fewer integer
// bits).
inline int32_t shift_left_sat32(int32_t a, int n) {
  const int64_t v = int64_t{a} * (int64_t{1} << n);
  return static_cast<int32_t>(std::min<int64_t>(INT32_MAX, std::max<int64_t>(INT32_MIN, v)));
}

// TFLite GetInvSqrtQuantizedMultiplierExp(input, reverse_shift = -1): 1 / sqrt(input) as a Q31
// multiplier and a left shift.
inline void inv_sqrt(int32_t input, int32_t* multiplier, int* shift) {
  if (input <= 1) {
    *multiplier = INT32_MAX;
    *shift = 0;
    return;
  }
  int out_shift = 11;
  while (input >= (1 << 29)) {
    input /= 4;
    ++out_shift;
  }
  int leading_zeros = 0;
  while (leading_zeros < 32 && !(static_cast<uint32_t>(input) & (0x80000000u >> leading_zeros))) {
    ++leading_zeros;
  }
  const int pairs = (leading_zeros - 1) / 2 - 1;
  out_shift -= pairs;
  input = static_cast<int32_t>(int64_t{input} << (2 * pairs));  // now in [2^27, 2^29)
  // Q3 (3 integer bits) Newton-Raphson on x = 1 / sqrt(input), starting at 1.0, 5 steps.
  const int32_t q3_input = input >> 1;
  const int32_t q3_half_input = rdbp(q3_input, 1);
  const int32_t q3_three_halves = (1 << 28) + (1 << 27);
  int32_t x = 1 << 28;
  for (int i = 0; i < 5; ++i) {
    // x^3: Q3 * Q3 * Q3 = Q9, rescaled to Q3 (saturating left shift by 6).
    const int32_t x3 = shift_left_sat32(srdhm(srdhm(x, x), x), 6);
    // 1.5 x - (input / 2) x^3 in Q6 (wrapping difference), rescaled to Q3.
    const int32_t diff = static_cast<int32_t>(static_cast<uint32_t>(srdhm(q3_three_halves, x)) -
                                              static_cast<uint32_t>(srdhm(q3_half_input, x3)));
    x = shift_left_sat32(diff, 3);
  }
  x = srdhm(x, 1518500250);  // * sqrt(2) / 2 (Q0), result Q3
  if (out_shift < 0) {
    x = static_cast<int32_t>(static_cast<uint32_t>(x) << (-out_shift));
    out_shift = 0;
  }
  *multiplier = x;
  *shift = -out_shift;
}

// RSQRT of one int8 value x >= zi (TFLite Micro rejects inputs below the zero point).
inline int32_t rsqrt_int8(int32_t x, float si, int32_t zi, float so, int32_t zo) {
  const int32_t value = x - zi;
  if (value == 0) return 127;
  int32_t out_m = 0;
  int out_shift = 0;
  quantize_multiplier(1.0 / (std::sqrt(static_cast<double>(si)) * static_cast<double>(so)), &out_m,
                      &out_shift);
  constexpr int kShift = 20;
  int32_t m = 0;
  int s = 0;
  inv_sqrt(value, &m, &s);
  const int32_t data = mbqm(1, m, s + kShift);
  return clamp(mbqm(data, out_m, out_shift - kShift) + zo, -128, 127);
}

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_LUT_ACTIVATIONS_REF_H
