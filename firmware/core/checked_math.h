// Overflow-checked size arithmetic and alignment helpers. Every function returns false
// (leaving *out untouched) on overflow or invalid input instead of wrapping.
#ifndef LPAI_CORE_CHECKED_MATH_H
#define LPAI_CORE_CHECKED_MATH_H

#include <stddef.h>
#include <stdint.h>

namespace lpai {

constexpr size_t kSizeMax = static_cast<size_t>(-1);

inline bool checked_add(size_t a, size_t b, size_t* out) {
  size_t r;
  if (__builtin_add_overflow(a, b, &r)) return false;
  *out = r;
  return true;
}

inline bool checked_mul(size_t a, size_t b, size_t* out) {
  size_t r;
  if (__builtin_mul_overflow(a, b, &r)) return false;
  *out = r;
  return true;
}

// ---- 64-bit arithmetic for load-time validation ------------------------------------------
// Every product or sum a validator forms from binary fields (dims, strides, offsets, counts,
// parameters) goes through these: 64 bits, overflow reported explicitly, never wrapped.

inline bool checked_add_u64(uint64_t a, uint64_t b, uint64_t* out) {
  uint64_t r;
  if (__builtin_add_overflow(a, b, &r)) return false;
  *out = r;
  return true;
}

inline bool checked_mul_u64(uint64_t a, uint64_t b, uint64_t* out) {
  uint64_t r;
  if (__builtin_mul_overflow(a, b, &r)) return false;
  *out = r;
  return true;
}

inline bool checked_add_i64(int64_t a, int64_t b, int64_t* out) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) return false;
  *out = r;
  return true;
}

inline bool checked_mul_i64(int64_t a, int64_t b, int64_t* out) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) return false;
  *out = r;
  return true;
}

// a * b in int32 (parameters a kernel multiplies in int32 at run time); false on overflow.
inline bool checked_mul_i32(int32_t a, int32_t b, int32_t* out) {
  int32_t r;
  if (__builtin_mul_overflow(a, b, &r)) return false;
  *out = r;
  return true;
}

constexpr uint64_t kU64Saturated = ~uint64_t{0};

// Saturating forms for comparisons: UINT64_MAX on overflow, which never equals nor fits under
// any size a binary can describe (sizes are < 2^32), so `sat_product(a, b, c) != n` and
// `sat_sum(a, b) <= limit` are exact checks.
inline uint64_t sat_product(uint64_t a) { return a; }
template <typename... Rest>
inline uint64_t sat_product(uint64_t a, uint64_t b, Rest... rest) {
  uint64_t r;
  if (__builtin_mul_overflow(a, b, &r)) {
    // 0 * anything stays 0 even after an overflow of the other factors.
    return sat_product(kU64Saturated, static_cast<uint64_t>(rest)...) == 0 ? 0 : kU64Saturated;
  }
  return sat_product(r, static_cast<uint64_t>(rest)...);
}
inline uint64_t sat_sum(uint64_t a) { return a; }
template <typename... Rest>
inline uint64_t sat_sum(uint64_t a, uint64_t b, Rest... rest) {
  uint64_t r;
  if (__builtin_add_overflow(a, b, &r)) return kU64Saturated;
  return sat_sum(r, static_cast<uint64_t>(rest)...);
}

// Product of dims[0..n) in 64 bits; false on overflow (out untouched).
inline bool checked_dims_product(const uint32_t* dims, uint32_t n, uint64_t* out) {
  uint64_t p = 1;
  for (uint32_t i = 0; i < n; ++i) {
    if (!checked_mul_u64(p, dims[i], &p)) return false;
  }
  *out = p;
  return true;
}

// True when x is a power of two (1, 2, 4, ...). 0 is not.
constexpr bool is_pow2(size_t x) { return x != 0 && (x & (x - 1)) == 0; }

// Rounds value up to a multiple of alignment (a power of two). False on overflow or a
// non-power-of-two alignment.
inline bool checked_align_up(size_t value, size_t alignment, size_t* out) {
  if (!is_pow2(alignment)) return false;
  size_t bumped;
  if (!checked_add(value, alignment - 1, &bumped)) return false;
  *out = bumped & ~(alignment - 1);
  return true;
}

// Unchecked variant for values already known not to overflow. alignment: power of two.
constexpr size_t align_up(size_t value, size_t alignment) {
  return (value + alignment - 1) & ~(alignment - 1);
}

constexpr bool is_aligned(size_t value, size_t alignment) {
  return alignment != 0 && (value % alignment) == 0;
}

inline bool is_aligned_ptr(const void* p, size_t alignment) {
  return is_aligned(reinterpret_cast<uintptr_t>(p), alignment);
}

// True when [offset, offset + length) lies inside [0, limit).
constexpr bool range_within(size_t offset, size_t length, size_t limit) {
  return offset <= limit && length <= limit - offset;
}

}  // namespace lpai

#endif  // LPAI_CORE_CHECKED_MATH_H
