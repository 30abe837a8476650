// LEAKY_RELU kernel: see kernels/params/leaky_relu.h.
#include "kernels/params/leaky_relu.h"

#include "core/check.h"
#include "kernels/fixed_point.h"
#include "kernels/registry.h"
#include "kernels/unary_common.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  if (args.num_inputs != 1 || args.inputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams, "LEAKY_RELU: %u inputs (want 1)", args.num_inputs);
  }
  const format::DataType t = type_of(args.inputs[0].desc);
  const bool i8 = t == format::DataType::kInt8;
  LPAI_RETURN_IF_ERROR(validate_unary_shape(
      args, ops::leaky_relu::kName,
      static_cast<uint32_t>(sizeof(LeakyReluParams)) + (i8 ? kInt8LutSize : 0u)));
  if ((!i8 && t != format::DataType::kInt16) || type_of(args.outputs[0].desc) != t) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "LEAKY_RELU: types %u -> %u unsupported (int8 or int16, equal)",
              args.inputs[0].desc->data_type, args.outputs[0].desc->data_type);
  }
  const LeakyReluParams& p = *reinterpret_cast<const LeakyReluParams*>(args.params);
  if (!i8 && (p.shift_alpha < -31 || p.shift_alpha > 30 || p.shift_identity < -31 ||
              p.shift_identity > 30 || p.input_zero_point < -32768 ||
              p.input_zero_point > 32767)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "LEAKY_RELU: int16 parameters out of range (shifts %d/%d, zero point %d)",
              p.shift_alpha, p.shift_identity, p.input_zero_point);
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const uint32_t n = element_count(args.inputs[0].desc);
  if (args.inputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt8)) {
    apply_int8_lut(trailing_lut(args, sizeof(LeakyReluParams)),
                   reinterpret_cast<const int8_t*>(args.inputs[0].data),
                   reinterpret_cast<int8_t*>(args.outputs[0].data), n);
    return;
  }
  const LeakyReluParams& p = *reinterpret_cast<const LeakyReluParams*>(args.params);
  const int16_t* in = reinterpret_cast<const int16_t*>(args.inputs[0].data);
  int16_t* out = reinterpret_cast<int16_t*>(args.outputs[0].data);
  for (uint32_t i = 0; i < n; ++i) {
    const int32_t d = in[i] - p.input_zero_point;
    const int32_t v =
        p.output_zero_point +
        (d >= 0 ? multiply_by_quantized_multiplier(d, p.multiplier_identity, p.shift_identity)
                : multiply_by_quantized_multiplier(d, p.multiplier_alpha, p.shift_alpha));
    out[i] = static_cast<int16_t>(clamp_i32(v, -32768, 32767));
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(leaky_relu, validate, eval);

}  // namespace kernels
}  // namespace lpai
