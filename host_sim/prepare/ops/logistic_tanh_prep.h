// LOGISTIC / TANH int8 and int16 prepare (host only), shared by ops/logistic.cc and ops/tanh.cc.
#ifndef LPAI_HOST_PREPARE_OPS_LOGISTIC_TANH_PREP_H
#define LPAI_HOST_PREPARE_OPS_LOGISTIC_TANH_PREP_H

#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

// tanh == false: LOGISTIC. Produces the 16-byte header (LogisticParams / TanhParams share the
// layout), followed for int8 by the 256-entry table computed by the reference integer function.
PrepResult prepare_logistic_tanh(const PrepOp& op, bool tanh);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_OPS_LOGISTIC_TANH_PREP_H
