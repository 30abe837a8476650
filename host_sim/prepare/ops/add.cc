// ADD: offline prepare (TFLite Micro's CalculateOpDataAdd); see ops/add_sub_prep.cc.
#include "prepare/op_prepare.h"
#include "prepare/ops/add_sub_prep.h"
#include "prepare/ops/int32_arith_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_add(const PrepOp& op) {
  PrepResult r;
  if (prepare_int32_arith(op, Int32ArithKind::kAdd, &r)) return r;
  return prepare_add_sub(op, false);
}

host::HostStatus decode_add_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::AddOptions& p = *op.builtin_options_as_AddOptions();
  o->activation = p.fused_activation_function();
  o->pot_scale_int16 = p.pot_scale_int16();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
