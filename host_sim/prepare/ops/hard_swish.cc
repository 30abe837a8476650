// HARD_SWISH: offline prepare. Parameters as TFLite Micro's HardSwishPrepare (float products,
// QuantizeMultiplier, DownScaleInt32ToInt16Multiplier); the table is reference_ops::HardSwish's
// int16 fixed-point computation for every input byte, including its int16 wrap-arounds.
#include <algorithm>
#include <cstdint>

#include "kernels/params/hard_swish.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {
namespace {

int16_t downscale_to_int16(int32_t m) {
  if (m >= INT32_MAX - (1 << 15)) return INT16_MAX;
  return static_cast<int16_t>((m + (1 << 15)) >> 16);
}

// gemmlowp SaturatingRoundingDoublingHighMul on int16.
int16_t srdhm16(int16_t a, int16_t b) {
  if (a == b && a == INT16_MIN) return INT16_MAX;
  const int32_t ab = static_cast<int32_t>(a) * static_cast<int32_t>(b);
  const int32_t nudge = ab >= 0 ? (1 << 14) : (1 - (1 << 14));
  return static_cast<int16_t>((ab + nudge) / (1 << 15));
}

// TFLite's SaturatingDoublingHighMul (truncating) on int16.
int16_t sdhm16(int16_t a, int16_t b) {
  if (a == b && a == INT16_MIN) return INT16_MAX;
  const int32_t ab = static_cast<int32_t>(a) * static_cast<int32_t>(b);
  return static_cast<int16_t>(ab / (1 << 15));
}

// gemmlowp RoundingDivideByPOT on int16 (exponent may exceed 15: the mask is then all ones).
int16_t rdbp16(int16_t x, int exponent) {
  const int16_t mask = static_cast<int16_t>((int64_t{1} << exponent) - 1);
  const int16_t remainder = static_cast<int16_t>(x & mask);
  const int16_t threshold = static_cast<int16_t>((mask >> 1) + (x < 0 ? 1 : 0));
  return static_cast<int16_t>((static_cast<int32_t>(x) >> (exponent & 31)) +
                              (remainder > threshold ? 1 : 0));
}

int16_t saturating_left_shift16(int16_t value, int amount) {
  int64_t result = static_cast<int64_t>(value) * (int64_t{1} << amount);
  result = std::min<int64_t>(result, INT16_MAX);
  result = std::max<int64_t>(result, INT16_MIN);
  return static_cast<int16_t>(result);
}

}  // namespace

PrepResult prepare_hard_swish(const PrepOp& op) {
  if (const host::HostStatus st = ew::check_unary_int8(op); !st.ok()) return PrepResult::reject(st);
  PrepResult r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  const int32_t in_zp = ew::zp_of(in);
  const int32_t out_zp = ew::zp_of(out);
  const float input_scale = ew::scale_of(in);
  const float hires_input_scale = (1.0f / 128.0f) * input_scale;
  const float reluish_scale = 3.0f / 32768.0f;
  const float output_scale = ew::scale_of(out);
  int32_t out_m32 = 0, out_exp = 0, relu_m32 = 0, relu_exp = 0;
  ew::quantize(static_cast<double>(hires_input_scale / output_scale), &out_m32, &out_exp);
  ew::quantize(static_cast<double>(hires_input_scale / reluish_scale), &relu_m32, &relu_exp);
  if (out_exp > 0) {
    return PrepResult::reject("output multiplier >= 1 (TFLite Micro requires output_multiplier_exponent <= 0)");
  }
  if (out_exp < -62 || relu_exp > 30 || relu_exp < -62) {
    return PrepResult::reject("scale ratio out of range");
  }
  const int16_t out_m16 = downscale_to_int16(out_m32);
  const int16_t relu_m16 = downscale_to_int16(relu_m32);
  ew::append_int8_lut(&r.params, [&](int32_t x) {
    const int16_t input_value = static_cast<int16_t>(x - in_zp);
    const int16_t hires = static_cast<int16_t>(input_value * (1 << 7));
    const int16_t preshift_out = srdhm16(hires, out_m16);
    int16_t reluish = hires;
    if (relu_exp > 0) reluish = saturating_left_shift16(reluish, relu_exp - 1);
    reluish = srdhm16(reluish, relu_m16);
    if (relu_exp > 0) reluish = saturating_left_shift16(reluish, 1);
    if (relu_exp < 0) reluish = rdbp16(reluish, -relu_exp);
    reluish = static_cast<int16_t>((reluish + (1 << 15)) >> 1);
    const int16_t preshift = sdhm16(reluish, preshift_out);
    int16_t v = rdbp16(preshift, -out_exp);
    v = static_cast<int16_t>(v + out_zp);
    v = std::min<int16_t>(v, 127);
    v = std::max<int16_t>(v, -128);
    return static_cast<int32_t>(v);
  });
  return r;
}

}  // namespace prepare
}  // namespace lpai
