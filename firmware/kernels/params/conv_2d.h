// CONV_2D, TFLite semantics, two variants:
//   int8:    int8 input/output (asymmetric), int8 filter (per-tensor or per-channel, zero point
//            0), optional int32 bias;
//   int16x8: int16 input/output (zero point 0), int8 filter, optional int64 or int32 bias
//            (accumulator and requantisation as kernels/int16x8_common.h: kConvFlagAcc32 when
//            the bias is int32 or absent).
// NHWC; filter [out_c, k_h, k_w, in_c / groups]: output channel oc belongs to group
// oc / (out_c / groups) and reads input channels [group * fc, (group + 1) * fc), fc = in_c /
// groups (TFLite's grouped convolution; groups == 1 is the plain one); stride, dilation,
// SAME/VALID padding as leading pad_h/pad_w; fused activation as a clamp range.
//
// Node tensors: inputs {0: input [batches, in_h, in_w, in_c], 1: filter [out_c, k_h, k_w, fc]
// (constant), 2: bias
// [out_c] (constant, optional)}; outputs {0: output [batches, out_h, out_w, out_c]}.
//
// Parameter blob (little-endian, 4-byte aligned), size exactly conv_2d_params_size(out_c, flags)
// plus, with kConvFlagHvxLayout, hvx_layout::conv_hvx_layout_bytes(header) (the GEMM layout,
// gemm_layout_bytes(out_c, k_h * k_w * in_c, true), or with kConvFlagHvxPixels the pixel-lane one):
//   Conv2dParams                        header below
//   bias array, out_c entries:
//     int8:    int32_t folded_bias[c] = bias[c] - input_zero_point * sum(filter[c]) (wrapped;
//              the sum over the filter row of k_h * k_w * fc taps)
//     int16x8: int64_t bias[c] (0 when absent; the int32 bias widened), two 32-bit words
//   int32_t multiplier[out_c]           Q31 multiplier of input_scale * filter_scale[c] /
//                                       output_scale
//   int32_t shift[out_c]                int8 and int16x8 acc32: [-31, 30]; int16x8: [-31, 7]
//   with kConvFlagHvxLayout: the filter and requantisation in the HVX GEMM layout
//                                       (kernels/hvx/hvx_layout.h) or, with kConvFlagHvxPixels,
//                                       the pixel-lane layout (hvx_pixel_layout.h), checked against the above
//                                       at load; the HVX build runs it, others skip it
//
// Kernel scratch (temp), int8 only, at least conv_2d_temp_bytes(header) bytes:
//   im2col_rows * k_h * k_w * fc bytes when im2col_rows > 0 (rows of the unrolled input
//   windows of one group, padding filled with input_zero_point); none when im2col_rows == 0,
//   which requires a 1x1 filter without padding (rows read in place);
//   then, when groups == 1 and k_h * k_w * in_c <= kConvSmallKDepth, k_h * k_w * in_c *
//   kConvSmallKLanes bytes: one run of up to kConvSmallKLanes filter rows transposed to
//   [k][lane] (the short-row path).
// With kConvFlagHvxLayout, at least hvx_layout::conv_hvx_temp_bytes(header) as well (the HVX
// path's staged rows, or its bordered input rows and im2col block of about im2col_rows rows; the
// pixel-lane path's k_h bordered rows).
#ifndef LPAI_KERNELS_PARAMS_CONV_2D_H
#define LPAI_KERNELS_PARAMS_CONV_2D_H

#include <stdint.h>

namespace lpai {
namespace kernels {

constexpr uint32_t kConvFlagPerChannel = 1u << 0;  // filter quantised per output channel
constexpr uint32_t kConvFlagHasBias = 1u << 1;     // a bias tensor is present
constexpr uint32_t kConvFlagInt16x8 = 1u << 2;     // int16 activations, int64 bias
constexpr uint32_t kConvFlagAcc32 = 1u << 3;     // int16x8 with an int32 bias or none
// int8, one group: the blob ends with the HVX GEMM layout of the filter (see below).
constexpr uint32_t kConvFlagHvxLayout = 1u << 4;
// With kConvFlagHvxLayout: the layout is the pixel-lane form (kernels/hvx/hvx_pixel_layout.h)
// instead of the GEMM's.
constexpr uint32_t kConvFlagHvxPixels = 1u << 5;
constexpr uint32_t kConvKnownFlags = kConvFlagPerChannel | kConvFlagHasBias | kConvFlagInt16x8 | kConvFlagAcc32 |
                                     kConvFlagHvxLayout | kConvFlagHvxPixels;

// Limits the validator enforces (they keep every partial sum inside int32).
constexpr uint32_t kConvMaxDepth = 1u << 16;       // k_h * k_w * fc (int8)
constexpr uint32_t kConvMaxInChannels16 = 8192;    // in_c (int16x8)
constexpr uint32_t kConvMaxDim = 1u << 16;         // every spatial size, stride, dilation, pad

struct Conv2dParams {
  uint32_t batches, in_h, in_w, in_c;
  uint32_t out_h, out_w, out_c;
  uint32_t k_h, k_w;
  uint32_t stride_h, stride_w;
  uint32_t dilation_h, dilation_w;
  uint32_t pad_h, pad_w;       // leading (top / left) padding
  int32_t input_zero_point;    // int16x8: 0
  int32_t output_zero_point;   // int16x8: 0
  int32_t act_min, act_max;    // within the output type's range
  uint32_t flags;              // kConvFlag*
  uint32_t im2col_rows;        // int8: output pixels unrolled per block (0: in place)
  uint32_t groups;             // >= 1, divides in_c and out_c
};
static_assert(sizeof(Conv2dParams) == 88, "Conv2dParams layout");

// Short-row path (int8, groups == 1): filter depths up to kConvSmallKDepth run with output
// channels as lanes, kConvSmallKLanes filter rows transposed at a time into the scratch.
constexpr uint32_t kConvSmallKDepth = 15;
constexpr uint32_t kConvSmallKLanes = 16;

// Kernel scratch bytes the int8 kernel needs for header p (0 for int16x8); the layout is in
// the comment at the top of this file.
constexpr uint32_t conv_2d_temp_bytes(const Conv2dParams& p) {
  const uint64_t depth = static_cast<uint64_t>(p.k_h) * p.k_w * (p.groups != 0 ? p.in_c / p.groups : 0u);
  const uint64_t rows = depth * p.im2col_rows;
  const uint64_t small = (p.groups == 1 && depth <= kConvSmallKDepth) ? depth * kConvSmallKLanes : 0u;
  const uint64_t total = (p.flags & kConvFlagInt16x8) != 0 ? 0u : rows + small;
  return total > 0xFFFFFFFFu ? 0xFFFFFFFFu : static_cast<uint32_t>(total);
}

constexpr uint32_t conv_2d_params_size(uint32_t out_c, uint32_t flags) {
  return static_cast<uint32_t>(sizeof(Conv2dParams)) +
         out_c * ((flags & kConvFlagInt16x8) != 0 ? 16u : 12u);
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_CONV_2D_H
