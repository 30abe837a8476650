// ADD / SUB int8 (equal shapes) on the Arm DSP extension: the same bytes as
// add_sub::eval_s8_flat. Each of the three rescales (input 1, input 2, output) is the SMMULR form
// of kernels/cortex_m/dsp_requant.h, valid here because every value it scales stays below 2^29
// in magnitude (|input + offset| <= 255 shifted left by 20, multipliers < 2^31).
#ifndef LPAI_KERNELS_CORTEX_M_DSP_ELEMENTWISE_H
#define LPAI_KERNELS_CORTEX_M_DSP_ELEMENTWISE_H

#include "kernels/cortex_m/dsp_gemm.h"

#if defined(LPAI_HAS_CORTEX_M_DSP)
#include <stdint.h>

namespace lpai {
namespace kernels {
namespace dsp {

// x * multiplier * 2^shift (shift <= 0) with TFLite's two roundings, for |x| < 2^30.
struct DownScale {
  int32_t m;
  int32_t round_add;   // 2^(rs - 1), or 0
  uint32_t round_neg;  // 1 when rs > 0
  uint32_t rs;         // -shift, in [0, 31]
};

inline DownScale down_scale(int32_t multiplier, int32_t shift) {
  const uint32_t rs = static_cast<uint32_t>(-shift);
  return DownScale{multiplier, rs > 0 ? static_cast<int32_t>(1u << (rs - 1)) : 0, rs > 0 ? 1u : 0u,
                   rs};
}

inline int32_t apply(int32_t x, const DownScale& s) {
  const int32_t h = smmulr(static_cast<int32_t>(static_cast<uint32_t>(x) << 1), s.m);
  const uint32_t neg = (static_cast<uint32_t>(h) >> 31) & s.round_neg;
  return (h + s.round_add - static_cast<int32_t>(neg)) >> s.rs;
}

// o[i] = a[i] +/- b[i] requantised, i < n. Offsets, multipliers and shifts as AddParams (left
// shift 20, shifts <= 0, validated at load).
template <bool kSubtract>
inline void add_sub_s8(const int8_t* a, const int8_t* b, int8_t* o, uint32_t n, int32_t off1,
                       int32_t off2, int32_t out_off, const DownScale& s1, const DownScale& s2,
                       const DownScale& so, int32_t lo, int32_t hi) {
  for (uint32_t i = 0; i < n; ++i) {
    const int32_t sa = apply((off1 + a[i]) * (1 << 20), s1);
    const int32_t sb = apply((off2 + b[i]) * (1 << 20), s2);
    const int32_t v = apply(kSubtract ? sa - sb : sa + sb, so) + out_off;
    o[i] = static_cast<int8_t>(clamp(v, lo, hi));
  }
}

}  // namespace dsp
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_DSP
#endif  // LPAI_KERNELS_CORTEX_M_DSP_ELEMENTWISE_H
