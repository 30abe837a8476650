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
#include "prepare/ops/conv_family_prep.h"
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
  const host::HostStatus checked = util::check_conv_operands(
      input, filter, output, /*symmetric_wide=*/true, "input, filter and output must be 4-D (NHWC, OHWI)");
  if (!checked.ok()) return PrepResult::reject(checked);
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
  const host::HostStatus filter_ok = util::check_filter_and_bias(
      *filter, bias, out_c, wide, /*axis=*/0, "bias must be a constant int64 or int32 tensor for 16x8");
  if (!filter_ok.ok()) return PrepResult::reject(filter_ok);
  const bool per_channel = filter->scales.size() > 1;
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

  const host::HostResult<util::ConvRequant> requant =
      util::conv_requant(*input, *filter, *output, out_c, o.activation, wide);
  if (!requant.ok()) return PrepResult::reject(requant.error());
  const util::ConvRequant& rq = requant.value();

  kernels::TransposeConvParams p{};
  const util::ConvWindow window{batches, in_h,       in_w,       in_c,  out_h, out_w, out_c,
                                k_h,     k_w,        o.stride_h, o.stride_w, pad_h, pad_w};
  util::fill_conv_window(&p, window, *input, *output, rq.act_min, rq.act_max);
  p.flags = (per_channel ? kernels::kTcFlagPerChannel : 0u) |
            (bias != nullptr ? kernels::kTcFlagHasBias : 0u) | (wide ? kernels::kTcFlagInt16x8 : 0u);
  p.reserved = 0;
  append_pod(&r.params, p);
  if (wide) {
    const host::HostResult<std::vector<int64_t>> b64 = util::wide_bias(bias, out_c, &rq.shift);
    if (!b64.ok()) return PrepResult::reject(b64.error());
    append_array(&r.params, b64.value());
  } else {
    std::vector<int32_t> b32(out_c, 0);
    for (int c = 0; c < out_c; ++c) b32[c] = bias != nullptr ? util::const_i32(*bias, c) : 0;
    append_array(&r.params, b32);
  }
  append_array(&r.params, rq.multiplier);
  append_array(&r.params, rq.shift);
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
