// Integer fixed-point primitives the quantized kernels share. Semantics match the TFLite
// reference kernels bit for bit (the default, "double rounding" build): a Q31 multiplier and
// a shift produced offline by prepare::quantize_multiplier.
#ifndef LPAI_KERNELS_FIXED_POINT_H
#define LPAI_KERNELS_FIXED_POINT_H

#include <stdint.h>

namespace lpai {
namespace kernels {

constexpr int32_t kInt32Min = -2147483647 - 1;
constexpr int32_t kInt32Max = 2147483647;

// High 32 bits of 2*a*b, rounded to nearest (ties up, which equals TFLite's nudge-and-truncate
// for both signs); saturates the single overflow case (a == b == INT32_MIN).
inline int32_t saturating_rounding_doubling_high_mul(int32_t a, int32_t b) {
  const int64_t ab = static_cast<int64_t>(a) * static_cast<int64_t>(b);
  const int32_t r = static_cast<int32_t>((ab + (int64_t{1} << 30)) >> 31);
  return (a == b && a == kInt32Min) ? kInt32Max : r;
}

// x / 2^exponent rounded to nearest, ties away from zero. exponent in [0, 31]. Computed as
// floor((2x + 2^exponent - [x < 0]) / 2^(exponent + 1)) in 64 bits, which equals TFLite's
// (x >> exponent) + (remainder > threshold) for every x and exponent.
inline int32_t rounding_divide_by_pot(int32_t x, int exponent) {
  const int64_t twice = 2 * static_cast<int64_t>(x) + (int64_t{1} << exponent) + (x >> 31);
  return static_cast<int32_t>(twice >> (exponent + 1));
}

// x * multiplier * 2^shift (multiplier Q31, shift in [-31, 30]): TFLite's
// MultiplyByQuantizedMultiplier.
inline int32_t multiply_by_quantized_multiplier(int32_t x, int32_t multiplier, int shift) {
  const int left_shift = shift > 0 ? shift : 0;
  const int right_shift = shift > 0 ? 0 : -shift;
  return rounding_divide_by_pot(
      saturating_rounding_doubling_high_mul(static_cast<int32_t>(static_cast<uint32_t>(x) << left_shift),
                                            multiplier),
      right_shift);
}

// x * multiplier * 2^shift for a 64-bit accumulator (int16x8 convolution / fully connected):
// TFLite's MultiplyByQuantizedMultiplier(int64_t, int32_t, int). The multiplier is first
// rounded to 16 significant bits, then one rounding right shift by (15 - shift) bits.
// Preconditions (guaranteed by prepare): multiplier >= 0, shift in [-31, 7],
// x in [-2^47, 2^47).
inline int32_t multiply_by_quantized_multiplier_64(int64_t x, int32_t multiplier, int shift) {
  const int32_t reduced = multiplier < 0x7FFF0000 ? ((multiplier + (1 << 15)) >> 16) : 0x7FFF;
  const int total_shift = 15 - shift;
  const int64_t rounded = x * static_cast<int64_t>(reduced) + (int64_t{1} << (total_shift - 1));
  return static_cast<int32_t>(rounded >> total_shift);
}

// a + b in two's complement, wrapping on overflow (no undefined behaviour).
inline int32_t wrapping_add_i32(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}

inline int32_t clamp_i32(int32_t v, int32_t lo, int32_t hi) { return v < lo ? lo : v > hi ? hi : v; }

// multiply_by_quantized_multiplier(x, m, shift) for shift <= 0 (rs = -shift in [0, 31]),
// m >= 0 and |x| < 2^30, as unsigned 32/64-bit steps without variable shifts, which compilers
// vectorise and which let each lane carry its own multiplier and shift: the doubling high
// product with its rounding nudge, then the rounding right shift as a multiply by 2^(31 - rs)
// of the value biased by 2^31. round_add = 2^(rs-1), round_neg = 1 when rs > 0, else both 0.
struct FastScale {
  uint32_t m, round_add, round_neg, round_mul;
};

inline FastScale fast_scale(int32_t multiplier, int32_t shift) {
  const uint32_t rs = static_cast<uint32_t>(-shift);
  return FastScale{static_cast<uint32_t>(multiplier), rs > 0 ? 1u << (rs - 1) : 0u, rs > 0 ? 1u : 0u,
                   1u << (31 - rs)};
}

// x is the int32 value's bits; the fields may come from different FastScales per lane.
inline int32_t fast_scale_apply(uint32_t x, uint32_t m, uint32_t round_add, uint32_t round_neg,
                                uint32_t round_mul) {
  const uint32_t x_neg = static_cast<uint32_t>(static_cast<int32_t>(x) >> 31);
  const uint64_t pr = static_cast<uint64_t>(x) * m + (uint64_t{1} << 30);
  const uint32_t h = static_cast<uint32_t>(pr >> 31) - ((m << 1) & x_neg);
  const uint32_t h_neg = static_cast<uint32_t>(static_cast<int32_t>(h) >> 31);
  const uint32_t u = h + 0x80000000u + round_add - (round_neg & h_neg);
  return static_cast<int32_t>(
      static_cast<uint32_t>((static_cast<uint64_t>(u) * round_mul) >> 31) - round_mul);
}

inline int32_t fast_scale_apply(uint32_t x, const FastScale& f) {
  return fast_scale_apply(x, f.m, f.round_add, f.round_neg, f.round_mul);
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_FIXED_POINT_H
