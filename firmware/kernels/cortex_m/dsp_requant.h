// Per-channel int8 requantisation for the Cortex-M DSP paths: TFLite's
// MultiplyByQuantizedMultiplier + output zero point + activation clamp, the same bytes as
// gemm::requantize for every multiplier (Q31, >= 0) and shift in [-31, 30].
//
// Fast form, for a channel whose |(acc + bias) << ls| stays below 2^30 (the bound
// gemm::FastRun uses to mark its fast lanes):
//   y = (acc + bias) << (ls + 1)                 fits int32
//   h = SMMULR(y, m) = (y * m + 2^31) >> 32      = (x * m + 2^30) >> 31: TFLite's
//                                                 SaturatingRoundingDoublingHighMul (m >= 0)
//   r = (h + round_add - (h < 0 ? round_neg : 0)) >> rs      RoundingDivideByPOT (|h| < 2^30)
// with round_add = 2^(rs - 1), round_neg = 1 when rs > 0, else both 0: ten instructions.
// Other channels take the general sequence (exact for any accumulator).
#ifndef LPAI_KERNELS_CORTEX_M_DSP_REQUANT_H
#define LPAI_KERNELS_CORTEX_M_DSP_REQUANT_H

#include "kernels/cortex_m/dsp_gemm.h"

#if defined(LPAI_HAS_CORTEX_M_DSP)
#include <stdint.h>

#include "kernels/int8_gemm.h"

namespace lpai {
namespace kernels {
namespace dsp {

// The fast form above; x = acc + bias, ls1 = ls + 1.
inline int32_t scale_fast(int32_t x, uint32_t ls1, int32_t m, int32_t round_add, uint32_t round_neg,
                          uint32_t rs) {
  const int32_t h = smmulr(static_cast<int32_t>(static_cast<uint32_t>(x) << ls1), m);
  const uint32_t neg = (static_cast<uint32_t>(h) >> 31) & round_neg;
  return (h + round_add - static_cast<int32_t>(neg)) >> rs;
}

// One output channel's requantisation.
struct Lane {
  int32_t bias;
  int32_t mult;
  int32_t round_add;  // fast: 2^(rs - 1) or 0
  uint32_t round_neg;  // fast: 1 when rs > 0
  uint32_t ls1;       // fast: left shift + 1
  uint32_t rs;        // right shift
  int32_t shift;      // the channel's shift (general sequence)
  bool fast;          // |(acc + bias) << ls| < 2^30 for every |acc| <= the bound given
};

// Channel c of q, for accumulators bounded by |acc| <= acc_bound.
inline Lane lane(const gemm::Requant& q, uint32_t c, uint32_t acc_bound) {
  const int32_t shift = q.shift[c];
  const uint32_t ls = shift > 0 ? static_cast<uint32_t>(shift) : 0u;
  const uint32_t rs = shift > 0 ? 0u : static_cast<uint32_t>(-shift);
  const int64_t b = q.folded_bias[c];
  const int64_t mag = (b < 0 ? -b : b) + acc_bound;
  return Lane{q.folded_bias[c],
              q.multiplier[c],
              rs > 0 ? static_cast<int32_t>(1u << (rs - 1)) : 0,
              rs > 0 ? 1u : 0u,
              ls + 1,
              rs,
              shift,
              (mag << ls) < static_cast<int64_t>(gemm::kFastAccLimit)};
}

// requantize() for a lane known to be fast.
inline int8_t requantize_fast(int32_t acc, const Lane& l, int32_t zp, int32_t lo, int32_t hi) {
  const int32_t r = scale_fast(acc + l.bias, l.ls1, l.mult, l.round_add, l.round_neg, l.rs) + zp;
  return static_cast<int8_t>(clamp(r, lo, hi));
}

// The int8 output of accumulator acc (bias not yet added) on lane l.
inline int8_t requantize(int32_t acc, const Lane& l, int32_t zp, int32_t lo, int32_t hi) {
  int32_t r;
  if (l.fast) {
    r = scale_fast(acc + l.bias, l.ls1, l.mult, l.round_add, l.round_neg, l.rs) + zp;
  } else {
    r = wrapping_add_i32(multiply_by_quantized_multiplier(wrapping_add_i32(acc, l.bias), l.mult, l.shift), zp);
  }
  return static_cast<int8_t>(clamp(r, lo, hi));
}

}  // namespace dsp
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_DSP
#endif  // LPAI_KERNELS_CORTEX_M_DSP_REQUANT_H
