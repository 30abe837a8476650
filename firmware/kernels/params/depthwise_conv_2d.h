// DEPTHWISE_CONV_2D int8 (asymmetric int8 activations, int8 filter per-tensor or per-channel
// with zero point 0, optional int32 bias) and int16x8 (kDwFlagInt16x8: int16 activations with
// zero point 0, int8 filter, optional int64 bias or int32 bias read as its int64 value; int64
// accumulator and 64-bit requantisation as TFLite Micro, kernels/int16x8_common.h), TFLite
// semantics: output channel
// oc = ic * depth_multiplier + m reads input channel ic; stride, dilation, SAME/VALID padding
// (leading pad_h / pad_w), fused activation as a clamp range.
//
// Node tensors: inputs {0: input int8 [batches, in_h, in_w, in_c], 1: filter int8
// [1, k_h, k_w, out_c] constant, 2: bias int32 [out_c] constant, optional}; outputs
// {0: output int8 [batches, out_h, out_w, out_c]}, out_c = in_c * depth_multiplier.
//
// Parameter blob (little-endian, 4-byte aligned), size exactly
// depthwise_conv_2d_params_size(out_c, flags); int16x8: the header, then the arrays of
// kernels/int16x8_common.h (shift <= 7); int8:
//   DepthwiseConv2dParams     header below
//   int32_t bias[out_c]       the bias (0 when absent)
//   int32_t multiplier[out_c] Q31 multiplier of input_scale * filter_scale[c] / output_scale
//   int32_t shift[out_c]      in [-31, 30]
//   with kDwFlagHvxLayout: hvx_layout::dw_layout_bytes(header) bytes of HVX layout
// Kernel scratch (temp), at least depthwise_conv_2d_temp_bytes(header) bytes, taps = k_h * k_w:
//   int8 with depthwise_conv_2d_uses_rows(header) (the row path: depth_multiplier > 1, at most
//   kDwRowsMaxChannels input channels and kDwRowsMaxTaps taps):
//   depthwise_conv_2d_rows_scratch(header).bytes bytes, 4-byte aligned (the plan's start
//   alignment), laid out as DwRowsScratch below;
//   otherwise int8 with depth_multiplier > 1 and a filter block within the kDwGemm* limits (the
//   per-input-channel GEMM path): dm * taps bytes (the filter column block of one input
//   channel, transposed to [dm][taps]) then 2 * taps bytes (two window rows);
//   int8 with depthwise_conv_2d_tiles_filter(header) (the flat path over fewer than
//   kDwTiledLanes channels): taps * kDwTiledLanes bytes (the filter tiled to kDwTiledLanes
//   lanes, [taps][lane], lane j = channel j % in_c);
//   none otherwise;
//   with kDwFlagHvxLayout, at least hvx_layout::dw_temp_bytes(header) as well;
//   none with kDwFlagNoTemp (the predicates below are false: the flat, runs or generic path).
#ifndef LPAI_KERNELS_PARAMS_DEPTHWISE_CONV_2D_H
#define LPAI_KERNELS_PARAMS_DEPTHWISE_CONV_2D_H

#include <stdint.h>

