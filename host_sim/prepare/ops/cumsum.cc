// CUMSUM: offline prepare (TFLite Micro's cumsum CalculateOpData: input multiplier
// s_in / (2 s_in), output multiplier 2 s_in / (2^20 s_out), both QuantizeMultiplierSmallerThanOneExp).
#include <cstring>

#include "kernels/fixed_point.h"
#include "kernels/params/cumsum.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/int8_prep_util.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_cumsum(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 2, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& axis = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  if (in.type != format::DataType::kInt8 || out.type != format::DataType::kInt8) {
    return PrepResult::reject(std::string("types ") + ew::type_name(in.type) + " -> " + ew::type_name(out.type) +
              " unsupported (int8)");
  }
  if (!ew::check_per_tensor(in, "input", &r.error) ||
      !ew::check_per_tensor(out, "output", &r.error)) {
    return r;
  }
  if (in.shape != out.shape) {
    return PrepResult::reject("input and output shapes differ");
  }
  const int rank = static_cast<int>(in.shape.size());
  const host::HostResult<int32_t> axis_value = ew::constant_axis(axis, rank);
  if (!axis_value.ok()) return PrepResult::reject(axis_value.status());
  const int32_t a = axis_value.value();
  kernels::CumsumParams p;
  std::memset(&p, 0, sizeof(p));
  int64_t outer = 1, inner = 1;
  for (int k = 0; k < rank; ++k) {
    if (k < a) outer *= in.shape[k];
    if (k > a) inner *= in.shape[k];
  }
  p.outer = static_cast<int32_t>(outer);
  p.depth = in.shape[a];
  p.inner = static_cast<int32_t>(inner);
  p.exclusive = op.options.exclusive ? 1 : 0;
  p.reverse = op.options.reverse ? 1 : 0;
  p.input_zero_point = ew::zp_of(in);
  p.output_zero_point = ew::zp_of(out);
  const double twice_max_input_scale = 2 * static_cast<double>(ew::scale_of(in));
  const double real_input_multiplier =
      static_cast<double>(ew::scale_of(in)) / twice_max_input_scale;
  const double real_output_multiplier =
      twice_max_input_scale / ((1 << 20) * static_cast<double>(ew::scale_of(out)));
  if (!ew::quantize_smaller_than_one(real_input_multiplier, &p.input_multiplier, &p.input_shift,
                                     "input", &r.error) ||
      !ew::quantize_smaller_than_one(real_output_multiplier, &p.output_multiplier,
                                     &p.output_shift, "output", &r.error)) {
    return r;
  }
  if (p.input_shift < -31 || p.output_shift < -31) {
    return PrepResult::reject("scale ratio out of range");
  }
  p.initial_acc = kernels::multiply_by_quantized_multiplier(-p.input_zero_point * (1 << 20),
                                                            p.input_multiplier, p.input_shift);
  r.params.resize(sizeof(p));
  std::memcpy(r.params.data(), &p, sizeof(p));
  return r;
}

host::HostStatus decode_cumsum_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::CumsumOptions& p = *op.builtin_options_as_CumsumOptions();
  o->exclusive = p.exclusive();
  o->reverse = p.reverse();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
