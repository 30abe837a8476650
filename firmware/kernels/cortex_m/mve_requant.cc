// Helium requantisation of a GEMM run: see mve_requant.h.
#include "kernels/cortex_m/mve_requant.h"

#if defined(LPAI_HAS_CORTEX_M_MVE)
#include "kernels/int8_gemm.h"

namespace lpai {
namespace kernels {
namespace gemm {

namespace {

// Lanes [j, j + 4) of the run for one or two rows; all four lanes stored unless kTail (then
// the lanes under p only).
template <bool kLeftShift, bool kTail>
inline void requantize_lanes(const int32_t* acc0, const int32_t* acc1, const FastRun& r, uint32_t j,
                             mve_pred16_t p, const mve::OutStage& o, int8_t* out0, int8_t* out1) {
  const int32x4_t bias = vldrwq_s32(r.bias + j);
  const int32x4_t m = vreinterpretq_s32_u32(vldrwq_u32(r.mult + j));
  const int32x4_t neg_rs = vminq_s32(vldrwq_s32(r.shift + j), vdupq_n_s32(0));
  const int32x4_t left_mul = kLeftShift ? vreinterpretq_s32_u32(vldrwq_u32(r.left_mul + j)) : bias;
  auto one = [&](const int32_t* acc, int8_t* out) {
    int32x4_t x = vaddq_s32(kTail ? vldrwq_z_s32(acc + j, p) : vldrwq_s32(acc + j), bias);
    if (kLeftShift) x = vmulq_s32(x, left_mul);
    const int32x4_t v = mve::finish(mve::scale(x, m, neg_rs), o);
    if (kTail) {
      vstrbq_p_s32(out + j, v, p);
    } else {
      vstrbq_s32(out + j, v);
    }
  };
  one(acc0, out0);
  if (out1 != nullptr) one(acc1, out1);
}

template <bool kLeftShift>
void requantize_run(const int32_t* acc0, const int32_t* acc1, const FastRun& r, uint32_t n,
                    int8_t* out0, int8_t* out1) {
  const mve::OutStage o = mve::out_stage(r.output_zero_point, r.act_min, r.act_max);
  uint32_t j = 0;
  for (; j + 4 <= n; j += 4) requantize_lanes<kLeftShift, false>(acc0, acc1, r, j, 0, o, out0, out1);
  if (j < n) requantize_lanes<kLeftShift, true>(acc0, acc1, r, j, vctp32q(n - j), o, out0, out1);
}

}  // namespace

// Declared in int8_gemm.h: out0[j] = requantize(acc0[j]) and, when out1 is not null,
// out1[j] = requantize(acc1[j]) of lane j of the run, j < n; every lane exact (no slow lanes).
void mve_requantize_run(const int32_t* acc0, const int32_t* acc1, const FastRun& r, uint32_t n,
                        int8_t* out0, int8_t* out1) {
  if (r.any_left_shift) {
    requantize_run<true>(acc0, acc1, r, n, out0, out1);
  } else {
    requantize_run<false>(acc0, acc1, r, n, out0, out1);
  }
}

void mve_requantize_span(const int32_t* acc, const Requant& q, uint32_t first, uint32_t n, int8_t* dst) {
  const mve::OutStage o = mve::out_stage(q.output_zero_point, q.act_min, q.act_max);
  const int32x4_t one = vdupq_n_s32(1);
  for (uint32_t j = 0; j < n; j += 4) {
    const mve_pred16_t p = vctp32q(n - j);
    const uint32_t c = first + j;
    // Lanes past n read as 0 (predicated loads): shift 0, left_mul 1, not stored.
    const int32x4_t shift = vldrwq_z_s32(q.shift + c, p);
    const int32x4_t left_mul = vshlq_s32(one, vmaxq_s32(shift, vdupq_n_s32(0)));
    const int32x4_t v = mve::requantize(vldrwq_z_s32(acc + j, p), vldrwq_z_s32(q.folded_bias + c, p),
                                        left_mul, vldrwq_z_s32(q.multiplier + c, p), shift, o);
    vstrbq_p_s32(dst + j, v, p);
  }
}

}  // namespace gemm
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_MVE
