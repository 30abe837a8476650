// int8 dot-product blocks on the Arm DSP extension (Cortex-M4/M7/M33/M55: __ARM_FEATURE_DSP;
// LPAI_PORTABLE_KERNELS, from -DLPAI_CORTEX_M_DSP=OFF, leaves them out),
// the same int32 sums as kernels/int8_gemm.h's portable blocks, which select these when the
// target has the extension.
//
// SMLAD (dual 16-bit multiply-accumulate) does two products per instruction once both operands
// are int16 pairs. SXTB16 widens bytes 0 and 2 of a word into two int16 lanes (with its ROR #8
// operand: bytes 1 and 3), so a word of four int8 values becomes two "pair-words" whose SMLADs
// with another word's pair-words sum all four products; both sides are split alike, so no
// reordering is needed. Activation rows are widened once per chunk into pair-words (two rows
// interleaved, 16 bytes per 4 entries); each weight word is widened as it is loaded. One step
// of the 2x2 loop is 2 rows x 2 weight rows x 4 entries = 16 MACs in 2 LDRD, 2 LDR, 4 SXTB16
// and 8 SMLAD.
//
// Sums are exact int32 (|x * w| <= 2^14 and K <= gemm::kMaxAccumDepth keep them in range).
#ifndef LPAI_KERNELS_CORTEX_M_DSP_GEMM_H
#define LPAI_KERNELS_CORTEX_M_DSP_GEMM_H

#if defined(__ARM_FEATURE_DSP) && __ARM_FEATURE_DSP && !defined(LPAI_PORTABLE_KERNELS)
#define LPAI_HAS_CORTEX_M_DSP 1

#include <arm_acle.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/dot_tail.h"

