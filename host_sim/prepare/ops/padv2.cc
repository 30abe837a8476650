// PADV2: offline prepare (TFLite Micro's PadPrepare with constant paddings and
// constant_values): PAD's prepare, then the pad value from constant_values.
#include <cstring>

#include "kernels/params/padv2.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_pad(const PrepOp& op);  // ops/pad.cc

PrepResult prepare_padv2(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 3, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& cv = *op.inputs[2];
  const PrepTensor& out = *op.outputs[0];
  const size_t es = format::data_type_size(in.type);
  if (cv.type != in.type || cv.element_count() != 1 || !cv.is_const() || cv.data_size != es) {
    return PrepResult::reject("constant_values must be one constant element of the input type");
  }
  // TFLite Micro: int8 constant_values must carry the output's quantisation.
  if (in.type == format::DataType::kInt8 &&
      (cv.scales.size() != 1 || cv.zero_points.size() != 1 || out.scales.empty() ||
       cv.scales[0] != out.scales[0] || cv.zero_points[0] != out.zero_points[0])) {
    return PrepResult::reject("int8 constant_values quantisation differs from the output's");
  }
  PrepOp pad = op;
  pad.inputs.pop_back();
  r = prepare_pad(pad);
  if (!r.ok()) return r;
  kernels::PadParams p;
  std::memcpy(&p, r.params.data(), sizeof(p));
  if (in.type == format::DataType::kInt8) {
    p.pad_value = static_cast<int8_t>(cv.data[0]);
  } else {
    int16_t v;
    std::memcpy(&v, cv.data, 2);
    p.pad_value = v;
  }
  r.params = ew::blob_of(p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
