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

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_FIXED_POINT_H
