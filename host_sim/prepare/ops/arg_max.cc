// ARG_MAX: offline prepare (arg_min_max_prep.h).
#include "prepare/op_prepare.h"
#include "prepare/ops/arg_min_max_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_arg_max(const PrepOp& op) { return prepare_arg_min_max(op); }

host::HostStatus decode_arg_max_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::ArgMaxOptions& p = *op.builtin_options_as_ArgMaxOptions();
  o->output_type = p.output_type();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
