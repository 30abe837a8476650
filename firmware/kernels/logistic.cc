// LOGISTIC kernel: see kernels/logistic.h.
#include "kernels/logistic.h"

#include "kernels/lstm_math.h"
#include "kernels/registry.h"
#include "kernels/unary_common.h"

namespace lpai {
namespace kernels {
namespace {

Status validate_int16(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(
      validate_unary_shape(args, "LOGISTIC", static_cast<uint32_t>(sizeof(LogisticParams))));
  const LogisticParams& p = *reinterpret_cast<const LogisticParams*>(args.params);
  if (type_of(args.outputs[0].desc) != format::DataType::kInt16 ||
      args.inputs[0].desc->zero_point != 0 || args.outputs[0].desc->zero_point != 0 ||
      p.input_zero_point != 0 || p.input_range_radius != 0 ||
      !int16_lut_scale_valid(p.input_multiplier, p.input_left_shift)) {
    LPAI_LOG_ERROR("LOGISTIC: int16 -> int16 with zero points 0 and a valid input scaling "
                   "required, got output type %u, zero points %d/%d, multiplier %d, shift %d",
                   args.outputs[0].desc->data_type, args.inputs[0].desc->zero_point,
                   args.outputs[0].desc->zero_point, p.input_multiplier, p.input_left_shift);
    return Status::kBinaryBadParams;
  }
  return Status::kOk;
}

Status validate(const KernelArgs& args) {
  if (args.num_inputs >= 1 && args.inputs[0].desc != nullptr &&
      type_of(args.inputs[0].desc) == format::DataType::kInt16) {
    return validate_int16(args);
  }
  LPAI_RETURN_IF_ERROR(validate_unary_shape(
      args, "LOGISTIC", static_cast<uint32_t>(sizeof(LogisticParams)) + kInt8LutSize));
  if (type_of(args.inputs[0].desc) != format::DataType::kInt8 ||
      type_of(args.outputs[0].desc) != format::DataType::kInt8 ||
      args.outputs[0].desc->zero_point != -128) {
    LPAI_LOG_ERROR("LOGISTIC: int8 -> int8 with output zero point -128 required, got types %u -> %u, "
                   "zero point %d",
                   args.inputs[0].desc->data_type, args.outputs[0].desc->data_type,
                   args.outputs[0].desc->zero_point);
    return Status::kBinaryBadParams;
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const uint32_t n = element_count(args.inputs[0].desc);
  if (args.inputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt16)) {
    const LogisticParams& p = *reinterpret_cast<const LogisticParams*>(args.params);
    const int16_t* in = reinterpret_cast<const int16_t*>(args.inputs[0].data);
    int16_t* out = reinterpret_cast<int16_t*>(args.outputs[0].data);
    for (uint32_t i = 0; i < n; ++i) {
      out[i] = lstm::sigmoid_int16(in[i], p.input_multiplier, p.input_left_shift);
    }
    return;
  }
  apply_int8_lut(trailing_lut(args, sizeof(LogisticParams)),
                 reinterpret_cast<const int8_t*>(args.inputs[0].data),
                 reinterpret_cast<int8_t*>(args.outputs[0].data), n);
}

}  // namespace

const OpKernel kLogisticKernel = {format::BuiltinOp::kLogistic, "LOGISTIC", validate, eval};

}  // namespace kernels
}  // namespace lpai
