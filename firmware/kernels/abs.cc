// ABS kernel: see kernels/params/abs.h.
#include "kernels/params/abs.h"

#include "core/check.h"
#include "kernels/fixed_point.h"
#include "kernels/registry.h"
#include "kernels/unary_common.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  if (args.num_inputs != 1 || args.inputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams, "ABS: %u inputs (want 1)", args.num_inputs);
  }
  const format::DataType t = type_of(args.inputs[0].desc);
  const bool i8 = t == format::DataType::kInt8;
  LPAI_RETURN_IF_ERROR(validate_unary_shape(
      args, ops::abs::kName, static_cast<uint32_t>(sizeof(AbsParams)) + (i8 ? kInt8LutSize : 0u)));
  if ((!i8 && t != format::DataType::kInt16) || type_of(args.outputs[0].desc) != t) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "ABS: types %u -> %u unsupported (int8 or int16, equal)",
              args.inputs[0].desc->data_type, args.outputs[0].desc->data_type);
  }
  const AbsParams& p = *reinterpret_cast<const AbsParams*>(args.params);
  if (!i8 && (p.input_zero_point != 0 || p.output_zero_point != 0 || p.shift < -31 ||
              p.shift > 30 || p.multiplier < 0 || p.needs_rescale < 0 || p.needs_rescale > 1 ||
              p.raw < 0 || p.raw > 1)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "ABS: int16 parameters out of range (zero points %d/%d, shift %d)",
              p.input_zero_point, p.output_zero_point, p.shift);
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const uint32_t n = element_count(args.inputs[0].desc);
  if (args.inputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt8)) {
    apply_int8_lut(trailing_lut(args, sizeof(AbsParams)),
                   reinterpret_cast<const int8_t*>(args.inputs[0].data),
                   reinterpret_cast<int8_t*>(args.outputs[0].data), n);
    return;
  }
  const AbsParams& p = *reinterpret_cast<const AbsParams*>(args.params);
  const int16_t* in = reinterpret_cast<const int16_t*>(args.inputs[0].data);
  int16_t* out = reinterpret_cast<int16_t*>(args.outputs[0].data);
  if (p.raw) {
    for (uint32_t i = 0; i < n; ++i) {
      const int32_t v = in[i];
      out[i] = static_cast<int16_t>(v < 0 ? -v : v);
    }
  } else if (p.needs_rescale) {
    for (uint32_t i = 0; i < n; ++i) {
      const int32_t v = in[i] < 0 ? -static_cast<int32_t>(in[i]) : in[i];
      out[i] = static_cast<int16_t>(
          clamp_i32(multiply_by_quantized_multiplier(v, p.multiplier, p.shift), -32768, 32767));
    }
  } else {
    for (uint32_t i = 0; i < n; ++i) {
      const int32_t v = in[i] < 0 ? -static_cast<int32_t>(in[i]) : in[i];
      out[i] = static_cast<int16_t>(v > 32767 ? 32767 : v);
    }
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(abs, validate, eval);

}  // namespace kernels
}  // namespace lpai
