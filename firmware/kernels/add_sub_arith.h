// The scalar arithmetic of ADD and SUB (int8, int16) on one pair of inputs, as the parameter
// blob (kernels/params/add.h) describes it: shared by the portable kernel
// (kernels/add_sub_impl.h) and the vector paths' tails.
#ifndef LPAI_KERNELS_ADD_SUB_ARITH_H
#define LPAI_KERNELS_ADD_SUB_ARITH_H

#include <stdint.h>

#include "kernels/fixed_point.h"
#include "kernels/params/add.h"

namespace lpai {
namespace kernels {
namespace add_sub {

// Scales an input value (already offset) to the common fixed-point domain.
inline int32_t scale_input(int32_t v, int32_t left_shift, int32_t multiplier, int32_t shift) {
  return multiply_by_quantized_multiplier(v * (int32_t{1} << left_shift), multiplier, shift);
}

template <typename T, bool kSubtract>
inline T compute(const AddParams& p, T a, T b) {
  const int32_t sa = scale_input(p.input1_offset + a, p.left_shift, p.input1_multiplier,
                                 p.input1_shift);
  const int32_t sb = scale_input(p.input2_offset + b, p.left_shift, p.input2_multiplier,
                                 p.input2_shift);
  // Wrapping arithmetic: in range for every blob prepare writes (each scaled input is at most
  // half the shifted range), and defined for any other.
  const uint32_t ua = static_cast<uint32_t>(sa);
  const uint32_t ub = static_cast<uint32_t>(sb);
  const int32_t raw = static_cast<int32_t>(kSubtract ? ua - ub : ua + ub);
  const int32_t out =
      multiply_by_quantized_multiplier(raw, p.output_multiplier, p.output_shift) + p.output_offset;
  return static_cast<T>(clamp_i32(out, p.activation_min, p.activation_max));
}

}  // namespace add_sub
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_ADD_SUB_ARITH_H
