// Lane-by-lane C++ emulation of the AVX-512 (F, BW, VL, VNNI) intrinsics the x86 kernels use,
// for testing their AVX-512 VNNI path on a machine that only has AVX2: the test-only build of
// the x86_*.cc files with LPAI_SIMD_EMULATE_AVX512 (host_sim/simd/CMakeLists.txt) includes this
// after <immintrin.h>, and the macros at the end send every AVX-512 name the files use here.
// Semantics follow Intel's intrinsics guide, lane for lane: wrapping integer arithmetic,
// variable shifts of 32 or more give 0 (logical) or the sign (arithmetic), masked loads read
// only the selected bytes and masked stores write only those, VPDPBUSD multiplies unsigned
// bytes of the second operand by signed bytes of the third and adds the four products to the
// int32 lane without saturation. Speed is not a goal.
#ifndef LPAI_HOST_SIMD_AVX512_EMULATION_H
#define LPAI_HOST_SIMD_AVX512_EMULATION_H

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

// Functions taking or returning 128/256-bit vectors are compiled for AVX2, as their callers.
#define LPAI_EMU_FN static inline __attribute__((target("avx2")))

namespace lpai {
namespace host {
namespace simd {
namespace emu {

// A 512-bit register: 64 bytes, read and written as lanes of any integer width.
struct M512 {
  alignas(64) unsigned char b[64];
};

template <typename T>
inline T get(const M512& v, int i) {
  T t;
  std::memcpy(&t, v.b + i * static_cast<int>(sizeof(T)), sizeof(T));
  return t;
}

template <typename T>
inline void put(M512& v, int i, T t) {
  std::memcpy(v.b + i * static_cast<int>(sizeof(T)), &t, sizeof(T));
}

// r[i] = f(a[i], b[i]) over lanes of T.
template <typename T, typename F>
inline M512 lanes2(const M512& a, const M512& b, F f) {
  M512 r;
  for (int i = 0; i < 64 / static_cast<int>(sizeof(T)); ++i) put<T>(r, i, f(get<T>(a, i), get<T>(b, i)));
  return r;
}

template <typename T, typename F>
inline M512 lanes1(const M512& a, F f) {
  M512 r;
  for (int i = 0; i < 64 / static_cast<int>(sizeof(T)); ++i) put<T>(r, i, f(get<T>(a, i)));
  return r;
}

template <typename T>
inline M512 splat(T t) {
  M512 r;
  for (int i = 0; i < 64 / static_cast<int>(sizeof(T)); ++i) put<T>(r, i, t);
  return r;
}

inline M512 mm512_setzero_si512() { return splat<uint32_t>(0); }
inline M512 mm512_set1_epi8(char v) { return splat<char>(v); }
inline M512 mm512_set1_epi16(int16_t v) { return splat<int16_t>(v); }
inline M512 mm512_set1_epi32(int32_t v) { return splat<int32_t>(v); }
inline M512 mm512_set1_epi64(int64_t v) { return splat<int64_t>(v); }

inline M512 mm512_loadu_si512(const void* p) {
  M512 r;
  std::memcpy(r.b, p, 64);
  return r;
}

inline M512 mm512_add_epi32(M512 a, M512 b) {
  return lanes2<uint32_t>(a, b, [](uint32_t x, uint32_t y) { return x + y; });
}
inline M512 mm512_add_epi64(M512 a, M512 b) {
  return lanes2<uint64_t>(a, b, [](uint64_t x, uint64_t y) { return x + y; });
}
inline M512 mm512_sub_epi32(M512 a, M512 b) {
  return lanes2<uint32_t>(a, b, [](uint32_t x, uint32_t y) { return x - y; });
}
inline M512 mm512_sub_epi16(M512 a, M512 b) {
  return lanes2<uint16_t>(a, b, [](uint16_t x, uint16_t y) { return static_cast<uint16_t>(x - y); });
}
inline M512 mm512_and_si512(M512 a, M512 b) {
  return lanes2<uint64_t>(a, b, [](uint64_t x, uint64_t y) { return x & y; });
}
inline M512 mm512_xor_si512(M512 a, M512 b) {
  return lanes2<uint64_t>(a, b, [](uint64_t x, uint64_t y) { return x ^ y; });
}
inline M512 mm512_max_epi32(M512 a, M512 b) {
  return lanes2<int32_t>(a, b, [](int32_t x, int32_t y) { return x > y ? x : y; });
}
inline M512 mm512_min_epi32(M512 a, M512 b) {
  return lanes2<int32_t>(a, b, [](int32_t x, int32_t y) { return x < y ? x : y; });
}
// Low 16 bits of the 16x16 product.
inline M512 mm512_mullo_epi16(M512 a, M512 b) {
  return lanes2<int16_t>(a, b, [](int16_t x, int16_t y) {
    return static_cast<int16_t>(static_cast<uint16_t>(static_cast<int32_t>(x) * y));
  });
}
// Signed 32x32 -> 64 product of the low (even) 32-bit half of each 64-bit lane.
inline M512 mm512_mul_epi32(M512 a, M512 b) {
  return lanes2<uint64_t>(a, b, [](uint64_t x, uint64_t y) {
    const int64_t p = static_cast<int64_t>(static_cast<int32_t>(static_cast<uint32_t>(x))) *
                      static_cast<int32_t>(static_cast<uint32_t>(y));
    return static_cast<uint64_t>(p);
  });
}
inline M512 mm512_sllv_epi32(M512 a, M512 count) {
  return lanes2<uint32_t>(a, count, [](uint32_t x, uint32_t c) { return c > 31 ? 0u : x << c; });
}
inline M512 mm512_srav_epi32(M512 a, M512 count) {
  return lanes2<int32_t>(a, count, [](int32_t x, int32_t c) {
    const uint32_t s = static_cast<uint32_t>(c) > 31 ? 31u : static_cast<uint32_t>(c);
    return x >> s;
  });
}
inline M512 mm512_srai_epi32(M512 a, unsigned imm) {
  const unsigned s = imm > 31 ? 31 : imm;
  return lanes1<int32_t>(a, [s](int32_t x) { return x >> s; });
}
inline M512 mm512_srli_epi32(M512 a, unsigned imm) {
  return lanes1<uint32_t>(a, [imm](uint32_t x) { return imm > 31 ? 0u : x >> imm; });
}
inline M512 mm512_srli_epi64(M512 a, unsigned imm) {
  return lanes1<uint64_t>(a, [imm](uint64_t x) { return imm > 63 ? uint64_t{0} : x >> imm; });
}
inline M512 mm512_slli_epi64(M512 a, unsigned imm) {
  return lanes1<uint64_t>(a, [imm](uint64_t x) { return imm > 63 ? uint64_t{0} : x << imm; });
}

// Lane i of b where mask bit i is set, else of a.
inline M512 mm512_mask_blend_epi32(__mmask16 k, M512 a, M512 b) {
  M512 r;
  for (int i = 0; i < 16; ++i) put<uint32_t>(r, i, ((k >> i) & 1) ? get<uint32_t>(b, i) : get<uint32_t>(a, i));
  return r;
}
inline __mmask16 mm512_cmpgt_epi32_mask(M512 a, M512 b) {
  unsigned k = 0;
  for (int i = 0; i < 16; ++i) k |= (get<int32_t>(a, i) > get<int32_t>(b, i) ? 1u : 0u) << i;
  return static_cast<__mmask16>(k);
}
// a[i] + b[i] where mask bit i is set, else src[i].
inline M512 mm512_mask_add_epi32(M512 src, __mmask16 k, M512 a, M512 b) {
  M512 r;
  for (int i = 0; i < 16; ++i) {
    put<uint32_t>(r, i, ((k >> i) & 1) ? get<uint32_t>(a, i) + get<uint32_t>(b, i) : get<uint32_t>(src, i));
  }
  return r;
}
inline int mm512_reduce_add_epi32(M512 a) {
  uint32_t s = 0;
  for (int i = 0; i < 16; ++i) s += get<uint32_t>(a, i);
  return static_cast<int>(s);
}
// VPDPBUSD: src[i] + sum over j < 4 of uint8 a[4i + j] * int8 b[4i + j], wrapping.
inline M512 mm512_dpbusd_epi32(M512 src, M512 a, M512 b) {
  M512 r;
  for (int i = 0; i < 16; ++i) {
    int32_t s = 0;
    for (int j = 0; j < 4; ++j) s += static_cast<int32_t>(a.b[4 * i + j]) * static_cast<int8_t>(b.b[4 * i + j]);
    put<uint32_t>(r, i, get<uint32_t>(src, i) + static_cast<uint32_t>(s));
  }
  return r;
}

// dst[i] = src[i] for the bytes i < n whose mask bit is set; the others are neither read nor
// written.
template <typename Mask>
inline void copy_selected(void* dst, const void* src, Mask k, int n) {
  unsigned char* d = static_cast<unsigned char*>(dst);
  const unsigned char* s = static_cast<const unsigned char*>(src);
  for (int i = 0; i < n; ++i) {
    if ((k >> i) & 1) d[i] = s[i];
  }
}

// Masked loads (selected bytes from p, zero elsewhere) and stores (selected bytes only) of a
// vector type V.
template <typename V, typename Mask>
LPAI_EMU_FN V maskz_load(Mask k, const void* p) {
  unsigned char t[sizeof(V)] = {};
  copy_selected(t, p, k, static_cast<int>(sizeof(V)));
  V r;
  std::memcpy(&r, t, sizeof(V));
  return r;
}
template <typename V, typename Mask>
LPAI_EMU_FN void mask_store(void* p, Mask k, V v) {
  unsigned char t[sizeof(V)];
  std::memcpy(t, &v, sizeof(V));
  copy_selected(p, t, k, static_cast<int>(sizeof(V)));
}
LPAI_EMU_FN M512 mm512_maskz_loadu_epi8(__mmask64 k, const void* p) { return maskz_load<M512>(k, p); }
LPAI_EMU_FN __m256i mm256_maskz_loadu_epi8(__mmask32 k, const void* p) { return maskz_load<__m256i>(k, p); }
LPAI_EMU_FN __m128i mm_maskz_loadu_epi8(__mmask16 k, const void* p) { return maskz_load<__m128i>(k, p); }
LPAI_EMU_FN void mm_mask_storeu_epi8(void* p, __mmask16 k, __m128i v) { mask_store(p, k, v); }
LPAI_EMU_FN void mm256_mask_storeu_epi8(void* p, __mmask32 k, __m256i v) { mask_store(p, k, v); }

// Sign-extending widenings: the lanes of type From in v, extended to lanes of type To.
template <typename To, typename From, typename V>
LPAI_EMU_FN M512 widen(V v) {
  From t[sizeof(V) / sizeof(From)];
  std::memcpy(t, &v, sizeof(V));
  M512 r;
  for (size_t i = 0; i < sizeof(V) / sizeof(From); ++i) put<To>(r, static_cast<int>(i), t[i]);
  return r;
}
LPAI_EMU_FN M512 mm512_cvtepi8_epi16(__m256i v) { return widen<int16_t, int8_t>(v); }
LPAI_EMU_FN M512 mm512_cvtepi8_epi32(__m128i v) { return widen<int32_t, int8_t>(v); }
LPAI_EMU_FN M512 mm512_cvtepi16_epi32(__m256i v) { return widen<int32_t, int16_t>(v); }
// VPMOVDB: the low byte of each int32 lane (no saturation).
LPAI_EMU_FN __m128i mm512_cvtepi32_epi8(M512 a) {
  unsigned char t[16];
  for (int i = 0; i < 16; ++i) t[i] = a.b[4 * i];
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(t));
}
LPAI_EMU_FN __m256i mm512_castsi512_si256(M512 a) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a.b));
}
LPAI_EMU_FN __m256i mm512_extracti64x4_epi64(M512 a, int imm) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a.b + ((imm & 1) ? 32 : 0)));
}

}  // namespace emu
}  // namespace simd
}  // namespace host
}  // namespace lpai

