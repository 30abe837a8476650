// The int8 GEMM micro-kernels of the x86 CONV_2D (host simulation only): rows of activations
// (im2col windows, x86_conv_2d.cc) times a packed filter (packed_filter.h), requantised into
// int8 output rows. Output channels are vector lanes:
//   Avx512 (VNNI): blocks of 16 channels x groups of 4 taps; one vpdpbusd adds 4 products per
//     lane. vpdpbusd multiplies unsigned by signed bytes, so the activation bytes are flipped
//     (x ^ 0x80 = x + 128 as unsigned) and the packed filter's correction 128 * sum_k w[o][k]
//     is taken out of the bias: (x + 128) . w - 128 sum w = x . w exactly.
//   Avx2: blocks of 8 channels x pairs of taps as int16; vpmaddwd adds 2 products per lane.
// 4 rows x up to 4 (VNNI) / 2 (AVX2) channel blocks per micro-kernel step.
#ifndef LPAI_HOST_SIMD_X86_GEMM_H
#define LPAI_HOST_SIMD_X86_GEMM_H

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "simd/packed_filter.h"
#include "simd/requant.h"
#include "simd/x86_target.h"

#if defined(LPAI_X86_SIMD)
namespace lpai::host::simd {

// rows[4] (flip-free bytes, groups * 4 each) times NB channel blocks starting at block cb;
// results requantised into out + r * out_stride (rows r < valid), channels < n.
template <int NB>
LPAI_TARGET_AVX512 inline void tile_vnni(const int8_t* const* rows, uint32_t valid,
                                         const int8_t* wp, uint32_t groups, uint32_t cb,
                                         uint32_t n, const Tables& t, int8_t* out,
                                         size_t out_stride) {
  __m512i acc[4][NB];
#pragma GCC unroll 4
  for (int r = 0; r < 4; ++r) {
#pragma GCC unroll 4
    for (int b = 0; b < NB; ++b) acc[r][b] = _mm512_setzero_si512();
  }
  const __m512i flip = _mm512_set1_epi8(static_cast<char>(0x80));
  const size_t block_stride = static_cast<size_t>(groups) * 64;
  const int8_t* w0 = wp + cb * block_stride;
  const int8_t* x0 = rows[0];
  const int8_t* x1 = rows[1];
  const int8_t* x2 = rows[2];
  const int8_t* x3 = rows[3];
  for (uint32_t g = 0; g < groups; ++g) {
    __m512i wv[NB];
#pragma GCC unroll 4
    for (int b = 0; b < NB; ++b) wv[b] = _mm512_loadu_si512(w0 + b * block_stride + g * 64);
    int32_t xs[4];
    std::memcpy(&xs[0], x0 + g * 4, 4);
    std::memcpy(&xs[1], x1 + g * 4, 4);
    std::memcpy(&xs[2], x2 + g * 4, 4);
    std::memcpy(&xs[3], x3 + g * 4, 4);
#pragma GCC unroll 4
    for (int r = 0; r < 4; ++r) {
      const __m512i xb = _mm512_xor_si512(_mm512_set1_epi32(xs[r]), flip);
#pragma GCC unroll 4
      for (int b = 0; b < NB; ++b) acc[r][b] = _mm512_dpbusd_epi32(acc[r][b], xb, wv[b]);
    }
  }
#pragma GCC unroll 4
  for (int r = 0; r < 4; ++r) {
    if (static_cast<uint32_t>(r) >= valid) break;
#pragma GCC unroll 4
    for (int b = 0; b < NB; ++b) {
      const uint32_t c = (cb + b) * 16;
      const __m128i v = requant16(acc[r][b], t, c);
      int8_t* dst = out + r * out_stride + c;
      if (c + 16 <= n) {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), v);
      } else {
        _mm_mask_storeu_epi8(dst, static_cast<__mmask16>((1u << (n - c)) - 1), v);
      }
    }
  }
}

