// Run-time support GCC may call in a -nostdlib Cortex-M image: memcpy, memmove, memset,
// memcmp (GCC requires them even in freestanding code). Integer helpers such as 64-bit
// division come from libgcc, the compiler's own runtime (no libc is linked).
//
// GCC may turn a byte loop into a call to memcpy/memset (loop distribution), which inside
// memcpy/memset would recurse: those optimisations are switched off for these functions.
#include <stddef.h>
#include <stdint.h>

#define LPAI_NO_LOOP_TO_CALL __attribute__((optimize("no-tree-loop-distribute-patterns")))

namespace {

typedef uint32_t __attribute__((may_alias)) word32;
// A word at any address: single LDR/STR on cores that allow unaligned word access (M3 and up,
// __ARM_FEATURE_UNALIGNED), never merged into LDRD/LDM (which need alignment).
typedef uint32_t __attribute__((may_alias, aligned(1))) unaligned_word32;

bool both_aligned4(const void* a, const void* b) {
  return ((reinterpret_cast<uintptr_t>(a) | reinterpret_cast<uintptr_t>(b)) & 3u) == 0;
}

}  // namespace

extern "C" {

LPAI_NO_LOOP_TO_CALL void* memcpy(void* __restrict dst, const void* __restrict src, size_t n) {
  uint8_t* d = static_cast<uint8_t*>(dst);
  const uint8_t* s = static_cast<const uint8_t*>(src);
  if (both_aligned4(d, s)) {
    for (; n >= 16; n -= 16, d += 16, s += 16) {
      word32* dw = reinterpret_cast<word32*>(d);
      const word32* sw = reinterpret_cast<const word32*>(s);
      dw[0] = sw[0];
      dw[1] = sw[1];
      dw[2] = sw[2];
      dw[3] = sw[3];
    }
    for (; n >= 4; n -= 4, d += 4, s += 4) {
      *reinterpret_cast<word32*>(d) = *reinterpret_cast<const word32*>(s);
    }
  }
#if defined(__ARM_FEATURE_UNALIGNED)
  // Short or misaligned copies (im2col rows of a few bytes): a word at a time all the same.
  for (; n >= 4; n -= 4, d += 4, s += 4) {
    *reinterpret_cast<unaligned_word32*>(d) = *reinterpret_cast<const unaligned_word32*>(s);
  }
#endif
  for (; n != 0; --n) *d++ = *s++;
  return dst;
}

LPAI_NO_LOOP_TO_CALL void* memmove(void* dst, const void* src, size_t n) {
  uint8_t* d = static_cast<uint8_t*>(dst);
  const uint8_t* s = static_cast<const uint8_t*>(src);
  if (d == s || n == 0) return dst;
  if (reinterpret_cast<uintptr_t>(d) - reinterpret_cast<uintptr_t>(s) >= n) {
    // No overlap with dst ahead of src: forward copy is safe.
    for (size_t i = 0; i < n; ++i) d[i] = s[i];
  } else {
    for (size_t i = n; i != 0; --i) d[i - 1] = s[i - 1];
  }
  return dst;
}

LPAI_NO_LOOP_TO_CALL void* memset(void* dst, int value, size_t n) {
  uint8_t* d = static_cast<uint8_t*>(dst);
  const uint8_t byte = static_cast<uint8_t>(value);
  if ((reinterpret_cast<uintptr_t>(d) & 3u) == 0) {
    const uint32_t pattern = 0x01010101u * byte;
    for (; n >= 4; n -= 4, d += 4) *reinterpret_cast<word32*>(d) = pattern;
  }
  for (; n != 0; --n) *d++ = byte;
  return dst;
}

LPAI_NO_LOOP_TO_CALL int memcmp(const void* a, const void* b, size_t n) {
  const uint8_t* x = static_cast<const uint8_t*>(a);
  const uint8_t* y = static_cast<const uint8_t*>(b);
  for (size_t i = 0; i < n; ++i) {
    if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
  }
  return 0;
}

}  // extern "C"
