// DIV: offline prepare (TFLite Micro's CalculateOpDataDiv: the scale ratio in float, then
// QuantizeMultiplier); the reciprocal of every in2 byte as GetReciprocal computes it.
#include <cstring>

#include "kernels/fixed_point_math.h"
#include "kernels/params/div.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/int32_arith_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_div(const PrepOp& op) {
  PrepResult r;
  if (prepare_int32_arith(op, Int32ArithKind::kDiv, &r)) return r;
  const host::HostStatus st = ew::check_binary_operands(
      op, {format::DataType::kInt8},
      "int8 only", /*per_tensor=*/true);
  if (!st.ok()) return PrepResult::reject(st);
  const PrepTensor& in1 = *op.inputs[0];
  const PrepTensor& in2 = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  kernels::DivParams p;
  std::memset(&p, 0, sizeof(p));
  p.input1_offset = -ew::zp_of(in1);
  p.output_offset = ew::zp_of(out);
  const double real =
      static_cast<double>(ew::scale_of(in1) / (ew::scale_of(in2) * ew::scale_of(out)));
  ew::quantize(real, &p.output_multiplier, &p.output_shift);
  if (p.output_shift > 22) {
    return PrepResult::reject("scale ratio s1 / (s2 * s_out) above 2^22 is not supported");
  }
  const host::HostStatus clamped = ew::clamp_and_broadcast(op, &p);
  if (!clamped.ok()) return PrepResult::reject(clamped);
  r.params = ew::blob_of(p);
  const int32_t zp2 = ew::zp_of(in2);
  int32_t recip[256];
  int32_t meta[256];
  for (int i = 0; i < 256; ++i) {
    int32_t b = static_cast<int8_t>(static_cast<uint8_t>(i)) - zp2;
    const int32_t negated = b < 0 ? 1 : 0;
    if (negated) b = -b;
    if (b == 0) {  // TFLite Micro's contract: never divides by the zero point
      recip[i] = 0;
      meta[i] = 0;
      continue;
    }
    int rs = 0;
    recip[i] = kernels::fpm::get_reciprocal(b, 31, &rs);
    meta[i] = rs | (negated << 8);
  }
  for (int32_t v : recip) append_pod(&r.params, v);
  for (int32_t v : meta) append_pod(&r.params, v);
  return r;
}

host::HostStatus decode_div_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::DivOptions& p = *op.builtin_options_as_DivOptions();
  o->activation = p.fused_activation_function();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
