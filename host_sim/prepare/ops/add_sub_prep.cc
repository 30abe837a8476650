// ADD / SUB prepare: TFLite Micro's CalculateOpDataAdd / CalculateOpDataSub.
#include "prepare/ops/add_sub_prep.h"

#include <algorithm>
#include <cstring>

#include "kernels/params/add.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_add_sub(const PrepOp& op, bool subtract) {
  PrepResult r;
  if (const host::HostStatus st = ew::check_quantized_binary(op); !st.ok()) return PrepResult::reject(st);
  const PrepTensor& in1 = *op.inputs[0];
  const PrepTensor& in2 = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  kernels::AddParams p;
  std::memset(&p, 0, sizeof(p));
  p.input1_offset = -ew::zp_of(in1);
  p.input2_offset = -ew::zp_of(in2);
  p.output_offset = ew::zp_of(out);
  p.left_shift = out.type == format::DataType::kInt16 ? 15 : 20;
  double m1, m2, mo;
  if (subtract) {
    const float twice_max = 2 * std::max(ew::scale_of(in1), ew::scale_of(in2));
    m1 = static_cast<double>(ew::scale_of(in1) / twice_max);
    m2 = static_cast<double>(ew::scale_of(in2) / twice_max);
    mo = static_cast<double>(twice_max /
                             (static_cast<float>(1 << p.left_shift) * ew::scale_of(out)));
  } else {
    const double twice_max =
        2 * static_cast<double>(std::max(ew::scale_of(in1), ew::scale_of(in2)));
    m1 = static_cast<double>(ew::scale_of(in1)) / twice_max;
    m2 = static_cast<double>(ew::scale_of(in2)) / twice_max;
    mo = twice_max / ((1 << p.left_shift) * static_cast<double>(ew::scale_of(out)));
  }
  if (!ew::quantize_smaller_than_one(m1, &p.input1_multiplier, &p.input1_shift, "input 0",
                                     &r.error) ||
      !ew::quantize_smaller_than_one(m2, &p.input2_multiplier, &p.input2_shift, "input 1",
                                     &r.error) ||
      !ew::quantize_smaller_than_one(mo, &p.output_multiplier, &p.output_shift, "output",
                                     &r.error)) {
    return r;
  }
  const host::HostStatus clamped = ew::clamp_and_broadcast(op, &p);
  if (!clamped.ok()) return PrepResult::reject(clamped);
  r.params = ew::blob_of(p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
