// Per-channel int8 requantisation on Helium vectors (4 int32 lanes, one output channel each):
// TFLite's MultiplyByQuantizedMultiplier + output zero point + activation clamp, the same bytes
// as gemm::requantize for every accumulator, multiplier (Q31, >= 0) and shift in [-31, 30]:
//   x = (acc + bias) * 2^ls                        VADD, VMUL (both wrap, as the reference)
//   h = VQRDMULH(x, m) = (2 x m + 2^31) >> 32      TFLite's SaturatingRoundingDoublingHighMul
//                                                  (saturating only for x = m = INT32_MIN)
//   r = VRSHL(VQADD(h, -[h < 0 and rs > 0]), -rs)  RoundingDivideByPOT(h, rs): the rounding
//       shift rounds ties up; subtracting 1 from negative values first rounds their ties away
//       from zero ((h - 1 + 2^(rs-1)) >> rs), as the reference does
// then + zero point and the clamp. No lane needs the general sequence.
#ifndef LPAI_KERNELS_CORTEX_M_MVE_REQUANT_H
#define LPAI_KERNELS_CORTEX_M_MVE_REQUANT_H

#include "kernels/cortex_m/mve_gemm.h"

#if defined(LPAI_HAS_CORTEX_M_MVE)
#include <arm_mve.h>
#include <stdint.h>

namespace lpai {
namespace kernels {
namespace mve {

// The output stage shared by a block: zero point and activation range.
struct OutStage {
  int32x4_t zp, lo, hi;
};

inline OutStage out_stage(int32_t zp, int32_t lo, int32_t hi) {
  return OutStage{vdupq_n_s32(zp), vdupq_n_s32(lo), vdupq_n_s32(hi)};
}

// x already biased and left-shifted; m = multipliers, neg_rs = -max(-shift, 0) per lane.
inline int32x4_t scale(int32x4_t x, int32x4_t m, int32x4_t neg_rs) {
  const int32x4_t h = vqrdmulhq_s32(x, m);
  const int32x4_t fix = vshrq_n_s32(vandq_s32(h, neg_rs), 31);  // -1: h < 0 and rs > 0
  return vrshlq_s32(vqaddq_s32(h, fix), neg_rs);
}

inline int32x4_t finish(int32x4_t v, const OutStage& o) {
  return vminq_s32(vmaxq_s32(vaddq_s32(v, o.zp), o.lo), o.hi);
}

// Requantised acc of 4 channels: bias, 2^ls (left_mul), multiplier and shift per lane.
inline int32x4_t requantize(int32x4_t acc, int32x4_t bias, int32x4_t left_mul, int32x4_t m,
                            int32x4_t shift, const OutStage& o) {
  const int32x4_t x = vmulq_s32(vaddq_s32(acc, bias), left_mul);
  return finish(scale(x, m, vminq_s32(shift, vdupq_n_s32(0))), o);
}

}  // namespace mve
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_MVE
#endif  // LPAI_KERNELS_CORTEX_M_MVE_REQUANT_H