namespace lpai {
namespace kernels {
namespace dsp {

// Four bytes at p, any alignment (cores with the DSP extension handle an unaligned LDR).
inline int32_t load_word(const int8_t* p) {
  int32_t v;
  __builtin_memcpy(&v, p, 4);
  return v;
}

// The first n (1..3) bytes at p as a word, the rest zero: the last, partial word of a row.
inline int32_t load_partial(const int8_t* p, uint32_t n) {
  uint32_t v = static_cast<uint8_t>(p[0]);
  if (n > 1) v |= static_cast<uint32_t>(static_cast<uint8_t>(p[1])) << 8;
  if (n > 2) v |= static_cast<uint32_t>(static_cast<uint8_t>(p[2])) << 16;
  return static_cast<int32_t>(v);
}

// (a * b + 2^31) >> 32, signed: SMMULR.
inline int32_t smmulr(int32_t a, int32_t b) {
  int32_t r;
  __asm__("smmulr %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
  return r;
}

// (a * b + 2^31) >> 32, plus acc: SMMLAR with acc in the high word, one instruction.
inline int32_t smmlar(int32_t a, int32_t b, int32_t acc) {
  int32_t r;
  __asm__("smmlar %0, %1, %2, %3" : "=r"(r) : "r"(a), "r"(b), "r"(acc));
  return r;
}

inline int32_t clamp(int32_t v, int32_t lo, int32_t hi) {
  v = v < lo ? lo : v;
  return v > hi ? hi : v;
}

// Bytes 1 and 3 of v as two int16 lanes: SXTB16 with its ROR #8 operand, one instruction (the
// compiler does not fold a rotate into SXTB16 by itself).
inline int32_t sxtb16_ror8(int32_t v) {
  int32_t r;
  __asm__("sxtb16 %0, %1, ror #8" : "=r"(r) : "r"(v));
  return r;
}

// lo, hi = the two words at p + kWords (4-byte aligned): one LDRD with an immediate offset.
template <int kWords>
inline void load_pair(const int32_t* p, int32_t& lo, int32_t& hi) {
  __asm__("ldrd %0, %1, [%2, %3]"
          : "=r"(lo), "=r"(hi)
          : "r"(p), "i"(kWords * 4), "m"(*reinterpret_cast<const int32_t(*)[2]>(p + kWords)));
}

// Entries per chunk of a widened row pair: kChunk words (2 rows x kChunk int16), 256 bytes of
// stack.
constexpr uint32_t kChunk = 64;

// Entries of the row pairs CONV_2D widens once for all its channels (gemm::dsp_row_pair_all):
// kPairMax words, 512 bytes of stack.
constexpr uint32_t kPairMax = 128;

// xs[4q + 0..1] = pair-words of x0[4q..4q+3], xs[4q + 2..3] = those of x1, for q < len / 4
// (len a multiple of 4; xs holds len words).
inline void widen_pair(const int8_t* x0, const int8_t* x1, uint32_t len, int32_t* xs) {
  for (uint32_t k = 0; k < len; k += 4) {
    const int32_t a = load_word(x0 + k), b = load_word(x1 + k);
    xs[0] = __sxtb16(a);
    xs[1] = sxtb16_ror8(a);
    xs[2] = __sxtb16(b);
    xs[3] = sxtb16_ror8(b);
    xs += 4;
  }
}

// widen_pair over len entries (xs holds len rounded up to 4 words), the last partial word zero-padded: the
// chunk holds (len + 3) / 4 steps.
inline void widen_pair_padded(const int8_t* x0, const int8_t* x1, uint32_t len, int32_t* xs) {
  const uint32_t len4 = len & ~3u;
  widen_pair(x0, x1, len4, xs);
  if (len4 == len) return;
  const int32_t a = load_partial(x0 + len4, len - len4), b = load_partial(x1 + len4, len - len4);
  xs += len4;
  xs[0] = __sxtb16(a);
  xs[1] = sxtb16_ror8(a);
  xs[2] = __sxtb16(b);
  xs[3] = sxtb16_ror8(b);
}

// s[0..3] += x0 . w0, x0 . w1, x1 . w0, x1 . w1 over the widened chunk xs of len entries.
__attribute__((always_inline)) inline void dot_2x2(const int32_t* xs, const int8_t* w0, const int8_t* w1, uint32_t len,
                    int32_t s[4]) {
  int32_t s00 = s[0], s01 = s[1], s10 = s[2], s11 = s[3];
  const int32_t* end = xs + len;  // 4 words per 4 entries
  while (xs != end) {
    const int32_t u = load_word(w0), v = load_word(w1);
    w0 += 4;
    w1 += 4;
    const int32_t u02 = __sxtb16(u), u13 = sxtb16_ror8(u);
    const int32_t v02 = __sxtb16(v), v13 = sxtb16_ror8(v);
    int32_t a02, a13, b02, b13;
    load_pair<0>(xs, a02, a13);
    s00 = __smlad(a02, u02, s00);
    s00 = __smlad(a13, u13, s00);
    s01 = __smlad(a02, v02, s01);
    s01 = __smlad(a13, v13, s01);
    load_pair<2>(xs, b02, b13);
    s10 = __smlad(b02, u02, s10);
    s10 = __smlad(b13, u13, s10);
    s11 = __smlad(b02, v02, s11);
    s11 = __smlad(b13, v13, s11);
    xs += 4;
  }
  s[0] = s00;
  s[1] = s01;
  s[2] = s10;
  s[3] = s11;
}

// dot_2x2 over a chunk widened by widen_pair_padded from len entries: whole words, then the
// partial last word of each weight row (zero-padded like the activations).
__attribute__((always_inline)) inline void dot_2x2_padded(const int32_t* xs, const int8_t* w0, const int8_t* w1, uint32_t len,
                           int32_t s[4]) {
  const uint32_t len4 = len & ~3u;
  dot_2x2(xs, w0, w1, len4, s);
  if (len4 == len) return;
  const int32_t u = load_partial(w0 + len4, len - len4), v = load_partial(w1 + len4, len - len4);
  const int32_t u02 = __sxtb16(u), u13 = sxtb16_ror8(u);
  const int32_t v02 = __sxtb16(v), v13 = sxtb16_ror8(v);
  const int32_t* x = xs + len4;
  s[0] = __smlad(x[1], u13, __smlad(x[0], u02, s[0]));
  s[1] = __smlad(x[1], v13, __smlad(x[0], v02, s[1]));
  s[2] = __smlad(x[3], u13, __smlad(x[2], u02, s[2]));
  s[3] = __smlad(x[3], v13, __smlad(x[2], v02, s[3]));
}

// Entries of one activation row the FULLY_CONNECTED path widens once (2 words per 4 entries):
// 384 bytes of stack.
constexpr uint32_t kRowMax = 192;

// xs[2q], xs[2q + 1] = pair-words of x[4q..4q+3], the last partial word zero-padded
// (len <= kRowMax).
inline void widen_row_padded(const int8_t* x, uint32_t len, int32_t* xs) {
  const uint32_t len4 = len & ~3u;
  for (uint32_t k = 0; k < len4; k += 4) {
    const int32_t a = load_word(x + k);
    xs[0] = __sxtb16(a);
    xs[1] = sxtb16_ror8(a);
    xs += 2;
  }
  if (len4 == len) return;
  const int32_t a = load_partial(x + len4, len - len4);
  xs[0] = __sxtb16(a);
  xs[1] = sxtb16_ror8(a);
}

// One 4-row step of the dot-product loops below, as assembler text: the pair-words a02 / a13 of
// four activation entries times the next word of each weight row w0..w3 (post-incremented),
// into s0..s3. 20 instructions.
#define LPAI_DSP_DOT_4ROWS \
  "ldr %[u], [%[w0]], #4\n sxtb16 %[t], %[u]\n smlad %[s0], %[a02], %[t], %[s0]\n" \
  "sxtb16 %[u], %[u], ror #8\n smlad %[s0], %[a13], %[u], %[s0]\n" \
  "ldr %[u], [%[w1]], #4\n sxtb16 %[t], %[u]\n smlad %[s1], %[a02], %[t], %[s1]\n" \
  "sxtb16 %[u], %[u], ror #8\n smlad %[s1], %[a13], %[u], %[s1]\n" \
  "ldr %[u], [%[w2]], #4\n sxtb16 %[t], %[u]\n smlad %[s2], %[a02], %[t], %[s2]\n" \
  "sxtb16 %[u], %[u], ror #8\n smlad %[s2], %[a13], %[u], %[s2]\n" \
  "ldr %[u], [%[w3]], #4\n sxtb16 %[t], %[u]\n smlad %[s3], %[a02], %[t], %[s3]\n" \
  "sxtb16 %[u], %[u], ror #8\n smlad %[s3], %[a13], %[u], %[s3]\n"

// out[r] = x . w_r for four weight rows of len entries, x widened by widen_row_padded.
__attribute__((always_inline)) inline void dot_1x4_widened(const int32_t* xs, const int8_t* w0, const int8_t* w1,
                            const int8_t* w2, const int8_t* w3, uint32_t len, int32_t out[4]) {
  int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  const int32_t* end = xs + (len & ~3u) / 2;
  if (xs != end) {
    // One step: 4 entries x 4 rows in 23 instructions. Written out because the compiler's
    // schedule of the same step needs more registers than Thumb-2 has and spills.
    int32_t a02, a13, u, t;
    __asm__ volatile(
        "1:\n"
        "ldrd %[a02], %[a13], [%[xs]], #8\n"
        LPAI_DSP_DOT_4ROWS
        "cmp %[xs], %[end]\n"
        "bne 1b\n"
        : [s0] "+r"(s0), [s1] "+r"(s1), [s2] "+r"(s2), [s3] "+r"(s3), [xs] "+r"(xs),
          [w0] "+r"(w0), [w1] "+r"(w1), [w2] "+r"(w2), [w3] "+r"(w3), [a02] "=&r"(a02),
          [a13] "=&r"(a13), [u] "=&r"(u), [t] "=&r"(t)
        : [end] "r"(end)
        : "cc", "memory");
  }
  const uint32_t rest = len & 3u;
  if (rest != 0) {
    const int32_t a02 = xs[0], a13 = xs[1];
    int32_t u = load_partial(w0, rest);
    s0 = __smlad(a13, sxtb16_ror8(u), __smlad(a02, __sxtb16(u), s0));
    u = load_partial(w1, rest);
    s1 = __smlad(a13, sxtb16_ror8(u), __smlad(a02, __sxtb16(u), s1));
    u = load_partial(w2, rest);
    s2 = __smlad(a13, sxtb16_ror8(u), __smlad(a02, __sxtb16(u), s2));
    u = load_partial(w3, rest);
    s3 = __smlad(a13, sxtb16_ror8(u), __smlad(a02, __sxtb16(u), s3));
  }
  out[0] = s0;
  out[1] = s1;
  out[2] = s2;
  out[3] = s3;
}

// out[r] = x . w_r for four weight rows over k_len entries (one activation row: the
// FULLY_CONNECTED form, rows longer than kRowMax); each activation word is widened as it is
// read, K % 4 scalar.
__attribute__((always_inline)) inline void dot_1x4(const int8_t* x, const int8_t* w0, const int8_t* w1, const int8_t* w2,
                    const int8_t* w3, uint32_t k_len, int32_t out[4]) {
  int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  const int8_t* end = x + (k_len & ~3u);
  if (x != end) {
    // One step: 4 entries x 4 rows in 25 instructions (dot_1x4_widened's step plus the
    // activation word's two SXTB16), written out for the same register reason.
    int32_t a02, a13, u, t;
    __asm__ volatile(
        "1:\n"
        "ldr %[a13], [%[x]], #4\n"
        "sxtb16 %[a02], %[a13]\n"
        "sxtb16 %[a13], %[a13], ror #8\n"
        LPAI_DSP_DOT_4ROWS
        "cmp %[x], %[end]\n"
        "bne 1b\n"
        : [s0] "+r"(s0), [s1] "+r"(s1), [s2] "+r"(s2), [s3] "+r"(s3), [x] "+r"(x),
          [w0] "+r"(w0), [w1] "+r"(w1), [w2] "+r"(w2), [w3] "+r"(w3), [a02] "=&r"(a02),
          [a13] "=&r"(a13), [u] "=&r"(u), [t] "=&r"(t)
        : [end] "r"(end)
        : "cc", "memory");
  }
  finish_dot_1x4(x, w0, w1, w2, w3, 0, k_len & 3u, s0, s1, s2, s3, out);
}

}  // namespace dsp
}  // namespace kernels
}  // namespace lpai

#endif  // __ARM_FEATURE_DSP
#endif  // LPAI_KERNELS_CORTEX_M_DSP_GEMM_H
