// TRANSPOSE: offline prepare (TFLite Micro's TransposePrepare with a constant perm).
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_transpose(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 2, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (!mv::check_copy(in, out, mv::copy_types(), &r.error)) return r;
  std::vector<int64_t> perm;
  if (!mv::const_ints(*op.inputs[1], "perm", &perm, &r.error)) return r;
  const size_t rank = in.shape.size();
  if (perm.size() != rank || out.shape.size() != rank) {
    return PrepResult::reject("perm has " + std::to_string(perm.size()) + " entries for input rank " +
              std::to_string(rank) + " (output rank " + std::to_string(out.shape.size()) + ")");
  }
  const std::vector<int64_t> st = mv::strides_of(in.shape);
  std::vector<bool> seen(rank, false);
  std::vector<int64_t> dims(rank), strides(rank);
  for (size_t k = 0; k < rank; ++k) {
    int64_t p;
    if (!mv::normalize_axis(perm[k], rank, &p) || seen[p]) {
      return PrepResult::reject("perm is not a permutation of the input dims");
    }
    seen[p] = true;
    if (out.shape[k] != in.shape[p]) {
      return PrepResult::reject("output shape " + util::shape_string(out.shape) + " is not the permuted input shape " +
                util::shape_string(in.shape));
    }
    dims[k] = in.shape[p];
    strides[k] = st[p];
  }
  mv::strided_blob(dims, strides, 0, &r);
  return r;
}

}  // namespace prepare
}  // namespace lpai
