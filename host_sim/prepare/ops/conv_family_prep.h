// What CONV_2D, DEPTHWISE_CONV_2D and TRANSPOSE_CONV prepare alike (host only): the window
// fields every conv-family parameter blob carries, the fused activation range in the int8 or
// int16 output range, and the 16x8 bias widened to int64.
#ifndef LPAI_HOST_PREPARE_OPS_CONV_FAMILY_PREP_H
#define LPAI_HOST_PREPARE_OPS_CONV_FAMILY_PREP_H

#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/host_result.h"
#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {
namespace util {

// The operands of CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED: input, filter (weights),
// optional bias (null when absent), output. Fails unless the op has 2 or 3 inputs and 1 output.
struct GemmOperands {
  const PrepTensor* input;
  const PrepTensor* filter;
  const PrepTensor* bias;
  const PrepTensor* output;
};
host::HostResult<GemmOperands> gemm_operands(const PrepOp& op);

// The sizes of a convolution window over NHWC tensors, in elements; pad_* is the leading (top /
// left) padding.
struct ConvWindow {
  int batches, in_h, in_w, in_c;
  int out_h, out_w, out_c;
  int k_h, k_w;
  int stride_h, stride_w;
  int pad_h, pad_w;
};

// Writes the window, the input and output zero points (per-tensor quantised tensors) and the
// activation bounds into a conv-family blob P (Conv2dParams, DepthwiseConv2dParams,
// TransposeConvParams: the fields share their names). Dilation, flags and the rest stay the
// caller's.
template <typename P>
void fill_conv_window(P* p, const ConvWindow& w, const PrepTensor& input, const PrepTensor& output,
                      int32_t act_min, int32_t act_max) {
  uint32_t P::*const fields[] = {&P::batches, &P::in_h,  &P::in_w,     &P::in_c,     &P::out_h,
                                 &P::out_w,   &P::out_c, &P::k_h,      &P::k_w,      &P::stride_h,
                                 &P::stride_w, &P::pad_h, &P::pad_w};
  const int values[] = {w.batches, w.in_h, w.in_w,     w.in_c,     w.out_h, w.out_w, w.out_c,
                        w.k_h,     w.k_w,  w.stride_h, w.stride_w, w.pad_h, w.pad_w};
  static_assert(sizeof(fields) / sizeof(fields[0]) == sizeof(values) / sizeof(values[0]),
                "one value per field");
  for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); ++i) {
    p->*fields[i] = static_cast<uint32_t>(values[i]);
  }
  p->input_zero_point = static_cast<int32_t>(input.zero_points[0]);
  p->output_zero_point = static_cast<int32_t>(output.zero_points[0]);
  p->act_min = act_min;
  p->act_max = act_max;
}

// The checks of the operands the three ops share, in this order: input and output per-tensor
// quantised with the input's type; with `symmetric_wide`, int16 (16x8) input and output zero
// points 0; the filter a constant int8 tensor; input, filter and output 4-D (else `rank_error`);
// no empty input or filter dimension.
host::HostStatus check_conv_operands(const PrepTensor* input, const PrepTensor* filter,
                                     const PrepTensor* output, bool symmetric_wide,
                                     const char* rank_error);

// The filter's quantisation (one zero point per scale, all 0; several scales along `axis`) and
// the optional bias: constant, int32 (or, `wide`, int64 or int32), out_c values. A wide bias of
// another type is refused with `wide_bias_error`.
host::HostStatus check_filter_and_bias(const PrepTensor& filter, const PrepTensor* bias, int out_c,
                                       bool wide, int axis, const char* wide_bias_error);

// CONV_2D / DEPTHWISE_CONV_2D: positive strides and dilations (`o`), TFLite's padding of the
// kernel k_h x k_w over in_h x in_w into *out_h, *out_w, *pad_h, *pad_w, and `output` of shape
// [batches, out_h, out_w, out_c].
host::HostStatus dilated_output_window(const OpOptions& o, int batches, int in_h, int in_w,
                                       int k_h, int k_w, int out_c, const PrepTensor& output,
                                       int* out_h, int* out_w, int* pad_h, int* pad_w);

// Per-channel requantisation (util::channel_multipliers) and the fused activation's bounds
// (conv_activation_range) of a conv-family op.
struct ConvRequant {
  std::vector<int32_t> multiplier, shift;
  int32_t act_min = 0, act_max = 0;
};
host::HostResult<ConvRequant> conv_requant(const PrepTensor& input, const PrepTensor& filter,
                                           const PrepTensor& output, int out_c, int activation,
                                           bool wide);

// The TFLite options a convolution window shares (Conv2DOptions, DepthwiseConv2DOptions):
// padding, strides, fused activation, dilations.
template <typename Options>
void decode_window_options(const Options& p, OpOptions* o) {
  o->padding = p.padding();
  o->stride_w = p.stride_w();
  o->stride_h = p.stride_h();
  o->activation = p.fused_activation_function();
  o->dilation_w = p.dilation_w_factor();
  o->dilation_h = p.dilation_h_factor();
}

// The fused activation's clamp bounds on `output` in the int8 range, or the int16 range when
// `wide` (16x8); fails as rules::activation_range does, or with "empty fused activation range".
host::HostStatus conv_activation_range(int activation, const PrepTensor& output, bool wide,
                                       int32_t* act_min, int32_t* act_max);

// The 16x8 bias as int64 per output channel (an int64 or int32 constant; zeros when `bias` is
// null), each inside [-2^47, 2^47). With `shift` (out_c entries), also refuses a shift above 7,
// checked channel by channel after that channel's bias.
host::HostResult<std::vector<int64_t>> wide_bias(const PrepTensor* bias, int out_c,
                                                 const std::vector<int32_t>* shift);

}  // namespace util
}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_OPS_CONV_FAMILY_PREP_H
