// SUB: offline prepare (TFLite Micro's CalculateOpDataSub); see ops/add_sub_prep.cc.
#include "prepare/op_prepare.h"
#include "prepare/ops/add_sub_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_sub(const PrepOp& op) { return prepare_add_sub(op, true); }

host::HostStatus decode_sub_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::SubOptions& p = *op.builtin_options_as_SubOptions();
  o->activation = p.fused_activation_function();
  o->pot_scale_int16 = p.pot_scale_int16();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
