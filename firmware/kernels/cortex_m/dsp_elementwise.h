// ADD / SUB and MUL int8 (equal shapes) on the Arm DSP extension: the same bytes as
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

// ADD, int8, one input scaled with shift 0 (TFLite gives the input of the larger scale the
// multiplier 0.5, i.e. shift 0): per element, with x = input + offset,
//   s0 = SMMULR(x0 << 21, m0)                         the shift-0 input, no rounding shift
//   s1 = (SMMLAR(x1 << 21, m1, ra1) - [x1 < 0 and rs1 > 0]) >> rs1
//   out = clamp((SMMLAR((s0 + s1) << 1, mo, rao + (zp << rso)) - [sum < 0]) >> rso)
// The rounding's "minus one below zero" takes the sign of the value before the multiply: with
// m >= 0 the product has that sign or is 0, and a product of 0 gives the same result either
// way (rs > 0). Folding zp into the rounding constant is exact while |zp| << rso stays below
// 2^29 (rso <= 21), which the caller checks.
struct AddFast {
  int32_t k0, m0;                  // k = offset << 21
  int32_t k1, m1, ra1, neg1, rs1;  // neg1: -1 when rs1 > 0, else 0
  int32_t mo, rao_zp, rso;
  int32_t lo, hi;
};

template <bool kFullRange>
inline void add_s8_fast(const int8_t* x0, const int8_t* x1, int8_t* o, uint32_t n, const AddFast& f) {
  const int8_t* end = x0 + n;
  while (x0 != end) {
    const int32_t v0 = f.k0 + (static_cast<int32_t>(*x0++) << 21);
    const int32_t v1 = f.k1 + (static_cast<int32_t>(*x1++) << 21);
    const int32_t s0 = smmulr(v0, f.m0);
    const int32_t s1 = (smmlar(v1, f.m1, f.ra1) + ((v1 >> 31) & f.neg1)) >> f.rs1;
    const int32_t d = (s0 + s1) << 1;
    int32_t v = (smmlar(d, f.mo, f.rao_zp) + (d >> 31)) >> f.rso;
    if (kFullRange) {
      v = __ssat(v, 8);
    } else {
      v = clamp(v, f.lo, f.hi);
    }
    *o++ = static_cast<int8_t>(v);
  }
}

// o[i] = a[i] +/- b[i] requantised, i < n. Offsets, multipliers and shifts as AddParams (left
// shift 20, shifts <= 0, validated at load). ADD with a shift-0 input and an output shift in
// [-21, -1] takes add_s8_fast; the rest the three rescales of apply().
template <bool kSubtract>
inline void add_sub_s8(const int8_t* a, const int8_t* b, int8_t* o, uint32_t n, int32_t off1,
                       int32_t off2, int32_t out_off, const DownScale& s1, const DownScale& s2,
                       const DownScale& so, int32_t lo, int32_t hi) {
  if (!kSubtract && (s1.rs == 0 || s2.rs == 0) && so.rs > 0 && so.rs <= 21) {
    const bool first_is_0 = s1.rs == 0;  // the shift-0 input goes first (ADD commutes)
    const DownScale& t0 = first_is_0 ? s1 : s2;
    const DownScale& t1 = first_is_0 ? s2 : s1;
    const AddFast f{static_cast<int32_t>(static_cast<uint32_t>(first_is_0 ? off1 : off2) << 21),
                    t0.m,
                    static_cast<int32_t>(static_cast<uint32_t>(first_is_0 ? off2 : off1) << 21),
                    t1.m,
                    t1.round_add,
                    t1.rs > 0 ? -1 : 0,
                    static_cast<int32_t>(t1.rs),
                    so.m,
                    so.round_add + static_cast<int32_t>(static_cast<uint32_t>(out_off) << so.rs),
                    static_cast<int32_t>(so.rs),
                    lo,
                    hi};
    const int8_t* x0 = first_is_0 ? a : b;
    const int8_t* x1 = first_is_0 ? b : a;
    if (lo == -128 && hi == 127) {
      add_s8_fast<true>(x0, x1, o, n, f);
    } else {
      add_s8_fast<false>(x0, x1, o, n, f);
    }
    return;
  }
  for (uint32_t i = 0; i < n; ++i) {
    const int32_t sa = apply((off1 + a[i]) * (1 << 20), s1);
    const int32_t sb = apply((off2 + b[i]) * (1 << 20), s2);
    const int32_t v = apply(kSubtract ? sa - sb : sa + sb, so) + out_off;
    o[i] = static_cast<int8_t>(clamp(v, lo, hi));
  }
}

// MUL, int8, equal shapes: out = clamp(zp + MultiplyByQuantizedMultiplier((a + o1) * (b + o2),
// m, shift)). The product stays below 2^16 in magnitude, so for a shift in [-21, 13] one SMMLAR
// form fits every element: y = product << ls1, out = (SMMLAR(y, m, rz) + (y < 0 ? neg : 0)) >> rs
// with, for a right shift rs >= 1, ls1 = 1, rz = 2^(rs-1) + (zp << rs), neg = -1, and for a
// shift ls >= 0, ls1 = ls + 1, rs = 0, rz = zp, neg = 0 (the reasoning of
// dsp_requant_uniform.h).
struct MulFast {
  int32_t o1, o2, m, rz;
  uint32_t ls1, rs;
  int32_t neg, lo, hi;
};

// Fills *f and returns true when the form above applies (shift in [-21, 13]).
inline bool mul_fast(int32_t o1, int32_t o2, int32_t zp, int32_t m, int32_t shift, int32_t lo, int32_t hi,
                     MulFast* f) {
  if (shift < -21 || shift > 13) return false;
  if (shift < 0) {
    const uint32_t rs = static_cast<uint32_t>(-shift);
    *f = MulFast{o1, o2, m, static_cast<int32_t>((1u << (rs - 1)) + (static_cast<uint32_t>(zp) << rs)),
                 1u, rs, -1, lo, hi};
  } else {
    *f = MulFast{o1, o2, m, zp, static_cast<uint32_t>(shift) + 1, 0u, 0, lo, hi};
  }
  return true;
}

template <bool kFullRange>
inline void mul_s8(const int8_t* a, const int8_t* b, int8_t* o, uint32_t n, const MulFast& f) {
  const int8_t* end = a + n;
  while (a != end) {
    const int32_t prod = (f.o1 + *a++) * (f.o2 + *b++);
    const int32_t y = static_cast<int32_t>(static_cast<uint32_t>(prod) << f.ls1);
    const int32_t v = (smmlar(y, f.m, f.rz) + ((y >> 31) & f.neg)) >> f.rs;
    *o++ = static_cast<int8_t>(kFullRange ? __ssat(v, 8) : clamp(v, f.lo, f.hi));
  }
}

}  // namespace dsp
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_DSP
#endif  // LPAI_KERNELS_CORTEX_M_DSP_ELEMENTWISE_H
