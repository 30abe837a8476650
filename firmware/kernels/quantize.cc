// QUANTIZE kernel: see kernels/params/quantize.h.
#include "kernels/params/quantize.h"

#include "core/check.h"
#include "kernels/fixed_point.h"
#include "kernels/registry.h"
#include "kernels/unary_common.h"

namespace lpai {
namespace kernels {
namespace {

bool is_int(format::DataType t) {
  return t == format::DataType::kInt8 || t == format::DataType::kInt16 ||
         t == format::DataType::kInt32;
}

// The byte -> byte pairs TFLite Micro requantises (int8 -> int8, uint8 -> int8, int8 -> uint8):
// one 256-entry table indexed by the input byte holds every output byte.
bool byte_pair(format::DataType ti, format::DataType to) {
  return (ti == format::DataType::kInt8 && to == format::DataType::kInt8) ||
         (ti == format::DataType::kUint8 && to == format::DataType::kInt8) ||
         (ti == format::DataType::kInt8 && to == format::DataType::kUint8);
}

Status validate(const KernelArgs& args) {
  if (args.num_inputs != 1 || args.num_outputs != 1 || args.inputs[0].desc == nullptr ||
      args.outputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams, "QUANTIZE: %u inputs, %u outputs (want 1, 1)",
              args.num_inputs, args.num_outputs);
  }
  const format::DataType ti = type_of(args.inputs[0].desc);
  const format::DataType to = type_of(args.outputs[0].desc);
  const bool lut = byte_pair(ti, to);
  if (!lut && (!is_int(ti) || !is_int(to) ||
               (ti == format::DataType::kInt32 && to == format::DataType::kInt32))) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "QUANTIZE: types %u -> %u unsupported (int8/int16/int32 to int8/int16/int32, "
              "not int32 to int32; uint8 to int8, int8 to uint8)", args.inputs[0].desc->data_type,
              args.outputs[0].desc->data_type);
  }
  LPAI_RETURN_IF_ERROR(validate_unary_shape(
      args, ops::quantize::kName,
      static_cast<uint32_t>(sizeof(QuantizeParams)) + (lut ? kInt8LutSize : 0u)));
  const QuantizeParams& p = *reinterpret_cast<const QuantizeParams*>(args.params);
  if (p.shift < -31 || p.shift > 30 || p.input_zero_point < -32768 ||
      p.input_zero_point > 32767 || p.output_zero_point < -32768 || p.output_zero_point > 32767 ||
      (ti == format::DataType::kInt32 && p.input_zero_point != 0) ||
      (to == format::DataType::kInt32 && p.output_zero_point != 0)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "QUANTIZE: parameters out of range (shift %d, zero points %d/%d)", p.shift,
              p.input_zero_point, p.output_zero_point);
  }
  return Status::kOk;
}

template <typename In, typename Out>
void requantize(const QuantizeParams& p, const In* in, Out* out, uint32_t n) {
  constexpr int32_t kMin = sizeof(Out) == 1 ? -128 : sizeof(Out) == 2 ? -32768 : kInt32Min;
  constexpr int32_t kMax = sizeof(Out) == 1 ? 127 : sizeof(Out) == 2 ? 32767 : kInt32Max;
  for (uint32_t i = 0; i < n; ++i) {
    const int32_t v =
        multiply_by_quantized_multiplier(in[i] - p.input_zero_point, p.multiplier, p.shift) +
        p.output_zero_point;
    out[i] = static_cast<Out>(clamp_i32(v, kMin, kMax));
  }
}

template <typename In>
void requantize_to(const QuantizeParams& p, const uint8_t* in, format::DataType to, uint8_t* out,
                   uint32_t n) {
  const In* x = reinterpret_cast<const In*>(in);
  if (to == format::DataType::kInt8) {
    requantize(p, x, reinterpret_cast<int8_t*>(out), n);
  } else if (to == format::DataType::kInt16) {
    requantize(p, x, reinterpret_cast<int16_t*>(out), n);
  } else {
    requantize(p, x, reinterpret_cast<int32_t*>(out), n);
  }
}

void eval(const KernelArgs& args) {
  const QuantizeParams& p = *reinterpret_cast<const QuantizeParams*>(args.params);
  const uint32_t n = element_count(args.inputs[0].desc);
  const format::DataType ti = type_of(args.inputs[0].desc);
  const format::DataType to = type_of(args.outputs[0].desc);
  const bool in8 = ti == format::DataType::kInt8;
  const bool out8 = to == format::DataType::kInt8;
  const uint8_t* in = args.inputs[0].data;
  uint8_t* out = args.outputs[0].data;
  if (byte_pair(ti, to)) {
    apply_int8_lut(trailing_lut(args, sizeof(QuantizeParams)), reinterpret_cast<const int8_t*>(in),
                   reinterpret_cast<int8_t*>(out), n);
    return;
  }
  if (ti == format::DataType::kInt32 || to == format::DataType::kInt32) {
    if (ti == format::DataType::kInt32) {
      requantize_to<int32_t>(p, in, to, out, n);
    } else if (in8) {
      requantize_to<int8_t>(p, in, to, out, n);
    } else {
      requantize_to<int16_t>(p, in, to, out, n);
    }
    return;
  }
  if (in8) {
    requantize(p, reinterpret_cast<const int8_t*>(in), reinterpret_cast<int16_t*>(out), n);
  } else if (out8) {
    requantize(p, reinterpret_cast<const int16_t*>(in), reinterpret_cast<int8_t*>(out), n);
  } else {
    requantize(p, reinterpret_cast<const int16_t*>(in), reinterpret_cast<int16_t*>(out), n);
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(quantize, validate, eval);

}  // namespace kernels
}  // namespace lpai
