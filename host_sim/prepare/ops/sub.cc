// SUB: offline prepare (TFLite Micro's CalculateOpDataSub); see ops/add_sub_prep.cc.
#include "prepare/op_prepare.h"
#include "prepare/ops/add_sub_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_sub(const PrepOp& op) { return prepare_add_sub(op, true); }

}  // namespace prepare
}  // namespace lpai
