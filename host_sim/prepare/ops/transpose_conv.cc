// TRANSPOSE_CONV: offline prepare for the int8 and int16x8 kernels
// (firmware/kernels/transpose_conv.h). Mirrors TFLite Micro's TransposeConv Prepare: the
// output tensor's shape decides (the output_shape operand is not read), padding by
// ComputePaddingHeightWidth over the output size (dilation 1), per-channel multipliers by
// PopulateConvolutionQuantizationParams, activation range by CalculateActivationRangeQuantized.
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/params/transpose_conv.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/int8_prep_util.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_transpose_conv(const PrepOp& op) {
  using format::DataType;
  PrepResult r;
  if (op.inputs.size() < 3 || op.inputs.size() > 4 || op.outputs.size() != 1) {
    return PrepResult::reject("expects 3 or 4 inputs (output_shape, filter, input, bias) and 1 output");
  }
  const PrepTensor* shape_t = op.inputs[0];
  const PrepTensor* filter = op.inputs[1];
  const PrepTensor* input = op.inputs[2];
  const PrepTensor* bias = op.inputs.size() == 4 ? op.inputs[3] : nullptr;
  const PrepTensor* output = op.outputs[0];
  if (shape_t == nullptr || input == nullptr || output == nullptr) {
    return PrepResult::reject("output_shape, input or output absent");
  }
  if (input->type != DataType::kInt8 && input->type != DataType::kInt16) {
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
    return PrepResult::reject("input, filter and output must be 4-D (NHWC, OHWI)");
  }
  for (int32_t d : input->shape) {
    if (d <= 0) return PrepResult::reject("input has an empty dimension");
  }
  for (int32_t d : filter->shape) {
    if (d <= 0) return PrepResult::reject("filter has an empty dimension");
  }
  for (int32_t d : output->shape) {
    if (d <= 0) return PrepResult::reject("output has an empty dimension");
  }
  const int batches = input->shape[0], in_h = input->shape[1], in_w = input->shape[2],
            in_c = input->shape[3];
  const int out_c = filter->shape[0], k_h = filter->shape[1], k_w = filter->shape[2];
  const int out_h = output->shape[1], out_w = output->shape[2];
  if (filter->shape[3] != in_c) return PrepResult::reject("filter depth differs from the input depth");
  if (output->shape[0] != batches || output->shape[3] != out_c) {
    return PrepResult::reject("output " + util::shape_string(output->shape) +
                  " does not match the input batches and the filter's output channels");
  }
  if (filter->scales.empty() || filter->scales.size() != filter->zero_points.size()) {
    return PrepResult::reject("filter is not quantised");
  }
  if (!util::zero_points_all_zero(*filter)) return PrepResult::reject("filter zero point must be 0");
  const bool per_channel = filter->scales.size() > 1;
  if (per_channel && filter->quant_axis != 0) return PrepResult::reject("per-channel filter must use axis 0");
  if (bias != nullptr) {
    const bool type_ok = bias->type == DataType::kInt32 || (wide && bias->type == DataType::kInt64);
    if (!type_ok || !bias->is_const()) {
      return PrepResult::reject(wide ? "bias must be a constant int64 or int32 tensor for 16x8"
                         : "bias must be a constant int32 tensor");
    }
    if (bias->element_count() != out_c) return PrepResult::reject("bias length differs from output channels");
  }
  const OpOptions& o = op.options;
  if (o.stride_h <= 0 || o.stride_w <= 0) return PrepResult::reject("strides must be positive");
  const int dims[] = {batches, in_h, in_w, out_h, out_w, k_h, k_w, o.stride_h, o.stride_w};
  for (int d : dims) {
    if (static_cast<uint32_t>(d) > kernels::kTcMaxDim) return PrepResult::reject("a dimension exceeds 65536");
  }
  if (static_cast<uint32_t>(in_c) > kernels::kTcMaxInChannels) {
    return PrepResult::reject("more than 65536 input channels");
  }
  int unused = 0, pad_h = 0, pad_w = 0;
  if (!util::compute_padding(o.padding, out_h, k_h, o.stride_h, 1, &unused, &pad_h) ||
      !util::compute_padding(o.padding, out_w, k_w, o.stride_w, 1, &unused, &pad_w)) {
    return PrepResult::reject("padding/stride give an empty window over the output");
  }

  std::vector<int32_t> multiplier, shift;
  e = util::channel_multipliers(*input, *filter, *output, out_c, &multiplier, &shift);
  if (!e.empty()) return PrepResult::reject(e);
  const int32_t qmin = wide ? -32768 : -128, qmax = wide ? 32767 : 127;
  int32_t act_min = 0, act_max = 0;
  if (!rules::activation_range(o.activation, *output, qmin, qmax, &act_min, &act_max, &e)) {
    return PrepResult::reject(e);
  }
  if (act_min > act_max) return PrepResult::reject("empty fused activation range");

  kernels::TransposeConvParams p{};
  p.batches = batches;
  p.in_h = in_h;
  p.in_w = in_w;
  p.in_c = in_c;
  p.out_h = out_h;
  p.out_w = out_w;
  p.out_c = out_c;
  p.k_h = k_h;
  p.k_w = k_w;
  p.stride_h = o.stride_h;
  p.stride_w = o.stride_w;
  p.pad_h = pad_h;
  p.pad_w = pad_w;
  p.input_zero_point = static_cast<int32_t>(input->zero_points[0]);
  p.output_zero_point = static_cast<int32_t>(output->zero_points[0]);
  p.act_min = act_min;
  p.act_max = act_max;
  p.flags = (per_channel ? kernels::kTcFlagPerChannel : 0u) |
            (bias != nullptr ? kernels::kTcFlagHasBias : 0u) | (wide ? kernels::kTcFlagInt16x8 : 0u);
  p.reserved = 0;
  append_pod(&r.params, p);
  if (wide) {
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
    append_array(&r.params, b64);
  } else {
    std::vector<int32_t> b32(out_c, 0);
    for (int c = 0; c < out_c; ++c) b32[c] = bias != nullptr ? util::const_i32(*bias, c) : 0;
    append_array(&r.params, b32);
  }
  append_array(&r.params, multiplier);
  append_array(&r.params, shift);
  const uint64_t out_elems = static_cast<uint64_t>(batches) * out_h * out_w * out_c;
  const uint64_t temp = kernels::transpose_conv_temp_size(out_elems, in_c, p.flags);
  if (temp > 0xFFFFFFFFull) return PrepResult::reject("output too large for the accumulator scratch");
  r.temp_bytes = static_cast<uint32_t>(temp);
  return r;
}

host::HostStatus decode_transpose_conv_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::TransposeConvOptions& p = *op.builtin_options_as_TransposeConvOptions();
  o->padding = p.padding();
  o->stride_w = p.stride_w();
  o->stride_h = p.stride_h();
  o->activation = p.fused_activation_function();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
