// Offline prepare shared by ARG_MAX and ARG_MIN (host only).
#ifndef LPAI_HOST_PREPARE_OPS_ARG_MIN_MAX_PREP_H
#define LPAI_HOST_PREPARE_OPS_ARG_MIN_MAX_PREP_H

#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

// int8 input, constant int32 axis (negative allowed), int32 output of the input shape without
// the axis (TFLite Micro supports no other output type).
PrepResult prepare_arg_min_max(const PrepOp& op);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_OPS_ARG_MIN_MAX_PREP_H
