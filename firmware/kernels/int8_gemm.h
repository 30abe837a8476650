// Shared int8 matrix kernels for FULLY_CONNECTED and CONV_2D (portable C++, no intrinsics).
//
// Both ops reduce to rows of int8 activations dotted with rows of int8 weights, each of length
// K (the weight matrix is [N][K], row-major, exactly as TFLite stores FC weights and CONV_2D
// filters [out_c][kh][kw][in_c]). The activation rows are widened to int16 in stack chunks and
// each dot product is one reduction loop over a multiple of 16 entries with an int16 and an
// int8 operand: the form compilers vectorise even at -O2 (no epilogue, no cost-model guess)
// and map to multiply-add-pairs instructions (pmaddwd on x86); the remainder (K % 16) runs
// scalar.
//
// Requantisation follows TFLite's reference kernels: acc = dot + folded_bias[o] (wrapping
// int32, equal modulo 2^32 to TFLite's sum of (w) * (x - input_zero_point) + bias), then
// multiply_by_quantized_multiplier, + output_zero_point, clamp to the activation range.
// folded_bias[o] = bias[o] - input_zero_point * sum_k w[o][k], computed offline.
//
// Preconditions (established by the op validators): K <= kMaxAccumDepth, so every partial dot
// product fits in int32 (|w * x| <= 2^14, K * 2^14 <= 2^30).
#ifndef LPAI_KERNELS_INT8_GEMM_H
#define LPAI_KERNELS_INT8_GEMM_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/cortex_m/dsp_gemm.h"
#include "kernels/cortex_m/dsp_requant_uniform.h"
#include "kernels/cortex_m/mve_gemm.h"
#include "kernels/fixed_point.h"

