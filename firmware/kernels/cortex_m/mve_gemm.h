// int8 dot-product blocks on Helium, the M-profile vector extension (Cortex-M55:
// __ARM_FEATURE_MVE; LPAI_PORTABLE_KERNELS, from -DLPAI_CORTEX_M_DSP=OFF, leaves them out): the
// same int32 sums as kernels/int8_gemm.h's portable blocks, which select these first when the
// target has the extension (before the DSP-extension blocks of dsp_gemm.h).
//
// VMLADAVA.S8 multiplies 16 int8 pairs and adds all 16 products to a scalar int32 accumulator:
// one instruction per 16 MACs, no widening. A depth of K runs K / 16 whole vectors and, when
// K % 16 != 0, one tail vector loaded under a VCTP predicate (inactive lanes read as zero and
// are not accessed, so no byte past a row is read). One step of the 2x2 block is 2 activation
// rows x 2 weight rows x 16 entries = 64 MACs in 4 VLDRB and 4 VMLADAVA.
//
// Sums are exact int32 (|x * w| <= 2^14 and K <= gemm::kMaxAccumDepth keep them in range).
#ifndef LPAI_KERNELS_CORTEX_M_MVE_GEMM_H
#define LPAI_KERNELS_CORTEX_M_MVE_GEMM_H

#if defined(__ARM_FEATURE_MVE) && (__ARM_FEATURE_MVE & 1) && !defined(LPAI_PORTABLE_KERNELS)
#define LPAI_HAS_CORTEX_M_MVE 1

#include <arm_mve.h>
#include <stddef.h>
#include <stdint.h>

