// DIV (int8) as TFLite Micro's reference_ops::DivElementwise / BroadcastDivSlow, with NumPy
// broadcasting up to 6-D:
//   a = in1 + input1_offset, b = in2 + input2_offset (b < 0: both negated; b != 0 is the
//   caller's contract, as in TFLite Micro)
//   (r, rs) = GetReciprocal(b, 31), h = CountLeadingSignBits(a)
//   q = SaturatingRoundingDoublingHighMul(a << h, r)
//   out = clamp(act, output_offset + MBQMSmallerThanOneExp(q, output_multiplier,
//                                                          output_shift - rs - h))
// The final shift exceeds 31 bits for a in {0, -1}; it is evaluated as the oracle build does
// (ewx::rounding_divide_by_pot_any). prepare tabulates (r, rs, sign) for every in2 byte.
#ifndef LPAI_KERNELS_PARAMS_DIV_H
#define LPAI_KERNELS_PARAMS_DIV_H

#include <stdint.h>

#include "kernels/params/broadcast.h"

namespace lpai {
namespace kernels {

// Parameter blob: DivParams, then int32_t reciprocal[256] and int32_t meta[256] indexed by the
// in2 byte: meta = rs | (negated << 8).
struct DivParams {
  int32_t input1_offset;      // -(input 1 zero point)
  int32_t output_offset;      // output zero point
  int32_t output_multiplier;  // Q31 of (float) s1 / (s2 * s_out)
  int32_t output_shift;       // in [-31, 22]
  int32_t activation_min;
  int32_t activation_max;
  uint32_t broadcast;         // 0: equal shapes (flat loop); 1: use `shape`
  BroadcastShape shape;
};
static_assert(sizeof(DivParams) == 100, "DivParams layout");

constexpr uint32_t kDivTableBytes = 2 * 256 * 4;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_DIV_H
