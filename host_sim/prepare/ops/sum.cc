// SUM: offline prepare, the shared reduction prepare (reduce_prep.h).
#include "prepare/op_prepare.h"
#include "prepare/ops/reduce_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_sum(const PrepOp& op) { return prepare_reduce(op, ReduceKind::kSum); }

host::HostStatus decode_sum_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::ReducerOptions& p = *op.builtin_options_as_ReducerOptions();
  decode_reducer(p, o);
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
