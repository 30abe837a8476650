// GATHER: offline prepare (TFLite Micro's GatherPrepare: axis and batch_dims normalised,
// output shape = input[:axis] + indices[batch_dims:] + input[axis+1:]).
#include <cstring>

#include "kernels/params/gather.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_gather(const PrepOp& op) {
  if (const host::HostStatus st = mv::check_gather_operands(op); !st.ok()) return PrepResult::reject(st);
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& idx = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  const int64_t rank = static_cast<int64_t>(in.shape.size());
  const int64_t irank = static_cast<int64_t>(idx.shape.size());
  int64_t axis = op.options.axis, bd = op.options.batch_dims;
  if (axis < 0) axis += rank;
  if (bd < 0) bd += irank;
  if (axis < 0 || axis >= rank || bd < 0 || bd > axis || bd >= rank || bd > irank) {
    return PrepResult::reject("axis " + std::to_string(op.options.axis) + " / batch_dims " +
              std::to_string(op.options.batch_dims) + " out of range");
  }
  std::vector<int32_t> want;
  for (int64_t i = 0; i < bd; ++i) {
    if (in.shape[i] != idx.shape[i]) {
      return PrepResult::reject("batch dim " + std::to_string(i) + " differs between input and indices");
    }
  }
  for (int64_t i = 0; i < axis; ++i) want.push_back(in.shape[i]);
  for (int64_t i = bd; i < irank; ++i) want.push_back(idx.shape[i]);
  for (int64_t i = axis + 1; i < rank; ++i) want.push_back(in.shape[i]);
  if (out.shape != want) {
    return PrepResult::reject("output shape " + util::shape_string(out.shape) + " should be " + util::shape_string(want));
  }
  if (idx.is_const()) {  // constant indices: out-of-range ones are refused here
    for (int64_t k = 0; k < idx.element_count(); ++k) {
      const int64_t v =
          idx.type == format::DataType::kInt64 ? util::const_i64(idx, k) : util::const_i32(idx, k);
      if (v < 0 || v >= in.shape[axis]) {
        return PrepResult::reject("constant index " + std::to_string(v) + " out of range [0, " +
                  std::to_string(in.shape[axis]) + ")");
      }
    }
  }
  kernels::GatherParams p;
  p.batch = static_cast<uint32_t>(mv::product(in.shape, 0, bd));
  p.outer = static_cast<uint32_t>(mv::product(in.shape, bd, axis));
  p.axis_size = static_cast<uint32_t>(in.shape[axis]);
  p.coords = static_cast<uint32_t>(mv::product(idx.shape, bd, irank));
  p.inner = static_cast<uint32_t>(mv::product(in.shape, axis + 1, rank));
  p.index_bytes = idx.type == format::DataType::kInt64 ? 8 : 4;
  PrepResult r;
  r.params = ew::blob_of(p);
  return r;
}

host::HostStatus decode_gather_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::GatherOptions& p = *op.builtin_options_as_GatherOptions();
  o->axis = p.axis();
  o->batch_dims = p.batch_dims();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