#undef LPAI_EMU_FN

// Every AVX-512 name the x86 kernels use, sent to the emulation (after <immintrin.h>, whose own
// declarations are untouched).
#define LPAI_EMU(name) ::lpai::host::simd::emu::name
#undef _mm512_setzero_si512
#undef _mm512_set1_epi8
#undef _mm512_set1_epi16
#undef _mm512_set1_epi32
#undef _mm512_set1_epi64
#undef _mm512_loadu_si512
#undef _mm512_add_epi32
#undef _mm512_add_epi64
#undef _mm512_sub_epi32
#undef _mm512_sub_epi16
#undef _mm512_and_si512
#undef _mm512_xor_si512
#undef _mm512_max_epi32
#undef _mm512_min_epi32
#undef _mm512_mullo_epi16
#undef _mm512_mul_epi32
#undef _mm512_sllv_epi32
#undef _mm512_srav_epi32
#undef _mm512_srai_epi32
#undef _mm512_srli_epi32
#undef _mm512_srli_epi64
#undef _mm512_slli_epi64
#undef _mm512_mask_blend_epi32
#undef _mm512_cmpgt_epi32_mask
#undef _mm512_mask_add_epi32
#undef _mm512_reduce_add_epi32
#undef _mm512_dpbusd_epi32
#undef _mm512_maskz_loadu_epi8
#undef _mm256_maskz_loadu_epi8
#undef _mm_maskz_loadu_epi8
#undef _mm_mask_storeu_epi8
#undef _mm256_mask_storeu_epi8
#undef _mm512_cvtepi8_epi16
#undef _mm512_cvtepi8_epi32
#undef _mm512_cvtepi16_epi32
#undef _mm512_cvtepi32_epi8
#undef _mm512_castsi512_si256
#undef _mm512_extracti64x4_epi64
#define __m512i ::lpai::host::simd::emu::M512
#define _mm512_setzero_si512 LPAI_EMU(mm512_setzero_si512)
#define _mm512_set1_epi8 LPAI_EMU(mm512_set1_epi8)
#define _mm512_set1_epi16 LPAI_EMU(mm512_set1_epi16)
#define _mm512_set1_epi32 LPAI_EMU(mm512_set1_epi32)
#define _mm512_set1_epi64 LPAI_EMU(mm512_set1_epi64)
#define _mm512_loadu_si512 LPAI_EMU(mm512_loadu_si512)
#define _mm512_add_epi32 LPAI_EMU(mm512_add_epi32)
#define _mm512_add_epi64 LPAI_EMU(mm512_add_epi64)
#define _mm512_sub_epi32 LPAI_EMU(mm512_sub_epi32)
#define _mm512_sub_epi16 LPAI_EMU(mm512_sub_epi16)
#define _mm512_and_si512 LPAI_EMU(mm512_and_si512)
#define _mm512_xor_si512 LPAI_EMU(mm512_xor_si512)
#define _mm512_max_epi32 LPAI_EMU(mm512_max_epi32)
#define _mm512_min_epi32 LPAI_EMU(mm512_min_epi32)
#define _mm512_mullo_epi16 LPAI_EMU(mm512_mullo_epi16)
#define _mm512_mul_epi32 LPAI_EMU(mm512_mul_epi32)
#define _mm512_sllv_epi32 LPAI_EMU(mm512_sllv_epi32)
#define _mm512_srav_epi32 LPAI_EMU(mm512_srav_epi32)
#define _mm512_srai_epi32 LPAI_EMU(mm512_srai_epi32)
#define _mm512_srli_epi32 LPAI_EMU(mm512_srli_epi32)
#define _mm512_srli_epi64 LPAI_EMU(mm512_srli_epi64)
#define _mm512_slli_epi64 LPAI_EMU(mm512_slli_epi64)
#define _mm512_mask_blend_epi32 LPAI_EMU(mm512_mask_blend_epi32)
#define _mm512_cmpgt_epi32_mask LPAI_EMU(mm512_cmpgt_epi32_mask)
#define _mm512_mask_add_epi32 LPAI_EMU(mm512_mask_add_epi32)
#define _mm512_reduce_add_epi32 LPAI_EMU(mm512_reduce_add_epi32)
#define _mm512_dpbusd_epi32 LPAI_EMU(mm512_dpbusd_epi32)
#define _mm512_maskz_loadu_epi8 LPAI_EMU(mm512_maskz_loadu_epi8)
#define _mm256_maskz_loadu_epi8 LPAI_EMU(mm256_maskz_loadu_epi8)
#define _mm_maskz_loadu_epi8 LPAI_EMU(mm_maskz_loadu_epi8)
#define _mm_mask_storeu_epi8 LPAI_EMU(mm_mask_storeu_epi8)
#define _mm256_mask_storeu_epi8 LPAI_EMU(mm256_mask_storeu_epi8)
#define _mm512_cvtepi8_epi16 LPAI_EMU(mm512_cvtepi8_epi16)
#define _mm512_cvtepi8_epi32 LPAI_EMU(mm512_cvtepi8_epi32)
#define _mm512_cvtepi16_epi32 LPAI_EMU(mm512_cvtepi16_epi32)
#define _mm512_cvtepi32_epi8 LPAI_EMU(mm512_cvtepi32_epi8)
#define _mm512_castsi512_si256 LPAI_EMU(mm512_castsi512_si256)
#define _mm512_extracti64x4_epi64 LPAI_EMU(mm512_extracti64x4_epi64)

#endif  // LPAI_HOST_SIMD_AVX512_EMULATION_H
