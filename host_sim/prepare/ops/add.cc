// ADD: offline prepare (TFLite Micro's CalculateOpDataAdd); see ops/add_sub_prep.cc.
#include "prepare/op_prepare.h"
#include "prepare/ops/add_sub_prep.h"
#include "prepare/ops/int32_arith_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_add(const PrepOp& op) {
  PrepResult r;
  if (prepare_int32_arith(op, Int32ArithKind::kAdd, &r)) return r;
  return prepare_add_sub(op, false);
}

}  // namespace prepare
}  // namespace lpai
