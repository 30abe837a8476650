// LOGISTIC: offline prepare (int8 table, int16 LUT scaling); see ops/logistic_tanh_prep.cc.
#include "prepare/op_prepare.h"
#include "prepare/ops/logistic_tanh_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_logistic(const PrepOp& op) { return prepare_logistic_tanh(op, false); }

}  // namespace prepare
}  // namespace lpai
