// Convolution tensor checks: see kernels/conv_checks.h.
#include "kernels/conv_checks.h"

#include "core/check.h"
#include "kernels/op_checks.h"

namespace lpai {
namespace kernels {
namespace checks {

Status conv_tensors(const char* op, const format::TensorRecord* in,
                    const format::TensorRecord* filter, const format::TensorRecord* bias,
                    const format::TensorRecord* out, const ConvTensorSpec& s) {
  using format::DataType;
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
