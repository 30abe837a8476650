// Requantisation on the Arm DSP extension when every output channel of a node shares one
// multiplier and shift (FULLY_CONNECTED's per-tensor scale): the same bytes as
// gemm::requantize.
#ifndef LPAI_KERNELS_CORTEX_M_DSP_REQUANT_UNIFORM_H
#define LPAI_KERNELS_CORTEX_M_DSP_REQUANT_UNIFORM_H

#include "kernels/cortex_m/dsp_gemm.h"

#if defined(LPAI_HAS_CORTEX_M_DSP)
#include <stdint.h>

namespace lpai {
namespace kernels {
namespace dsp {

// Requantisation shared by every channel of a node (FULLY_CONNECTED's per-tensor scale): one
// multiplier m and shift -rs, rs in [1, 21]. For an accumulator with |acc + bias| < 2^30
// (in_range), with y = (acc + bias) << 1,
//   out = clamp((SMMLAR(y, m, 2^(rs-1) + (zp << rs)) - [y < 0]) >> rs)
// The rounding's "minus one below zero" takes the sign of y: with m >= 0 the high product has
// that sign or is 0, and 0 gives the same result either way (rs > 0). The zero point folded
// into the rounding constant stays exact while |zp| << rs < 2^29 (rs <= 21).
struct Uniform {
  int32_t m;
  int32_t round_zp;  // 2^(rs - 1) + (zp << rs)
  uint32_t rs;
  int32_t lo, hi;
};

// Fills *u and returns true when the form above applies to multiplier m (Q31, >= 0) and shift.
inline bool uniform(int32_t m, int32_t shift, int32_t zp, int32_t lo, int32_t hi, Uniform* u) {
  if (shift > -1 || shift < -21) return false;
  const uint32_t rs = static_cast<uint32_t>(-shift);
  *u = Uniform{m, static_cast<int32_t>((1u << (rs - 1)) + (static_cast<uint32_t>(zp) << rs)), rs, lo,
               hi};
  return true;
}

// Whether -2^30 <= acc + bias < 2^30 (QADD: a sum beyond int32 saturates and fails too).
inline bool in_range(int32_t acc, int32_t bias) {
  return static_cast<uint32_t>(__qadd(acc, bias)) + 0x40000000u < 0x80000000u;
}

// requantize() of acc (bias not yet added) under u, for in_range(acc, bias).
inline int8_t requantize(int32_t acc, int32_t bias, const Uniform& u) {
  const int32_t y = static_cast<int32_t>(static_cast<uint32_t>(acc + bias) << 1);
  const int32_t v = (smmlar(y, u.m, u.round_zp) + (y >> 31)) >> u.rs;
  return static_cast<int8_t>(clamp(v, u.lo, u.hi));
}

}  // namespace dsp
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_DSP
#endif  // LPAI_KERNELS_CORTEX_M_DSP_REQUANT_UNIFORM_H
