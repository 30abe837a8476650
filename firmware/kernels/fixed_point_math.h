// Fixed-point transcendental primitives for the element-wise and activation kernels.
//
// Semantics are those of gemmlowp's fixedpoint.h as used by the TFLite reference kernels
// (softmax, logistic, tanh), bit for bit. Values are raw int32 with an implicit number of
// integer bits: "Qk" below means k integer bits and 31 - k fractional bits. All arithmetic
// that gemmlowp performs with plain (wrapping) int32 adds is done here through uint32 so the
// results are defined and identical.
//
// Freestanding and header-only: the firmware uses these at run time (softmax's reciprocal) and
// host_sim/prepare uses the same code to tabulate LUTs offline, so a table built by prepare is
// identical by construction to evaluating the reference function at run time.
#ifndef LPAI_KERNELS_FIXED_POINT_MATH_H
#define LPAI_KERNELS_FIXED_POINT_MATH_H

#include <stdint.h>

#include "kernels/fixed_point.h"

namespace lpai {
namespace kernels {
namespace fpm {

// Wrapping int32 add / sub / negate (gemmlowp FixedPoint operator+ / - / unary -).
inline int32_t wadd(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}
inline int32_t wsub(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) - static_cast<uint32_t>(b));
}
inline int32_t wneg(int32_t a) { return wsub(0, a); }

// Fixed-point product of two raw values: result integer bits = sum of the operands'.
inline int32_t mul(int32_t a, int32_t b) { return saturating_rounding_doubling_high_mul(a, b); }

// x * 2^exponent with saturation (exponent > 0) or rounding (exponent < 0); exponent in
// [-31, 31].
inline int32_t saturating_rounding_mul_by_pot(int32_t x, int exponent) {
  if (exponent == 0) return x;
  if (exponent < 0) return rounding_divide_by_pot(x, -exponent);
  const int32_t threshold = static_cast<int32_t>((int64_t{1} << (31 - exponent)) - 1);
  if (x > threshold) return kInt32Max;
  if (x < -threshold) return kInt32Min;
  return static_cast<int32_t>(static_cast<uint32_t>(x) << exponent);
}

// Changes the number of integer bits of a raw value from `src_bits` to `dst_bits`.
inline int32_t rescale(int32_t x, int src_bits, int dst_bits) {
  return saturating_rounding_mul_by_pot(x, src_bits - dst_bits);
}

// (a + b) / 2 rounded half away from zero, computed in 64 bits.
inline int32_t rounding_half_sum(int32_t a, int32_t b) {
  const int64_t sum = static_cast<int64_t>(a) + static_cast<int64_t>(b);
  const int64_t sign = sum >= 0 ? 1 : -1;
  return static_cast<int32_t>((sum + sign) / 2);
}

// Number of leading zero bits of x (32 for x == 0).
inline int count_leading_zeros(uint32_t x) { return x == 0 ? 32 : __builtin_clz(x); }

constexpr int32_t kQ0One = kInt32Max;  // 1.0 in Q0 (saturated)

// exp(a) for a in [-1/4, 0), a in Q0; result Q0.
inline int32_t exp_on_interval_between_negative_one_quarter_and_0_excl(int32_t a) {
  const int32_t constant_term = 1895147668;     // exp(-1/8)
  const int32_t constant_1_over_3 = 715827883;  // 1/3
  const int32_t x = wadd(a, int32_t{1} << 28);  // a + 1/8
  const int32_t x2 = mul(x, x);
  const int32_t x3 = mul(x2, x);
  const int32_t x4 = mul(x2, x2);
  const int32_t x4_over_4 = saturating_rounding_mul_by_pot(x4, -2);
  const int32_t poly = saturating_rounding_mul_by_pot(
      wadd(mul(wadd(x4_over_4, x3), constant_1_over_3), x2), -1);
  return wadd(constant_term, mul(constant_term, wadd(x, poly)));
}

// exp(a) for a <= 0, a in Q`integer_bits` (integer_bits in [0, 30]); result Q0.
inline int32_t exp_on_negative_values(int32_t a, int integer_bits) {
  const int fractional_bits = 31 - integer_bits;
  const int32_t one_quarter = int32_t{1} << (fractional_bits - 2);
  const int32_t mask = one_quarter - 1;
  const int32_t a_mod_quarter_minus_one_quarter = wsub(a & mask, one_quarter);
  int32_t result = exp_on_interval_between_negative_one_quarter_and_0_excl(
      rescale(a_mod_quarter_minus_one_quarter, integer_bits, 0));
  const int32_t remainder = wsub(a_mod_quarter_minus_one_quarter, a);

  // exp(-2^k) in Q0 for k = -2 .. 4.
  static constexpr int32_t kMultipliers[7] = {1672461947, 1302514674, 790015084, 290630308,
                                              39332535,   720401,     242};
  for (int k = -2; k <= 4; ++k) {
    if (integer_bits > k) {
      const int shift = fractional_bits + k;
      if ((remainder & static_cast<int32_t>(uint32_t{1} << shift)) != 0) {
        result = mul(result, kMultipliers[k + 2]);
      }
    }
  }
  if (integer_bits > 5) {
    const int32_t clamp = -(int32_t{1} << (36 - integer_bits));  // -32.0
    if (a < clamp) result = 0;
  }
  if (a == 0) result = kQ0One;
  return result;
}

// Shared Newton-Raphson core of 1/(1+x) and (1-x)/(1+x) for x in [0, 1] (Q0); returns the
// Q2 estimate of 1/((1+x)/2).
inline int32_t newton_reciprocal_half_denominator(int32_t half_denominator) {
  const int32_t constant_48_over_17 = 1515870810;   // Q2
  const int32_t constant_neg_32_over_17 = -1010580540;  // Q2
  const int32_t q2_one = int32_t{1} << 29;
  int32_t x = wadd(constant_48_over_17, mul(half_denominator, constant_neg_32_over_17));
  for (int i = 0; i < 3; ++i) {
    const int32_t half_denominator_times_x = mul(half_denominator, x);          // Q2
    const int32_t one_minus = wsub(q2_one, half_denominator_times_x);           // Q2
    x = wadd(x, rescale(mul(x, one_minus), 4, 2));                              // Q4 -> Q2
  }
  return x;
}

// 1 / (1 + a) for a in [0, 1] (Q0); result Q0.
inline int32_t one_over_one_plus_x_for_x_in_0_1(int32_t a) {
  const int32_t half_denominator = rounding_half_sum(a, kQ0One);
  const int32_t x = newton_reciprocal_half_denominator(half_denominator);
  // x / 2 as Q1 (same raw), then Q1 -> Q0.
  return rescale(x, 1, 0);
}

// (1 - a) / (1 + a) for a in [0, 1] (Q0); result Q0.
inline int32_t one_minus_x_over_one_plus_x_for_x_in_0_1(int32_t a) {
  const int32_t half_denominator = rounding_half_sum(a, kQ0One);
  const int32_t x = newton_reciprocal_half_denominator(half_denominator);
  return rescale(wsub(x, int32_t{1} << 29), 2, 0);
}

// logistic(a) for a in Q`integer_bits`; result Q0.
inline int32_t logistic(int32_t a, int integer_bits) {
  if (a == 0) return int32_t{1} << 30;  // 0.5
  const bool positive = a > 0;
  const int32_t abs_a = positive ? a : wneg(a);
  const int32_t pos = one_over_one_plus_x_for_x_in_0_1(
      exp_on_negative_values(wneg(abs_a), integer_bits));
  return positive ? pos : wsub(kQ0One, pos);
}

// tanh(a) for a in Q`integer_bits` (integer_bits <= 29); result Q0.
inline int32_t tanh(int32_t a, int integer_bits) {
  if (a == 0) return 0;
  const bool negative = a < 0;
  const int32_t n = negative ? a : wneg(a);  // n <= 0
  // exp(2n): same raw value read with one more integer bit.
  const int32_t t = one_minus_x_over_one_plus_x_for_x_in_0_1(
      exp_on_negative_values(n, integer_bits + 1));
  return negative ? wneg(t) : t;
}

// Reciprocal of a positive Q`x_integer_bits` value as TFLite's GetReciprocal: returns a Q0
// scale s and *num_bits_over_unit k with 1/x ~= s * 2^-k.
inline int32_t get_reciprocal(int32_t x, int x_integer_bits, int* num_bits_over_unit) {
  const int headroom_plus_one = count_leading_zeros(static_cast<uint32_t>(x));
  *num_bits_over_unit = x_integer_bits - headroom_plus_one;
  const int32_t shifted_sum_minus_one = static_cast<int32_t>(
      (static_cast<uint32_t>(x) << headroom_plus_one) - (uint32_t{1} << 31));
  return one_over_one_plus_x_for_x_in_0_1(shifted_sum_minus_one);
}

}  // namespace fpm
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_FIXED_POINT_MATH_H
