// Short dot products (k_len <= kSmallK: 1x1 convolutions over fewer than 16 input channels)
// for CONV_2D int8, portable C++. The blocked kernels of int8_gemm.h run along K in multiples
// of 16, so for K < 16 they are all scalar tail. Here the lanes are output channels instead: a
// run of weight rows is transposed once into wt[k][n_pad] (n_pad: 8 for runs of up to 8
// channels, else n rounded up to 16; zero-padded) and each activation row adds x[k] * wt[k][0..n_pad) for k < k_len, in
// fixed 16-lane blocks the compiler vectorises. Each product fits int16 (|x * w| <= 2^14), so
// it is formed in 16 bits and widened, as the depthwise kernel does. The sums are the same
// int32 values as the blocked kernels' (no overflow: k_len * 2^14 < 2^31), so the results are
// identical; requantisation through the run's gemm::FastRun tables.
#ifndef LPAI_KERNELS_INT8_GEMM_SMALL_K_H
#define LPAI_KERNELS_INT8_GEMM_SMALL_K_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/int8_gemm.h"

namespace lpai {
namespace kernels {
namespace gemm {

constexpr uint32_t kSmallK = 15;
constexpr uint32_t kSmallKLanes = 16;

// wt[k * n_pad + j] = w[(first + j) * k_len + k] for j < n, 0 for n <= j < n_pad; returns n_pad
// (8 for n <= 8, else n rounded up to 16).
// n <= kFastRun, k_len <= kSmallK; wt holds k_len * n_pad (<= k_len * kSmallKLanes) bytes.
inline uint32_t small_k_transpose(const int8_t* w, uint32_t first, uint32_t n, uint32_t k_len,
                                  int8_t* wt) {
  const uint32_t half = kSmallKLanes / 2;  // n <= 8: one 8-lane block
  const uint32_t n_pad = n <= half ? half : (n + kSmallKLanes - 1) / kSmallKLanes * kSmallKLanes;
  for (uint32_t k = 0; k < k_len; ++k) {
    for (uint32_t j = 0; j < n_pad; ++j) {
      wt[k * n_pad + j] = j < n ? w[static_cast<size_t>(first + j) * k_len + k] : int8_t{0};
    }
  }
  return n_pad;
}

// a0[j] += xv0 * wr[j], a1[j] += xv1 * wr[j] for W lanes. A function of its own so that the
// restrict-qualified parameters tell the compiler the lanes do not overlap (a restrict local
// inside the loop does not: gcc -O2 then keeps the lanes scalar, in memory).
template <uint32_t W>
inline void small_k_step(int32_t xv0, int32_t xv1, const int8_t* __restrict wr,
                         int32_t* __restrict a0, int32_t* __restrict a1) {
  for (uint32_t j = 0; j < W; ++j) {
    const int16_t w = wr[j];
    a0[j] += static_cast<int16_t>(xv0 * w);
    a1[j] += static_cast<int16_t>(xv1 * w);
  }
}

// Lanes [o, o + W) of rows x0 and x1 over the transposed run wt (row stride n_pad): acc0/acc1.
template <uint32_t W>
inline void small_k_lanes(const int8_t* x0, const int8_t* x1, const int8_t* wt, uint32_t n_pad,
                          uint32_t k_len, uint32_t o, int32_t* acc0, int32_t* acc1) {
  int32_t a0[W] = {}, a1[W] = {};
  for (uint32_t k = 0; k < k_len; ++k) small_k_step<W>(x0[k], x1[k], wt + k * n_pad + o, a0, a1);
  for (uint32_t j = 0; j < W; ++j) {
    acc0[o + j] = a0[j];
    acc1[o + j] = a1[j];
  }
}

// Rows x0 and x1 (x1 may equal x0; then out1 is null) times the transposed run wt (n_pad
// lanes, n of them real): out0[j], out1[j] for j < n.
inline void small_k_row_pair(const int8_t* x0, const int8_t* x1, const int8_t* wt, uint32_t n,
                             uint32_t n_pad, uint32_t k_len, const FastRun& r, int8_t* out0,
                             int8_t* out1) {
  int32_t acc0[kFastRun], acc1[kFastRun];
  if (n_pad == kSmallKLanes / 2) {
    small_k_lanes<kSmallKLanes / 2>(x0, x1, wt, n_pad, k_len, 0, acc0, acc1);
  } else {
    for (uint32_t o = 0; o < n_pad; o += kSmallKLanes) {
      small_k_lanes<kSmallKLanes>(x0, x1, wt, n_pad, k_len, o, acc0, acc1);
    }
  }
  fast_requantize_run(acc0, r, n, out0);
  if (out1 != nullptr) fast_requantize_run(acc1, r, n, out1);
}

}  // namespace gemm
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_INT8_GEMM_SMALL_K_H
