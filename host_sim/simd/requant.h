// Requantisation of the x86 SIMD kernels (host simulation only): per-channel tables built from
// a node's kernels::gemm::Requant (cached per thread), and TFLite's
// MultiplyByQuantizedMultiplier lane by lane in AVX2 (8 lanes) and AVX-512 (16 lanes): the
// same 32/64-bit integer sequence as kernels/fixed_point.h (multiply_by_quantized_multiplier),
// so every lane equals the portable kernel's value.
#ifndef LPAI_HOST_SIMD_REQUANT_H
#define LPAI_HOST_SIMD_REQUANT_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/int8_gemm.h"
#include "simd/x86_target.h"

#if defined(LPAI_X86_SIMD)
namespace lpai::host::simd {

// Per-channel requantisation tables, padded to whole blocks (pad lanes are never stored).
struct Tables {
  std::vector<int32_t> bias, mult, ls, rs;
  // Per lane, for the AVX2 requantisation: mult_odd[j] = mult[j + 1] at even j (the odd lanes'
  // multipliers where _mm256_mul_epi32 reads them), mask = 2^rs - 1, half = mask >> 1.
  std::vector<int32_t> mult_odd, mask, half;
  bool any_ls;  // some lane shifts left
  int32_t zp, lo, hi;
};

// The tables of q's first n channels padded to `padded` lanes, bias[o] = folded_bias[o] -
// corr[o] (wrapped; corr null: none), cached by q's bias array (the node's parameter blob).
// corr_generation names the correction's source (the packed filter's generation; 0 for none).
// The reference stays valid until the next call.
const Tables& cached_tables(const kernels::gemm::Requant& q, const int32_t* corr,
                            uint64_t corr_generation, uint32_t n, uint32_t padded);

// ---- AVX-512 (16 lanes) ----------------------------------------------------------------------
// multiply_by_quantized_multiplier(x, m, shift) per lane, ls = max(shift, 0), rs = max(-shift, 0)
// (kernels/fixed_point.h): high half of the doubled product rounded half up, then a rounding
// right shift, ties away from zero.
LPAI_TARGET_AVX512 inline __m512i mbqm16(__m512i x, __m512i m, __m512i ls, __m512i rs) {
  const __m512i one = _mm512_set1_epi32(1);
  x = _mm512_sllv_epi32(x, ls);
  const __m512i nudge = _mm512_set1_epi64(int64_t{1} << 30);
  __m512i pe = _mm512_add_epi64(_mm512_mul_epi32(x, m), nudge);
  __m512i po = _mm512_add_epi64(
      _mm512_mul_epi32(_mm512_srli_epi64(x, 32), _mm512_srli_epi64(m, 32)), nudge);
  // (p + 2^30) >> 31 fits 32 bits: bits 31..62 of the 64-bit sum.
  pe = _mm512_srli_epi64(pe, 31);
  po = _mm512_slli_epi64(po, 1);
  const __m512i h = _mm512_mask_blend_epi32(0xAAAA, pe, po);
  // Rounding divide by 2^rs, ties away from zero (TFLite's RoundingDivideByPOT).
  const __m512i mask = _mm512_sub_epi32(_mm512_sllv_epi32(one, rs), one);
  const __m512i rem = _mm512_and_si512(h, mask);
  const __m512i thr = _mm512_add_epi32(_mm512_srai_epi32(mask, 1), _mm512_srli_epi32(h, 31));
  const __m512i r = _mm512_srav_epi32(h, rs);
  return _mm512_mask_add_epi32(r, _mm512_cmpgt_epi32_mask(rem, thr), r, one);
}

// int8 of requantize(acc[j] (+ bias folded in the table)) for the 16 lanes at table index c.
LPAI_TARGET_AVX512 inline __m128i requant16(__m512i acc, const Tables& t, size_t c) {
  const __m512i x = _mm512_add_epi32(acc, _mm512_loadu_si512(t.bias.data() + c));
  __m512i r = mbqm16(x, _mm512_loadu_si512(t.mult.data() + c), _mm512_loadu_si512(t.ls.data() + c),
                     _mm512_loadu_si512(t.rs.data() + c));
  r = _mm512_add_epi32(r, _mm512_set1_epi32(t.zp));
  r = _mm512_max_epi32(r, _mm512_set1_epi32(t.lo));
  r = _mm512_min_epi32(r, _mm512_set1_epi32(t.hi));
  return _mm512_cvtepi32_epi8(r);
}

// ---- AVX2 (8 lanes) --------------------------------------------------------------------------
// mbqm16's sequence after the left shift, with its per-lane constants given: m (even lanes'
// multipliers), m_odd (odd lanes' multipliers in the even positions), mask = 2^rs - 1,
// half = mask >> 1.
LPAI_TARGET_AVX2 inline __m256i mbqm8_shifted(__m256i x, __m256i m, __m256i m_odd, __m256i mask,
                                              __m256i half, __m256i rs) {
  const __m256i nudge = _mm256_set1_epi64x(int64_t{1} << 30);
  __m256i pe = _mm256_add_epi64(_mm256_mul_epi32(x, m), nudge);
  __m256i po = _mm256_add_epi64(_mm256_mul_epi32(_mm256_srli_epi64(x, 32), m_odd), nudge);
  pe = _mm256_srli_epi64(pe, 31);
  po = _mm256_slli_epi64(po, 1);
  const __m256i h = _mm256_blend_epi32(pe, po, 0xAA);
  const __m256i rem = _mm256_and_si256(h, mask);
  const __m256i thr = _mm256_add_epi32(half, _mm256_srli_epi32(h, 31));
  return _mm256_sub_epi32(_mm256_srav_epi32(h, rs), _mm256_cmpgt_epi32(rem, thr));
}

// multiply_by_quantized_multiplier per lane (mbqm16's contract, 8 lanes).
LPAI_TARGET_AVX2 inline __m256i mbqm8(__m256i x, __m256i m, __m256i ls, __m256i rs) {
  const __m256i one = _mm256_set1_epi32(1);
  const __m256i mask = _mm256_sub_epi32(_mm256_sllv_epi32(one, rs), one);
  return mbqm8_shifted(_mm256_sllv_epi32(x, ls), m, _mm256_srli_epi64(m, 32), mask,
                       _mm256_srai_epi32(mask, 1), rs);
}

// requant8 below: mbqm8 with the per-lane constants read from the tables (mult_odd, mask, half)
// and the left shift skipped when no lane has one; the same values. It reads the tables
// through a local view of raw pointers: int8 output stores may alias anything, so through
// Tables itself the compiler reloads each vector's data pointer after every store.
struct TableView {
  const int32_t *bias, *ls, *mult, *mult_odd, *mask, *half, *rs;
  bool any_ls;
  int32_t zp, lo, hi;
};

inline TableView view_of(const Tables& t) {
  return TableView{t.bias.data(), t.ls.data(), t.mult.data(), t.mult_odd.data(), t.mask.data(),
                   t.half.data(), t.rs.data(), t.any_ls, t.zp, t.lo, t.hi};
}

LPAI_TARGET_AVX2 inline __m256i load8(const int32_t* v, size_t c) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(v + c));
}

