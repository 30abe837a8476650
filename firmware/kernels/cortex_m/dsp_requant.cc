// Cortex-M DSP requantisation of a GEMM run: see dsp_requant.h.
#include "kernels/cortex_m/dsp_requant.h"
#include "kernels/cortex_m/dsp_requant_uniform.h"

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

// out[j] = requantize(acc[j]) of lane j, j < n, for a run with round_shifts and no slow lane:
// the SMMLAR form of dsp_requant_uniform.h with each lane's multiplier, bias and shift (the zero
// point folded into the rounding constant; |acc + bias| < 2^30 on a fast lane).
template <bool kTwo, bool kFullRange>
void requant_lanes(const int32_t* acc0, const int32_t* acc1, const FastRun& r, uint32_t n,
                   int8_t* out0, int8_t* out1) {
  const uint32_t zp = static_cast<uint32_t>(r.output_zero_point);
  const int32_t lo = r.act_min, hi = r.act_max;
  for (uint32_t j = 0; j < n; ++j) {
    const uint32_t rs = static_cast<uint32_t>(-r.shift[j]);
    const int32_t rz = static_cast<int32_t>(r.round_add[j] + (zp << rs));
    const int32_t m = static_cast<int32_t>(r.mult[j]);
    const int32_t b = r.bias[j];
    const int32_t y0 = static_cast<int32_t>(static_cast<uint32_t>(acc0[j] + b) << 1);
    const int32_t v0 = (dsp::smmlar(y0, m, rz) + (y0 >> 31)) >> rs;
    out0[j] = static_cast<int8_t>(kFullRange ? __ssat(v0, 8) : dsp::clamp(v0, lo, hi));
    if (kTwo) {
      const int32_t y1 = static_cast<int32_t>(static_cast<uint32_t>(acc1[j] + b) << 1);
      const int32_t v1 = (dsp::smmlar(y1, m, rz) + (y1 >> 31)) >> rs;
      out1[j] = static_cast<int8_t>(kFullRange ? __ssat(v1, 8) : dsp::clamp(v1, lo, hi));
    }
  }
}

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

void dsp_row_pair_run(const int8_t* x0, const int8_t* x1, const int8_t* w, uint32_t n, uint32_t k_len,
                      const FastRun& r, int8_t* out0, int8_t* out1) {
  int32_t xr[dsp::kChunk];
  dsp::widen_pair_padded(x0, x1, k_len, xr);
  int32_t acc0[kFastRun + 1], acc1[kFastRun + 1];  // + 1: an odd n's block writes one past
  for (uint32_t o = 0; o < n; o += 2) {
    const int8_t* w0 = w + static_cast<size_t>(o) * k_len;
    const int8_t* w1 = o + 1 < n ? w0 + k_len : w0;  // past the last row: repeat it, drop it
    int32_t s[4] = {0, 0, 0, 0};
    dsp::dot_2x2_padded(xr, w0, w1, k_len, s);
    acc0[o] = s[0];
    acc0[o + 1] = s[1];
    acc1[o] = s[2];
    acc1[o + 1] = s[3];
  }
  const bool full = r.act_min == -128 && r.act_max == 127;
  if (out1 != nullptr) {
    if (full) {
      requant_lanes<true, true>(acc0, acc1, r, n, out0, out1);
    } else {
      requant_lanes<true, false>(acc0, acc1, r, n, out0, out1);
    }
  } else {
    requant_lanes<false, false>(acc0, acc1, r, n, out0, out1);
  }
}

SmmlarPlan dsp_smmlar_channels(const Requant& q, uint32_t n, uint32_t acc_bound) {
  SmmlarPlan plan{SmmlarForm::kRoundShifts, 0};
  if (n > 32 * kFastRun) return SmmlarPlan{SmmlarForm::kNone, 0};
  for (uint32_t c = 0; c < n; ++c) {
    const int32_t shift = q.shift[c];
    const int64_t b = q.folded_bias[c];
    const uint32_t ls = shift > 0 ? static_cast<uint32_t>(shift) : 0u;
    if (shift < -21 || (((b < 0 ? -b : b) + acc_bound) << ls) >= int64_t{1} << 30) {
      plan.general_runs |= 1u << (c / kFastRun);
    } else if (shift > -1) {
      plan.form = SmmlarForm::kMixed;
    }
  }
  return plan;
}

