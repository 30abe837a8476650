// PRELU kernel: see kernels/prelu.h.
#include "kernels/prelu.h"

#include "kernels/ew_ext_common.h"
#include "kernels/registry.h"
#include "kernels/unary_common.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  if (args.params_size < sizeof(PreluParams) || args.num_inputs != 2 ||
      args.num_outputs != 1 || args.inputs[0].desc == nullptr ||
      args.inputs[1].desc == nullptr || args.outputs[0].desc == nullptr) {
    LPAI_LOG_ERROR("PRELU: params %u bytes (want %u), %u inputs, %u outputs (want 2, 1)",
                   args.params_size, static_cast<unsigned>(sizeof(PreluParams)),
                   args.num_inputs, args.num_outputs);
    return Status::kBinaryBadParams;
  }
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* alpha = args.inputs[1].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  const format::DataType t = type_of(out);
  if ((t != format::DataType::kInt8 && t != format::DataType::kInt16) || type_of(in) != t ||
      (type_of(alpha) != t && type_of(alpha) != format::DataType::kInt8)) {
    LPAI_LOG_ERROR("PRELU: types %u/alpha %u -> %u unsupported (int8 or int16 input and output, "
                   "alpha int8 or the input's type)",
                   in->data_type, alpha->data_type, out->data_type);
    return Status::kBinaryTensorTypeRefused;
  }
  const PreluParams& p = *reinterpret_cast<const PreluParams*>(args.params);
  const bool i8 = t == format::DataType::kInt8;
  const uint32_t want = static_cast<uint32_t>(sizeof(PreluParams)) + (i8 ? kInt8LutSize : 0u);
  if (args.params_size != want) {
    LPAI_LOG_ERROR("PRELU: params %u bytes, want %u", args.params_size, want);
    return Status::kBinaryBadParams;
  }
  const bool offsets_ok =
      i8 ? (p.input_offset >= -127 && p.input_offset <= 128 && p.alpha_offset >= -127 &&
            p.alpha_offset <= 128 && p.output_offset >= -128 && p.output_offset <= 127)
         : (p.input_offset == 0 && p.output_offset == 0 &&
            (type_of(alpha) == format::DataType::kInt8
                 ? (p.alpha_offset >= -127 && p.alpha_offset <= 128)
                 : p.alpha_offset == 0));
  if (!offsets_ok || p.shift_1 < -31 || p.shift_1 > 30 || p.shift_2 < -31 || p.shift_2 > 30 ||
      p.multiplier_1 < 0 || p.multiplier_2 < 0) {
    LPAI_LOG_ERROR("PRELU: parameter out of range (offsets %d/%d/%d, shifts %d/%d)",
                   p.input_offset, p.alpha_offset, p.output_offset, p.shift_1, p.shift_2);
    return Status::kBinaryBadParams;
  }
  return ewx::validate_binary_broadcast("PRELU", p.broadcast, p.shape, in, alpha, out);
}

// int16: both sides are evaluated and one selected, which avoids a data-dependent branch.
template <typename U>
void eval_int16(const PreluParams& p, const KernelArgs& args) {
  ewx::binary_loop(p.broadcast, p.shape, reinterpret_cast<const int16_t*>(args.inputs[0].data),
                   reinterpret_cast<const U*>(args.inputs[1].data),
                   reinterpret_cast<int16_t*>(args.outputs[0].data),
                   element_count(args.outputs[0].desc), [&p](int16_t a, U al) {
                     const int32_t x = a;
                     const int32_t pos =
                         multiply_by_quantized_multiplier(x, p.multiplier_1, p.shift_1);
                     const int32_t neg = multiply_by_quantized_multiplier(
                         x * (p.alpha_offset + al), p.multiplier_2, p.shift_2);
                     const int32_t keep_pos = -static_cast<int32_t>(x >= 0);  // all ones or 0
                     return static_cast<int16_t>(
                         clamp_i32(neg ^ ((neg ^ pos) & keep_pos), -32768, 32767));
                   });
}

// int8: the non-negative side comes from the trailing table (it depends on the input byte only).
void eval_int8(const PreluParams& p, const KernelArgs& args) {
  const int8_t* pos = trailing_lut(args, sizeof(PreluParams));
  ewx::binary_loop(p.broadcast, p.shape, reinterpret_cast<const int8_t*>(args.inputs[0].data),
                   reinterpret_cast<const int8_t*>(args.inputs[1].data),
                   reinterpret_cast<int8_t*>(args.outputs[0].data),
                   element_count(args.outputs[0].desc), [&p, pos](int8_t a, int8_t al) {
                     const int32_t x = p.input_offset + a;
                     const int32_t neg = clamp_i32(
                         multiply_by_quantized_multiplier(x * (p.alpha_offset + al),
                                                          p.multiplier_2, p.shift_2) +
                             p.output_offset,
                         -128, 127);
                     const int32_t keep_pos = -static_cast<int32_t>(x >= 0);  // all ones or 0
                     const int32_t pv = pos[static_cast<uint8_t>(a)];
                     return static_cast<int8_t>(neg ^ ((neg ^ pv) & keep_pos));
                   });
}

void eval(const KernelArgs& args) {
  const PreluParams& p = *reinterpret_cast<const PreluParams*>(args.params);
  if (type_of(args.outputs[0].desc) == format::DataType::kInt8) {
    eval_int8(p, args);
  } else if (type_of(args.inputs[1].desc) == format::DataType::kInt8) {
    eval_int16<int8_t>(p, args);
  } else {
    eval_int16<int16_t>(p, args);
  }
}

}  // namespace

const OpKernel kPreluKernel = {format::BuiltinOp::kPrelu, "PRELU", validate, eval};

}  // namespace kernels
}  // namespace lpai
