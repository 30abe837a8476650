// HVX matrix-vector products over packed weights (hexagon builds): lanes are output channels,
// each vrmpy multiplies one 4-byte depth group of 32 channels by the same 4 activation bytes
// (splatted), so no lane sums are reduced and short depths cost no more than their groups.
// Used by FULLY_CONNECTED with few rows (kFcFlagHvxPacked: the GEMM layout of hvx_layout.h
// with packed weights) and, through hvx_gemv_block.h, by the LSTM gates (hvx_lstm_layout.h).
#ifndef LPAI_KERNELS_HVX_HVX_GEMV_H
#define LPAI_KERNELS_HVX_HVX_GEMV_H

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include <stdint.h>

namespace lpai {
namespace kernels {
namespace hvx {

// FULLY_CONNECTED int8 over a GEMM layout with packed weights (hvx_layout.h, n x k_len):
// out[i * n + o] = clamp(requantize(sum_k x[i * k_len + k] * w[o][k], o)) for i < rows.
// A row starting on a 4-byte boundary is read in place (whole words: up to 3 bytes past the
// row, inside its last word); any other row is staged into `temp`, which must then hold
// hvx_layout::gemv_packed_stage_bytes(k_len) bytes (any alignment; unused, may be null, when
// every row is aligned).
// Writes only inside out[0, rows * n).
void fc_gemv_packed_s8(const int8_t* x, uint32_t rows, const uint8_t* layout, uint32_t n,
                       uint32_t k_len, int32_t zp, int32_t lo, int32_t hi, uint8_t* temp,
                       int8_t* out);

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX

#endif  // LPAI_KERNELS_HVX_HVX_GEMV_H
