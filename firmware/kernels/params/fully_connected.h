// FULLY_CONNECTED, TFLite semantics, two variants:
//   int8:    int8 input/output (asymmetric), int8 weights, optional int32 bias;
//   int16x8: int16 input/output (zero point 0), int8 weights, optional int64 or int32 bias
//            (kFcFlagInt16x8; accumulator and requantisation as kernels/int16x8_common.h,
//            kFcFlagAcc32 when the bias is int32).
//
// Node tensors: inputs {0: input int8 (any rank), 1: weights int8 [N, K] constant,
// 2: bias int32 [N] constant, optional (absent or kNone)}; outputs {0: output int8, last dim N,
// batches * N elements}. batches = elements(input) / K. keep_num_dims only shapes the output
// tensor; the kernel sees flat [batches, K] -> [batches, N].
//
// Parameter blob (little-endian, 4-byte aligned), size exactly
// fully_connected_params_size(output_depth, flags); int16x8: the header, then the arrays of
// kernels/int16x8_common.h; int8:
//   FullyConnectedParams                     header below
//   int32_t folded_bias[output_depth]        bias[o] - input_zero_point * sum_k weights[o][k]
//                                            (wrapped to 32 bits; bias 0 when absent)
//   int32_t multiplier[output_depth]         Q31 multiplier of input_scale * w_scale[o] /
//                                            output_scale (per-tensor weights: repeated)
//   int32_t shift[output_depth]              its power-of-two exponent, in [-31, 30]
//   with kFcFlagHvxLayout: hvx_layout::gemm_layout_bytes(output_depth, accum_depth,
//            batches >= kFcLargeRows || kFcFlagHvxPacked) bytes of HVX layout
// Kernel scratch (temp): none, or with kFcFlagHvxLayout hvx_layout::fc_temp_bytes(batches,
// output_depth, accum_depth) bytes for the HVX paths.
#ifndef LPAI_KERNELS_PARAMS_FULLY_CONNECTED_H
#define LPAI_KERNELS_PARAMS_FULLY_CONNECTED_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Weights quantised per output channel. Without it (per-tensor), multiplier[] and shift[] repeat
// one value (validate checks), which the kernels may rely on.
constexpr uint32_t kFcFlagPerChannel = 1u << 0;
constexpr uint32_t kFcFlagHasBias = 1u << 1;     // a bias tensor is present (and folded)
constexpr uint32_t kFcFlagInt16x8 = 1u << 2;     // int16 activations
constexpr uint32_t kFcFlagAcc32 = 1u << 3;       // int16x8 with an int32 bias
// Large int8 product: batches >= kFcLargeRows or accum_depth * output_depth >= kFcLargeMacs
// (set by prepare exactly when that holds; validate checks it). Vector paths (HVX) run only on
// such nodes: one flag test keeps the small FCs on the portable kernel at no extra cost.
constexpr uint32_t kFcFlagLarge = 1u << 4;
// A kFcFlagLarge int8 node whose blob ends with its HVX layout (kernels/hvx/hvx_layout.h):
// requantisation lanes, plus the interleaved weights when batches >= kFcLargeRows. Checked
// against the weights and arrays at load; the HVX build runs it, others skip it.
constexpr uint32_t kFcFlagHvxLayout = 1u << 5;
// With kFcFlagHvxLayout on an int8 node of fewer than kFcLargeRows rows (large or not): the
// layout carries the packed weights, and the HVX build runs the packed GEMV (hvx_gemv.h) with
// hvx_layout::gemv_packed_temp_bytes(batches, accum_depth) bytes of kernel scratch (none when
// the rows of an aligned input are aligned; an unaligned input then runs the portable kernel).
constexpr uint32_t kFcFlagHvxPacked = 1u << 6;
constexpr uint32_t kFcKnownFlags = kFcFlagPerChannel | kFcFlagHasBias | kFcFlagInt16x8 |
                                   kFcFlagAcc32 | kFcFlagLarge | kFcFlagHvxLayout |
                                   kFcFlagHvxPacked;
constexpr uint32_t kFcLargeRows = 8;
constexpr uint32_t kFcLargeMacs = 4096;

// Whether an int8 FC of these dimensions carries kFcFlagLarge (64-bit product: no wrap).
constexpr bool fully_connected_is_large(uint32_t batches, uint32_t accum_depth,
                                        uint32_t output_depth) {
  return batches >= kFcLargeRows ||
         static_cast<uint64_t>(accum_depth) * output_depth >= kFcLargeMacs;
}

struct FullyConnectedParams {
  uint32_t batches;         // rows: elements(input) / accum_depth, >= 1
  uint32_t accum_depth;     // K: weights dims[1], in [1, 65536]
  uint32_t output_depth;    // N: weights dims[0], >= 1
  int32_t output_zero_point;  // int16x8: 0
  int32_t act_min;          // fused activation range within the output type
  int32_t act_max;
  uint32_t flags;           // kFcFlag*
  uint32_t reserved;        // 0
};
static_assert(sizeof(FullyConnectedParams) == 32, "FullyConnectedParams layout");

// Bytes of the whole parameter blob for `output_depth` channels.
constexpr uint32_t fully_connected_params_size(uint32_t output_depth, uint32_t flags = 0) {
  return static_cast<uint32_t>(sizeof(FullyConnectedParams)) +
         ((flags & kFcFlagInt16x8) != 0 ? 16u : 12u) * output_depth;
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_FULLY_CONNECTED_H
