// SQUARED_DIFFERENCE: offline prepare (TFLite Micro's squared_difference.cc PrepareQuantized).
#include <algorithm>
#include <cstring>

#include "kernels/fixed_point.h"
#include "kernels/params/squared_difference.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_squared_difference(const PrepOp& op) {
  if (const host::HostStatus st = ew::check_quantized_binary(op); !st.ok()) return PrepResult::reject(st);
  const PrepTensor& in1 = *op.inputs[0];
  const PrepTensor& in2 = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  const bool i8 = out.type == format::DataType::kInt8;
  if (!i8 && (ew::zp_of(in1) != 0 || ew::zp_of(in2) != 0 || ew::zp_of(out) != 0)) {
    return PrepResult::reject("int16 SQUARED_DIFFERENCE requires zero points 0");
  }
  const int left_shift = i8 ? 7 : 0;
  PrepResult r;
  kernels::SquaredDifferenceParams p;
  std::memset(&p, 0, sizeof(p));
  p.output_offset = ew::zp_of(out);
  const double twice_max =
      2.0 * static_cast<double>(std::max(ew::scale_of(in1), ew::scale_of(in2)));
  const double real1 = static_cast<double>(ew::scale_of(in1)) / twice_max;
  const double real2 = static_cast<double>(ew::scale_of(in2)) / twice_max;
  const double real_out = (twice_max * twice_max) /
                          static_cast<double>(static_cast<float>(1 << (left_shift * 2)) *
                                              ew::scale_of(out));
  if (!ew::quantize_smaller_than_one(real1, &p.input1_multiplier, &p.input1_shift, "input 0",
                                     &r.error) ||
      !ew::quantize_smaller_than_one(real2, &p.input2_multiplier, &p.input2_shift, "input 1",
                                     &r.error)) {
    return r;
  }
  ew::quantize(real_out, &p.output_multiplier, &p.output_shift);
  if (p.output_shift > 30) {
    return PrepResult::reject("output scale ratio out of range");
  }
  if (!ew::plan_broadcast(in1, in2, out, &p.broadcast, &p.shape, &r.error)) return r;
  r.params = ew::blob_of(p);
  if (i8) {
    const int32_t zps[2] = {ew::zp_of(in1), ew::zp_of(in2)};
    const int32_t ms[2] = {p.input1_multiplier, p.input2_multiplier};
    const int32_t ss[2] = {p.input1_shift, p.input2_shift};
    for (int k = 0; k < 2; ++k) {
      for (int i = 0; i < 256; ++i) {
        const int32_t x = static_cast<int8_t>(static_cast<uint8_t>(i));
        const int32_t s = kernels::multiply_by_quantized_multiplier(
            (x - zps[k]) * (1 << left_shift), ms[k], ss[k]);
        append_pod(&r.params, s);
      }
    }
  }
  return r;
}

}  // namespace prepare
}  // namespace lpai
