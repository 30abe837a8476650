// Requantisation shared by the 16x8 kernels (int16 activations, int8 weights): CONV_2D,
// DEPTHWISE_CONV_2D, FULLY_CONNECTED, TRANSPOSE_CONV.
//
// TFLite Micro picks the accumulator type from the bias: an int64 bias accumulates in int64
// and requantises with the 64-bit MultiplyByQuantizedMultiplier (multiplier rounded to 16
// bits, shift <= 7); an int32 bias accumulates in int32 (wrapping) and requantises with the
// 32-bit MultiplyByQuantizedMultiplier. Without a bias: CONV_2D takes the int32 path,
// FULLY_CONNECTED the int64 one; DEPTHWISE_CONV_2D always the int64 one (each op's prepare
// sets the mode). The kernels always sum in 64 bits;
// in the 32-bit mode the low 32 bits of that sum equal the wrapped int32 sum.
//
// Blob arrays (after the op's header): kernels/params/int16x8.h.
#ifndef LPAI_KERNELS_INT16X8_COMMON_H
#define LPAI_KERNELS_INT16X8_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/fixed_point.h"
#include "kernels/params/int16x8.h"

namespace lpai {
namespace kernels {
namespace w16 {

struct Requant {
  const uint8_t* bias;        // int64 entries, unaligned-safe reads
  const int32_t* multiplier;
  const int32_t* shift;
  int32_t act_min, act_max;   // within [-32768, 32767]
  bool acc32;                 // int32 accumulator / 32-bit requantisation
};

inline Requant requant_at(const uint8_t* arrays, uint32_t n, int32_t act_min, int32_t act_max,
                          bool acc32) {
  const int32_t* mult = reinterpret_cast<const int32_t*>(arrays + static_cast<size_t>(n) * 8);
  return Requant{arrays, mult, mult + n, act_min, act_max, acc32};
}

inline int64_t bias_of(const Requant& q, uint32_t o) {
  int64_t b;
  __builtin_memcpy(&b, q.bias + static_cast<size_t>(o) * 8, 8);
  return b;
}

// Output value of channel o for the raw sum `acc` (without bias).
inline int16_t requantize(int64_t acc, uint32_t o, const Requant& q) {
  int32_t v;
  if (q.acc32) {
    const int32_t a = wrapping_add_i32(static_cast<int32_t>(static_cast<uint64_t>(acc)),
                                       static_cast<int32_t>(bias_of(q, o)));
    v = multiply_by_quantized_multiplier(a, q.multiplier[o], q.shift[o]);
  } else {
    v = multiply_by_quantized_multiplier_64(acc + bias_of(q, o), q.multiplier[o], q.shift[o]);
  }
  return static_cast<int16_t>(clamp_i32(v, q.act_min, q.act_max));
}

// Load-time check of the arrays: multipliers/shifts in range, biases within the mode's range
// (int32 for acc32, [-2^47, 2^47) otherwise). n channels.
inline bool arrays_valid(const uint8_t* arrays, uint32_t n, bool acc32) {
  const Requant q = requant_at(arrays, n, 0, 0, acc32);
  const int32_t max_shift = acc32 ? 30 : 7;
  const int64_t lim = acc32 ? (int64_t{1} << 31) : (int64_t{1} << 47);
  for (uint32_t o = 0; o < n; ++o) {
    if (q.multiplier[o] < 0 || q.shift[o] < -31 || q.shift[o] > max_shift) return false;
    const int64_t b = bias_of(q, o);
    if (b < -lim || b >= lim) return false;
  }
  return true;
}

// Sum over i < len of x[i] * w[i] in 32-bit lanes; len <= kDotChunk keeps every lane inside
// int32 (|x * w| <= 2^22, at most 256 products per lane).
constexpr uint32_t kDotChunk = 4096;

inline int32_t dot(const int16_t* __restrict x, const int8_t* __restrict w, uint32_t len) {
  constexpr uint32_t kL = 16;
  int32_t lanes[kL] = {};
  uint32_t c = 0;
  for (; c + kL <= len; c += kL) {
    for (uint32_t j = 0; j < kL; ++j) lanes[j] += static_cast<int32_t>(x[c + j]) * w[c + j];
  }
  int32_t s = 0;
  for (uint32_t j = 0; j < kL; ++j) s += lanes[j];
  for (; c < len; ++c) s += static_cast<int32_t>(x[c]) * w[c];
  return s;
}

// dot() over any length, in chunks of kDotChunk, summed in 64 bits.
inline int64_t dot_long(const int16_t* x, const int8_t* w, uint32_t len) {
  int64_t s = 0;
  for (uint32_t c = 0; c < len; c += kDotChunk) {
    const uint32_t n = len - c < kDotChunk ? len - c : kDotChunk;
    s += dot(x + c, w + c, n);
  }
  return s;
}

}  // namespace w16
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_INT16X8_COMMON_H
