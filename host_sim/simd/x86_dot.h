// Int8 dot products of the x86 AVX2 kernels that read weights as they are in the tensor
// (FULLY_CONNECTED, the LSTM over few steps): 16 entries per vpmaddwd (host simulation only).
#ifndef LPAI_HOST_SIMD_X86_DOT_H
#define LPAI_HOST_SIMD_X86_DOT_H

#include <cstdint>

#include "simd/x86_target.h"

#if defined(LPAI_X86_SIMD)
namespace lpai::host::simd {

LPAI_TARGET_AVX2 inline int32_t hsum8(__m256i v) {
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
  return _mm_cvtsi128_si32(s);
}

// 16 int8 at v, sign-extended to int16 lanes.
LPAI_TARGET_AVX2 inline __m256i wide(const int8_t* v) {
  return _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(v)));
}

// d[i] = x . wr[i] over k int8 entries, i < 4: 16 entries per vpmaddwd, the rest scalar.
LPAI_TARGET_AVX2 inline void dot4_avx2(const int8_t* x, const int8_t* const* wr, uint32_t k, int32_t d[4]) {
  const uint32_t k16 = k / 16 * 16;
  __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
  for (uint32_t kk = 0; kk < k16; kk += 16) {
    const __m256i xv = wide(x + kk);
    a0 = _mm256_add_epi32(a0, _mm256_madd_epi16(xv, wide(wr[0] + kk)));
    a1 = _mm256_add_epi32(a1, _mm256_madd_epi16(xv, wide(wr[1] + kk)));
    a2 = _mm256_add_epi32(a2, _mm256_madd_epi16(xv, wide(wr[2] + kk)));
    a3 = _mm256_add_epi32(a3, _mm256_madd_epi16(xv, wide(wr[3] + kk)));
  }
  d[0] = hsum8(a0);
  d[1] = hsum8(a1);
  d[2] = hsum8(a2);
  d[3] = hsum8(a3);
  for (uint32_t kk = k16; kk < k; ++kk) {
    for (uint32_t i = 0; i < 4; ++i) d[i] += static_cast<int32_t>(x[kk]) * wr[i][kk];
  }
}

}  // namespace lpai::host::simd
#endif  // LPAI_X86_SIMD

#endif  // LPAI_HOST_SIMD_X86_DOT_H
