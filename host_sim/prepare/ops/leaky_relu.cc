// LEAKY_RELU: offline prepare (TFLite Micro's CalculateOpDataLeakyRelu; the alpha ratio is a
// float product as there). int8: the table is the reference formula for every input byte.
#include <cstring>

#include "kernels/fixed_point.h"
#include "kernels/params/leaky_relu.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_leaky_relu(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_unary_int(op, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  kernels::LeakyReluParams p;
  std::memset(&p, 0, sizeof(p));
  p.input_zero_point = ew::zp_of(in);
  p.output_zero_point = ew::zp_of(out);
  const double alpha_m =
      static_cast<double>(ew::scale_of(in) * op.options.alpha / ew::scale_of(out));
  const double identity_m = static_cast<double>(ew::scale_of(in) / ew::scale_of(out));
  ew::quantize(alpha_m, &p.multiplier_alpha, &p.shift_alpha);
  ew::quantize(identity_m, &p.multiplier_identity, &p.shift_identity);
  if (p.shift_alpha < -31 || p.shift_alpha > 30 || p.shift_identity < -31 ||
      p.shift_identity > 30) {
    return PrepResult::reject("scale ratio out of range");
  }
  if (op.options.alpha != op.options.alpha) {
    return PrepResult::reject("alpha is NaN");
  }
  r.params = ew::blob_of(p);
  if (in.type == format::DataType::kInt8) {
    ew::append_int8_lut(&r.params, [&p](int32_t x) {
      const int32_t d = x - p.input_zero_point;
      const int32_t v =
          p.output_zero_point +
          (d >= 0 ? kernels::multiply_by_quantized_multiplier(d, p.multiplier_identity,
                                                              p.shift_identity)
                  : kernels::multiply_by_quantized_multiplier(d, p.multiplier_alpha,
                                                              p.shift_alpha));
      return kernels::clamp_i32(v, -128, 127);
    });
  }
  return r;
}

host::HostStatus decode_leaky_relu_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::LeakyReluOptions& p = *op.builtin_options_as_LeakyReluOptions();
  o->alpha = p.alpha();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
