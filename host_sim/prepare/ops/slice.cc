// SLICE: offline prepare (TFLite Micro's Slice with constant begin and size).
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_slice(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 3, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (!mv::check_copy(in, out, mv::copy_types(), &r.error)) return r;
  std::vector<int64_t> begin, size;
  if (!mv::const_ints(*op.inputs[1], "begin", &begin, &r.error)) return r;
  if (!mv::const_ints(*op.inputs[2], "size", &size, &r.error)) return r;
  const size_t rank = in.shape.size();
  if (begin.size() != rank || size.size() != rank || out.shape.size() != rank) {
    return PrepResult::reject("begin/size must have one entry per input dim and the output the input's rank");
  }
  const std::vector<int64_t> st = mv::strides_of(in.shape);
  std::vector<int64_t> dims(rank);
  int64_t offset = 0;
  for (size_t k = 0; k < rank; ++k) {
    const int64_t n = size[k] == -1 ? in.shape[k] - begin[k] : size[k];
    if (begin[k] < 0 || n < 0 || begin[k] + n > in.shape[k] || n != out.shape[k]) {
      return PrepResult::reject("begin/size of dim " + std::to_string(k) +
                " out of range or not matching the output shape " + util::shape_string(out.shape));
    }
    dims[k] = n;
    offset += begin[k] * st[k];
  }
  mv::strided_blob(dims, st, offset, &r);
  return r;
}

}  // namespace prepare
}  // namespace lpai
