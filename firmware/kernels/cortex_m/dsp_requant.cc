// Cortex-M DSP requantisation of a GEMM run: see dsp_requant.h.
#include "kernels/cortex_m/dsp_requant.h"

#if defined(LPAI_HAS_CORTEX_M_DSP)
namespace lpai {
namespace kernels {
namespace gemm {

// fast_requantize_run on the DSP extension (declared in int8_gemm.h): dst[j] = requantize(acc[j]) of lane j of the
// run, j < n; the run's slow lanes through the general sequence.
void dsp_requantize_run(const int32_t* acc, const FastRun& r, uint32_t n, int8_t* dst) {
  const int32_t zp = r.output_zero_point, lo = r.act_min, hi = r.act_max;
  for (uint32_t j = 0; j < n; ++j) {
    const int32_t shift = r.shift[j];
    const uint32_t rs = shift < 0 ? static_cast<uint32_t>(-shift) : 0u;
    // left_mul = 2^ls; the doubling of the fast form is one more shift.
    const int32_t x = static_cast<int32_t>((static_cast<uint32_t>(acc[j]) + static_cast<uint32_t>(r.bias[j])) *
                                           r.left_mul[j]);
    const int32_t h = dsp::smmulr(static_cast<int32_t>(static_cast<uint32_t>(x) << 1), static_cast<int32_t>(r.mult[j]));
    const uint32_t neg = (static_cast<uint32_t>(h) >> 31) & r.round_neg[j];
    const int32_t v = ((h + static_cast<int32_t>(r.round_add[j]) - static_cast<int32_t>(neg)) >> rs) + zp;
    dst[j] = static_cast<int8_t>(dsp::clamp(v, lo, hi));
  }
  for (uint32_t i = 0; i < r.slow_count; ++i) {
    const uint32_t s = r.slow[i];
    if (s < n) dst[s] = exact_requantize(acc[s], r, s);
  }
}

}  // namespace gemm
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_DSP
