// The AVX2 depth-multiplier-1 path of the x86 DEPTHWISE_CONV_2D (host simulation only).
// Contract in x86_depthwise_conv_2d.h.
#include "simd/x86_depthwise_conv_2d.h"

#include <vector>

#include "kernels/tap_range.h"
#include "simd/derived_cache.h"

#if defined(LPAI_X86_SIMD)
namespace lpai::host::simd {
namespace {

using kernels::DepthwiseConv2dParams;
using kernels::tap_range;

// AVX2, depth multiplier 1, any shape: per output row, each valid filter row's input row is
// widened once into a buffer of (x - zp) int16 over the columns the row's windows touch, zeros
// outside the input (those taps then add nothing, as TFLite skips them), channels padded to 16.
// Two horizontal taps at a time are interleaved (unpacklo/hi) against the filter pairs
// interleaved the same way offline, so one vpmaddwd adds both taps' products into int32 lanes
// (|(x - zp) * f| <= 255 * 128: exact). Lanes come out as channels {0-3, 8-11} and {4-7, 12-15}
// and are put back in order before the lane-wise requantisation.
struct DwRows {
  const DepthwiseConv2dParams* p;
  const Tables* t;
  uint32_t c16;    // channels padded to 16
  uint32_t c_row;  // entries per input column in rows: c16, or 8 with two_pixels
  bool two_pixels; // in_c 8, stride_w 1: a vector holds output pixels ox and ox + 1
  uint32_t pairs;  // ceil(k_w / 2)
  uint32_t span;   // input columns a row's windows touch: (out_w - 1) * stride_w + eff_k_w
  const int16_t* fpair;  // [k_h][pairs][c16 / 16][2 (lo, hi)][16]
  int16_t* rows;          // [ring][span (+ 1 slack column)][c_row]
  uint32_t ring;          // widened rows kept: input row iy lives in slot iy % ring
  int64_t* ring_rows;     // [ring]: the input row each slot holds (-1: none)
};

LPAI_TARGET_AVX2 void dw_rows_fill(const DwRows& d, const int8_t* in_row, int16_t* row) {
  const DepthwiseConv2dParams& p = *d.p;
  const int16_t zp = static_cast<int16_t>(p.input_zero_point);
  const __m256i vzp = _mm256_set1_epi16(zp);
  for (uint32_t u = 0; u < d.span; ++u) {
    int16_t* dst = row + static_cast<size_t>(u) * d.c_row;
    const int64_t ix = static_cast<int64_t>(u) - p.pad_w;
    if (ix < 0 || ix >= static_cast<int64_t>(p.in_w)) {
      for (uint32_t c = 0; c < d.c_row; c += 8) _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + c), _mm_setzero_si128());
      continue;
    }
    const int8_t* src = in_row + static_cast<size_t>(ix) * p.in_c;
    uint32_t c = 0;
    for (; c + 16 <= p.in_c; c += 16) {
      const __m256i v = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + c)));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + c), _mm256_sub_epi16(v, vzp));
    }
    if (c + 8 <= p.in_c) {
      const __m128i v = _mm_cvtepi8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + c)));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + c), _mm_sub_epi16(v, _mm256_castsi256_si128(vzp)));
      c += 8;
    }
    for (; c < p.in_c; ++c) dst[c] = static_cast<int16_t>(src[c] - zp);
    for (; c < d.c_row; ++c) dst[c] = 0;
  }
}

