// DYNAMIC_UPDATE_SLICE: offline prepare (TFLite Micro's DynamicUpdateSlice Prepare).
#include <cstring>

#include "kernels/params/dynamic_update_slice.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_dynamic_update_slice(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 3, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& upd = *op.inputs[1];
  const PrepTensor& idx = *op.inputs[2];
  const PrepTensor& out = *op.outputs[0];
  if (!mv::check_copy(in, out, mv::copy_types(), &r.error)) return r;
  if (!mv::check_copy(in, upd, mv::copy_types(), &r.error)) {
    return PrepResult::reject("update: " + r.error);
  }
  const size_t rank = in.shape.size();
  if ((idx.type != format::DataType::kInt32 && idx.type != format::DataType::kInt64) ||
      idx.shape != std::vector<int32_t>{static_cast<int32_t>(rank)}) {
    return PrepResult::reject("start_indices must be a 1-D int32/int64 tensor with one entry per operand dim");
  }
  if (out.shape != in.shape || upd.shape.size() != rank) {
    return PrepResult::reject("output must have the operand's shape and the update its rank");
  }
  kernels::DynamicUpdateSliceParams p;
  std::memset(&p, 0, sizeof(p));
  p.rank = static_cast<uint32_t>(rank);
  p.index_bytes = idx.type == format::DataType::kInt64 ? 8 : 4;
  const size_t lead = format::kMaxRank - rank;
  for (size_t k = 0; k < format::kMaxRank; ++k) p.dims[k] = p.update[k] = 1;
  for (size_t k = 0; k < rank; ++k) {
    if (upd.shape[k] > in.shape[k]) {
      return PrepResult::reject("update dim " + std::to_string(k) + " exceeds the operand's");
    }
    p.dims[lead + k] = static_cast<uint32_t>(in.shape[k]);
    p.update[lead + k] = static_cast<uint32_t>(upd.shape[k]);
  }
  r.params = ew::blob_of(p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