namespace {

// out[j] = requantize(acc[j]) of channel c0 + j (j < n) in the SMMLAR form, straight from q's
// arrays: rounding constant 2^(rs-1) + (zp << rs) = (2 zp + 1) << (rs - 1). kMixed: some
// channels have a shift >= 0 (left shift ls, no rounding shift): y = (acc + bias) << (ls + 1)
// and out = SMMLAR(y, m, zp), which the masks and shifts below give per channel.
template <bool kTwo, bool kFullRange, bool kMixed>
void requant_channels(const int32_t* acc0, const int32_t* acc1, const Requant& q, uint32_t c0,
                      uint32_t n, int8_t* out0, int8_t* out1) {
  const uint32_t zp2p1 = 2 * static_cast<uint32_t>(q.output_zero_point) + 1;
  const int32_t lo = q.act_min, hi = q.act_max;
  const int32_t* mult = q.multiplier + c0;
  const int32_t* shift = q.shift + c0;
  const int32_t* bias = q.folded_bias + c0;
  for (uint32_t j = 0; j < n; ++j) {
    const int32_t sh = shift[j];
    uint32_t ls1 = 1, rs = static_cast<uint32_t>(-sh);
    int32_t neg = -1;  // the rounding's "minus one below zero", on when rs > 0
    int32_t rz;
    if (kMixed && sh >= 0) {
      ls1 = static_cast<uint32_t>(sh) + 1;
      rs = 0;
      neg = 0;
      rz = q.output_zero_point;
    } else {
      rz = static_cast<int32_t>(zp2p1 << (rs - 1));
    }
    const int32_t m = mult[j];
    const int32_t b = bias[j];
    const int32_t y0 = static_cast<int32_t>(static_cast<uint32_t>(acc0[j] + b) << ls1);
    const int32_t v0 = (dsp::smmlar(y0, m, rz) + ((y0 >> 31) & neg)) >> rs;
    out0[j] = static_cast<int8_t>(kFullRange ? __ssat(v0, 8) : dsp::clamp(v0, lo, hi));
    if (kTwo) {
      const int32_t y1 = static_cast<int32_t>(static_cast<uint32_t>(acc1[j] + b) << ls1);
      const int32_t v1 = (dsp::smmlar(y1, m, rz) + ((y1 >> 31) & neg)) >> rs;
      out1[j] = static_cast<int8_t>(kFullRange ? __ssat(v1, 8) : dsp::clamp(v1, lo, hi));
    }
  }
}

// acc0[o], acc1[o] (+)= x0 . w_o, x1 . w_o over one widened chunk xr of len entries, o < count
// (w_o at w + o * k_len); kAccumulate: add to the sums already there.
template <bool kAccumulate>
__attribute__((always_inline)) inline void run_blocks(const int32_t* xr, const int8_t* w, uint32_t count,
                                                      uint32_t k_len, uint32_t len, int32_t* acc0,
                                                      int32_t* acc1) {
  for (uint32_t o = 0; o < count; o += 2) {
    const int8_t* w0 = w + static_cast<size_t>(o) * k_len;
    const int8_t* w1 = o + 1 < count ? w0 + k_len : w0;  // past the last row: repeat it, drop it
    int32_t s[4] = {0, 0, 0, 0};
    if (kAccumulate) {
      s[0] = acc0[o];
      s[1] = acc0[o + 1];
      s[2] = acc1[o];
      s[3] = acc1[o + 1];
    }
    dsp::dot_2x2_padded(xr, w0, w1, len, s);
    acc0[o] = s[0];
    acc0[o + 1] = s[1];
    acc1[o] = s[2];
    acc1[o + 1] = s[3];
  }
}

template <bool kMixed>
void requant_run(const int32_t* acc0, const int32_t* acc1, const Requant& q, uint32_t first, uint32_t count,
                 bool general, bool full, int8_t* out0, int8_t* out1) {
  if (general) {  // a channel of the run outside the SMMLAR form
    for (uint32_t j = 0; j < count; ++j) {
      out0[first + j] = requantize(acc0[j], first + j, q);
      if (out1 != nullptr) out1[first + j] = requantize(acc1[j], first + j, q);
    }
  } else if (out1 == nullptr) {
    requant_channels<false, false, kMixed>(acc0, acc1, q, first, count, out0 + first, nullptr);
  } else if (full) {
    requant_channels<true, true, kMixed>(acc0, acc1, q, first, count, out0 + first, out1 + first);
  } else {
    requant_channels<true, false, kMixed>(acc0, acc1, q, first, count, out0 + first, out1 + first);
  }
}

// Rows of at most dsp::kPairMax entries are widened once; longer ones a chunk of kPairMax at a
// time for each run of channels.
template <bool kMixed>
void row_pair_all(const int8_t* x0, const int8_t* x1, const int8_t* w, uint32_t n, uint32_t k_len,
                  const Requant& q, uint32_t general_runs, int8_t* out0, int8_t* out1) {
  int32_t xr[dsp::kPairMax];
  const bool full = q.act_min == -128 && q.act_max == 127;
  int32_t acc0[kFastRun + 1], acc1[kFastRun + 1];  // + 1: an odd count's block writes one past
  if (k_len <= dsp::kPairMax) {
    dsp::widen_pair_padded(x0, x1, k_len, xr);
    for (uint32_t first = 0; first < n; first += kFastRun) {
      const uint32_t count = n - first < kFastRun ? n - first : kFastRun;
      run_blocks<false>(xr, w + static_cast<size_t>(first) * k_len, count, k_len, k_len, acc0, acc1);
      requant_run<kMixed>(acc0, acc1, q, first, count, (general_runs >> (first / kFastRun) & 1u) != 0,
                          full, out0, out1);
    }
    return;
  }
  for (uint32_t first = 0; first < n; first += kFastRun) {
    const uint32_t count = n - first < kFastRun ? n - first : kFastRun;
    for (uint32_t k0 = 0; k0 < k_len; k0 += dsp::kPairMax) {
      const uint32_t len = k_len - k0 < dsp::kPairMax ? k_len - k0 : dsp::kPairMax;
      dsp::widen_pair_padded(x0 + k0, x1 + k0, len, xr);
      const int8_t* wr = w + static_cast<size_t>(first) * k_len + k0;
      if (k0 == 0) {
        run_blocks<false>(xr, wr, count, k_len, len, acc0, acc1);
      } else {
        run_blocks<true>(xr, wr, count, k_len, len, acc0, acc1);
      }
    }
    requant_run<kMixed>(acc0, acc1, q, first, count, (general_runs >> (first / kFastRun) & 1u) != 0, full,
                        out0, out1);
  }
}

}  // namespace

void dsp_row_pair_all(const int8_t* x0, const int8_t* x1, const int8_t* w, uint32_t n, uint32_t k_len,
                      const Requant& q, const SmmlarPlan& plan, int8_t* out0, int8_t* out1) {
  if (plan.form == SmmlarForm::kMixed) {
    row_pair_all<true>(x0, x1, w, n, k_len, q, plan.general_runs, out0, out1);
  } else {
    row_pair_all<false>(x0, x1, w, n, k_len, q, plan.general_runs, out0, out1);
  }
}

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
