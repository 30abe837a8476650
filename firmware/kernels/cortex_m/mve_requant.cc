// Helium requantisation of a GEMM run: see mve_requant.h.
#include "kernels/cortex_m/mve_requant.h"

#if defined(LPAI_HAS_CORTEX_M_MVE)
#include "kernels/int8_gemm.h"

namespace lpai {
namespace kernels {
namespace gemm {

// Declared in int8_gemm.h: out0[j] = requantize(acc0[j]) and, when out1 is not null,
// out1[j] = requantize(acc1[j]) of lane j of the run, j < n; every lane exact (no slow lanes).
void mve_requantize_run(const int32_t* acc0, const int32_t* acc1, const FastRun& r, uint32_t n,
                        int8_t* out0, int8_t* out1) {
  const mve::OutStage o = mve::out_stage(r.output_zero_point, r.act_min, r.act_max);
  for (uint32_t j = 0; j < n; j += 4) {
    const mve_pred16_t p = vctp32q(n - j);
    const int32x4_t bias = vldrwq_s32(r.bias + j);
    const int32x4_t left_mul = vreinterpretq_s32_u32(vldrwq_u32(r.left_mul + j));
    const int32x4_t m = vreinterpretq_s32_u32(vldrwq_u32(r.mult + j));
    const int32x4_t shift = vldrwq_s32(r.shift + j);
    vstrbq_p_s32(out0 + j, mve::requantize(vldrwq_z_s32(acc0 + j, p), bias, left_mul, m, shift, o), p);
    if (out1 != nullptr) {
      vstrbq_p_s32(out1 + j, mve::requantize(vldrwq_z_s32(acc1 + j, p), bias, left_mul, m, shift, o), p);
    }
  }
}

}  // namespace gemm
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_MVE
