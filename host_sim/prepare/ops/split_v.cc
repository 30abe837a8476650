// SPLIT_V: offline prepare (TFLite Micro's SplitV with constant size_splits and axis).
#include "prepare/op_prepare.h"
#include "prepare/ops/movement_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_split_v(const PrepOp& op) {
  PrepResult r;
  if (op.inputs.size() != 3 || op.inputs[0] == nullptr || op.inputs[1] == nullptr ||
      op.inputs[2] == nullptr || !mv::outputs_present(op, &r.error)) {
    return r.error.empty() ? PrepResult::reject("expected 3 inputs (data, size_splits, axis)") : r;
  }
  std::vector<int64_t> sizes;
  if (!mv::const_ints(*op.inputs[1], "size_splits", &sizes, &r.error)) return r;
  return mv::split_outputs(op, *op.inputs[0], *op.inputs[2], &sizes);
}

host::HostStatus decode_split_v_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::SplitVOptions& p = *op.builtin_options_as_SplitVOptions();
  o->num_splits = p.num_splits();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
