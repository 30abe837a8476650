// ARG_MAX: offline prepare (arg_min_max_prep.h).
#include "prepare/op_prepare.h"
#include "prepare/ops/arg_min_max_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_arg_max(const PrepOp& op) { return prepare_arg_min_max(op); }

}  // namespace prepare
}  // namespace lpai
