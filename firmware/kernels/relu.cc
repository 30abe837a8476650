// RELU kernel: see kernels/params/relu.h.
#include "kernels/params/relu.h"

#include "core/check.h"
#include "kernels/fixed_point.h"
#include "kernels/registry.h"
#include "kernels/unary_common.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  if (args.num_inputs != 1 || args.inputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams, "RELU: %u inputs (want 1)", args.num_inputs);
  }
  const format::DataType t = type_of(args.inputs[0].desc);
  const bool i8 = t == format::DataType::kInt8;
  LPAI_RETURN_IF_ERROR(
      validate_unary_shape(args, ops::relu::kName,
                           static_cast<uint32_t>(sizeof(ReluParams)) + (i8 ? kInt8LutSize : 0u)));
  if ((!i8 && t != format::DataType::kInt16) || type_of(args.outputs[0].desc) != t) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "RELU: types %u -> %u unsupported (int8 or int16, equal)",
              args.inputs[0].desc->data_type, args.outputs[0].desc->data_type);
  }
  const ReluParams& p = *reinterpret_cast<const ReluParams*>(args.params);
  if (!i8 && (p.shift < -31 || p.shift > 30 || p.input_offset != 0 || p.output_offset != 0 ||
              p.activation_min < -32768 || p.activation_max > 32767 ||
              p.activation_min > p.activation_max)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "RELU: int16 parameters out of range (shift %d, offsets %d/%d, range [%d, %d])",
              p.shift, p.input_offset, p.output_offset, p.activation_min, p.activation_max);
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const uint32_t n = element_count(args.inputs[0].desc);
  if (args.inputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt8)) {
    apply_int8_lut(trailing_lut(args, sizeof(ReluParams)),
                   reinterpret_cast<const int8_t*>(args.inputs[0].data),
                   reinterpret_cast<int8_t*>(args.outputs[0].data), n);
    return;
  }
  const ReluParams& p = *reinterpret_cast<const ReluParams*>(args.params);
  const int16_t* in = reinterpret_cast<const int16_t*>(args.inputs[0].data);
  int16_t* out = reinterpret_cast<int16_t*>(args.outputs[0].data);
  for (uint32_t i = 0; i < n; ++i) {
    const int32_t v = p.output_offset +
                      multiply_by_quantized_multiplier(in[i] - p.input_offset, p.multiplier, p.shift);
    out[i] = static_cast<int16_t>(clamp_i32(v, p.activation_min, p.activation_max));
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(relu, validate, eval);

}  // namespace kernels
}  // namespace lpai
