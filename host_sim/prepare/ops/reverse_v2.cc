// REVERSE_V2: offline prepare (constant axes folded into a strided view).
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_reverse_v2(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 2, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (!mv::check_copy(in, out, mv::copy_types(), &r.error)) return r;
  if (in.shape != out.shape) {
    return PrepResult::reject("output shape " + util::shape_string(out.shape) + " differs from the input's");
  }
  std::vector<int64_t> axes;
  if (!mv::const_ints(*op.inputs[1], "axes", &axes, &r.error)) return r;
  const size_t rank = in.shape.size();
  std::vector<int64_t> dims(in.shape.begin(), in.shape.end());
  std::vector<int64_t> strides = mv::strides_of(in.shape);
  std::vector<bool> seen(rank, false);
  int64_t offset = 0;
  for (int64_t a : axes) {
    int64_t ax;
    if (!mv::normalize_axis(a, rank, &ax) || seen[ax]) {
      return PrepResult::reject("axis " + std::to_string(a) + " out of range or repeated");
    }
    seen[ax] = true;
    if (dims[ax] > 0) offset += (dims[ax] - 1) * strides[ax];
    strides[ax] = -strides[ax];
  }
  mv::strided_blob(dims, strides, offset, &r);
  return r;
}

}  // namespace prepare
}  // namespace lpai
