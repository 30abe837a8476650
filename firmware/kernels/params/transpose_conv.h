// TRANSPOSE_CONV, TFLite Micro semantics (reference_integer_ops::TransposeConv), two variants:
//   int8:    int8 input/output (asymmetric), int8 filter (per-tensor or per-channel, zero
//            point 0), optional int32 bias; int32 accumulation (wrapping);
//   int16x8: int16 input/output (zero point 0), int8 filter, optional int64 bias (an int32
//            bias is widened); int64 accumulation, 64-bit requantisation.
// Every input pixel (b, iy, ix) scatters input * filter[oc, ky, kx, :] into output pixel
// (iy * stride_h - pad_h + ky, ix * stride_w - pad_w + kx) when inside the output; then every
// output element gets bias, requantisation, output zero point and the activation clamp.
// Dilation is always 1. pad_h / pad_w come from TFLite's padding rule applied to the output
// size (as TFLite Micro does).
//
// Node tensors (TFLite order): inputs {0: output_shape (int32 [4], constant; the output
// tensor's shape is what counts), 1: filter int8 [out_c, k_h, k_w, in_c] constant,
// 2: input [batches, in_h, in_w, in_c], 3: bias [out_c] constant (optional)};
// outputs {0: output [batches, out_h, out_w, out_c]}.
//
// Parameter blob (little-endian, 4-byte aligned), size exactly
// transpose_conv_params_size(out_c, flags):
//   TransposeConvParams          header below
//   int8:    int32_t bias[out_c] (0 when absent), int32_t multiplier[out_c],
//            int32_t shift[out_c] in [-31, 30]
//   int16x8: the arrays of kernels/int16x8_common.h (64-bit mode, shift in [-31, 7])
// Kernel scratch (temp): batches * out_h * out_w * out_c accumulators, 4 bytes each (int8)
// or 8 bytes each (int16x8), plus, for int8, in_c int16 entries (the input pixel minus its
// zero point). The scratch must be 8-byte aligned (the plan's start alignment, 64 by default).
#ifndef LPAI_KERNELS_PARAMS_TRANSPOSE_CONV_H
#define LPAI_KERNELS_PARAMS_TRANSPOSE_CONV_H

#include <stdint.h>

namespace lpai {
namespace kernels {

constexpr uint32_t kTcFlagPerChannel = 1u << 0;
constexpr uint32_t kTcFlagHasBias = 1u << 1;
constexpr uint32_t kTcFlagInt16x8 = 1u << 2;
constexpr uint32_t kTcKnownFlags = kTcFlagPerChannel | kTcFlagHasBias | kTcFlagInt16x8;
constexpr uint32_t kTcMaxDim = 1u << 16;  // every spatial size, stride, padding
constexpr uint32_t kTcMaxInChannels = 1u << 16;

struct TransposeConvParams {
  uint32_t batches, in_h, in_w, in_c;
  uint32_t out_h, out_w, out_c;
  uint32_t k_h, k_w;
  uint32_t stride_h, stride_w;
  uint32_t pad_h, pad_w;       // leading (top / left) padding
  int32_t input_zero_point;    // int16x8: 0
  int32_t output_zero_point;   // int16x8: 0
  int32_t act_min, act_max;    // within the output type's range
  uint32_t flags;              // kTcFlag*
  uint32_t reserved;           // 0
};
static_assert(sizeof(TransposeConvParams) == 76, "TransposeConvParams layout");

constexpr uint32_t transpose_conv_params_size(uint32_t out_c, uint32_t flags) {
  return static_cast<uint32_t>(sizeof(TransposeConvParams)) +
         ((flags & kTcFlagInt16x8) != 0 ? 16u : 12u) * out_c;
}

// Scratch bytes the kernel needs (the exact temp_bytes prepare plans).
constexpr uint64_t transpose_conv_temp_size(uint64_t out_elements, uint32_t in_c, uint32_t flags) {
  return (flags & kTcFlagInt16x8) != 0 ? out_elements * 8 : out_elements * 4 + 2ull * in_c;
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_TRANSPOSE_CONV_H
