// RELU: offline prepare (TFLite Micro's CalculateReluOpData). int8: the 256-entry table is the
// reference formula evaluated for every input byte.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "kernels/fixed_point.h"
#include "kernels/params/relu.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_relu(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_unary_int(op, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  const bool i8 = in.type == format::DataType::kInt8;
  if (!i8 && (ew::zp_of(in) != 0 || ew::zp_of(out) != 0)) {
    return PrepResult::reject("int16 RELU requires zero points 0");
  }
  kernels::ReluParams p;
  std::memset(&p, 0, sizeof(p));
  ew::quantize(static_cast<double>(ew::scale_of(in)) / static_cast<double>(ew::scale_of(out)),
               &p.multiplier, &p.shift);
  p.input_offset = ew::zp_of(in);
  p.output_offset = ew::zp_of(out);
  p.activation_min = std::max(ew::type_min(out.type),
                              p.output_offset + static_cast<int32_t>(std::round(0.0f / ew::scale_of(out))));
  p.activation_max = ew::type_max(out.type);
  if (p.shift < -31 || p.shift > 30) {
    return PrepResult::reject("input/output scale ratio out of range");
  }
  r.params = ew::blob_of(p);
  if (i8) {
    ew::append_int8_lut(&r.params, [&p](int32_t x) {
      const int32_t v = p.output_offset + kernels::multiply_by_quantized_multiplier(
                                              x - p.input_offset, p.multiplier, p.shift);
      return kernels::clamp_i32(v, p.activation_min, p.activation_max);
    });
  }
  return r;
}

}  // namespace prepare
}  // namespace lpai
