// MAXIMUM (and MINIMUM, minimum.cc): offline prepare. TFLite Micro's maximum_minimum.cc has no
// quantisation parameters (the raw values are compared): only the broadcast plan goes into the
// blob.
#include <cstring>

#include "kernels/params/maximum_minimum.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_maximum(const PrepOp& op) {
  PrepResult r;
  const host::HostStatus st = ew::check_binary_operands(
      op, {format::DataType::kInt8, format::DataType::kInt16, format::DataType::kInt32},
      "int8, int16 or int32, all equal", /*per_tensor=*/false);
  if (!st.ok()) return PrepResult::reject(st);
  const PrepTensor& in1 = *op.inputs[0];
  const PrepTensor& in2 = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  kernels::MaxMinParams p;
  std::memset(&p, 0, sizeof(p));
  if (!ew::plan_broadcast(in1, in2, out, &p.broadcast, &p.shape, &r.error)) return r;
  r.params = ew::blob_of(p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