namespace lpai {
namespace kernels {
namespace gemm {

constexpr uint32_t kLanes = 16;
constexpr uint32_t kMaxAccumDepth = 1u << 16;

// Per-output-channel requantisation, arrays of N entries.
struct Requant {
  const int32_t* folded_bias;
  const int32_t* multiplier;  // Q31, >= 0
  const int32_t* shift;       // in [-31, 30]
  int32_t output_zero_point;
  int32_t act_min;  // within [-128, 127]
  int32_t act_max;
};

// The Requant view of a parameter blob whose header (type P, with output_zero_point, act_min,
// act_max) is followed by int32 folded_bias[channels], multiplier[channels], shift[channels]:
// the layout CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED share.
template <typename P>
inline Requant requant_after_header(const uint8_t* params, uint32_t channels) {
  const P& p = *reinterpret_cast<const P*>(params);
  const int32_t* arrays = reinterpret_cast<const int32_t*>(params + sizeof(P));
  return Requant{arrays, arrays + channels, arrays + 2 * channels, p.output_zero_point, p.act_min,
                 p.act_max};
}

inline int8_t requantize(int32_t dot, uint32_t o, const Requant& q) {
  int32_t acc = wrapping_add_i32(dot, q.folded_bias[o]);
  acc = multiply_by_quantized_multiplier(acc, q.multiplier[o], q.shift[o]);
  acc = wrapping_add_i32(acc, q.output_zero_point);
  return static_cast<int8_t>(clamp_i32(acc, q.act_min, q.act_max));
}

// ---- Fast exact requantisation ----------------------------------------------------------------
// For a channel with left shift ls = max(shift, 0), right shift rs = max(-shift, 0), and an
// accumulator with |(acc + bias) * 2^ls| < 2^30, requantize() equals the following unsigned
// 32/64-bit sequence, which compilers vectorise (32x32->64 unsigned products, 64-bit adds and
// constant shifts only; no per-lane variable shifts):
//   x = (acc + bias) * 2^ls;                            |x| < 2^30, no wrap
//   h = ((u64(u32 x) * m + 2^30) >> 31) - (x < 0 ? 2m : 0)    (mod 2^32)
//       = (x * m + 2^30) >> 31 = TFLite's SaturatingRoundingDoublingHighMul(x, m); |h| <= |x|
//   u = h + 2^31 + round_add - (h < 0 ? round_neg : 0)        in [0, 2^32) since |h| < 2^30
//   r = ((u64 u * 2^(31-rs)) >> 31) - 2^(31-rs)
//     = floor((h + round_add - [h < 0 and rs > 0]) / 2^rs) = RoundingDivideByPOT(h, rs)
// with round_add = rs > 0 ? 2^(rs-1) : 0 and round_neg = rs > 0 ? 1 : 0.
// Channels whose bias (with the caller's bound on |acc|) can break the precondition are "slow
// lanes": the block computes them with requantize()'s general sequence afterwards.
constexpr uint32_t kFastRun = 16;            // channels per table run (tables on the stack)
constexpr uint32_t kFastAccLimit = 1u << 30;  // |(acc + bias) * 2^ls| must stay below this

// Per-lane tables for up to kFastRun lanes (lane j = one output channel).
struct FastRun {
  int32_t bias[kFastRun];
  uint32_t mult[kFastRun];
  uint32_t left_mul[kFastRun];   // 2^ls
  uint32_t round_mul[kFastRun];  // 2^(31 - rs)
  uint32_t round_add[kFastRun];  // rs > 0 ? 2^(rs - 1) : 0
  uint32_t round_neg[kFastRun];  // rs > 0 ? 1 : 0
  int32_t shift[kFastRun];       // the channel's shift (slow lanes)
  uint8_t slow[kFastRun];        // slow lane indices, ascending
  uint32_t slow_count;
  bool any_left_shift;           // some lane has ls > 0
  bool round_shifts;             // every lane has rs in [1, 21] (no left shift)
  int32_t output_zero_point;
  int32_t act_min;
  int32_t act_max;
};

// Fills lanes [0, n) of *r (n <= kFastRun) with channel(j) = first + j % period (period = n
// for a plain run). acc_bound bounds |acc| (the dot product before the bias) of every lane.
inline void fast_run_fill(const Requant& q, uint32_t first, uint32_t n, uint32_t period,
                          uint32_t acc_bound, FastRun* r) {
  r->any_left_shift = false;
  r->round_shifts = true;
  r->slow_count = 0;
  for (uint32_t j = 0; j < n; ++j) {
    const uint32_t c = first + j % period;
    const int32_t shift = q.shift[c];
    const uint32_t ls = shift > 0 ? static_cast<uint32_t>(shift) : 0u;
    const uint32_t rs = shift > 0 ? 0u : static_cast<uint32_t>(-shift);
    const int64_t b = q.folded_bias[c];
    const int64_t mag = (b < 0 ? -b : b) + acc_bound;
    r->bias[j] = q.folded_bias[c];
    r->mult[j] = static_cast<uint32_t>(q.multiplier[c]);
    r->left_mul[j] = 1u << ls;
    r->round_mul[j] = 1u << (31 - rs);
    r->round_add[j] = rs > 0 ? 1u << (rs - 1) : 0u;
    r->round_neg[j] = rs > 0 ? 1u : 0u;
    r->shift[j] = shift;
    r->any_left_shift = r->any_left_shift || ls > 0;
    r->round_shifts = r->round_shifts && rs >= 1 && rs <= 21;
    if ((mag << ls) >= static_cast<int64_t>(kFastAccLimit)) r->slow[r->slow_count++] = static_cast<uint8_t>(j);
  }
  r->output_zero_point = q.output_zero_point;
  r->act_min = q.act_min;
  r->act_max = q.act_max;
}

template <bool kLeftShift>
inline int8_t fast_requantize(int32_t acc, const FastRun& r, size_t j, uint32_t zp, int32_t lo,
                              int32_t hi) {
  uint32_t x = static_cast<uint32_t>(acc) + static_cast<uint32_t>(r.bias[j]);
  if (kLeftShift) x *= r.left_mul[j];
  const uint32_t x_neg = static_cast<uint32_t>(static_cast<int32_t>(x) >> 31);
  const uint64_t p = static_cast<uint64_t>(x) * r.mult[j] + (uint64_t{1} << 30);
  const uint32_t h = static_cast<uint32_t>(p >> 31) - ((r.mult[j] << 1) & x_neg);
  const uint32_t h_neg = static_cast<uint32_t>(static_cast<int32_t>(h) >> 31);
  const uint32_t u = h + 0x80000000u + r.round_add[j] - (r.round_neg[j] & h_neg);
  const uint32_t q = static_cast<uint32_t>((static_cast<uint64_t>(u) * r.round_mul[j]) >> 31) -
                     r.round_mul[j];
  int32_t v = static_cast<int32_t>(q + zp);
  v = v < lo ? lo : v;
  v = v > hi ? hi : v;
  return static_cast<int8_t>(v);
}

// requantize() of lane j through the general sequence.
inline int8_t exact_requantize(int32_t acc, const FastRun& r, size_t j) {
  int32_t v = wrapping_add_i32(acc, r.bias[j]);
  v = multiply_by_quantized_multiplier(v, static_cast<int32_t>(r.mult[j]), r.shift[j]);
  v = wrapping_add_i32(v, r.output_zero_point);
  return static_cast<int8_t>(clamp_i32(v, r.act_min, r.act_max));
}

// dst[j] = requantize(acc[j]) of lane lane0 + j, j < W (fixed width: vectorised). The results
// go through a local array: stores to dst could alias the tables, which keeps loops scalar.
template <size_t W>
inline void fast_requantize_block(const int32_t* __restrict acc, const FastRun& r, size_t lane0,
                                  int8_t* __restrict dst) {
  int8_t res[W];
  const uint32_t zp = static_cast<uint32_t>(r.output_zero_point);
  const int32_t lo = r.act_min, hi = r.act_max;
  if (r.any_left_shift) {
    for (size_t j = 0; j < W; ++j) res[j] = fast_requantize<true>(acc[j], r, lane0 + j, zp, lo, hi);
  } else {
    for (size_t j = 0; j < W; ++j) res[j] = fast_requantize<false>(acc[j], r, lane0 + j, zp, lo, hi);
  }
  for (uint32_t i = 0; i < r.slow_count; ++i) {
    const size_t s = r.slow[i];
    if (s >= lane0 && s < lane0 + W) res[s - lane0] = exact_requantize(acc[s - lane0], r, s);
  }
  __builtin_memcpy(dst, res, W);
}

#if defined(LPAI_HAS_CORTEX_M_DSP)
// fast_requantize_run on the DSP extension (SMMULR; kernels/cortex_m/dsp_requant.cc).
void dsp_requantize_run(const int32_t* acc, const FastRun& r, uint32_t n, int8_t* dst);

// How gemm::dsp_row_pair_all requantises the channels of a node (accumulators bounded by
// acc_bound) in the SMMLAR form (dsp_requant_uniform.h): kRoundShifts when every shift of its
// channels is in [-21, -1], kMixed when some are >= 0 (left shifts, no rounding shift). A
// channel with a shift below -21 or with |bias| + acc_bound shifted left by its left shift
// reaching 2^30 puts its run of kFastRun channels on the general sequence (bit r of
// general_runs). kNone: over 32 runs of channels.
enum class SmmlarForm : uint8_t { kNone, kRoundShifts, kMixed };
struct SmmlarPlan {
  SmmlarForm form;
  uint32_t general_runs;
};
SmmlarPlan dsp_smmlar_channels(const Requant& q, uint32_t n, uint32_t acc_bound);

// out0[o] = requantize(x0 . w_o), out1[o] likewise for x1 (x1 may equal x0 when out1 is null),
// o < n, by a plan of dsp_smmlar_channels (not kNone): runs of kFastRun channels in 2x2 blocks
// over the rows widened once (k_len <= dsp::kPairMax) or a chunk at a time (dsp_requant.cc).
void dsp_row_pair_all(const int8_t* x0, const int8_t* x1, const int8_t* w, uint32_t n, uint32_t k_len,
                      const Requant& q, const SmmlarPlan& plan, int8_t* out0, int8_t* out1);

// gemm_row_pair_run on the DSP extension for a run with r.round_shifts, no slow lane and
// k_len <= dsp::kChunk (dsp_requant.cc).
void dsp_row_pair_run(const int8_t* x0, const int8_t* x1, const int8_t* w, uint32_t n, uint32_t k_len,
                      const FastRun& r, int8_t* out0, int8_t* out1);

// requantize() of fast lane j of r (not one of r.slow) on the DSP extension: the SMMULR form of
// kernels/cortex_m/dsp_requant.h.
inline int8_t dsp_requantize_fast_lane(int32_t acc, const FastRun& r, uint32_t j) {
  const int32_t shift = r.shift[j];
  const uint32_t rs = shift < 0 ? static_cast<uint32_t>(-shift) : 0u;
  const uint32_t x = (static_cast<uint32_t>(acc) + static_cast<uint32_t>(r.bias[j])) * r.left_mul[j];
  const int32_t h = dsp::smmulr(static_cast<int32_t>(x << 1), static_cast<int32_t>(r.mult[j]));
  const uint32_t neg = (static_cast<uint32_t>(h) >> 31) & r.round_neg[j];
  const int32_t v = ((h + static_cast<int32_t>(r.round_add[j]) - static_cast<int32_t>(neg)) >> rs) +
                    r.output_zero_point;
  return static_cast<int8_t>(dsp::clamp(v, r.act_min, r.act_max));
}

// dst[o] = requantize(x . w_o) for o < n_count over a per-tensor requantisation u (the same
// multiplier and shift in every channel of q), one activation row: xs its pair-words
// (dsp::widen_row_padded) or, when xs is null, x read as it is (rows over dsp::kRowMax). The
// general sequence for any accumulator outside u's range. Cortex-M DSP (dsp_requant.cc).
void dsp_gemv_row_uniform(const int32_t* xs, const int8_t* x, const int8_t* w, uint32_t n_count,
                          uint32_t k_len, const Requant& q, const dsp::Uniform& u, int8_t* dst);
#endif

#if defined(LPAI_HAS_CORTEX_M_MVE)
// out0[j] = requantize(acc0[j]), and out1[j] = requantize(acc1[j]) when out1 is not null, of
// lane j of the run, j < n, on Helium vectors (kernels/cortex_m/mve_requant.cc).
void mve_requantize_run(const int32_t* acc0, const int32_t* acc1, const FastRun& r, uint32_t n,
                        int8_t* out0, int8_t* out1);

// dst[j] = requantize(acc[j], first + j, q) for j < n (n <= 16), on Helium vectors
// (kernels/cortex_m/mve_requant.cc).
void mve_requantize_span(const int32_t* acc, const Requant& q, uint32_t first, uint32_t n, int8_t* dst);
#endif

// dst[j] = requantize(acc[j]) of lane j for j < n (n <= kFastRun).
inline void fast_requantize_run(const int32_t* acc, const FastRun& r, uint32_t n, int8_t* dst) {
  uint32_t j = 0;
  for (; j + 16 <= n; j += 16) fast_requantize_block<16>(acc + j, r, j, dst + j);
  for (; j + 8 <= n; j += 8) fast_requantize_block<8>(acc + j, r, j, dst + j);
  for (; j < n; ++j) fast_requantize_block<1>(acc + j, r, j, dst + j);
}

// dst[j] = src[j], j < B (fixed width: vectorised).
template <size_t B>
inline void widen_i8(const int8_t* __restrict src, int16_t* __restrict dst) {
  for (size_t j = 0; j < B; ++j) dst[j] = src[j];
}

// Activation entries widened per chunk: one row of kRowChunk int16 (dot_1x4, 256 bytes of
// stack), two rows of kPairChunk (gemm_row_pair_run, 256 bytes: a CONV_2D call stays within
// the 2 KiB execute stack on Cortex-M).
constexpr uint32_t kRowChunk = 128;
constexpr uint32_t kPairChunk = 64;

// s[r] += x . w_r over len int16 activations (len a multiple of 16) and four int8 weight rows:
// one reduction loop without epilogue, which compilers keep in vector accumulators (pmaddwd on
// x86) with a single horizontal sum per call.
inline void dot_1x4_chunk(const int16_t* __restrict x, const int8_t* __restrict w0,
                          const int8_t* __restrict w1, const int8_t* __restrict w2,
                          const int8_t* __restrict w3, uint32_t len, int32_t s[4]) {
  int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  const uint32_t len16 = len & ~(kLanes - 1);  // a multiple of 16: no scalar epilogue
  for (uint32_t k = 0; k < len16; ++k) {
    const int16_t xv = x[k];
    s0 += xv * static_cast<int16_t>(w0[k]);
    s1 += xv * static_cast<int16_t>(w1[k]);
    s2 += xv * static_cast<int16_t>(w2[k]);
    s3 += xv * static_cast<int16_t>(w3[k]);
  }
  s[0] += s0;
  s[1] += s1;
  s[2] += s2;
  s[3] += s3;
}

// Sums of x . w0..w3 (1 activation row, 4 weight rows): the row widened kChunk entries (a
// multiple of 16) at a time into a stack buffer, K % 16 scalar.
template <uint32_t kChunk = kRowChunk>
inline void dot_1x4(const int8_t* __restrict x, const int8_t* __restrict w0,
                    const int8_t* __restrict w1, const int8_t* __restrict w2,
                    const int8_t* __restrict w3, uint32_t k_len, int32_t out[4]) {
#if defined(LPAI_HAS_CORTEX_M_MVE)
  mve::dot_1x4(x, w0, w1, w2, w3, k_len, out);
#elif defined(LPAI_HAS_CORTEX_M_DSP)
  dsp::dot_1x4(x, w0, w1, w2, w3, k_len, out);
#else
  static_assert(kChunk % kLanes == 0, "whole 16-entry groups per chunk");
  int32_t s[4] = {0, 0, 0, 0};
  const uint32_t k16 = k_len & ~(kLanes - 1);
  int16_t xs[kChunk];
  for (uint32_t k = 0; k < k16; k += kChunk) {
    const uint32_t len = k16 - k < kChunk ? k16 - k : kChunk;
    for (uint32_t j = 0; j < len; j += kLanes) widen_i8<kLanes>(x + k + j, xs + j);
    dot_1x4_chunk(xs, w0 + k, w1 + k, w2 + k, w3 + k, len, s);
  }
  for (uint32_t k = k16; k < k_len; ++k) {
    const int32_t xv = x[k];
    s[0] += xv * w0[k];
    s[1] += xv * w1[k];
    s[2] += xv * w2[k];
    s[3] += xv * w3[k];
  }
  out[0] = s[0];
  out[1] = s[1];
  out[2] = s[2];
  out[3] = s[3];
#endif
}

// s[0..3] += x0 . w0, x0 . w1, x1 . w0, x1 . w1 over len int16 activations (len a multiple of
// 16) and int8 weights: the two-row form of dot_1x4_chunk.
inline void dot_2x2_chunk(const int16_t* __restrict x0, const int16_t* __restrict x1,
                          const int8_t* __restrict w0, const int8_t* __restrict w1, uint32_t len,
                          int32_t s[4]) {
  int32_t s00 = 0, s01 = 0, s10 = 0, s11 = 0;
  const uint32_t len16 = len & ~(kLanes - 1);
  for (uint32_t k = 0; k < len16; ++k) {
    const int16_t a = x0[k], b = x1[k];
    const int16_t u = w0[k], v = w1[k];
    s00 += a * u;
    s01 += a * v;
    s10 += b * u;
    s11 += b * v;
  }
  s[0] += s00;
  s[1] += s01;
  s[2] += s10;
  s[3] += s11;
}

#if defined(LPAI_HAS_CORTEX_M_DSP) && !defined(LPAI_HAS_CORTEX_M_MVE)
// gemv_rows on the DSP extension with each row widened once into kWords words on the stack
// (k_len <= 2 * kWords). Not inlined: the buffer is sized to the row, so a small layer runs
// with a small frame. uq: the per-tensor requantisation in the SMMLAR form, or null.
template <uint32_t kWords>
__attribute__((noinline)) void gemv_rows_widened(const int8_t* x, uint32_t x_stride,
                                                 uint32_t m_count, const int8_t* w,
                                                 uint32_t n_count, uint32_t k_len,
                                                 const Requant& q, int8_t* out,
                                                 uint32_t out_stride) {
  int32_t xs[kWords];
  for (uint32_t m = 0; m < m_count; ++m) {
    const int8_t* row = x + static_cast<size_t>(m) * x_stride;
    int8_t* dst = out + static_cast<size_t>(m) * out_stride;
    dsp::widen_row_padded(row, k_len, xs);
    for (uint32_t o = 0; o < n_count; o += 4) {
      // Past the last weight row, repeat it; the extra results are dropped.
      const uint32_t last = n_count - 1;
      const int8_t* w0 = w + static_cast<size_t>(o) * k_len;
      const int8_t* w1 = w + static_cast<size_t>(o + 1 <= last ? o + 1 : last) * k_len;
      const int8_t* w2 = w + static_cast<size_t>(o + 2 <= last ? o + 2 : last) * k_len;
      const int8_t* w3 = w + static_cast<size_t>(o + 3 <= last ? o + 3 : last) * k_len;
      int32_t acc[4];
      dsp::dot_1x4_widened(xs, w0, w1, w2, w3, k_len, acc);
      const uint32_t n = n_count - o < 4 ? n_count - o : 4;
      for (uint32_t i = 0; i < n; ++i) dst[o + i] = requantize(acc[i], o + i, q);
    }
  }
}

// gemv_rows_widened with the per-tensor requantisation uq (SMMLAR form): widening and
// dsp_gemv_row_uniform only, so that the frame holds little beyond the row buffer.
template <uint32_t kWords>
__attribute__((noinline)) void gemv_rows_widened_uniform(const int8_t* x, uint32_t x_stride,
                                                         uint32_t m_count, const int8_t* w,
                                                         uint32_t n_count, uint32_t k_len,
                                                         const Requant& q, int8_t* out,
                                                         uint32_t out_stride,
                                                         const dsp::Uniform& uq) {
  int32_t xs[kWords];
  for (uint32_t m = 0; m < m_count; ++m) {
    const int8_t* row = x + static_cast<size_t>(m) * x_stride;
    dsp::widen_row_padded(row, k_len, xs);
    dsp_gemv_row_uniform(xs, row, w, n_count, k_len, q, uq,
                         out + static_cast<size_t>(m) * out_stride);
  }
}
#endif

// gemv_rows on plain int8 rows, widened kChunk entries at a time (dot_1x4).
template <uint32_t kChunk>
__attribute__((noinline)) void gemv_rows_plain(const int8_t* x, uint32_t x_stride,
                                               uint32_t m_count, const int8_t* w,
                                               uint32_t n_count, uint32_t k_len,
                                               const Requant& q, int8_t* out,
                                               uint32_t out_stride) {
  for (uint32_t m = 0; m < m_count; ++m) {
    const int8_t* row = x + static_cast<size_t>(m) * x_stride;
    int8_t* dst = out + static_cast<size_t>(m) * out_stride;
    for (uint32_t o = 0; o < n_count; o += 4) {
      // Past the last weight row, repeat it; the extra results are dropped.
      const uint32_t last = n_count - 1;
      const int8_t* w0 = w + static_cast<size_t>(o) * k_len;
      const int8_t* w1 = w + static_cast<size_t>(o + 1 <= last ? o + 1 : last) * k_len;
      const int8_t* w2 = w + static_cast<size_t>(o + 2 <= last ? o + 2 : last) * k_len;
      const int8_t* w3 = w + static_cast<size_t>(o + 3 <= last ? o + 3 : last) * k_len;
      int32_t acc[4];
      dot_1x4<kChunk>(row, w0, w1, w2, w3, k_len, acc);
      const uint32_t n = n_count - o < 4 ? n_count - o : 4;
      for (uint32_t i = 0; i < n; ++i) dst[o + i] = requantize(acc[i], o + i, q);
    }
  }
}

// out[m * out_stride + o] = requantize(rows[m] . w[o]) for m < M, o < N. Rows are K bytes
// each at rows[m]; w is [N][K]. Suited to few rows (FULLY_CONNECTED): 1 row x 4 weight rows
// per step, each weight row read once per activation row. per_tensor: every channel of q has
// the same multiplier and shift. On the DSP extension always inlined: its caller's frame holds
// its locals (elsewhere out of line, so that a caller's other paths keep a small frame).
#if defined(LPAI_HAS_CORTEX_M_DSP) && !defined(LPAI_HAS_CORTEX_M_MVE)
#define LPAI_GEMV_ROWS_INLINE __attribute__((always_inline))
#else
#define LPAI_GEMV_ROWS_INLINE
#endif
LPAI_GEMV_ROWS_INLINE inline void gemv_rows(const int8_t* x, uint32_t x_stride, uint32_t m_count,
                                            const int8_t* w, uint32_t n_count, uint32_t k_len,
                                            const Requant& q, int8_t* out, uint32_t out_stride,
                                            bool per_tensor = false) {
#if defined(LPAI_HAS_CORTEX_M_MVE)
  // Helium: 16 outputs per step (four dot_1x4 blocks), requantised on vectors.
  (void)per_tensor;
  for (uint32_t m = 0; m < m_count; ++m) {
    const int8_t* row = x + static_cast<size_t>(m) * x_stride;
    int8_t* dst = out + static_cast<size_t>(m) * out_stride;
    for (uint32_t o = 0; o < n_count; o += 16) {
      const uint32_t count = n_count - o < 16 ? n_count - o : 16;
      int32_t acc[16];
      for (uint32_t i = 0; i < count; i += 4) {
        // Past the last weight row, repeat it; the extra results are not stored.
        const uint32_t last = n_count - 1, r = o + i;
        const int8_t* w0 = w + static_cast<size_t>(r) * k_len;
        const int8_t* w1 = w + static_cast<size_t>(r + 1 <= last ? r + 1 : last) * k_len;
        const int8_t* w2 = w + static_cast<size_t>(r + 2 <= last ? r + 2 : last) * k_len;
        const int8_t* w3 = w + static_cast<size_t>(r + 3 <= last ? r + 3 : last) * k_len;
        mve::dot_1x4(row, w0, w1, w2, w3, k_len, acc + i);
      }
      mve_requantize_span(acc, q, o, count, dst + o);
    }
  }
  return;
#elif defined(LPAI_HAS_CORTEX_M_DSP)
  // DSP extension, rows of at most dsp::kRowMax entries: each row widened once, into a stack
  // buffer of the first tier that holds it (2 bytes per entry: 16, 32, 128 or dsp::kRowMax). A
  // per-tensor requantisation in the SMMLAR form where it applies.
  dsp::Uniform u;
  const dsp::Uniform* uq =
      per_tensor && dsp::uniform(q.multiplier[0], q.shift[0], q.output_zero_point, q.act_min,
                                 q.act_max, &u)
          ? &u
          : nullptr;
  if (uq != nullptr && k_len <= dsp::kRowMax) {
    if (k_len <= 16) {
      gemv_rows_widened_uniform<8>(x, x_stride, m_count, w, n_count, k_len, q, out, out_stride, u);
    } else if (k_len <= 32) {
      gemv_rows_widened_uniform<16>(x, x_stride, m_count, w, n_count, k_len, q, out, out_stride, u);
    } else if (k_len <= 128) {
      gemv_rows_widened_uniform<64>(x, x_stride, m_count, w, n_count, k_len, q, out, out_stride, u);
    } else {
      gemv_rows_widened_uniform<dsp::kRowMax / 2>(x, x_stride, m_count, w, n_count, k_len, q, out,
                                                  out_stride, u);
    }
    return;
  }
  if (k_len <= 16) {
    gemv_rows_widened<8>(x, x_stride, m_count, w, n_count, k_len, q, out, out_stride);
    return;
  }
  if (k_len <= 32) {
    gemv_rows_widened<16>(x, x_stride, m_count, w, n_count, k_len, q, out, out_stride);
    return;
  }
  if (k_len <= 128) {
    gemv_rows_widened<64>(x, x_stride, m_count, w, n_count, k_len, q, out, out_stride);
    return;
  }
  if (k_len <= dsp::kRowMax) {
    gemv_rows_widened<dsp::kRowMax / 2>(x, x_stride, m_count, w, n_count, k_len, q, out,
                                        out_stride);
    return;
  }
  if (uq != nullptr) {  // longer rows: each activation word widened in the dot-product loop
    for (uint32_t m = 0; m < m_count; ++m) {
      dsp_gemv_row_uniform(nullptr, x + static_cast<size_t>(m) * x_stride, w, n_count, k_len, q, *uq,
                           out + static_cast<size_t>(m) * out_stride);
    }
    return;
  }
#else
  (void)per_tensor;
#endif
  // Rows of up to 32 entries widen into a 64-byte buffer, longer ones kRowChunk at a time.
  if (k_len <= 32) {
    gemv_rows_plain<32>(x, x_stride, m_count, w, n_count, k_len, q, out, out_stride);
    return;
  }
  gemv_rows_plain<kRowChunk>(x, x_stride, m_count, w, n_count, k_len, q, out, out_stride);
}
#undef LPAI_GEMV_ROWS_INLINE

// acc0[o] += x0[k] * w[o][k], acc1[o] += x1[k] * w[o][k] for k in [k_from, k_len), o < n: the
// depth left over by a row-pair kernel's blocks (w is [n][k_len]).
inline void add_depth_tail(const int8_t* x0, const int8_t* x1, const int8_t* w, uint32_t n, uint32_t k_len,
                           uint32_t k_from, int32_t* acc0, int32_t* acc1) {
  for (uint32_t k = k_from; k < k_len; ++k) {
    const int32_t a = x0[k], b = x1[k];
    for (uint32_t o = 0; o < n; ++o) {
      const int32_t v = w[static_cast<size_t>(o) * k_len + k];
      acc0[o] += a * v;
      acc1[o] += b * v;
    }
  }
}

// Rows x0 and x1 (x1 may equal x0 when only one row is left; then out1 is null) times weight
// rows [0, n) of w ([n][k_len], n <= kFastRun), requantised through the run tables (lane j =
// weight row j): out0[j], out1[j]. The rows are widened kPairChunk entries at a time into
// stack buffers, each chunk dotted with every weight row (dot_2x2_chunk); K % 16 runs scalar.
inline void gemm_row_pair_run(const int8_t* x0, const int8_t* x1, const int8_t* w, uint32_t n,
                              uint32_t k_len, const FastRun& r, int8_t* out0, int8_t* out1) {
#if defined(LPAI_HAS_CORTEX_M_MVE)
  // Helium: 2x2 blocks of VMLADAVA dot products (mve_gemm.h), the run requantised on vectors.
  static_assert(mve::kRun == kFastRun, "one accumulator row per run lane");
  int32_t acc[2 * kFastRun];
  mve::dot_2xn(x0, x1, w, n, k_len, acc);
  mve_requantize_run(acc, acc + kFastRun, r, n, out0, out1);
#elif defined(LPAI_HAS_CORTEX_M_DSP)
  // DSP extension. Rows of at most one chunk with no slow lane (the common case): each 2x2
  // block is requantised straight from its registers, the depth zero-padded to whole words.
  if (k_len <= dsp::kChunk && r.slow_count == 0 && r.round_shifts) {
    dsp_row_pair_run(x0, x1, w, n, k_len, r, out0, out1);
    return;
  }
  if (k_len <= dsp::kChunk && r.slow_count == 0) {
    int32_t xr[dsp::kChunk];
    dsp::widen_pair_padded(x0, x1, k_len, xr);
    for (uint32_t o = 0; o < n; o += 2) {
      const int8_t* w0 = w + static_cast<size_t>(o) * k_len;
      const bool two = o + 1 < n;
      const int8_t* w1 = two ? w0 + k_len : w0;  // past the last row: repeat it, drop it
      int32_t s[4] = {0, 0, 0, 0};
      dsp::dot_2x2_padded(xr, w0, w1, k_len, s);
      out0[o] = dsp_requantize_fast_lane(s[0], r, o);
      if (out1 != nullptr) out1[o] = dsp_requantize_fast_lane(s[2], r, o);
      if (two) {
        out0[o + 1] = dsp_requantize_fast_lane(s[1], r, o + 1);
        if (out1 != nullptr) out1[o + 1] = dsp_requantize_fast_lane(s[3], r, o + 1);
      }
    }
    return;
  }
  // Otherwise chunks of pair-words accumulated in acc0 / acc1, K % 4 scalar.
  int32_t acc0[kFastRun] = {}, acc1[kFastRun] = {};
  const uint32_t k4 = k_len & ~3u;
  int32_t xs[dsp::kChunk];
  for (uint32_t k = 0; k < k4; k += dsp::kChunk) {
    const uint32_t len = k4 - k < dsp::kChunk ? k4 - k : dsp::kChunk;
    dsp::widen_pair(x0 + k, x1 + k, len, xs);
    for (uint32_t o = 0; o < n; o += 2) {
      const int8_t* w0 = w + static_cast<size_t>(o) * k_len + k;
      const int8_t* w1 = o + 1 < n ? w0 + k_len : w0;  // past the last row: repeat it, drop it
      int32_t s[4] = {acc0[o], 0, acc1[o], 0};
      if (o + 1 < n) {
        s[1] = acc0[o + 1];
        s[3] = acc1[o + 1];
      }
      dsp::dot_2x2(xs, w0, w1, len, s);
      acc0[o] = s[0];
      acc1[o] = s[2];
      if (o + 1 < n) {
        acc0[o + 1] = s[1];
        acc1[o + 1] = s[3];
      }
    }
  }
  add_depth_tail(x0, x1, w, n, k_len, k4, acc0, acc1);
  dsp_requantize_run(acc0, r, n, out0);
  if (out1 != nullptr) dsp_requantize_run(acc1, r, n, out1);
#else
  int32_t acc0[kFastRun] = {}, acc1[kFastRun] = {};
  const uint32_t k16 = k_len & ~(kLanes - 1);
  int16_t xs0[kPairChunk], xs1[kPairChunk];
  for (uint32_t k = 0; k < k16; k += kPairChunk) {
    const uint32_t len = k16 - k < kPairChunk ? k16 - k : kPairChunk;
    for (uint32_t j = 0; j < len; j += kLanes) {
      widen_i8<kLanes>(x0 + k + j, xs0 + j);
      widen_i8<kLanes>(x1 + k + j, xs1 + j);
    }
    for (uint32_t o = 0; o < n; o += 2) {
      const int8_t* w0 = w + static_cast<size_t>(o) * k_len + k;
      const int8_t* w1 = o + 1 < n ? w0 + k_len : w0;  // past the last row: repeat it, drop it
      int32_t s[4] = {0, 0, 0, 0};
      dot_2x2_chunk(xs0, xs1, w0, w1, len, s);
      acc0[o] += s[0];
      acc1[o] += s[2];
      if (o + 1 < n) {
        acc0[o + 1] += s[1];
        acc1[o + 1] += s[3];
      }
    }
  }
  add_depth_tail(x0, x1, w, n, k_len, k16, acc0, acc1);
  fast_requantize_run(acc0, r, n, out0);
  if (out1 != nullptr) fast_requantize_run(acc1, r, n, out1);
#endif
}

}  // namespace gemm
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_INT8_GEMM_H
