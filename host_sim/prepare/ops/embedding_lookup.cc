// EMBEDDING_LOOKUP: offline prepare (TFLite Micro's EmbeddingLookUpPrepare, int8 -> int8).
#include "kernels/params/embedding_lookup.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_embedding_lookup(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 2, 1, &r.error)) return r;
  const PrepTensor& ids = *op.inputs[0];
  const PrepTensor& value = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  if (ids.type != format::DataType::kInt32 || ids.shape.size() != 1) {
    return PrepResult::reject("ids must be a 1-D int32 tensor");
  }
  if ((value.type != format::DataType::kInt8 && value.type != format::DataType::kInt16) ||
      out.type != value.type) {
    return PrepResult::reject(std::string("types ") + ew::type_name(value.type) + " -> " +
              ew::type_name(out.type) + " unsupported (int8 -> int8; the float output of the "
              "hybrid lookup is not supported)");
  }
  if (value.shape.size() < 2 || value.shape.size() > format::kMaxRank || value.shape[0] < 1) {
    return PrepResult::reject("value must have rank 2..6 and at least one row");
  }
  std::vector<int32_t> want = value.shape;
  want[0] = ids.shape[0];
  if (out.shape != want) {
    return PrepResult::reject("output shape " + util::shape_string(out.shape) + " should be " + util::shape_string(want));
  }
  kernels::EmbeddingLookupParams p;
  p.rows = static_cast<uint32_t>(value.shape[0]);
  p.row_elems = static_cast<uint32_t>(mv::product(value.shape, 1, value.shape.size()));
  r.params = ew::blob_of(p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