namespace lpai {
namespace kernels {
namespace mve {

constexpr int32_t kBytes = 16;  // int8 lanes per vector

// s[0..3] = x0 . w0, x0 . w1, x1 . w0, x1 . w1 over k entries.
inline void dot_2x2(const int8_t* x0, const int8_t* x1, const int8_t* w0, const int8_t* w1,
                    uint32_t k, int32_t s[4]) {
  int32_t s00 = 0, s01 = 0, s10 = 0, s11 = 0;
  int32_t rem = static_cast<int32_t>(k);
  for (; rem >= kBytes; rem -= kBytes) {
    const int8x16_t a = vldrbq_s8(x0), b = vldrbq_s8(x1);
    const int8x16_t u = vldrbq_s8(w0), v = vldrbq_s8(w1);
    s00 = vmladavaq_s8(s00, a, u);
    s01 = vmladavaq_s8(s01, a, v);
    s10 = vmladavaq_s8(s10, b, u);
    s11 = vmladavaq_s8(s11, b, v);
    x0 += kBytes;
    x1 += kBytes;
    w0 += kBytes;
    w1 += kBytes;
  }
  if (rem > 0) {
    const mve_pred16_t p = vctp8q(static_cast<uint32_t>(rem));
    const int8x16_t a = vldrbq_z_s8(x0, p), b = vldrbq_z_s8(x1, p);
    const int8x16_t u = vldrbq_z_s8(w0, p), v = vldrbq_z_s8(w1, p);
    s00 = vmladavaq_s8(s00, a, u);
    s01 = vmladavaq_s8(s01, a, v);
    s10 = vmladavaq_s8(s10, b, u);
    s11 = vmladavaq_s8(s11, b, v);
  }
  s[0] = s00;
  s[1] = s01;
  s[2] = s10;
  s[3] = s11;
}

// Entries of each row's accumulators in dot_2xn's acc (n <= kRun).
constexpr uint32_t kRun = 16;

// dot_2xn for short rows (k <= kShortMax: first layers, 1x1 convolutions over few channels):
// both activation rows stay in registers (one to three vectors each, the last under a VCTP
// predicate: inactive lanes read as zero and are not accessed), and each weight row costs its
// one to three loads and two to six VMLADAV: no per-block loop set-up.
constexpr uint32_t kShortMax = 3 * kBytes;
inline void dot_2xn_short(const int8_t* x0, const int8_t* x1, const int8_t* w, uint32_t n, uint32_t k,
                          int32_t* acc) {
  int32_t* acc1 = acc + kRun;
  if (k <= static_cast<uint32_t>(kBytes)) {
    const mve_pred16_t p = vctp8q(k);
    const int8x16_t a = vldrbq_z_s8(x0, p), b = vldrbq_z_s8(x1, p);
    for (uint32_t o = 0; o < n; ++o, w += k) {
      const int8x16_t u = vldrbq_z_s8(w, p);
      acc[o] = vmladavq_s8(a, u);
      acc1[o] = vmladavq_s8(b, u);
    }
    return;
  }
  if (k <= 2 * static_cast<uint32_t>(kBytes)) {
    const mve_pred16_t p = vctp8q(k - kBytes);
    const int8x16_t a0 = vldrbq_s8(x0), a1 = vldrbq_z_s8(x0 + kBytes, p);
    const int8x16_t b0 = vldrbq_s8(x1), b1 = vldrbq_z_s8(x1 + kBytes, p);
    for (uint32_t o = 0; o < n; ++o, w += k) {
      const int8x16_t u0 = vldrbq_s8(w), u1 = vldrbq_z_s8(w + kBytes, p);
      acc[o] = vmladavaq_s8(vmladavq_s8(a0, u0), a1, u1);
      acc1[o] = vmladavaq_s8(vmladavq_s8(b0, u0), b1, u1);
    }
    return;
  }
  const mve_pred16_t p = vctp8q(k - 2 * kBytes);
  const int8x16_t a0 = vldrbq_s8(x0), a1 = vldrbq_s8(x0 + kBytes), a2 = vldrbq_z_s8(x0 + 2 * kBytes, p);
  const int8x16_t b0 = vldrbq_s8(x1), b1 = vldrbq_s8(x1 + kBytes), b2 = vldrbq_z_s8(x1 + 2 * kBytes, p);
  for (uint32_t o = 0; o < n; ++o, w += k) {
    int8x16_t u = vldrbq_s8(w);
    int32_t s0 = vmladavq_s8(a0, u), s1 = vmladavq_s8(b0, u);
    u = vldrbq_s8(w + kBytes);
    s0 = vmladavaq_s8(s0, a1, u);
    s1 = vmladavaq_s8(s1, b1, u);
    u = vldrbq_z_s8(w + 2 * kBytes, p);
    acc[o] = vmladavaq_s8(s0, a2, u);
    acc1[o] = vmladavaq_s8(s1, b2, u);
  }
}

// acc[o] = x0 . w_o and acc[kRun + o] = x1 . w_o for the n <= kRun weight rows of w ([n][k],
// rows of k bytes): 2x2 blocks (dot_2x2's loop with the pointers carried from block to block),
// the last weight row of an odd n on its own.
// The block loop is written out: the compiler's version reloads the row pointers from the stack
// and keeps the loop bounds in memory (about 25 instructions around each block's 9-instruction
// steps, 13 here). The K % 16 tail is one predicated step (VCTP once, before the loop: no
// instruction in the loop writes the predicate; the caller's P0 is saved and restored).
inline void dot_2xn(const int8_t* x0, const int8_t* x1, const int8_t* w, uint32_t n, uint32_t k,
                    int32_t* acc) {
  if (k <= kShortMax) {
    dot_2xn_short(x0, x1, w, n, k, acc);
    return;
  }
  int32_t* acc0 = acc;
  int32_t* acc1 = acc + kRun;
  if (n >= 2) {
    const int8_t* w0 = w;
    const int8_t* w1 = w + k;
    const int8_t* w_end = w + static_cast<size_t>(n & ~1u) * k;  // first row not in a pair
    int32_t* a0 = acc0;  // acc1 is a0 + 4 * kRun bytes (a0 advanced by 8 at the second store)
    const int8_t* const xs[2] = {x0, x1};
    int32_t s00, s01, s10, s11;
    const int8_t *pa, *pb;
    int8x16_t va, vb, u, v;
    __asm__ volatile(
        "vmrs %[pa], p0\n"  // the caller's predicate, restored at the end
        "push {%[pa]}\n"
        "and %[pa], %[k], #15\n"
        "vctp.8 %[pa]\n"
        "2:\n"
        "ldrd %[pa], %[pb], [%[xs]]\n"
        "movs %[s00], #0\n"
        "movs %[s01], #0\n"
        "movs %[s10], #0\n"
        "movs %[s11], #0\n"
        "lsrs lr, %[k], #4\n"
        "wls lr, lr, 3f\n"
        "1:\n"
        "vldrb.u8 %q[va], [%[pa]], #16\n"
        "vldrb.u8 %q[vb], [%[pb]], #16\n"
        "vldrb.u8 %q[u], [%[w0]], #16\n"
        "vldrb.u8 %q[v], [%[w1]], #16\n"
        "vmlava.s8 %[s00], %q[va], %q[u]\n"
        "vmlava.s8 %[s01], %q[va], %q[v]\n"
        "vmlava.s8 %[s10], %q[vb], %q[u]\n"
        "vmlava.s8 %[s11], %q[vb], %q[v]\n"
        "le lr, 1b\n"
        "3:\n"
        "tst %[k], #15\n"
        "beq 4f\n"
        "vpstttt\n"
        "vldrbt.u8 %q[va], [%[pa]]\n"
        "vldrbt.u8 %q[vb], [%[pb]]\n"
        "vldrbt.u8 %q[u], [%[w0]]\n"
        "vldrbt.u8 %q[v], [%[w1]]\n"
        "vmlava.s8 %[s00], %q[va], %q[u]\n"
        "vmlava.s8 %[s01], %q[va], %q[v]\n"
        "vmlava.s8 %[s10], %q[vb], %q[u]\n"
        "vmlava.s8 %[s11], %q[vb], %q[v]\n"
        "and %[pa], %[k], #15\n"
        "add %[w0], %[w0], %[pa]\n"
        "add %[w1], %[w1], %[pa]\n"
        "4:\n"
        "strd %[s10], %[s11], [%[a0], #%c[row1]]\n"
        "strd %[s00], %[s01], [%[a0]], #8\n"
        "mov %[w0], %[w1]\n"
        "add %[w1], %[w1], %[k]\n"
        "cmp %[w0], %[w_end]\n"
        "bne 2b\n"
        "pop {%[pa]}\n"
        "vmsr p0, %[pa]\n"
        : [s00] "=&Te"(s00), [s01] "=&Te"(s01), [s10] "=&Te"(s10), [s11] "=&Te"(s11),
          [pa] "=&r"(pa), [pb] "=&r"(pb), [w0] "+r"(w0), [w1] "+r"(w1), [a0] "+r"(a0),
          [va] "=&w"(va), [vb] "=&w"(vb), [u] "=&w"(u), [v] "=&w"(v)
        : [xs] "r"(xs), [k] "r"(k), [w_end] "r"(w_end), [row1] "i"(4 * kRun)
        : "lr", "cc", "memory");
    if ((n & 1u) != 0) {
      int32_t s[4];
      dot_2x2(x0, x1, w0, w0, k, s);
      acc0[n - 1] = s[0];
      acc1[n - 1] = s[2];
    }
    return;
  }
  const uint32_t blocks = k / kBytes;
  const uint32_t rem = k % kBytes;
  const mve_pred16_t p = vctp8q(rem);
  const int8_t* w0 = w;
  uint32_t o = 0;
  for (; o + 1 < n; o += 2) {
    const int8_t* w1 = w0 + k;
    const int8_t* a = x0;
    const int8_t* b = x1;
    int32_t s00 = 0, s01 = 0, s10 = 0, s11 = 0;
    for (uint32_t i = 0; i < blocks; ++i) {
      const int8x16_t va = vldrbq_s8(a), vb = vldrbq_s8(b);
      const int8x16_t u = vldrbq_s8(w0), v = vldrbq_s8(w1);
      s00 = vmladavaq_s8(s00, va, u);
      s01 = vmladavaq_s8(s01, va, v);
      s10 = vmladavaq_s8(s10, vb, u);
      s11 = vmladavaq_s8(s11, vb, v);
      a += kBytes;
      b += kBytes;
      w0 += kBytes;
      w1 += kBytes;
    }
    if (rem != 0) {
      const int8x16_t va = vldrbq_z_s8(a, p), vb = vldrbq_z_s8(b, p);
      const int8x16_t u = vldrbq_z_s8(w0, p), v = vldrbq_z_s8(w1, p);
      s00 = vmladavaq_s8(s00, va, u);
      s01 = vmladavaq_s8(s01, va, v);
      s10 = vmladavaq_s8(s10, vb, u);
      s11 = vmladavaq_s8(s11, vb, v);
    }
    acc0[o] = s00;
    acc0[o + 1] = s01;
    acc1[o] = s10;
    acc1[o + 1] = s11;
    w0 = w1 + rem;  // w0 walked k - rem bytes of its row, w1 the same of the next
  }
  if (o < n) {
    int32_t s[4];
    dot_2x2(x0, x1, w0, w0, k, s);
    acc0[o] = s[0];
    acc1[o] = s[2];
  }
}

// out[r] = x . w_r for four weight rows of k entries (one activation row: FULLY_CONNECTED).
// Whole vectors written out (post-incremented pointers; the compiler's loop recomputes each
// address), the tail under a predicate.
inline void dot_1x4(const int8_t* x, const int8_t* w0, const int8_t* w1, const int8_t* w2,
                    const int8_t* w3, uint32_t k, int32_t out[4]) {
  int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  if (k >= static_cast<uint32_t>(kBytes)) {
    int8x16_t a, u;
    __asm__ volatile(
        "lsrs lr, %[k], #4\n"
        "dls lr, lr\n"
        "1:\n"
        "vldrb.u8 %q[a], [%[x]], #16\n"
        "vldrb.u8 %q[u], [%[w0]], #16\n"
        "vmlava.s8 %[s0], %q[a], %q[u]\n"
        "vldrb.u8 %q[u], [%[w1]], #16\n"
        "vmlava.s8 %[s1], %q[a], %q[u]\n"
        "vldrb.u8 %q[u], [%[w2]], #16\n"
        "vmlava.s8 %[s2], %q[a], %q[u]\n"
        "vldrb.u8 %q[u], [%[w3]], #16\n"
        "vmlava.s8 %[s3], %q[a], %q[u]\n"
        "le lr, 1b\n"
        : [s0] "+Te"(s0), [s1] "+Te"(s1), [s2] "+Te"(s2), [s3] "+Te"(s3), [x] "+r"(x),
          [w0] "+r"(w0), [w1] "+r"(w1), [w2] "+r"(w2), [w3] "+r"(w3), [a] "=&w"(a), [u] "=&w"(u)
        : [k] "r"(k)
        : "lr", "cc", "memory");
  }
  int32_t rem = static_cast<int32_t>(k % kBytes);
  if (rem > 0) {
    const mve_pred16_t p = vctp8q(static_cast<uint32_t>(rem));
    const int8x16_t a = vldrbq_z_s8(x, p);
    s0 = vmladavaq_s8(s0, a, vldrbq_z_s8(w0, p));
    s1 = vmladavaq_s8(s1, a, vldrbq_z_s8(w1, p));
    s2 = vmladavaq_s8(s2, a, vldrbq_z_s8(w2, p));
    s3 = vmladavaq_s8(s3, a, vldrbq_z_s8(w3, p));
  }
  out[0] = s0;
  out[1] = s1;
  out[2] = s2;
  out[3] = s3;
}

}  // namespace mve
}  // namespace kernels
}  // namespace lpai

#endif  // __ARM_FEATURE_MVE
#endif  // LPAI_KERNELS_CORTEX_M_MVE_GEMM_H
