// ARG_MIN: offline prepare (arg_min_max_prep.h).
#include "prepare/op_prepare.h"
#include "prepare/ops/arg_min_max_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_arg_min(const PrepOp& op) { return prepare_arg_min_max(op); }

host::HostStatus decode_arg_min_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::ArgMinOptions& p = *op.builtin_options_as_ArgMinOptions();
  o->output_type = p.output_type();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
