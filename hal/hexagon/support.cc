// Run-time support the compiler may call in a -nostdlib Hexagon image: memcpy, memmove,
// memset, memcmp, the Hexagon backend's aligned-memcpy entry, and the integer division
// helpers (Hexagon has no divide instruction and Debian ships no compiler-rt for Hexagon).
//
// Written so that none of these can compile into a call to itself: -ffreestanding implies
// -fno-builtin (no loop-to-memcpy idiom), and the dividers use shift-and-subtract only.
#include <stddef.h>
#include <stdint.h>

namespace {

typedef uint64_t __attribute__((may_alias)) word64;

bool both_aligned8(const void* a, const void* b) {
  return ((reinterpret_cast<uintptr_t>(a) | reinterpret_cast<uintptr_t>(b)) & 7u) == 0;
}

// Quotient of n / d (d != 0) by restoring division; *rem gets n % d.
uint64_t udivmod64(uint64_t n, uint64_t d, uint64_t* rem) {
  if (d == 0) {  // undefined in C; defined here: all-ones quotient, remainder = dividend
    *rem = n;
    return ~0ull;
  }
  if (n < d) {
    *rem = n;
    return 0;
  }
  const int shift = __builtin_clzll(d) - __builtin_clzll(n);
  uint64_t divisor = d << shift;
  uint64_t q = 0;
  for (int i = 0; i <= shift; ++i) {
    q <<= 1;
    if (n >= divisor) {
      n -= divisor;
      q |= 1;
    }
    divisor >>= 1;
  }
  *rem = n;
  return q;
}

uint32_t udivmod32(uint32_t n, uint32_t d, uint32_t* rem) {
  if (d == 0) {
    *rem = n;
    return ~0u;
  }
  if (n < d) {
    *rem = n;
    return 0;
  }
  const int shift = __builtin_clz(d) - __builtin_clz(n);
  uint32_t divisor = d << shift;
  uint32_t q = 0;
  for (int i = 0; i <= shift; ++i) {
    q <<= 1;
    if (n >= divisor) {
      n -= divisor;
      q |= 1;
    }
    divisor >>= 1;
  }
  *rem = n;
  return q;
}

uint64_t magnitude64(int64_t v) {
  return v < 0 ? 0ull - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
}
uint32_t magnitude32(int32_t v) {
  return v < 0 ? 0u - static_cast<uint32_t>(v) : static_cast<uint32_t>(v);
}

}  // namespace

extern "C" {

void* memcpy(void* __restrict dst, const void* __restrict src, size_t n) {
  uint8_t* d = static_cast<uint8_t*>(dst);
  const uint8_t* s = static_cast<const uint8_t*>(src);
  if (both_aligned8(d, s)) {
    for (; n >= 8; n -= 8, d += 8, s += 8) {
      *reinterpret_cast<word64*>(d) = *reinterpret_cast<const word64*>(s);
    }
  }
  for (; n != 0; --n) *d++ = *s++;
  return dst;
}

// Called by the Hexagon backend for memcpy of a constant size >= 32, multiple of 8, with
// 4-byte-aligned (usually 8) pointers.
void* __hexagon_memcpy_likely_aligned_min32bytes_mult8bytes(void* dst, const void* src,
                                                              size_t n) {
  return memcpy(dst, src, n);
}

void* memmove(void* dst, const void* src, size_t n) {
  uint8_t* d = static_cast<uint8_t*>(dst);
  const uint8_t* s = static_cast<const uint8_t*>(src);
  if (d == s || n == 0) return dst;
  if (reinterpret_cast<uintptr_t>(d) - reinterpret_cast<uintptr_t>(s) >= n) {
    // No overlap with dst ahead of src: forward copy is safe, 32 then 8 bytes at a time when
    // both are 8-byte aligned (each block is read before any byte at or after it is written).
    if (both_aligned8(d, s)) {
      for (; n >= 32; n -= 32, d += 32, s += 32) {
        const word64* from = reinterpret_cast<const word64*>(s);
        const uint64_t w0 = from[0], w1 = from[1], w2 = from[2], w3 = from[3];
        word64* to = reinterpret_cast<word64*>(d);
        to[0] = w0;
        to[1] = w1;
        to[2] = w2;
        to[3] = w3;
      }
      for (; n >= 8; n -= 8, d += 8, s += 8) {
        *reinterpret_cast<word64*>(d) = *reinterpret_cast<const word64*>(s);
      }
    }
    for (size_t i = 0; i < n; ++i) d[i] = s[i];
  } else {
    for (size_t i = n; i != 0; --i) d[i - 1] = s[i - 1];
  }
  return dst;
}

void* memset(void* dst, int value, size_t n) {
  uint8_t* d = static_cast<uint8_t*>(dst);
  const uint8_t byte = static_cast<uint8_t>(value);
  if ((reinterpret_cast<uintptr_t>(d) & 7u) == 0) {
    const uint64_t pattern = 0x0101010101010101ull * byte;
    for (; n >= 8; n -= 8, d += 8) *reinterpret_cast<word64*>(d) = pattern;
  }
  for (; n != 0; --n) *d++ = byte;
  return dst;
}

int memcmp(const void* a, const void* b, size_t n) {
  const uint8_t* x = static_cast<const uint8_t*>(a);
  const uint8_t* y = static_cast<const uint8_t*>(b);
  for (size_t i = 0; i < n; ++i) {
    if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
  }
  return 0;
}

// ---- integer division (C semantics: quotient truncated toward zero) -------------------------
uint32_t __hexagon_udivsi3(uint32_t n, uint32_t d) {
  uint32_t r;
  return udivmod32(n, d, &r);
}
uint32_t __hexagon_umodsi3(uint32_t n, uint32_t d) {
  uint32_t r;
  (void)udivmod32(n, d, &r);
  return r;
}
int32_t __hexagon_divsi3(int32_t n, int32_t d) {
  uint32_t r;
  const uint32_t q = udivmod32(magnitude32(n), magnitude32(d), &r);
  return static_cast<int32_t>((n < 0) != (d < 0) ? 0u - q : q);
}
int32_t __hexagon_modsi3(int32_t n, int32_t d) {
  uint32_t r;
  (void)udivmod32(magnitude32(n), magnitude32(d), &r);
  return static_cast<int32_t>(n < 0 ? 0u - r : r);
}
uint64_t __hexagon_udivdi3(uint64_t n, uint64_t d) {
  uint64_t r;
  return udivmod64(n, d, &r);
}
uint64_t __hexagon_umoddi3(uint64_t n, uint64_t d) {
  uint64_t r;
  (void)udivmod64(n, d, &r);
  return r;
}
int64_t __hexagon_divdi3(int64_t n, int64_t d) {
  uint64_t r;
  const uint64_t q = udivmod64(magnitude64(n), magnitude64(d), &r);
  return static_cast<int64_t>((n < 0) != (d < 0) ? 0ull - q : q);
}
int64_t __hexagon_moddi3(int64_t n, int64_t d) {
  uint64_t r;
  (void)udivmod64(magnitude64(n), magnitude64(d), &r);
  return static_cast<int64_t>(n < 0 ? 0ull - r : r);
}

}  // extern "C"
