// DIV kernel: see kernels/params/div.h.
#include "kernels/params/div.h"

#include "core/check.h"
#include "kernels/elementwise_common.h"
#include "kernels/ew_ext_common.h"
#include "kernels/int32_arith.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  if (int32_arith::applies(args)) return int32_arith::validate(args, ops::div::kName);
  LPAI_RETURN_IF_ERROR(checks::require_node(
      args, ops::div::kName, static_cast<uint32_t>(sizeof(DivParams) + kDivTableBytes), 2, 1,
      0b11));
  const format::TensorRecord* in1 = args.inputs[0].desc;
  const format::TensorRecord* in2 = args.inputs[1].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  if (type_of(out) != format::DataType::kInt8 || type_of(in1) != format::DataType::kInt8 ||
      type_of(in2) != format::DataType::kInt8) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused, "DIV: types %u/%u -> %u unsupported (int8 only)",
              in1->data_type, in2->data_type, out->data_type);
  }
  const DivParams& p = *reinterpret_cast<const DivParams*>(args.params);
  // output_shift <= 22 keeps the final shift non-negative (|a| <= 256 has >= 22 sign bits).
  if (p.input1_offset < -127 || p.input1_offset > 128 || p.output_offset < -128 ||
      p.output_offset > 127 || p.output_shift < -31 || p.output_shift > 22 ||
      p.output_multiplier < 0 || p.activation_min < -128 || p.activation_max > 127 ||
      p.activation_min > p.activation_max) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "DIV: parameter out of range (offsets %d/%d, shift %d, activation [%d, %d])",
              p.input1_offset, p.output_offset, p.output_shift, p.activation_min, p.activation_max);
  }
  const int32_t* meta =
      reinterpret_cast<const int32_t*>(args.params + sizeof(DivParams)) + 256;
  for (uint32_t i = 0; i < 256; ++i) {
    if ((meta[i] & 0xFF) > 31 || (meta[i] >> 8) > 1 || meta[i] < 0) {
      LPAI_FAIL(Status::kBinaryBadParams, "DIV: reciprocal table entry %u invalid", i);
    }
  }
  return ewx::validate_binary_broadcast(ops::div::kName, p.broadcast, p.shape, in1, in2, out);
}

void eval(const KernelArgs& args) {
  if (int32_arith::applies(args)) return int32_arith::eval<int32_arith::Op::kDiv>(args);
  const DivParams& p = *reinterpret_cast<const DivParams*>(args.params);
  const int32_t* recip = reinterpret_cast<const int32_t*>(args.params + sizeof(DivParams));
  const int32_t* meta = recip + 256;
  ewx::binary_loop(
      p.broadcast, p.shape, reinterpret_cast<const int8_t*>(args.inputs[0].data),
      reinterpret_cast<const int8_t*>(args.inputs[1].data),
      reinterpret_cast<int8_t*>(args.outputs[0].data), element_count(args.outputs[0].desc),
      [&p, recip, meta](int8_t x, int8_t y) {
        const uint8_t k = static_cast<uint8_t>(y);
        const int32_t m = meta[k];
        int32_t a = p.input1_offset + x;
        if (m >> 8) a = -a;
        const int headroom = ewx::count_leading_sign_bits(a);
        const int32_t q = saturating_rounding_doubling_high_mul(
            static_cast<int32_t>(static_cast<uint32_t>(a) << headroom), recip[k]);
        const int total_shift = p.output_shift - (m & 0xFF) - headroom;
        const int32_t v =
            p.output_offset +
            ewx::rounding_divide_by_pot_any(
                saturating_rounding_doubling_high_mul(q, p.output_multiplier), -total_shift);
        return static_cast<int8_t>(clamp_i32(v, p.activation_min, p.activation_max));
      });
}

}  // namespace

LPAI_DEFINE_KERNEL(div, validate, eval);

}  // namespace kernels
}  // namespace lpai
