// HVX (Hexagon Vector eXtensions, 128-byte vectors) int8 GEMM with fused requantisation: the
// vector path of CONV_2D (1x1 as a GEMM, kxk through the portable kernel's im2col rows) and
// FULLY_CONNECTED. Compiled with -mhvx only in the hexagon build (LPAI_HAS_HVX); elsewhere the
// functions do not exist and the portable kernels run alone. The weight layouts and the
// requantisation vectors come from prepare (hvx_layout.h); temporaries live in planned scratch.
//
// Bit-exact with gemm::requantize(): acc = dot + folded_bias (wrapping), wrapping left shift,
// SaturatingRoundingDoublingHighMul as floor((x * m + 2^30) / 2^31) (equal to TFLite's
// sign-dependent nudge for every sign; no saturation for m >= 0), RoundingDivideByPOT with
// TFLite's threshold, + output zero point (wrapping), clamp.
#ifndef LPAI_KERNELS_HVX_HVX_GEMM_H
#define LPAI_KERNELS_HVX_HVX_GEMM_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/hvx/hvx_layout.h"
#include "kernels/int8_gemm.h"
#include "kernels/params/conv_2d.h"

namespace lpai {
namespace kernels {
namespace hvx {

// Row i of the activation matrix (k bytes).
using RowFn = const int8_t* (*)(const void* ctx, uint32_t i);

constexpr uint32_t kMaxChannels = hvx_layout::kMaxChannels;
constexpr uint32_t kMinGemmRows = hvx_layout::kMinGemmRows;
constexpr uint32_t kMinGemvMacs = hvx_layout::kMinGemvMacs;

// A GEMM layout of a parameter blob (hvx_layout.h: requantisation lanes, then the interleaved
// weights when packed), with the output's zero point and clamp range. The layout was checked
// against the node's weights and requantisation at load (hvx_layout::gemm_layout_matches).
struct GemmLayout {
  const uint8_t* bytes;
  uint32_t n, k_len;  // hvx_layout::gemm_shape_ok(n, k_len)
  int32_t zp, lo, hi;
};

// out[i * n + o] = requantize(sum_k row(i)[k] * w[o * k_len + k], o) for i < rows, o < n, with
// the weights packed in the layout. Writes only inside out[0, rows * n). `temp`: kernel scratch
// of hvx_layout::gemm_temp_bytes(n, k_len) + 128 bytes (any alignment).
void gemm_s8(RowFn row, const void* ctx, uint32_t rows, const GemmLayout& l, uint8_t* temp,
             int8_t* out);

// The same with row i at x + i * stride.
void gemm_s8_strided(const int8_t* x, uint32_t stride, uint32_t rows, const GemmLayout& l,
                     uint8_t* temp, int8_t* out);

// FULLY_CONNECTED for few rows (plain weights w [n][k_len], layout without packed weights):
// row i of x (k_len bytes, rows contiguous) dotted with each weight row, 128 depth bytes per
// vrmpy, the lanes summed, the sums requantised in vectors. Needs k_len * n >= kMinGemvMacs
// (below that the portable kernel is cheaper). `temp`: hvx_layout::fc_temp_bytes(rows, n,
// k_len) bytes (any alignment).
void gemv_s8(const int8_t* x, uint32_t rows, const int8_t* w, const GemmLayout& l, uint8_t* temp,
             int8_t* out);

// out[r] = sum_k x[k] * w_r[k] for the four rows w0..w3 (gemm::dot_1x4's contract; the LSTM
// gate products): 128 depth bytes per vrmpy, the lanes summed; the k_len % 128 tail in scalar
// code, so nothing is read past x + k_len or w_r + k_len.
void dot_1x4(const int8_t* x, const int8_t* w0, const int8_t* w1, const int8_t* w2,
             const int8_t* w3, uint32_t k_len, int32_t out[4]);

// CONV_2D int8 (hvx_layout::conv_takes_hvx(p)) through the GEMM: 1x1 without padding reads
// input pixels in place; other filters unroll im2col rows, conv_block_rows(p) per block, from
// zero-point bordered input rows (hvx_im2col.h) and the GEMM reads them in place. `layout`: the node's packed GEMM layout (n = out_c, k_len = k_h * k_w * in_c); `temp`:
// hvx_layout::conv_temp_bytes(p) bytes of kernel scratch (any alignment).
void conv_2d_s8(const Conv2dParams& p, const uint8_t* layout, const int8_t* in, uint8_t* temp,
                int8_t* out);

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_HVX_HVX_GEMM_H
