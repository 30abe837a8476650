// ABS: offline prepare (TFLite Micro's PrepareAbsRsqrt / SetAbsOutputMultiplier). int8: the
// table is AbsEvalQuantized's formula for every input byte.
#include <cstring>

#include "kernels/fixed_point.h"
#include "kernels/params/abs.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_abs(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 1, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  kernels::AbsParams p;
  std::memset(&p, 0, sizeof(p));
  if (in.type == format::DataType::kInt16 && in.scales.empty()) {
    if (out.type != in.type || out.shape != in.shape) {
      return PrepResult::reject("unquantised int16 ABS needs an int16 output of the input's shape");
    }
    p.raw = 1;
    r.params = ew::blob_of(p);
    return r;
  }
  if (!ew::check_unary_int(op, &r.error)) return r;
  p.input_zero_point = ew::zp_of(in);
  p.output_zero_point = ew::zp_of(out);
  if (in.type == format::DataType::kInt16 &&
      (p.input_zero_point != 0 || p.output_zero_point != 0)) {
    return PrepResult::reject("int16 ABS requires zero points 0");
  }
  p.needs_rescale = ew::scale_of(in) != ew::scale_of(out) ? 1 : 0;
  if (p.needs_rescale) {
    ew::quantize(static_cast<double>(ew::scale_of(in)) / static_cast<double>(ew::scale_of(out)),
                 &p.multiplier, &p.shift);
    if (p.shift < -31 || p.shift > 30) {
      return PrepResult::reject("scale ratio out of range");
    }
  }
  r.params = ew::blob_of(p);
  if (in.type == format::DataType::kInt8) {
    ew::append_int8_lut(&r.params, [&p](int32_t x) {
      const int32_t d = x - p.input_zero_point;
      const int32_t v = d < 0 ? -d : d;
      const int32_t o = p.needs_rescale
                            ? kernels::multiply_by_quantized_multiplier(v, p.multiplier, p.shift) +
                                  p.output_zero_point
                            : v + p.output_zero_point;
      return kernels::clamp_i32(o, -128, 127);
    });
  }
  return r;
}

}  // namespace prepare
}  // namespace lpai
