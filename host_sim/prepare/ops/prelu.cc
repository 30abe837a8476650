// PRELU: offline prepare (TFLite Micro's CalculatePreluParams; multipliers in double).
#include <cstring>

#include "kernels/fixed_point.h"
#include "kernels/params/prelu.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_prelu(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 2, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& alpha = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  const format::DataType t = out.type;
  if ((t != format::DataType::kInt8 && t != format::DataType::kInt16) || in.type != t ||
      (alpha.type != t && alpha.type != format::DataType::kInt8)) {
    return PrepResult::reject(std::string("types ") + ew::type_name(in.type) + ", alpha " +
              ew::type_name(alpha.type) + " -> " + ew::type_name(t) +
              " unsupported (int8 or int16; alpha int8 or the input's type)");
  }
  if (!ew::check_per_tensor(in, "input", &r.error) ||
      !ew::check_per_tensor(alpha, "alpha", &r.error) ||
      !ew::check_per_tensor(out, "output", &r.error)) {
    return r;
  }
  kernels::PreluParams p;
  std::memset(&p, 0, sizeof(p));
  p.input_offset = -ew::zp_of(in);
  p.alpha_offset = -ew::zp_of(alpha);
  p.output_offset = ew::zp_of(out);
  if (t == format::DataType::kInt16 &&
      (p.input_offset != 0 || p.output_offset != 0 ||
       (alpha.type == format::DataType::kInt16 && p.alpha_offset != 0))) {
    return PrepResult::reject("int16 PRELU requires zero points 0");
  }
  const double s_in = static_cast<double>(ew::scale_of(in));
  const double s_alpha = static_cast<double>(ew::scale_of(alpha));
  const double s_out = static_cast<double>(ew::scale_of(out));
  ew::quantize(s_in / s_out, &p.multiplier_1, &p.shift_1);
  ew::quantize(s_in * s_alpha / s_out, &p.multiplier_2, &p.shift_2);
  if (p.shift_1 > 30 || p.shift_2 > 30) {
    return PrepResult::reject("scale ratio out of range");
  }
  if (!ew::plan_broadcast(in, alpha, out, &p.broadcast, &p.shape, &r.error)) return r;
  r.params = ew::blob_of(p);
  if (t == format::DataType::kInt8) {
    ew::append_int8_lut(&r.params, [&p](int32_t v) {
      const int32_t x = p.input_offset + v;
      if (x < 0) return 0;
      return kernels::clamp_i32(
          kernels::multiply_by_quantized_multiplier(x, p.multiplier_1, p.shift_1) + p.output_offset,
          -128, 127);
    });
  }
  return r;
}

}  // namespace prepare
}  // namespace lpai
