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
