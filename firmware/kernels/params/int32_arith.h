// Parameter blob of an ADD, MUL or DIV node with int32 operands (kernels/int32_arith.h):
// exactly one Int32ArithParams.
#ifndef LPAI_KERNELS_PARAMS_INT32_ARITH_H
#define LPAI_KERNELS_PARAMS_INT32_ARITH_H

#include <stdint.h>

#include "kernels/params/broadcast.h"

namespace lpai {
namespace kernels {

struct Int32ArithParams {
  int32_t activation_min;
  int32_t activation_max;
  uint32_t broadcast;     // 0: equal shapes; 1: use `shape`
  BroadcastShape shape;
};
static_assert(sizeof(Int32ArithParams) == 84, "Int32ArithParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_INT32_ARITH_H