// requantize(acc[j] + bias) clamped, as int32 lanes, for the 8 lanes at table index c.
LPAI_TARGET_AVX2 inline __m256i requant8(__m256i acc, const TableView& t, size_t c) {
  __m256i x = _mm256_add_epi32(acc, load8(t.bias, c));
  if (t.any_ls) x = _mm256_sllv_epi32(x, load8(t.ls, c));
  __m256i r = mbqm8_shifted(x, load8(t.mult, c), load8(t.mult_odd, c), load8(t.mask, c),
                            load8(t.half, c), load8(t.rs, c));
  r = _mm256_add_epi32(r, _mm256_set1_epi32(t.zp));
  r = _mm256_max_epi32(r, _mm256_set1_epi32(t.lo));
  r = _mm256_min_epi32(r, _mm256_set1_epi32(t.hi));
  return r;
}

// The first `count` (<= 8) int32 lanes of r, saturated to int8, into dst.
LPAI_TARGET_AVX2 inline void store8(__m256i r, int8_t* dst, uint32_t count) {
  const __m128i w16 = _mm_packs_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
  const __m128i b = _mm_packs_epi16(w16, w16);
  if (count >= 8) {
    _mm_storel_epi64(reinterpret_cast<__m128i*>(dst), b);
  } else {
    int8_t tmp[16];
    _mm_storeu_si128(reinterpret_cast<__m128i*>(tmp), b);
    std::memcpy(dst, tmp, count);
  }
}

}  // namespace lpai::host::simd
#endif  // LPAI_X86_SIMD

#endif  // LPAI_HOST_SIMD_REQUANT_H
