// DEPTHWISE_CONV_2D: offline prepare for the int8 and int16x8 kernels (firmware/kernels/depthwise_conv_2d.h).
// Mirrors TFLite Micro's DepthwiseConvPrepare: padding by ComputePaddingHeightWidth, per-channel
// multipliers by PopulateConvolutionQuantizationParams over filter dim 3, activation range by
// CalculateActivationRangeQuantized.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/hvx/hvx_layout.h"
#include "kernels/params/depthwise_conv_2d.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/int8_prep_util.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_depthwise_conv_2d(const PrepOp& op) {
  using format::DataType;
  PrepResult r;
  if (op.inputs.size() < 2 || op.inputs.size() > 3 || op.outputs.size() != 1) {
    return PrepResult::reject("expects 2 or 3 inputs and 1 output");
  }
  const PrepTensor* input = op.inputs[0];
  const PrepTensor* filter = op.inputs[1];
  const PrepTensor* bias = op.inputs.size() == 3 ? op.inputs[2] : nullptr;
  const PrepTensor* output = op.outputs[0];
  if (input == nullptr || (input->type != DataType::kInt8 && input->type != DataType::kInt16)) {
    return PrepResult::reject("only int8 or int16 (16x8) activations are supported");
  }
  const bool wide = input->type == DataType::kInt16;
  std::string e;
  if (!rules::check_per_tensor_of_type(input, input->type, "input", &e)) return PrepResult::reject(e);
  if (!rules::check_per_tensor_of_type(output, input->type, "output", &e)) return PrepResult::reject(e);
  if (wide && (input->zero_points[0] != 0 || output->zero_points[0] != 0)) {
    return PrepResult::reject("16x8 input and output zero points must be 0");
  }
  if (filter == nullptr || filter->type != DataType::kInt8 || !filter->is_const()) {
    return PrepResult::reject("filter must be a constant int8 tensor");
  }
  if (input->shape.size() != 4 || filter->shape.size() != 4 || output->shape.size() != 4) {
    return PrepResult::reject("input, filter and output must be 4-D");
  }
  for (int32_t d : input->shape) {
    if (d <= 0) return PrepResult::reject("input has an empty dimension");
  }
  for (int32_t d : filter->shape) {
    if (d <= 0) return PrepResult::reject("filter has an empty dimension");
  }
  const int batches = input->shape[0], in_h = input->shape[1], in_w = input->shape[2],
            in_c = input->shape[3];
  const int k_h = filter->shape[1], k_w = filter->shape[2], out_c = filter->shape[3];
  if (filter->shape[0] != 1) return PrepResult::reject("filter must have shape [1, k_h, k_w, out_c]");
  const OpOptions& o = op.options;
  // TFLite Micro derives the multiplier from the shapes; the option must agree with it.
  if (out_c % in_c != 0) return PrepResult::reject("output channels are not a multiple of input channels");
  const int dm = out_c / in_c;
  if (o.depth_multiplier != dm && o.depth_multiplier != 0) {
    return PrepResult::reject("depth_multiplier option " + std::to_string(o.depth_multiplier) +
                  " differs from out_c / in_c = " + std::to_string(dm));
  }
  if (filter->scales.empty() || filter->scales.size() != filter->zero_points.size()) {
    return PrepResult::reject("filter is not quantised");
  }
  if (!util::zero_points_all_zero(*filter)) return PrepResult::reject("filter zero point must be 0");
  const bool per_channel = filter->scales.size() > 1;
  if (per_channel && filter->quant_axis != 3) return PrepResult::reject("per-channel filter must use axis 3");
  if (bias != nullptr) {
    const bool type_ok = bias->type == DataType::kInt32 || (wide && bias->type == DataType::kInt64);
    if (!type_ok || !bias->is_const()) {
      return PrepResult::reject(wide ? "bias must be a constant int64 or int32 tensor for 16x8"
                         : "bias must be a constant int32 tensor");
    }
    if (bias->element_count() != out_c) return PrepResult::reject("bias length differs from output channels");
  }
  if (o.stride_h <= 0 || o.stride_w <= 0 || o.dilation_h <= 0 || o.dilation_w <= 0) {
    return PrepResult::reject("stride and dilation must be positive");
  }
  int out_h = 0, out_w = 0, pad_h = 0, pad_w = 0;
  if (!util::compute_padding(o.padding, in_h, k_h, o.stride_h, o.dilation_h, &out_h, &pad_h) ||
      !util::compute_padding(o.padding, in_w, k_w, o.stride_w, o.dilation_w, &out_w, &pad_w)) {
    return PrepResult::reject("padding/stride/dilation give an empty output");
  }
  const std::vector<int32_t> want_out = {batches, out_h, out_w, out_c};
  if (output->shape != want_out) {
    return PrepResult::reject("output shape " + util::shape_string(output->shape) + " differs from " +
                  util::shape_string(want_out));
  }
  if (static_cast<int64_t>(k_h) * k_w > kernels::kDwMaxTaps) return PrepResult::reject("filter has too many taps");
  const int dims[] = {batches, in_h, in_w, out_h, out_w, k_h, k_w,
                      o.stride_h, o.stride_w, o.dilation_h, o.dilation_w};
  for (int d : dims) {
    if (static_cast<uint32_t>(d) > kernels::kDwMaxDim) return PrepResult::reject("a dimension exceeds 65536");
  }
  std::vector<int32_t> multiplier, shift;
  e = util::channel_multipliers(*input, *filter, *output, out_c, &multiplier, &shift);
  if (!e.empty()) return PrepResult::reject(e);
  int32_t act_min = 0, act_max = 0;
  if (!rules::activation_range(o.activation, *output, wide ? -32768 : -128, wide ? 32767 : 127,
                               &act_min, &act_max, &e)) {
    return PrepResult::reject(e);
  }
  if (act_min > act_max) return PrepResult::reject("empty fused activation range");

  kernels::DepthwiseConv2dParams p{};
  p.batches = batches;
  p.in_h = in_h;
  p.in_w = in_w;
  p.in_c = in_c;
  p.out_h = out_h;
  p.out_w = out_w;
  p.out_c = out_c;
  p.depth_multiplier = dm;
  p.k_h = k_h;
  p.k_w = k_w;
  p.stride_h = o.stride_h;
  p.stride_w = o.stride_w;
  p.dilation_h = o.dilation_h;
  p.dilation_w = o.dilation_w;
  p.pad_h = pad_h;
  p.pad_w = pad_w;
  p.input_zero_point = static_cast<int32_t>(input->zero_points[0]);
  p.output_zero_point = static_cast<int32_t>(output->zero_points[0]);
  p.act_min = act_min;
  p.act_max = act_max;
  p.flags = (per_channel ? kernels::kDwFlagPerChannel : 0u) |
            (bias != nullptr ? kernels::kDwFlagHasBias : 0u) | (wide ? kernels::kDwFlagInt16x8 : 0u);
  p.reserved = 0;
  if (wide) {
    // TFLite Micro's 16x8 depthwise always accumulates in int64 (64-bit requantisation).
    std::vector<int64_t> b64(out_c, 0);
    for (int c = 0; c < out_c; ++c) {
      if (bias != nullptr) {
        b64[c] = bias->type == DataType::kInt64 ? util::const_i64(*bias, c) : util::const_i32(*bias, c);
      }
      if (b64[c] < -(int64_t{1} << 47) || b64[c] >= (int64_t{1} << 47)) {
        return PrepResult::reject("16x8 bias value outside [-2^47, 2^47)");
      }
      if (shift[c] > 7) return PrepResult::reject("effective output scale too large for 16x8 (shift > 7)");
    }
    append_pod(&r.params, p);
    append_array(&r.params, b64);
    append_array(&r.params, multiplier);
    append_array(&r.params, shift);
    r.temp_bytes = 0;
    return r;
  }
  std::vector<int32_t> b(out_c, 0);
  if (bias != nullptr) {
    for (int c = 0; c < out_c; ++c) b[c] = util::const_i32(*bias, c);
  }
  // The HVX layout of the filter, when asked for and an HVX path takes the convolution.
  namespace hl = kernels::hvx_layout;
  std::vector<uint8_t> layout;
  if (op.layout == KernelLayout::kHvx && hl::dw_path(p) != hl::DwPath::kNone) {
    std::vector<uint32_t> words(hl::dw_layout_bytes(p) / 4);
    const kernels::gemm::Requant q{b.data(), multiplier.data(), shift.data(), 0, 0, 0};
    if (hl::build_dw_layout(p, reinterpret_cast<const int8_t*>(filter->data), q,
                            reinterpret_cast<uint8_t*>(words.data()))) {
      const uint8_t* bytes = reinterpret_cast<const uint8_t*>(words.data());
      layout.assign(bytes, bytes + words.size() * 4);
      p.flags |= kernels::kDwFlagHvxLayout;
    }
  }
  append_pod(&r.params, p);
  append_array(&r.params, b);
  append_array(&r.params, multiplier);
  append_array(&r.params, shift);
  append_array(&r.params, layout);
  uint64_t temp = kernels::depthwise_conv_2d_temp_bytes(p);
  if (!layout.empty()) temp = std::max<uint64_t>(temp, hl::dw_temp_bytes(p));
  if (temp > 0xFFFFFFFFu) return PrepResult::reject("HVX kernel scratch exceeds 4 GiB");
  r.temp_bytes = static_cast<uint32_t>(temp);
  return r;
}

host::HostStatus decode_depthwise_conv_2d_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::DepthwiseConv2DOptions& p = *op.builtin_options_as_DepthwiseConv2DOptions();
  o->padding = p.padding();
  o->stride_w = p.stride_w();
  o->stride_h = p.stride_h();
  o->depth_multiplier = p.depth_multiplier();
  o->activation = p.fused_activation_function();
  o->dilation_w = p.dilation_w_factor();
  o->dilation_h = p.dilation_h_factor();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
