// ADD_N (int8, 2..24 inputs of one shape and one quantisation) as TFLite Micro's
// reference_ops::AddN:
//   t(b)  = MultiplyByQuantizedMultiplierSmallerThanOneExp((b + input_offset) << 20,
//                                                         input_multiplier, input_shift)
//   acc   = t(0) + sum_j t(in_j)       (TFLite Micro starts the sum from the byte 0's term)
//   out   = clamp(act, MBQMSmallerThanOneExp(acc, output_multiplier, output_shift) + out_zp)
// prepare tabulates t for every input byte (int32 table after the struct).
#ifndef LPAI_KERNELS_PARAMS_ADD_N_H
#define LPAI_KERNELS_PARAMS_ADD_N_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Parameter blob: AddNParams, then int32_t term[256] indexed by the input byte.
struct AddNParams {
  int32_t output_offset;      // output zero point
  int32_t output_multiplier;  // QuantizeMultiplierSmallerThanOneExp(2 s_in / (2^20 s_out))
  int32_t output_shift;       // in [-31, 0]
  int32_t activation_min;
  int32_t activation_max;
};
static_assert(sizeof(AddNParams) == 20, "AddNParams layout");

constexpr uint32_t kAddNTableBytes = 256 * 4;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_ADD_N_H
