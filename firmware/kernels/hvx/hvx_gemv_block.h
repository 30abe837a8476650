// The packed-GEMV building blocks the HVX kernels share (HVX sources only: intrinsics; see
// hvx_gemv.h for the idea).
#ifndef LPAI_KERNELS_HVX_HVX_GEMV_BLOCK_H
#define LPAI_KERNELS_HVX_HVX_GEMV_BLOCK_H

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include <stdint.h>

#include "kernels/hvx/hvx_common.h"

namespace lpai {
namespace kernels {
namespace hvx {

// dst (vector aligned) = src[0, n) zero padded to whole vectors; reads only the 128-byte
// blocks that hold src's bytes.
inline void stage_row(const int8_t* src, uint32_t n, HVX_Vector* dst) {
  uint32_t i = 0;
  for (; i + kVec <= n; i += kVec) *dst++ = *reinterpret_cast<const HVX_UVector*>(src + i);
  if (i < n) *dst = load_tail(src + i, src + n);
}

// The 32 lanes' sums over groups q of packed words w[q] (32 lanes x 4 bytes, any alignment)
// times the activation word xw[q] (4 bytes, little-endian).
__attribute__((always_inline)) inline HVX_Vector gemv_block(const uint8_t* w, const uint32_t* xw,
                                                            uint32_t groups) {
  const HVX_UVector* wv = reinterpret_cast<const HVX_UVector*>(w);
  if (groups < 16) {  // short depths: a plain loop (the unrolled one's set-up costs more)
    HVX_Vector s0 = Q6_V_vzero(), s1 = Q6_V_vzero();
    uint32_t q = 0;
    for (; q + 2 <= groups; q += 2) {
      s0 = Q6_Vw_vrmpyacc_VwVbVb(s0, wv[q], Q6_V_vsplat_R(static_cast<int32_t>(xw[q])));
      s1 = Q6_Vw_vrmpyacc_VwVbVb(s1, wv[q + 1], Q6_V_vsplat_R(static_cast<int32_t>(xw[q + 1])));
    }
    if (q < groups) s0 = Q6_Vw_vrmpyacc_VwVbVb(s0, wv[q], Q6_V_vsplat_R(static_cast<int32_t>(xw[q])));
    return Q6_Vw_vadd_VwVw(s0, s1);
  }
  HVX_Vector a0 = Q6_V_vzero(), a1 = Q6_V_vzero(), a2 = Q6_V_vzero(), a3 = Q6_V_vzero();
  const uint32_t quads = groups / 4;
  for (uint32_t i = 0; i < quads; ++i) {  // four independent accumulators
    const uint32_t q = 4 * i;
    a0 = Q6_Vw_vrmpyacc_VwVbVb(a0, wv[q], Q6_V_vsplat_R(static_cast<int32_t>(xw[q])));
    a1 = Q6_Vw_vrmpyacc_VwVbVb(a1, wv[q + 1], Q6_V_vsplat_R(static_cast<int32_t>(xw[q + 1])));
    a2 = Q6_Vw_vrmpyacc_VwVbVb(a2, wv[q + 2], Q6_V_vsplat_R(static_cast<int32_t>(xw[q + 2])));
    a3 = Q6_Vw_vrmpyacc_VwVbVb(a3, wv[q + 3], Q6_V_vsplat_R(static_cast<int32_t>(xw[q + 3])));
  }
  const uint32_t q = 4 * quads;  // the last groups % 4
  if (q < groups) a0 = Q6_Vw_vrmpyacc_VwVbVb(a0, wv[q], Q6_V_vsplat_R(static_cast<int32_t>(xw[q])));
  if (q + 1 < groups) {
    a1 = Q6_Vw_vrmpyacc_VwVbVb(a1, wv[q + 1], Q6_V_vsplat_R(static_cast<int32_t>(xw[q + 1])));
  }
  if (q + 2 < groups) {
    a2 = Q6_Vw_vrmpyacc_VwVbVb(a2, wv[q + 2], Q6_V_vsplat_R(static_cast<int32_t>(xw[q + 2])));
  }
  return Q6_Vw_vadd_VwVw(Q6_Vw_vadd_VwVw(a0, a1), Q6_Vw_vadd_VwVw(a2, a3));
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX

#endif  // LPAI_KERNELS_HVX_HVX_GEMV_BLOCK_H