namespace lpai {
namespace kernels {

constexpr uint32_t kDwFlagPerChannel = 1u << 0;
constexpr uint32_t kDwFlagHasBias = 1u << 1;
constexpr uint32_t kDwFlagInt16x8 = 1u << 2;
// int8: the blob ends with the HVX layout of the filter (kernels/hvx/hvx_layout.h, path
// hvx_layout::dw_path), checked against the filter and arrays at load; HVX builds run it.
constexpr uint32_t kDwFlagHvxLayout = 1u << 3;
// int8 without kDwFlagHvxLayout, or with it on the HVX path kSingleRows (hvx_layout::dw_path):
// the kernel takes no scratch (temp) and runs a path without one (same bytes); prepare sets it
// where the scratch would raise the plan's peak, and on paths that need none.
constexpr uint32_t kDwFlagNoTemp = 1u << 4;
constexpr uint32_t kDwKnownFlags =
    kDwFlagPerChannel | kDwFlagHasBias | kDwFlagInt16x8 | kDwFlagHvxLayout | kDwFlagNoTemp;
constexpr uint32_t kDwMaxDim = 1u << 16;      // spatial sizes, strides, dilations
constexpr uint32_t kDwMaxTaps = 1u << 15;     // k_h * k_w (keeps sums inside int32)

struct DepthwiseConv2dParams {
  uint32_t batches, in_h, in_w, in_c;
  uint32_t out_h, out_w, out_c;
  uint32_t depth_multiplier;
  uint32_t k_h, k_w;
  uint32_t stride_h, stride_w;
  uint32_t dilation_h, dilation_w;
  uint32_t pad_h, pad_w;
  int32_t input_zero_point;
  int32_t output_zero_point;
  int32_t act_min, act_max;
  uint32_t flags;     // kDwFlag*
  uint32_t reserved;  // 0
};
static_assert(sizeof(DepthwiseConv2dParams) == 88, "DepthwiseConv2dParams layout");

// Limits of the int8 per-input-channel GEMM path (depth_multiplier > 1).
constexpr uint32_t kDwGemmMaxTaps = 256;         // k_h * k_w
constexpr uint32_t kDwGemmMaxMultiplier = 64;    // depth_multiplier
constexpr uint32_t kDwGemmMaxFilter = 1024;      // depth_multiplier * k_h * k_w bytes

// True when header p takes the int8 per-input-channel GEMM path.
constexpr bool depthwise_conv_2d_uses_gemm(const DepthwiseConv2dParams& p) {
  return (p.flags & (kDwFlagInt16x8 | kDwFlagNoTemp)) == 0 && p.depth_multiplier > 1 &&
         static_cast<uint64_t>(p.k_h) * p.k_w <= kDwGemmMaxTaps &&
         p.depth_multiplier <= kDwGemmMaxMultiplier &&
         static_cast<uint64_t>(p.k_h) * p.k_w * p.depth_multiplier <= kDwGemmMaxFilter;
}

// The int8 row path (depth_multiplier > 1, few input channels): output pixels in pairs along
// a row, output channels in runs of kDwRowsRun, scratch within kDwRowsMaxScratch.
constexpr uint32_t kDwRowsMaxChannels = 4;
constexpr uint32_t kDwRowsMaxTaps = 128;  // k_h * k_w
constexpr uint32_t kDwRowsDepthStep = 16;  // the GEMM depth is taps rounded up to a multiple of it
constexpr uint32_t kDwRowsRun = 16;
constexpr uint32_t kDwRowsMaxScratch = 32768;

// Row-path scratch layout, byte offsets from temp (each a multiple of 16); K = taps rounded up
// to a multiple of kDwRowsDepthStep, run = min(depth_multiplier, kDwRowsRun):
//   int32 acc[2][kDwRowsRun], bias[kDwRowsRun]; int8 res[2 * kDwRowsRun]   at 0
//   int16 fw[run][K]           the filter of one channel run, widened       at fw_at
//   int16 win[2][K + 8]        two output pixels' windows                   at win_at
//   uint32 rowoff[k_h], tag[ring_rows]  ring offsets of the current filter
//                              rows, input row held by each ring slot        at rowoff_at
//   int16 ring[ring_rows + 1][dilation_w][span]  widened input rows        at ring_at
// ring_rows = (k_h - 1) * dilation_h + 1; span = (out_w - 1) * stride_w / dilation_w + k_w
// rounded up to a multiple of 8.
struct DwRowsScratch {
  uint64_t span, ring_rows, fw_at, win_at, rowoff_at, ring_at, bytes;
};

constexpr uint64_t dw_round_up(uint64_t v, uint64_t m) { return (v + m - 1u) / m * m; }

// Valid for headers within the validator's dimension limits.
constexpr DwRowsScratch depthwise_conv_2d_rows_scratch(const DepthwiseConv2dParams& p) {
  const uint64_t k = dw_round_up(static_cast<uint64_t>(p.k_h) * p.k_w, kDwRowsDepthStep);
  const uint64_t run = p.depth_multiplier < kDwRowsRun ? p.depth_multiplier : kDwRowsRun;
  const uint64_t span = (p.out_w == 0 || p.dilation_w == 0)
                            ? 0u
                            : static_cast<uint64_t>(p.out_w - 1) * p.stride_w / p.dilation_w +
                                  dw_round_up(p.k_w, 8u);
  const uint64_t ring_rows = p.k_h == 0 ? 0u : static_cast<uint64_t>(p.k_h - 1) * p.dilation_h + 1u;
  const uint64_t fw_at = dw_round_up(3u * kDwRowsRun * 4u + 2u * kDwRowsRun, 16u);
  const uint64_t win_at = fw_at + dw_round_up(run * k * 2u, 16u);
  const uint64_t rowoff_at = win_at + dw_round_up(2u * (k + 8u) * 2u, 16u);
  const uint64_t ring_at = rowoff_at + dw_round_up((static_cast<uint64_t>(p.k_h) + ring_rows) * 4u, 16u);
  return DwRowsScratch{span, ring_rows, fw_at, win_at, rowoff_at, ring_at,
                       ring_at + (ring_rows + 1u) * p.dilation_w * span * 2u};
}

// True when header p takes the int8 row path.
constexpr bool depthwise_conv_2d_uses_rows(const DepthwiseConv2dParams& p) {
  return (p.flags & (kDwFlagInt16x8 | kDwFlagNoTemp)) == 0 && p.depth_multiplier > 1 &&
         p.in_c != 0 && p.in_c <= kDwRowsMaxChannels && p.k_h != 0 && p.k_w != 0 &&
         static_cast<uint64_t>(p.k_h) * p.k_w <= kDwRowsMaxTaps && p.out_w != 0 &&
         p.out_w <= kDwMaxDim && p.stride_w <= kDwMaxDim && p.dilation_w != 0 &&
         p.dilation_w <= kDwMaxDim && p.dilation_h <= kDwMaxDim &&
         depthwise_conv_2d_rows_scratch(p).span <= kDwRowsMaxScratch &&
         depthwise_conv_2d_rows_scratch(p).bytes <= kDwRowsMaxScratch;
}

// Limits of the int8 flat path with a tiled filter (depth_multiplier 1, stride_w 1, in_c
// dividing kDwTiledLanes and smaller than it).
constexpr uint32_t kDwTiledLanes = 16;
constexpr uint32_t kDwTiledMaxTaps = 25;  // k_h * k_w

// True when header p takes the int8 flat path with the filter tiled into the scratch.
constexpr bool depthwise_conv_2d_tiles_filter(const DepthwiseConv2dParams& p) {
  return (p.flags & (kDwFlagInt16x8 | kDwFlagNoTemp)) == 0 && p.depth_multiplier == 1 &&
         p.stride_w == 1 &&
         p.in_c != 0 && p.in_c < kDwTiledLanes && kDwTiledLanes % p.in_c == 0 &&
         static_cast<uint64_t>(p.k_h) * p.k_w <= kDwTiledMaxTaps;
}

// Kernel scratch bytes for header p; the layout is in the comment at the top of this file.
constexpr uint32_t depthwise_conv_2d_temp_bytes(const DepthwiseConv2dParams& p) {
  return depthwise_conv_2d_uses_rows(p)        ? static_cast<uint32_t>(depthwise_conv_2d_rows_scratch(p).bytes)
         : depthwise_conv_2d_uses_gemm(p)     ? p.k_h * p.k_w * (p.depth_multiplier + 2u)
         : depthwise_conv_2d_tiles_filter(p) ? p.k_h * p.k_w * kDwTiledLanes
                                             : 0u;
}

constexpr uint32_t depthwise_conv_2d_params_size(uint32_t out_c, uint32_t flags = 0) {
  return static_cast<uint32_t>(sizeof(DepthwiseConv2dParams)) +
         ((flags & kDwFlagInt16x8) != 0 ? 16u : 12u) * out_c;
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_DEPTHWISE_CONV_2D_H
