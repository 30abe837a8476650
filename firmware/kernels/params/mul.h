// MUL (int8; int16 with zero points 0) as TFLite Micro's reference_integer_ops::Mul, with NumPy
// broadcasting up to 6-D:
//   out = clamp(act_min, act_max, output_offset +
//               MBQM((in1 + input1_offset) * (in2 + input2_offset), output_multiplier, shift))
#ifndef LPAI_KERNELS_PARAMS_MUL_H
#define LPAI_KERNELS_PARAMS_MUL_H

#include <stdint.h>

#include "kernels/params/broadcast.h"

namespace lpai {
namespace kernels {

// Parameter blob: exactly sizeof(MulParams) bytes.
struct MulParams {
  int32_t input1_offset;      // -(input 1 zero point)
  int32_t input2_offset;      // -(input 2 zero point)
  int32_t output_offset;      // output zero point
  int32_t output_multiplier;  // Q31 of s1 * s2 / s_out (double)
  int32_t output_shift;       // in [-31, 30]
  int32_t activation_min;
  int32_t activation_max;
  uint32_t broadcast;         // 0: equal shapes (flat loop); 1: use `shape`
  BroadcastShape shape;       // broadcast == 1: compute_broadcast(in1, in2); else zeros
};
static_assert(sizeof(MulParams) == 104, "MulParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_MUL_H
