// BATCH_MATMUL (int8; int16 = 16x16 with int64 accumulation) as TFLite Micro's reference:
//   out[b][m][n] = clamp(MBQM(sum_k (L[b][m][k] - zp_l) * (R[b][k][n] - zp_r)) + zp_o)
// where L is the lhs read transposed when adj_x (stored [K][M]) and R the rhs read transposed
// when adj_y (stored [N][K]). int8: int32 accumulator (wrapping) and the int32
// MultiplyByQuantizedMultiplier; int16: int64 accumulator and the int64 one (zero points 0).
// Batch dims (up to 3, ranks 2..5) broadcast NumPy-style; a batch stride of 0 repeats an operand.
// Either operand may be constant or a runtime tensor. Eval first copies an lhs stored [K][M]
// (adj_x) and an rhs stored [K][N] (!adj_y) transposed into the planned temp so that both
// operands have K contiguous: temp = lhs_transposed (adj_x) then rhs_transposed (!adj_y), each
// a whole operand, the rhs part starting at rhs_temp_offset. int8 with depth <= 2^16 runs the
// shared int8 dot kernels on the raw bytes and folds the zero points afterwards:
//   acc = sum l*r - zp_r * sum_k l - zp_l * sum_k r + K * zp_l * zp_r   (mod 2^32, = TFLite's)
// with the rhs row sums (when zp_l != 0) kept in temp at rhs_sums_offset.
#ifndef LPAI_KERNELS_PARAMS_BATCH_MATMUL_H
#define LPAI_KERNELS_PARAMS_BATCH_MATMUL_H

#include <stdint.h>

namespace lpai {
namespace kernels {

constexpr uint32_t kBatchMatmulBatchDims = 3;

struct BatchMatmulParams {
  int32_t batch[kBatchMatmulBatchDims];        // output batch dims (leading 1s when fewer)
  int32_t lhs_stride[kBatchMatmulBatchDims];   // lhs batch strides in matrices (0: broadcast)
  int32_t rhs_stride[kBatchMatmulBatchDims];   // rhs batch strides in matrices (0: broadcast)
  int32_t lhs_matrices;                        // matrices stored in the lhs tensor
  int32_t rhs_matrices;                        // matrices stored in the rhs tensor
  int32_t rows;                                // M
  int32_t cols;                                // N
  int32_t depth;                               // K
  int32_t adj_x;                               // 0 / 1
  int32_t adj_y;                               // 0 / 1
  int32_t lhs_zero_point;
  int32_t rhs_zero_point;
  int32_t output_zero_point;
  int32_t multiplier;                          // Q31
  int32_t shift;                               // int8: [-31, 30]; int16: [-31, 14]
  int32_t rhs_temp_offset;                     // byte offset of the rhs part of temp
  int32_t rhs_sums_offset;                     // int8 with lhs_zero_point != 0: byte offset of
                                               // int32 row sums of every rhs row (N per matrix)
  int32_t temp_bytes;                          // temp the kernel needs
};
static_assert(sizeof(BatchMatmulParams) == 96, "BatchMatmulParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_BATCH_MATMUL_H