// kPairs: d.pairs known at compile time (0: read it from d).
template <uint32_t kPairs>
LPAI_TARGET_AVX2 void dw_rows_block(const DwRows& d, const int8_t* in, int8_t* out) {
  const DepthwiseConv2dParams& p = *d.p;
  const uint32_t pairs = kPairs != 0 ? kPairs : d.pairs;
  const uint32_t blocks = d.c16 / 16;
  const size_t row_len = static_cast<size_t>(d.span + 1) * d.c_row;
  const TableView t = view_of(*d.t);
  // rowp[ky]: the widened input row under filter row ky. A row is widened once and kept while
  // the following output rows' windows still cover it (the ring spans one window's height).
  const int16_t* rowp[kDwRowsMaxKh];
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* in_b = in + static_cast<size_t>(b) * p.in_h * p.in_w * p.in_c;
    for (uint32_t i = 0; i < d.ring; ++i) d.ring_rows[i] = -1;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t iy0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      uint32_t ky0, ky1;
      tap_range(iy0, p.k_h, p.dilation_h, p.in_h, &ky0, &ky1);
      for (uint32_t ky = ky0; ky < ky1; ++ky) {
        const uint32_t iy = static_cast<uint32_t>(iy0 + static_cast<int32_t>(ky * p.dilation_h));
        const uint32_t slot = iy % d.ring;
        int16_t* r = d.rows + slot * row_len;
        if (d.ring_rows[slot] != iy) {
          dw_rows_fill(d, in_b + static_cast<size_t>(iy) * p.in_w * p.in_c, r);
          d.ring_rows[slot] = iy;
        }
        rowp[ky] = r;
      }
      int8_t* row_out = out + (static_cast<size_t>(b) * p.out_h + oy) * p.out_w * p.in_c;
      if (d.two_pixels) {
        // Lanes 0-7 read column u, lanes 8-15 column u + 1: pixels ox and ox + 1 (stride 1).
        for (uint32_t ox = 0; ox < p.out_w; ox += 2) {
          __m256i lo = _mm256_setzero_si256(), hi = lo;
          for (uint32_t ky = ky0; ky < ky1; ++ky) {
            const int16_t* r = rowp[ky];
            const int16_t* f = d.fpair + static_cast<size_t>(ky) * pairs * 32;
            for (uint32_t pr = 0; pr < pairs; ++pr, f += 32) {
              const uint32_t kx = 2 * pr;
              const __m256i xa = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(
                  r + (ox + static_cast<size_t>(kx) * p.dilation_w) * 8));
              const __m256i xb = kx + 1 < p.k_w ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(
                                                      r + (ox + static_cast<size_t>(kx + 1) * p.dilation_w) * 8))
                                                : _mm256_setzero_si256();
              const __m256i f_lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f));
              const __m256i f_hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f + 16));
              lo = _mm256_add_epi32(lo, _mm256_madd_epi16(_mm256_unpacklo_epi16(xa, xb), f_lo));
              hi = _mm256_add_epi32(hi, _mm256_madd_epi16(_mm256_unpackhi_epi16(xa, xb), f_hi));
            }
          }
          int8_t* dst = row_out + static_cast<size_t>(ox) * 8;
          store8(requant8(_mm256_permute2x128_si256(lo, hi, 0x20), t, 0), dst, 8);  // pixel ox
          if (ox + 1 < p.out_w) {
            store8(requant8(_mm256_permute2x128_si256(lo, hi, 0x31), t, 0), dst + 8, 8);
          }
        }
        continue;
      }
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        const size_t u0 = static_cast<size_t>(ox) * p.stride_w;
        for (uint32_t cb = 0; cb < blocks; ++cb) {
          __m256i lo = _mm256_setzero_si256(), hi = lo;
          for (uint32_t ky = ky0; ky < ky1; ++ky) {
            const int16_t* r = rowp[ky] + cb * 16;  // c_row == c16 here
            const int16_t* f = d.fpair + (static_cast<size_t>(ky) * pairs * blocks + cb) * 32;
            for (uint32_t pr = 0; pr < pairs; ++pr, f += 32 * blocks) {
              const uint32_t kx = 2 * pr;
              const __m256i xa = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(
                  r + (u0 + static_cast<size_t>(kx) * p.dilation_w) * d.c16));
              const __m256i xb = kx + 1 < p.k_w ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(
                                                      r + (u0 + static_cast<size_t>(kx + 1) * p.dilation_w) * d.c16))
                                                : _mm256_setzero_si256();
              const __m256i f_lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f));
              const __m256i f_hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(f + 16));
              lo = _mm256_add_epi32(lo, _mm256_madd_epi16(_mm256_unpacklo_epi16(xa, xb), f_lo));
              hi = _mm256_add_epi32(hi, _mm256_madd_epi16(_mm256_unpackhi_epi16(xa, xb), f_hi));
            }
          }
          const uint32_t c0 = cb * 16;
          const uint32_t nv = p.in_c - c0 < 16 ? p.in_c - c0 : 16;
          int8_t* dst = row_out + static_cast<size_t>(ox) * p.in_c + c0;
          const __m256i first = _mm256_permute2x128_si256(lo, hi, 0x20);   // channels 0-7
          const __m256i second = _mm256_permute2x128_si256(lo, hi, 0x31);  // channels 8-15
          store8(requant8(first, t, c0), dst, nv < 8 ? nv : 8);
          if (nv > 8) store8(requant8(second, t, c0 + 8), dst + 8, nv - 8);
        }
      }
    }
  }
}

