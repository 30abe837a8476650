// Shared prepare of the six comparison ops (TFLite Micro's ComparisonsPrepare).
#ifndef LPAI_HOST_PREPARE_OPS_COMPARISON_PREP_H
#define LPAI_HOST_PREPARE_OPS_COMPARISON_PREP_H

#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

// allow_bool: EQUAL / NOT_EQUAL also compare bool tensors.
PrepResult prepare_comparison(const PrepOp& op, bool allow_bool);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_OPS_COMPARISON_PREP_H
