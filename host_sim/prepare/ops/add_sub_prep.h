// ADD / SUB prepare (host only): shared by ops/add.cc and ops/sub.cc.
#ifndef LPAI_HOST_PREPARE_OPS_ADD_SUB_PREP_H
#define LPAI_HOST_PREPARE_OPS_ADD_SUB_PREP_H

#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

// subtract: SUB semantics. TFLite Micro computes twice_max_input_scale in double for ADD and
// in float for SUB; this follows each exactly.
PrepResult prepare_add_sub(const PrepOp& op, bool subtract);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_OPS_ADD_SUB_PREP_H
