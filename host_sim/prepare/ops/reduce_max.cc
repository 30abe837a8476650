// REDUCE_MAX: offline prepare, the shared reduction prepare (reduce_prep.h).
#include "prepare/op_prepare.h"
#include "prepare/ops/reduce_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_reduce_max(const PrepOp& op) { return prepare_reduce(op, ReduceKind::kMax); }

host::HostStatus decode_reduce_max_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::ReducerOptions& p = *op.builtin_options_as_ReducerOptions();
  decode_reducer(p, o);
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
