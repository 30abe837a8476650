// TANH: offline prepare (int8 table, int16 LUT scaling); see ops/logistic_tanh_prep.cc.
#include "prepare/op_prepare.h"
#include "prepare/ops/logistic_tanh_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_tanh(const PrepOp& op) { return prepare_logistic_tanh(op, true); }

}  // namespace prepare
}  // namespace lpai
