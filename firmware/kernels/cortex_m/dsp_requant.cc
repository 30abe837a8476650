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

namespace {

// dst[i] = requantize(acc[i]) of channel c0 + i under u, i < n (u's range, else the general
// sequence).
__attribute__((always_inline)) inline void requant_uniform(const int32_t* acc, uint32_t c0, uint32_t n,
                                                           const Requant& q, const dsp::Uniform& u,
                                                           int8_t* dst) {
  for (uint32_t i = 0; i < n; ++i) {
    const int32_t b = q.folded_bias[c0 + i];
    dst[i] = dsp::in_range(acc[i], b) ? dsp::requantize(acc[i], b, u) : requantize(acc[i], c0 + i, q);
  }
}

template <bool kWidened>
void gemv_row_uniform(const int32_t* xs, const int8_t* x, const int8_t* w, uint32_t n_count,
                      uint32_t k_len, const Requant& q, const dsp::Uniform& u, int8_t* dst) {
  uint32_t o = 0;
  const size_t k = k_len;
  for (; o + 4 <= n_count; o += 4) {
    const int8_t* w0 = w + o * k;
    int32_t acc[4];
    if (kWidened) {
      dsp::dot_1x4_widened(xs, w0, w0 + k, w0 + 2 * k, w0 + 3 * k, k_len, acc);
    } else {
      dsp::dot_1x4(x, w0, w0 + k, w0 + 2 * k, w0 + 3 * k, k_len, acc);
    }
    requant_uniform(acc, o, 4, q, u, dst + o);
  }
  if (o == n_count) return;
  // The last 1..3 rows: past the last weight row, repeat it; the extra results are dropped.
  const uint32_t last = n_count - 1;
  const int8_t* w0 = w + o * k;
  const int8_t* w1 = w + (o + 1 <= last ? o + 1 : last) * k;
  const int8_t* w2 = w + (o + 2 <= last ? o + 2 : last) * k;
  int32_t acc[4];
  if (kWidened) {
    dsp::dot_1x4_widened(xs, w0, w1, w2, w2, k_len, acc);
  } else {
    dsp::dot_1x4(x, w0, w1, w2, w2, k_len, acc);
  }
  requant_uniform(acc, o, n_count - o, q, u, dst + o);
}

}  // namespace

void dsp_gemv_row_uniform(const int32_t* xs, const int8_t* x, const int8_t* w, uint32_t n_count,
                          uint32_t k_len, const Requant& q, const dsp::Uniform& u, int8_t* dst) {
  if (xs != nullptr) {
    gemv_row_uniform<true>(xs, x, w, n_count, k_len, q, u, dst);
  } else {
    gemv_row_uniform<false>(xs, x, w, n_count, k_len, q, u, dst);
  }
}

}  // namespace gemm
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_DSP