struct Avx512 {
  static constexpr int kIsa = kIsaAvx512;
  // rows: `count` row pointers, each groups * 4 readable bytes; out rows of n bytes.
  LPAI_TARGET_AVX512 static void gemm(const int8_t* const* rows, uint32_t count,
                                      const Packed& pw, const Tables& t, int8_t* out) {
    const uint32_t n = pw.n, groups = (pw.k + 3) / 4, blocks = (n + 15) / 16;
    for (uint32_t m = 0; m < count; m += 4) {
      const uint32_t valid = count - m < 4 ? count - m : 4;
      const int8_t* r4[4];
      for (uint32_t i = 0; i < 4; ++i) r4[i] = rows[m + (i < valid ? i : valid - 1)];
      int8_t* o = out + static_cast<size_t>(m) * n;
      uint32_t cb = 0;
      for (; cb + 4 <= blocks; cb += 4) tile_vnni<4>(r4, valid, pw.data.data(), groups, cb, n, t, o, n);
      switch (blocks - cb) {
        case 3: tile_vnni<3>(r4, valid, pw.data.data(), groups, cb, n, t, o, n); break;
        case 2: tile_vnni<2>(r4, valid, pw.data.data(), groups, cb, n, t, o, n); break;
        case 1: tile_vnni<1>(r4, valid, pw.data.data(), groups, cb, n, t, o, n); break;
        default: break;
      }
    }
  }
};

// rows[4]: int16 rows (groups * 2 entries each); NB blocks of 8 channels from block cb.
template <int NB>
LPAI_TARGET_AVX2 inline void tile_avx2(const int16_t* const* rows, uint32_t valid,
                                       const int16_t* wp, uint32_t groups, uint32_t cb,
                                       uint32_t n, const TableView& t, int8_t* out,
                                       size_t out_stride) {
  __m256i acc[4][NB];
#pragma GCC unroll 4
  for (int r = 0; r < 4; ++r) {
#pragma GCC unroll 4
    for (int b = 0; b < NB; ++b) acc[r][b] = _mm256_setzero_si256();
  }
  const size_t block_stride = static_cast<size_t>(groups) * 16;
  const int16_t* w0 = wp + cb * block_stride;
  for (uint32_t g = 0; g < groups; ++g) {
    __m256i wv[NB];
#pragma GCC unroll 4
    for (int b = 0; b < NB; ++b) {
      wv[b] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w0 + b * block_stride + g * 16));
    }
#pragma GCC unroll 4
    for (int r = 0; r < 4; ++r) {
      int32_t xv;
      std::memcpy(&xv, rows[r] + g * 2, 4);
      const __m256i xb = _mm256_set1_epi32(xv);
#pragma GCC unroll 4
      for (int b = 0; b < NB; ++b) acc[r][b] = _mm256_add_epi32(acc[r][b], _mm256_madd_epi16(xb, wv[b]));
    }
  }
#pragma GCC unroll 4
  for (int r = 0; r < 4; ++r) {
    if (static_cast<uint32_t>(r) >= valid) break;
#pragma GCC unroll 4
    for (int b = 0; b < NB; ++b) {
      const uint32_t c = (cb + b) * 8;
      store8(requant8(acc[r][b], t, c), out + r * out_stride + c, n - c < 8 ? n - c : 8);
    }
  }
}

struct Avx2 {
  static constexpr int kIsa = kIsaAvx2;
  LPAI_TARGET_AVX2 static void gemm(const int16_t* const* rows, uint32_t count, const Packed& pw,
                                    const Tables& tables, int8_t* out) {
    const uint32_t n = pw.n, groups = (pw.k + 1) / 2, blocks = (n + 7) / 8;
    const int16_t* wp = reinterpret_cast<const int16_t*>(pw.data.data());
    const TableView t = view_of(tables);
    for (uint32_t m = 0; m < count; m += 4) {
      const uint32_t valid = count - m < 4 ? count - m : 4;
      const int16_t* r4[4];
      for (uint32_t i = 0; i < 4; ++i) r4[i] = rows[m + (i < valid ? i : valid - 1)];
      int8_t* o = out + static_cast<size_t>(m) * n;
      uint32_t cb = 0;
      for (; cb + 2 <= blocks; cb += 2) tile_avx2<2>(r4, valid, wp, groups, cb, n, t, o, n);
      if (cb < blocks) tile_avx2<1>(r4, valid, wp, groups, cb, n, t, o, n);
    }
  }
};

}  // namespace lpai::host::simd
#endif  // LPAI_X86_SIMD

#endif  // LPAI_HOST_SIMD_X86_GEMM_H