// The interleaved filter pairs of dw_rows_avx2 into fpair (resized) for filter [k_h][k_w][in_c].
LPAI_TARGET_AVX2 void dw_rows_filter(const DepthwiseConv2dParams& p, const int8_t* filter, uint32_t c16,
                                     std::vector<int16_t>* fpair) {
  const uint32_t blocks = c16 / 16, pairs = (p.k_w + 1) / 2;
  fpair->resize(static_cast<size_t>(p.k_h) * pairs * blocks * 32);
  alignas(32) int16_t fa[16], fb[16];
  for (uint32_t ky = 0; ky < p.k_h; ++ky) {
    for (uint32_t pr = 0; pr < pairs; ++pr) {
      for (uint32_t cb = 0; cb < blocks; ++cb) {
        for (uint32_t j = 0; j < 16; ++j) {
          const uint32_t c = p.in_c == 8 ? j % 8 : cb * 16 + j, kx = 2 * pr;
          const size_t tap = static_cast<size_t>(ky) * p.k_w;
          fa[j] = c < p.in_c ? filter[(tap + kx) * p.in_c + c] : int16_t{0};
          fb[j] = c < p.in_c && kx + 1 < p.k_w ? filter[(tap + kx + 1) * p.in_c + c] : int16_t{0};
        }
        const __m256i a = _mm256_load_si256(reinterpret_cast<const __m256i*>(fa));
        const __m256i b = _mm256_load_si256(reinterpret_cast<const __m256i*>(fb));
        int16_t* dst = fpair->data() + ((static_cast<size_t>(ky) * pairs + pr) * blocks + cb) * 32;
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), _mm256_unpacklo_epi16(a, b));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + 16), _mm256_unpackhi_epi16(a, b));
      }
    }
  }
}

// dw_rows_filter's result for a filter [k_h][k_w][in_c], cached by the filter's address.
const std::vector<int16_t>& dw_pairs_cached(const DepthwiseConv2dParams& p, const int8_t* filter,
                                            uint32_t c16) {
  thread_local DerivedCache<std::vector<int16_t>> cache;
  const uint32_t shape[] = {p.k_h, p.k_w, p.in_c, c16};
  const Span parts[] = {{shape, sizeof(shape)},
                        {filter, static_cast<size_t>(p.k_h) * p.k_w * p.in_c}};
  return cache.get(filter, parts,
                   [&](std::vector<int16_t>* fpair) { dw_rows_filter(p, filter, c16, fpair); });
}

}  // namespace

void dw_rows_avx2(const DepthwiseConv2dParams& p, const Tables& t, const int8_t* in,
                  const int8_t* filter, int8_t* out) {
  const uint32_t c16 = (p.in_c + 15) / 16 * 16;
  thread_local std::vector<int16_t> rows;
  const std::vector<int16_t>& fpair = dw_pairs_cached(p, filter, c16);
  const uint32_t span = (p.out_w - 1) * p.stride_w + (p.k_w - 1) * p.dilation_w + 1;
  const bool two_pixels = p.in_c == 8;  // stride_w 1 (the contract)
  const uint32_t c_row = two_pixels ? 8u : c16;
  thread_local std::vector<int64_t> ring_rows;
  const uint32_t ring = (p.k_h - 1) * p.dilation_h + 1;  // input rows one window spans
  rows.resize(static_cast<size_t>(ring) * (span + 1) * c_row);
  ring_rows.resize(ring);
  const DwRows d{&p, &t, c16, c_row, two_pixels, (p.k_w + 1) / 2, span, fpair.data(), rows.data(),
                 ring, ring_rows.data()};
  switch (d.pairs) {  // the usual filter widths unrolled
    case 1: dw_rows_block<1>(d, in, out); break;
    case 2: dw_rows_block<2>(d, in, out); break;
    case 3: dw_rows_block<3>(d, in, out); break;
    default: dw_rows_block<0>(d, in, out); break;
  }
}

}  // namespace lpai::host::simd
#endif  // LPAI_X86_SIMD
