// AVERAGE_POOL_2D / MAX_POOL_2D int8 on the Arm DSP extension, four channels per word: the same
// bytes as the portable kernel (kernels/pool_2d_common.cc).
//   max:     SSUB8 sets one GE flag per byte lane where a >= b, SEL takes those lanes of a and
//            the rest of b: the larger of each lane pair in two instructions.
//   average: SXTAB16 adds bytes 0 and 2 (with ROR #8: 1 and 3) of a word, sign-extended, to two
//            int16 sums; exact while a window has at most kPoolMaxSumTaps taps
//            (|sum| <= 256 * 128 = 2^15). The rounding division is TFLite's, per channel.
#ifndef LPAI_KERNELS_CORTEX_M_DSP_POOL_H
#define LPAI_KERNELS_CORTEX_M_DSP_POOL_H

#include "kernels/cortex_m/dsp_gemm.h"

#if defined(LPAI_HAS_CORTEX_M_DSP)
#include <stdint.h>

#include "kernels/params/pool_2d.h"
#include "kernels/pool_window.h"

namespace lpai {
namespace kernels {
namespace dsp {

constexpr uint32_t kPoolMaxSumTaps = 256;

// Lane-wise max (kMax) or min of the int8 lanes of a and b.
template <bool kMax>
inline int32_t select_s8x4(int32_t a, int32_t b) {
  int32_t r, t;
  if (kMax) {
    __asm__("ssub8 %1, %2, %3\n\tsel %0, %2, %3" : "=r"(r), "=&r"(t) : "r"(a), "r"(b) : "cc");
  } else {
    __asm__("ssub8 %1, %2, %3\n\tsel %0, %3, %2" : "=r"(r), "=&r"(t) : "r"(a), "r"(b) : "cc");
  }
  return r;
}

// s + bytes 1 and 3 of v, sign-extended, in two int16 lanes: SXTAB16 with ROR #8.
inline int32_t sxtab16_ror8(int32_t s, int32_t v) {
  int32_t r;
  __asm__("sxtab16 %0, %1, %2, ror #8" : "=r"(r) : "r"(s), "r"(v));
  return r;
}

// Whether pool_s8 takes a node: int8, channels % 4 == 0, and for the average at most
// kPoolMaxSumTaps taps per window.
inline bool pool_s8_applies(const Pool2dParams& p, bool average) {
  return p.channels % 4 == 0 &&
         (!average || static_cast<uint64_t>(p.k_h) * p.k_w <= kPoolMaxSumTaps);
}

// The int8 pooling of p over in into out (pool_s8_applies). kAverage: AVERAGE_POOL_2D, else
// MAX_POOL_2D.
template <bool kAverage>
void pool_s8(const Pool2dParams& p, const int8_t* in, int8_t* out) {
  constexpr uint32_t kWords = 16;  // channels per chunk / 4
  const uint32_t c = p.channels;
  const int32_t lo = p.act_min, hi = p.act_max;
  const int32_t lo4 = static_cast<int32_t>(0x01010101u * static_cast<uint8_t>(lo));
  const int32_t hi4 = static_cast<int32_t>(0x01010101u * static_cast<uint8_t>(hi));
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* in_b = in + static_cast<size_t>(b) * p.in_h * p.in_w * c;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t y0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      uint32_t ky0, ky1;
      pool::tap_range(y0, p.k_h, p.in_h, &ky0, &ky1);
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        const int32_t x0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        uint32_t kx0, kx1;
        pool::tap_range(x0, p.k_w, p.in_w, &kx0, &kx1);
        const int32_t count = static_cast<int32_t>((ky1 - ky0) * (kx1 - kx0));
        int8_t* dst = out + ((static_cast<size_t>(b) * p.out_h + oy) * p.out_w + ox) * c;
        for (uint32_t c0 = 0; c0 < c; c0 += 4 * kWords) {
          const uint32_t words = (c - c0) / 4 < kWords ? (c - c0) / 4 : kWords;
          int32_t acc[kAverage ? 2 * kWords : kWords];
          for (uint32_t g = 0; g < (kAverage ? 2 * words : words); ++g) acc[g] = kAverage ? 0 : static_cast<int32_t>(0x80808080u);
          for (uint32_t ky = ky0; ky < ky1; ++ky) {
            const int8_t* row = in_b + (static_cast<size_t>(y0 + static_cast<int32_t>(ky)) * p.in_w) * c + c0;
            for (uint32_t kx = kx0; kx < kx1; ++kx) {
              const int8_t* src = row + static_cast<size_t>(x0 + static_cast<int32_t>(kx)) * c;
              for (uint32_t g = 0; g < words; ++g) {
                const int32_t v = load_word(src + 4 * g);
                if (kAverage) {
                  acc[2 * g] = __sxtab16(acc[2 * g], v);
                  acc[2 * g + 1] = sxtab16_ror8(acc[2 * g + 1], v);
                } else {
                  acc[g] = select_s8x4<true>(acc[g], v);
                }
              }
            }
          }
          for (uint32_t g = 0; g < words; ++g) {
            int8_t* d = dst + c0 + 4 * g;
            if (kAverage) {
              const int32_t sums[4] = {static_cast<int16_t>(acc[2 * g]), static_cast<int16_t>(acc[2 * g + 1]),
                                       acc[2 * g] >> 16, acc[2 * g + 1] >> 16};
              for (uint32_t j = 0; j < 4; ++j) {
                const int32_t v = sums[j] > 0 ? (sums[j] + count / 2) / count : (sums[j] - count / 2) / count;
                d[j] = static_cast<int8_t>(clamp(v, lo, hi));
              }
            } else {
              const int32_t v = select_s8x4<false>(select_s8x4<true>(acc[g], lo4), hi4);
              __builtin_memcpy(d, &v, 4);
            }
          }
        }
      }
    }
  }
}

}  // namespace dsp
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_DSP
#endif  // LPAI_KERNELS_CORTEX_M_DSP_POOL_H
