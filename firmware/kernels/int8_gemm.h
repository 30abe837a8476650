// Shared int8 matrix kernels for FULLY_CONNECTED and CONV_2D (portable C++, no intrinsics).
//
// Both ops reduce to rows of int8 activations dotted with rows of int8 weights, each of length
// K (the weight matrix is [N][K], row-major, exactly as TFLite stores FC weights and CONV_2D
// filters [out_c][kh][kw][in_c]). The dot products are written as fixed-width (16-lane) blocks
// so that compilers vectorise them even at -O2 without a cost model guess; the remainder
// (K % 16) runs scalar.
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

inline int8_t requantize(int32_t dot, uint32_t o, const Requant& q) {
  int32_t acc = wrapping_add_i32(dot, q.folded_bias[o]);
  acc = multiply_by_quantized_multiplier(acc, q.multiplier[o], q.shift[o]);
  acc = wrapping_add_i32(acc, q.output_zero_point);
  return static_cast<int8_t>(clamp_i32(acc, q.act_min, q.act_max));
}

// Sums of x . w0..w3 (1 activation row, 4 weight rows).
inline void dot_1x4(const int8_t* __restrict x, const int8_t* __restrict w0,
                    const int8_t* __restrict w1, const int8_t* __restrict w2,
                    const int8_t* __restrict w3, uint32_t k_len, int32_t out[4]) {
  int32_t a0[kLanes] = {}, a1[kLanes] = {}, a2[kLanes] = {}, a3[kLanes] = {};
  size_t k = 0;
  for (; k + kLanes <= k_len; k += kLanes) {
    for (size_t j = 0; j < kLanes; ++j) {
      const int32_t xv = x[k + j];
      a0[j] += xv * w0[k + j];
      a1[j] += xv * w1[k + j];
      a2[j] += xv * w2[k + j];
      a3[j] += xv * w3[k + j];
    }
  }
  int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  for (size_t j = 0; j < kLanes; ++j) {
    s0 += a0[j];
    s1 += a1[j];
    s2 += a2[j];
    s3 += a3[j];
  }
  for (; k < k_len; ++k) {
    const int32_t xv = x[k];
    s0 += xv * w0[k];
    s1 += xv * w1[k];
    s2 += xv * w2[k];
    s3 += xv * w3[k];
  }
  out[0] = s0;
  out[1] = s1;
  out[2] = s2;
  out[3] = s3;
}

// Sums of x0 . w0, x0 . w1, x1 . w0, x1 . w1 (2 activation rows, 2 weight rows).
inline void dot_2x2(const int8_t* __restrict x0, const int8_t* __restrict x1,
                    const int8_t* __restrict w0, const int8_t* __restrict w1, uint32_t k_len,
                    int32_t out[4]) {
  int32_t a00[kLanes] = {}, a01[kLanes] = {}, a10[kLanes] = {}, a11[kLanes] = {};
  size_t k = 0;
  for (; k + kLanes <= k_len; k += kLanes) {
    for (size_t j = 0; j < kLanes; ++j) {
      const int32_t xv0 = x0[k + j], xv1 = x1[k + j];
      const int32_t wv0 = w0[k + j], wv1 = w1[k + j];
      a00[j] += xv0 * wv0;
      a01[j] += xv0 * wv1;
      a10[j] += xv1 * wv0;
      a11[j] += xv1 * wv1;
    }
  }
  int32_t s00 = 0, s01 = 0, s10 = 0, s11 = 0;
  for (size_t j = 0; j < kLanes; ++j) {
    s00 += a00[j];
    s01 += a01[j];
    s10 += a10[j];
    s11 += a11[j];
  }
  for (; k < k_len; ++k) {
    const int32_t xv0 = x0[k], xv1 = x1[k], wv0 = w0[k], wv1 = w1[k];
    s00 += xv0 * wv0;
    s01 += xv0 * wv1;
    s10 += xv1 * wv0;
    s11 += xv1 * wv1;
  }
  out[0] = s00;
  out[1] = s01;
  out[2] = s10;
  out[3] = s11;
}

// out[m * out_stride + o] = requantize(rows[m] . w[o]) for m < M, o < N. Rows are K bytes
// each at rows[m]; w is [N][K]. Suited to few rows (FULLY_CONNECTED): 1 row x 4 weight rows
// per step, each weight row read once per activation row.
inline void gemv_rows(const int8_t* x, uint32_t x_stride, uint32_t m_count, const int8_t* w,
                      uint32_t n_count, uint32_t k_len, const Requant& q, int8_t* out,
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
      dot_1x4(row, w0, w1, w2, w3, k_len, acc);
      const uint32_t n = n_count - o < 4 ? n_count - o : 4;
      for (uint32_t i = 0; i < n; ++i) dst[o + i] = requantize(acc[i], o + i, q);
    }
  }
}

// Same contract for a pair of activation rows (CONV_2D): x0 and x1 (x1 may equal x0 when only
// one row is left; then out1 is null and nothing is stored for it).
inline void gemm_row_pair(const int8_t* x0, const int8_t* x1, const int8_t* w, uint32_t n_count,
                          uint32_t k_len, const Requant& q, int8_t* out0, int8_t* out1) {
  uint32_t o = 0;
  for (; o + 2 <= n_count; o += 2) {
    const int8_t* w0 = w + static_cast<size_t>(o) * k_len;
    int32_t acc[4];
    dot_2x2(x0, x1, w0, w0 + k_len, k_len, acc);
    out0[o] = requantize(acc[0], o, q);
    out0[o + 1] = requantize(acc[1], o + 1, q);
    if (out1 != nullptr) {
      out1[o] = requantize(acc[2], o, q);
      out1[o + 1] = requantize(acc[3], o + 1, q);
    }
  }
  if (o < n_count) {
    const int8_t* w0 = w + static_cast<size_t>(o) * k_len;
    int32_t acc[4];
    dot_2x2(x0, x1, w0, w0, k_len, acc);
    out0[o] = requantize(acc[0], o, q);
    if (out1 != nullptr) out1[o] = requantize(acc[2], o, q);
  }
}

}  // namespace gemm
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_INT8_GEMM_H
