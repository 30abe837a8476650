// The AVX-512 emulation (host_sim/simd/avx512_emulation.h) on inputs whose results follow by
// hand from the instruction definitions: the corner cases the kernels rely on (VPDPBUSD's
// unsigned-by-signed bytes without saturation, shift counts of 32 and more, the truncating
// VPMOVDB, masked loads and stores touching only selected bytes, even-lane VPMULDQ).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include "simd/avx512_emulation.h"

namespace {

namespace emu = lpai::host::simd::emu;

template <typename T>
T lane(const emu::M512& v, int i) {
  return emu::get<T>(v, i);
}

bool has_avx2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}

TEST(Avx512Emulation, DpbusdMultipliesUnsignedBySignedBytesWithoutSaturation) {
  emu::M512 a = emu::mm512_setzero_si512(), b = emu::mm512_setzero_si512();
  // Lane 0: 255 * -128 four times = -130560; lane 1: 1*1 + 2*-1 + 3*127 + 200*-2 = -20.
  for (int j = 0; j < 4; ++j) {
    a.b[j] = 255;
    b.b[j] = static_cast<unsigned char>(-128);
  }
  const unsigned char a1[4] = {1, 2, 3, 200};
  const int8_t b1[4] = {1, -1, 127, -2};
  for (int j = 0; j < 4; ++j) {
    a.b[4 + j] = a1[j];
    b.b[4 + j] = static_cast<unsigned char>(b1[j]);
  }
  emu::M512 src = emu::mm512_set1_epi32(7);
  emu::put<int32_t>(src, 2, INT32_MAX);  // lane 2: wraps, no saturation
  a.b[8] = 1;
  b.b[8] = 1;
  const emu::M512 r = emu::mm512_dpbusd_epi32(src, a, b);
  EXPECT_EQ(lane<int32_t>(r, 0), 7 - 130560);
  EXPECT_EQ(lane<int32_t>(r, 1), 7 - 20);
  EXPECT_EQ(lane<int32_t>(r, 2), INT32_MIN);
  EXPECT_EQ(lane<int32_t>(r, 15), 7);
}

TEST(Avx512Emulation, ShiftCountsOfThirtyTwoAndMore) {
  emu::M512 x = emu::mm512_set1_epi32(-8), c = emu::mm512_setzero_si512();
  const int32_t counts[4] = {1, 31, 32, -1};  // -1 reads as 0xFFFFFFFF
  for (int i = 0; i < 4; ++i) emu::put<int32_t>(c, i, counts[i]);
  const emu::M512 l = emu::mm512_sllv_epi32(x, c), r = emu::mm512_srav_epi32(x, c);
  EXPECT_EQ(lane<int32_t>(l, 0), -16);
  EXPECT_EQ(lane<uint32_t>(l, 1), 0u);  // -8 << 31: bit 31 of 0xFFFFFFF8 << 31 is 0
  EXPECT_EQ(lane<int32_t>(l, 2), 0);
  EXPECT_EQ(lane<int32_t>(l, 3), 0);
  EXPECT_EQ(lane<int32_t>(r, 0), -4);
  EXPECT_EQ(lane<int32_t>(r, 1), -1);
  EXPECT_EQ(lane<int32_t>(r, 2), -1);
  EXPECT_EQ(lane<int32_t>(r, 3), -1);
  EXPECT_EQ(lane<int32_t>(emu::mm512_srai_epi32(x, 40), 0), -1);
  EXPECT_EQ(lane<uint32_t>(emu::mm512_srli_epi32(x, 28), 0), 0xFu);
  EXPECT_EQ(lane<uint64_t>(emu::mm512_srli_epi64(emu::mm512_set1_epi64(-1), 64), 0), 0u);
}

TEST(Avx512Emulation, EvenLaneSignedProductAndMaskedArithmetic) {
  emu::M512 a = emu::mm512_setzero_si512(), b = emu::mm512_setzero_si512();
  emu::put<int32_t>(a, 0, -3);
  emu::put<int32_t>(a, 1, 99);  // odd half: ignored
  emu::put<int32_t>(b, 0, INT32_MAX);
  EXPECT_EQ(lane<int64_t>(emu::mm512_mul_epi32(a, b), 0), -3 * int64_t{INT32_MAX});
  const emu::M512 x = emu::mm512_set1_epi32(1), y = emu::mm512_set1_epi32(2);
  const emu::M512 blend = emu::mm512_mask_blend_epi32(0x0002, x, y);
  EXPECT_EQ(lane<int32_t>(blend, 0), 1);
  EXPECT_EQ(lane<int32_t>(blend, 1), 2);
  const emu::M512 sum = emu::mm512_mask_add_epi32(x, 0x8000, y, y);
  EXPECT_EQ(lane<int32_t>(sum, 14), 1);
  EXPECT_EQ(lane<int32_t>(sum, 15), 4);
  EXPECT_EQ(emu::mm512_cmpgt_epi32_mask(y, x), 0xFFFF);
  EXPECT_EQ(emu::mm512_cmpgt_epi32_mask(x, y), 0);
  EXPECT_EQ(emu::mm512_reduce_add_epi32(emu::mm512_set1_epi32(INT32_MAX)), -16);  // wraps
}

// Compiled for AVX2, as the emulation's 128/256-bit halves.
__attribute__((target("avx2"))) void check_narrowing_and_masked_access() {
  emu::M512 v = emu::mm512_setzero_si512();
  emu::put<int32_t>(v, 0, 0x1FF);  // low byte 0xFF: truncation, not saturation to 127
  emu::put<int32_t>(v, 1, -129);   // low byte 0x7F
  int8_t out[16];
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), emu::mm512_cvtepi32_epi8(v));
  EXPECT_EQ(out[0], -1);
  EXPECT_EQ(out[1], 127);

  uint8_t src[64];
  for (int i = 0; i < 64; ++i) src[i] = static_cast<uint8_t>(i + 1);
  const emu::M512 ld = emu::mm512_maskz_loadu_epi8(__mmask64{0x5} | (__mmask64{1} << 63), src);
  EXPECT_EQ(ld.b[0], 1);
  EXPECT_EQ(ld.b[1], 0);
  EXPECT_EQ(ld.b[2], 3);
  EXPECT_EQ(ld.b[63], 64);

  uint8_t dst[16];
  std::memset(dst, 0xAA, sizeof(dst));
  emu::mm_mask_storeu_epi8(dst, 0x0003, _mm_set1_epi8(5));
  EXPECT_EQ(dst[0], 5);
  EXPECT_EQ(dst[1], 5);
  EXPECT_EQ(dst[2], 0xAA);

  int8_t wide_src[32];
  for (int i = 0; i < 32; ++i) wide_src[i] = static_cast<int8_t>(-i);
  const emu::M512 w = emu::mm512_cvtepi8_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(wide_src)));
  EXPECT_EQ(lane<int16_t>(w, 31), -31);
  int16_t hi[16];
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(hi), emu::mm512_extracti64x4_epi64(w, 1));
  EXPECT_EQ(hi[0], -16);
}

TEST(Avx512Emulation, NarrowingTruncatesAndMaskedAccessTouchesOnlySelectedBytes) {
  if (!has_avx2()) GTEST_SKIP() << "no AVX2: the 128/256-bit halves of the emulation need it";
  check_narrowing_and_masked_access();
}

}  // namespace
#else
TEST(Avx512Emulation, NotX86) { GTEST_SKIP() << "the AVX-512 emulation is x86-64 only"; }
#endif
