// Shared conv-family prepare steps (conv_family_prep.h).
#include "prepare/ops/conv_family_prep.h"

#include <string>

#include "prepare/ops/int8_prep_util.h"
#include "prepare/rules.h"

namespace lpai {
namespace prepare {
namespace util {

host::HostResult<GemmOperands> gemm_operands(const PrepOp& op) {
  if (op.inputs.size() < 2 || op.inputs.size() > 3 || op.outputs.size() != 1) {
    return host::HostStatus::fail("expects 2 or 3 inputs and 1 output");
  }
  return GemmOperands{op.inputs[0], op.inputs[1], op.inputs.size() == 3 ? op.inputs[2] : nullptr,
                      op.outputs[0]};
}

host::HostStatus check_conv_operands(const PrepTensor* input, const PrepTensor* filter,
                                     const PrepTensor* output, bool symmetric_wide,
                                     const char* rank_error) {
  using format::DataType;
  std::string e;
  if (!rules::check_per_tensor_of_type(input, input->type, "input", &e) ||
      !rules::check_per_tensor_of_type(output, input->type, "output", &e)) {
    return host::HostStatus::fail(e);
  }
  if (symmetric_wide && input->type == DataType::kInt16 &&
      (input->zero_points[0] != 0 || output->zero_points[0] != 0)) {
    return host::HostStatus::fail("16x8 input and output zero points must be 0");
  }
  if (filter == nullptr || filter->type != DataType::kInt8 || !filter->is_const()) {
    return host::HostStatus::fail("filter must be a constant int8 tensor");
  }
  if (input->shape.size() != 4 || filter->shape.size() != 4 || output->shape.size() != 4) {
    return host::HostStatus::fail(rank_error);
  }
  for (int32_t d : input->shape) {
    if (d <= 0) return host::HostStatus::fail("input has an empty dimension");
  }
  for (int32_t d : filter->shape) {
    if (d <= 0) return host::HostStatus::fail("filter has an empty dimension");
  }
  return host::HostStatus::success();
}

host::HostStatus check_filter_and_bias(const PrepTensor& filter, const PrepTensor* bias, int out_c,
                                       bool wide, int axis, const char* wide_bias_error) {
  using format::DataType;
  if (filter.scales.empty() || filter.scales.size() != filter.zero_points.size()) {
    return host::HostStatus::fail("filter is not quantised");
  }
  if (!zero_points_all_zero(filter)) return host::HostStatus::fail("filter zero point must be 0");
  if (filter.scales.size() > 1 && filter.quant_axis != axis) {
    return host::HostStatus::fail("per-channel filter must use axis " + std::to_string(axis));
  }
  if (bias != nullptr) {
    const bool type_ok = bias->type == DataType::kInt32 || (wide && bias->type == DataType::kInt64);
    if (!type_ok || !bias->is_const()) {
      return host::HostStatus::fail(wide ? wide_bias_error : "bias must be a constant int32 tensor");
    }
    if (bias->element_count() != out_c) {
      return host::HostStatus::fail("bias length differs from output channels");
    }
  }
  return host::HostStatus::success();
}

host::HostStatus dilated_output_window(const OpOptions& o, int batches, int in_h, int in_w,
                                       int k_h, int k_w, int out_c, const PrepTensor& output,
                                       int* out_h, int* out_w, int* pad_h, int* pad_w) {
  if (o.stride_h <= 0 || o.stride_w <= 0 || o.dilation_h <= 0 || o.dilation_w <= 0) {
    return host::HostStatus::fail("stride and dilation must be positive");
  }
  // An axis with explicit padding takes its output size from the output tensor instead.
  if ((o.explicit_pad_h < 0 && !compute_padding(o.padding, in_h, k_h, o.stride_h, o.dilation_h, out_h, pad_h)) ||
      (o.explicit_pad_w < 0 && !compute_padding(o.padding, in_w, k_w, o.stride_w, o.dilation_w, out_w, pad_w))) {
    return host::HostStatus::fail("padding/stride/dilation give an empty output");
  }
  if (o.explicit_pad_h >= 0) {  // a band of a tiled stage
    *pad_h = o.explicit_pad_h;
    *out_h = output.shape.size() == 4 ? output.shape[1] : 0;
    if (!explicit_padding(*pad_h, in_h, k_h, o.stride_h, o.dilation_h, *out_h)) {
      return host::HostStatus::fail("band rows inconsistent with the explicit top padding");
    }
  }
  if (o.explicit_pad_w >= 0) {  // a PAD folded into the convolution (fold_pad.h)
    *pad_w = o.explicit_pad_w;
    *out_w = output.shape.size() == 4 ? output.shape[2] : 0;
    if (!explicit_padding(*pad_w, in_w, k_w, o.stride_w, o.dilation_w, *out_w)) {
      return host::HostStatus::fail("output columns inconsistent with the explicit left padding");
    }
  }
  const std::vector<int32_t> want_out = {batches, *out_h, *out_w, out_c};
  if (output.shape != want_out) {
    return host::HostStatus::fail("output shape " + shape_string(output.shape) + " differs from " +
                                  shape_string(want_out));
  }
  return host::HostStatus::success();
}

host::HostResult<ConvRequant> conv_requant(const PrepTensor& input, const PrepTensor& filter,
                                           const PrepTensor& output, int out_c, int activation,
                                           bool wide) {
  ConvRequant q;
  const std::string e =
      channel_multipliers(input, filter, output, out_c, &q.multiplier, &q.shift);
  if (!e.empty()) return host::HostStatus::fail(e);
  const host::HostStatus range =
      conv_activation_range(activation, output, wide, &q.act_min, &q.act_max);
  if (!range.ok()) return range;
  return q;
}

host::HostStatus conv_activation_range(int activation, const PrepTensor& output, bool wide,
                                       int32_t* act_min, int32_t* act_max) {
  const int32_t qmin = wide ? -32768 : -128, qmax = wide ? 32767 : 127;
  std::string e;
  if (!rules::activation_range(activation, output, qmin, qmax, act_min, act_max, &e)) {
    return host::HostStatus::fail(e);
  }
  if (*act_min > *act_max) return host::HostStatus::fail("empty fused activation range");
  return host::HostStatus::success();
}

host::HostResult<std::vector<int64_t>> wide_bias(const PrepTensor* bias, int out_c,
                                                 const std::vector<int32_t>* shift) {
  std::vector<int64_t> b64(static_cast<size_t>(out_c), 0);
  for (int c = 0; c < out_c; ++c) {
    if (bias != nullptr) {
      b64[c] = bias->type == format::DataType::kInt64 ? const_i64(*bias, c) : const_i32(*bias, c);
    }
    if (b64[c] < -(int64_t{1} << 47) || b64[c] >= (int64_t{1} << 47)) {
      return host::HostStatus::fail("16x8 bias value outside [-2^47, 2^47)");
    }
    if (shift != nullptr && (*shift)[c] > 7) {
      return host::HostStatus::fail("effective output scale too large for 16x8 (shift > 7)");
    }
  }
  return b64;
}

}  // namespace util
}  // namespace prepare
}  // namespace lpai
