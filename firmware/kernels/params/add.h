// ADD (int8 and int16, TFLite's general rescaling path, with NumPy broadcasting up to 6-D).
//
// out = clamp(act_min, act_max,
//             output_offset + MBQM(MBQM(in1 + input1_offset) << left_shift, input1_*)
//                           + MBQM((in2 + input2_offset) << left_shift, input2_*), output_*))
// where MBQM(x, m, s) is multiply_by_quantized_multiplier with s <= 0 (TFLite's
// MultiplyByQuantizedMultiplierSmallerThanOneExp). Inputs and output share one type.
#ifndef LPAI_KERNELS_PARAMS_ADD_H
#define LPAI_KERNELS_PARAMS_ADD_H

#include <stdint.h>

#include "kernels/params/broadcast.h"

namespace lpai {
namespace kernels {

// Parameter blob of an ADD (and SUB) node: exactly sizeof(AddParams) bytes, no trailing data.
struct AddParams {
  int32_t input1_offset;      // -(input 1 zero point)
  int32_t input2_offset;      // -(input 2 zero point)
  int32_t output_offset;      // output zero point
  int32_t left_shift;         // 20 for int8, 15 for int16
  int32_t input1_multiplier;  // Q31, in [0, 2^31)
  int32_t input1_shift;       // in [-31, 0]
  int32_t input2_multiplier;
  int32_t input2_shift;
  int32_t output_multiplier;
  int32_t output_shift;
  int32_t activation_min;     // fused activation range, inside the output type's range
  int32_t activation_max;
  uint32_t broadcast;         // 0: all three shapes equal (flat loop); 1: use `shape`
  uint32_t reserved;          // 0
  BroadcastShape shape;       // broadcast == 1: from compute_broadcast(in1, in2); else zeros
};
static_assert(sizeof(AddParams) == 128, "AddParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_ADD_H
