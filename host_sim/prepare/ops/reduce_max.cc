// REDUCE_MAX: offline prepare, the shared reduction prepare (reduce_prep.h).
#include "prepare/op_prepare.h"
#include "prepare/ops/reduce_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_reduce_max(const PrepOp& op) { return prepare_reduce(op, ReduceKind::kMax); }

}  // namespace prepare
}  // namespace lpai
