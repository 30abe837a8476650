// ADD, MUL and DIV on plain int32 tensors (firmware/kernels/int32_arith.h): the prepare side,
// called first by prepare_add, prepare_mul and prepare_div.
#ifndef LPAI_HOST_PREPARE_OPS_INT32_ARITH_PREP_H
#define LPAI_HOST_PREPARE_OPS_INT32_ARITH_PREP_H

#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

enum class Int32ArithKind { kAdd, kMul, kDiv };

// False when the op's output is not int32 (the caller's quantised path applies); otherwise
// fills *r (blob or error) and returns true. Rules of TFLite Micro: all three tensors int32
// and not quantised; ADD ignores the fused activation, MUL and DIV clamp to its int32 range
// (CalculateActivationRange); a constant DIV divisor must not hold 0.
bool prepare_int32_arith(const PrepOp& op, Int32ArithKind kind, PrepResult* r);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_OPS_INT32_ARITH_PREP_H
