// BROADCAST_TO: offline prepare (TFLite Micro's BroadcastTo Prepare with a constant shape).
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_broadcast_to(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 2, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (!mv::check_copy(in, out, mv::copy_types(), &r.error)) return r;
  std::vector<int64_t> shape;
  if (!mv::const_ints(*op.inputs[1], "shape", &shape, &r.error)) return r;
  const size_t rank = out.shape.size();
  if (shape.size() != rank || in.shape.size() > rank) {
    return PrepResult::reject("shape input does not match the output rank, or the input rank exceeds it");
  }
  const size_t lead = rank - in.shape.size();
  const std::vector<int64_t> st = mv::strides_of(in.shape);
  std::vector<int64_t> dims(rank), strides(rank, 0);
  for (size_t k = 0; k < rank; ++k) {
    dims[k] = out.shape[k];
    if (shape[k] != out.shape[k]) {
      return PrepResult::reject("shape input differs from the output shape " + util::shape_string(out.shape));
    }
    if (k < lead) continue;
    const int32_t d = in.shape[k - lead];
    if (d != out.shape[k] && d != 1) {
      return PrepResult::reject("input shape " + util::shape_string(in.shape) + " does not broadcast to " +
                util::shape_string(out.shape));
    }
    strides[k] = d == 1 ? 0 : st[k - lead];
  }
  mv::strided_blob(dims, strides, 0, &r);
  return r;
}

}  // namespace prepare
}  // namespace lpai
