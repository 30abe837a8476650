// QUANTIZE: offline prepare (TFLite Micro's PrepareQuantizeReference for integer -> integer,
// int32 included as TFLite Micro's Requantize allows it, uint8 <-> int8 at graph edges).
#include <cstring>

#include "kernels/fixed_point.h"
#include "kernels/params/quantize.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_quantize(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 1, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  auto is_int = [](format::DataType t) {
    return t == format::DataType::kInt8 || t == format::DataType::kInt16 ||
           t == format::DataType::kInt32;
  };
  if (in.type == format::DataType::kFloat32) {
    return PrepResult::reject("QUANTIZE from float32 is not supported: the firmware has no floating point at "
              "run time (quantize the graph input offline)");
  }
  const bool u8_in = in.type == format::DataType::kUint8;
  const bool u8_out = out.type == format::DataType::kUint8;
  const bool byte_pair = (in.type == format::DataType::kInt8 || u8_in) &&
                         (out.type == format::DataType::kInt8 || u8_out) && !(u8_in && u8_out);
  if (!byte_pair && (!is_int(in.type) || !is_int(out.type) ||
                     (in.type == format::DataType::kInt32 && out.type == format::DataType::kInt32))) {
    return PrepResult::reject(std::string("types ") + ew::type_name(in.type) + " -> " + ew::type_name(out.type) +
              " unsupported (int8/int16/int32 to int8/int16/int32, not int32 to int32; uint8 to "
              "int8, int8 to uint8)");
  }
  if (in.shape != out.shape) {
    return PrepResult::reject("input and output shapes differ");
  }
  if (!ew::check_per_tensor(in, "input", &r.error) ||
      !ew::check_per_tensor(out, "output", &r.error)) {
    return r;
  }
  if ((in.type == format::DataType::kInt32 && ew::zp_of(in) != 0) ||
      (out.type == format::DataType::kInt32 && ew::zp_of(out) != 0)) {
    return PrepResult::reject("int32 tensors must have zero point 0");
  }
  kernels::QuantizeParams p;
  std::memset(&p, 0, sizeof(p));
  p.input_zero_point = ew::zp_of(in);
  p.output_zero_point = ew::zp_of(out);
  ew::quantize(static_cast<double>(ew::scale_of(in)) / static_cast<double>(ew::scale_of(out)),
               &p.multiplier, &p.shift);
  if (p.shift < -31 || p.shift > 30) {
    return PrepResult::reject("input/output scale ratio out of range");
  }
  r.params = ew::blob_of(p);
  if (byte_pair) {
    // TFLite Micro's Requantize for every input byte (its XOR-0x80 fast path for a pure
    // zero-point shift of 128 gives the same bytes as the formula).
    const int32_t lo = u8_out ? 0 : -128, hi = u8_out ? 255 : 127;
    for (int b = 0; b < 256; ++b) {
      const int32_t x = u8_in ? b : static_cast<int8_t>(static_cast<uint8_t>(b));
      const int32_t v = kernels::clamp_i32(
          kernels::multiply_by_quantized_multiplier(x - p.input_zero_point, p.multiplier,
                                                    p.shift) +
              p.output_zero_point,
          lo, hi);
      r.params.push_back(static_cast<uint8_t>(v));
    }
  }
  return r;
}

}  // namespace prepare
}  // namespace lpai
