// HVX (Hexagon Vector eXtensions, 128-byte vectors) int8 GEMM with fused requantisation: the
// vector path of CONV_2D (1x1 as a GEMM, kxk through the portable kernel's im2col rows) and
// FULLY_CONNECTED. Compiled with -mhvx only in the hexagon build (LPAI_HAS_HVX); elsewhere the
// functions do not exist and the portable kernels run alone.
//
// Bit-exact with gemm::requantize(): acc = dot + folded_bias (wrapping), wrapping left shift,
// SaturatingRoundingDoublingHighMul as floor((x * m + 2^30) / 2^31) (equal to TFLite's
// sign-dependent nudge for every sign; no saturation for m >= 0), RoundingDivideByPOT with
// TFLite's threshold, + output zero point (wrapping), clamp.
#ifndef LPAI_KERNELS_HVX_HVX_GEMM_H
#define LPAI_KERNELS_HVX_HVX_GEMM_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/conv_2d.h"
#include "kernels/int8_gemm.h"

namespace lpai {
namespace kernels {
namespace hvx {

// Row i of the activation matrix (k bytes).
using RowFn = const int8_t* (*)(const void* ctx, uint32_t i);

constexpr uint32_t kMaxChannels = 1024;               // n limit (requant tables)
constexpr uint32_t kPackBytes = 256u * 1024u;         // interleaved weight buffer
constexpr uint32_t kMinGemmRows = 8;  // fewer rows: interleaving the weights costs more than it saves
constexpr uint32_t kMinGemvMacs = 4096;  // gemv_s8 refuses smaller k_len * n (portable is cheaper)

// out[i * n + o] = requantize(sum_k row(i)[k] * w[o * k_len + k], o) for i < rows, o < n.
// Writes only inside out[0, rows * n). Returns false, having written nothing, when the
// problem is outside the HVX path (n or the weights too large for its buffers, a negative
// multiplier); the caller then runs the portable kernel.
bool gemm_s8(RowFn row, const void* ctx, uint32_t rows, const int8_t* w, uint32_t n,
             uint32_t k_len, const gemm::Requant& q, int8_t* out);

// The same with row i at x + i * stride.
bool gemm_s8_strided(const int8_t* x, uint32_t stride, uint32_t rows, const int8_t* w, uint32_t n,
                     uint32_t k_len, const gemm::Requant& q, int8_t* out);

// FULLY_CONNECTED for few rows (no weight interleaving): row i of x (k_len bytes, rows
// contiguous) dotted with each weight row, 128 depth bytes per vrmpy, the lanes summed, the
// sums requantised in vectors. False (nothing written) when k_len * n < kMinGemvMacs.
bool gemv_s8(const int8_t* x, uint32_t rows, const int8_t* w, uint32_t n, uint32_t k_len,
             const gemm::Requant& q, int8_t* out);

// out[r] = sum_k x[k] * w_r[k] for the four rows w0..w3 (gemm::dot_1x4's contract; the LSTM
// gate products): 128 depth bytes per vrmpy, the lanes summed; the k_len % 128 tail in scalar
// code, so nothing is read past x + k_len or w_r + k_len.
void dot_1x4(const int8_t* x, const int8_t* w0, const int8_t* w1, const int8_t* w2,
             const int8_t* w3, uint32_t k_len, int32_t out[4]);

// CONV_2D int8: the whole op through gemm_s8 (1x1 without padding reads input pixels in place;
// other filters unroll im2col rows into a buffer of this file). False when gemm_s8 refuses.
bool conv_2d_s8(const Conv2dParams& p, const gemm::Requant& q, const int8_t* in, const int8_t* w,
                int8_t* out);

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_HVX_HVX_GEMM_H
