// Convolution tensor checks: see kernels/conv_checks.h.
#include "kernels/conv_checks.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/op_checks.h"

namespace lpai {
namespace kernels {
namespace checks {

Status require_params_header(const KernelArgs& args, const char* op, uint32_t header_size) {
  if (args.params == nullptr || args.params_size < header_size) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: parameter blob shorter than its header", op);
  }
  return Status::kOk;
}

Status conv_tensors(const KernelArgs& args, const char* op, uint32_t in_index,
                    uint32_t min_inputs, const ConvTensorSpec& s) {
  using format::DataType;
  if (args.num_outputs != 1 ||
      (args.num_inputs != min_inputs && args.num_inputs != min_inputs + 1)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: expects %u or %u inputs and 1 output", op,
              fmt_u(min_inputs), fmt_u(min_inputs + 1));
  }
  const format::TensorRecord* in = args.inputs[in_index].desc;
  const format::TensorRecord* filter = args.inputs[1].desc;
  const format::TensorRecord* bias =
      args.num_inputs == min_inputs + 1 ? args.inputs[min_inputs].desc : nullptr;
  const format::TensorRecord* out = args.outputs[0].desc;
  if (in == nullptr || filter == nullptr || out == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: input, filter or output absent", op);
  }
  LPAI_RETURN_IF_ERROR(
      require_gemm_types(in, filter, bias, out, op, "filter", s.act, s.bias_a, s.bias_b));
  if (!has_shape(in, s.act, 4, s.in_dims)) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: input type or shape differs from the parameters", op);
  }
  if (!has_shape(filter, DataType::kInt8, 4, s.filter_dims) || !is_const(filter)) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: filter is not constant int8 %s", op, s.filter_shape);
  }
  if (s.per_channel && filter->quant_count != s.out_c) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: per-channel filter without out_c scales", op);
  }
  if ((bias != nullptr) != s.has_bias) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: bias presence differs from the parameter flags", op);
  }
  const uint32_t b_dims[1] = {s.out_c};
  if (bias != nullptr && ((!has_shape(bias, s.bias_a, 1, b_dims) &&
                           !has_shape(bias, s.bias_b, 1, b_dims)) ||
                          !is_const(bias))) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: bias is not constant [out_c] of the bias type", op);
  }
  if (!has_shape(out, s.act, 4, s.out_dims)) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: output type or shape differs from the parameters",
              op);
  }
  return Status::kOk;
}

}  // namespace checks
}  // namespace kernels
}  // namespace lpai
