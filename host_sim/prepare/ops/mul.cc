// MUL: offline prepare (TFLite Micro's CalculateOpDataMul).
#include <cstring>

#include "kernels/params/mul.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/int32_arith_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_mul(const PrepOp& op) {
  PrepResult r;
  if (prepare_int32_arith(op, Int32ArithKind::kMul, &r)) return r;
  if (const host::HostStatus st = ew::check_quantized_binary(op); !st.ok()) return PrepResult::reject(st);
  const PrepTensor& in1 = *op.inputs[0];
  const PrepTensor& in2 = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  const format::DataType t = out.type;
  if (t == format::DataType::kInt16 &&
      (ew::zp_of(in1) != 0 || ew::zp_of(in2) != 0 || ew::zp_of(out) != 0)) {
    return PrepResult::reject("int16 MUL requires zero points 0");
  }
  kernels::MulParams p;
  std::memset(&p, 0, sizeof(p));
  p.input1_offset = -ew::zp_of(in1);
  p.input2_offset = -ew::zp_of(in2);
  p.output_offset = ew::zp_of(out);
  const double real = static_cast<double>(ew::scale_of(in1)) *
                      static_cast<double>(ew::scale_of(in2)) /
                      static_cast<double>(ew::scale_of(out));
  ew::quantize(real, &p.output_multiplier, &p.output_shift);
  if (p.output_shift < -31 || p.output_shift > 30) {
    return PrepResult::reject("scale ratio out of range");
  }
  const host::HostStatus clamped = ew::clamp_and_broadcast(op, &p);
  if (!clamped.ok()) return PrepResult::reject(clamped);
  r.params = ew::blob_of(p);
  return r;
}

host::HostStatus decode_mul_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::MulOptions& p = *op.builtin_options_as_MulOptions();
  o->activation = p.fused_activation_function();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
