// x86-64 SIMD DEPTHWISE_CONV_2D int8 (host simulation only). Contract in x86_kernels.h:
// depth multiplier 1 or one input channel; other shapes, and those the portable kernel's own
// paths serve faster (see dw_impl), stay portable.
#include "simd/x86_kernels.h"
#include "simd/x86_target.h"

#if defined(LPAI_X86_SIMD)
#include <cstring>
#include <vector>

#include "kernels/depthwise_conv_2d.h"
#include "kernels/tap_range.h"
#include "simd/derived_cache.h"
#include "simd/requant.h"
#include "simd/x86_conv_2d.h"

namespace lpai {
namespace host {
namespace simd {
namespace x86 {
namespace {

using kernels::DepthwiseConv2dParams;
using kernels::KernelArgs;
using kernels::tap_range;
using kernels::gemm::Requant;

// in_c == 1 (any depth multiplier, e.g. micro_speech's first layer): a convolution with one input
// channel and out_c output channels over the filter [taps][out_c] (packed transposed); its
// padding taps hold the input zero point, so the bias becomes bias[oc] - zp * sum_t f[t][oc]
// (wrapped), which makes sum_t (x - zp) f over the valid taps exactly, as TFLite skips the rest.
template <int kIsa>
void dw_as_conv(const DepthwiseConv2dParams& p, const Requant& q, const int8_t* in,
                const int8_t* filter, int8_t* out) {
  thread_local std::vector<int32_t> bias;
  const uint32_t taps = p.k_h * p.k_w;
  bias.resize(p.out_c);
  for (uint32_t oc = 0; oc < p.out_c; ++oc) {
    int32_t sum = 0;
    for (uint32_t t = 0; t < taps; ++t) sum += filter[static_cast<size_t>(t) * p.out_c + oc];
    bias[oc] = static_cast<int32_t>(static_cast<uint32_t>(q.folded_bias[oc]) -
                                    static_cast<uint32_t>(p.input_zero_point * sum));
  }
  Requant qa = q;
  qa.folded_bias = bias.data();
  conv_core<kIsa>(geom_of(p, 1), in, filter, true, p.out_c, qa, out);
}

// depth_multiplier 1: channels are lanes; per output pixel and valid tap (taps outside the input
// are skipped, as in TFLite) (x - zp) * f is formed exactly in 16 bits and widened into 32-bit
// accumulators. f16 is the filter widened to int16, [taps][c_pad] (zeros past in_c).
struct DwArgs {
  const DepthwiseConv2dParams* p;
  const int8_t* in;
  const int16_t* f16;
  size_t c_pad;
  const Tables* t;
  int8_t* out;
};

// The horizontal tap range of every output column: [cols[2 ox], cols[2 ox + 1]) (a per-thread
// buffer, valid until the next call).
inline const uint32_t* column_taps(const DepthwiseConv2dParams& p) {
  thread_local std::vector<uint32_t> cols;
  cols.resize(2 * static_cast<size_t>(p.out_w));
  for (uint32_t ox = 0; ox < p.out_w; ++ox) {
    const int32_t ix0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
    tap_range(ix0, p.k_w, p.dilation_w, p.in_w, &cols[2 * ox], &cols[2 * ox + 1]);
  }
  return cols.data();
}

// Calls body(b, oy, ox, iy0, ix0, ky0, ky1, kx0, kx1) per output pixel; the tap ranges are
// computed once per row and once per column (no divisions per pixel).
template <class Body>
inline void for_each_pixel(const DepthwiseConv2dParams& p, Body&& body) {
  const uint32_t* cols = column_taps(p);
  for (uint32_t b = 0; b < p.batches; ++b) {
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t iy0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      uint32_t ky0, ky1;
      tap_range(iy0, p.k_h, p.dilation_h, p.in_h, &ky0, &ky1);
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        const int32_t ix0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        body(b, oy, ox, iy0, ix0, ky0, ky1, cols[2 * ox], cols[2 * ox + 1]);
      }
    }
  }
}

// One output pixel, every channel (blocks of 32).
LPAI_TARGET_AVX512 inline void dw_pixel_avx512(const DwArgs& a, uint32_t b, uint32_t oy, uint32_t ox,
                                               int32_t iy0, int32_t ix0, uint32_t ky0, uint32_t ky1,
                                               uint32_t kx0, uint32_t kx1) {
  const DepthwiseConv2dParams& p = *a.p;
  const uint32_t c = p.in_c;
  const __m512i zp = _mm512_set1_epi16(static_cast<int16_t>(p.input_zero_point));
  int8_t* dst = a.out + ((static_cast<size_t>(b) * p.out_h + oy) * p.out_w + ox) * c;
  const int8_t* base = a.in + static_cast<size_t>(b) * p.in_h * p.in_w * c;
  for (uint32_t c0 = 0; c0 < c; c0 += 32) {
    const uint32_t nv = c - c0 < 32 ? c - c0 : 32;
    const __mmask32 m = nv == 32 ? ~__mmask32{0} : (__mmask32{1} << nv) - 1;
    __m512i lo = _mm512_setzero_si512(), hi = lo;
    for (uint32_t ky = ky0; ky < ky1; ++ky) {
      const uint32_t iy = static_cast<uint32_t>(iy0 + static_cast<int32_t>(ky * p.dilation_h));
      for (uint32_t kx = kx0; kx < kx1; ++kx) {
        const uint32_t ix = static_cast<uint32_t>(ix0 + static_cast<int32_t>(kx * p.dilation_w));
        const int8_t* xs = base + (static_cast<size_t>(iy) * p.in_w + ix) * c + c0;
        const __m512i xv = _mm512_sub_epi16(_mm512_cvtepi8_epi16(_mm256_maskz_loadu_epi8(m, xs)), zp);
        const __m512i fv = _mm512_loadu_si512(a.f16 + (static_cast<size_t>(ky) * p.k_w + kx) * a.c_pad + c0);
        const __m512i pr = _mm512_mullo_epi16(xv, fv);
        lo = _mm512_add_epi32(lo, _mm512_cvtepi16_epi32(_mm512_castsi512_si256(pr)));
        hi = _mm512_add_epi32(hi, _mm512_cvtepi16_epi32(_mm512_extracti64x4_epi64(pr, 1)));
      }
    }
    const __m128i vl = requant16(lo, *a.t, c0);
    if (nv <= 16) {
      _mm_mask_storeu_epi8(dst + c0, static_cast<__mmask16>(m), vl);
    } else {
      const __m128i vh = requant16(hi, *a.t, c0 + 16);
      _mm256_mask_storeu_epi8(dst + c0, m, _mm256_inserti128_si256(_mm256_castsi128_si256(vl), vh, 1));
    }
  }
}

LPAI_TARGET_AVX512 void dw_dm1_avx512(const DwArgs& a) {
  for_each_pixel(*a.p, [&](uint32_t b, uint32_t oy, uint32_t ox, int32_t iy0, int32_t ix0, uint32_t ky0,
                           uint32_t ky1, uint32_t kx0, uint32_t kx1) LPAI_TARGET_AVX512 {
    dw_pixel_avx512(a, b, oy, ox, iy0, ix0, ky0, ky1, kx0, kx1);
  });
}

// in_c 8 or 16: 32 / in_c output pixels of a row per vector (lane j: pixel j / in_c, channel
// j % in_c) where every horizontal tap of those pixels is inside the input; ft is the int16
// filter tiled to 32 lanes per tap, tt the tables tiled the same way. Other pixels: one each.
LPAI_TARGET_AVX512 void dw_small_c_avx512(const DwArgs& a, const int16_t* ft, const Tables& tt) {
  const DepthwiseConv2dParams& p = *a.p;
  const uint32_t c = p.in_c, group = 32 / c;
  const size_t xs_step = static_cast<size_t>(p.stride_w) * c;  // next pixel's input
  const __m512i zp = _mm512_set1_epi16(static_cast<int16_t>(p.input_zero_point));
  const uint32_t* cols = column_taps(p);
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* base = a.in + static_cast<size_t>(b) * p.in_h * p.in_w * c;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t iy0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      uint32_t ky0, ky1;
      tap_range(iy0, p.k_h, p.dilation_h, p.in_h, &ky0, &ky1);
      int8_t* row_out = a.out + (static_cast<size_t>(b) * p.out_h + oy) * p.out_w * c;
      uint32_t ox = 0;
      while (ox < p.out_w) {
        const int32_t ix0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        const bool full = ox + group <= p.out_w && cols[2 * ox] == 0 && cols[2 * ox + 1] == p.k_w &&
                          cols[2 * (ox + group - 1)] == 0 && cols[2 * (ox + group - 1) + 1] == p.k_w;
        if (!full) {
          dw_pixel_avx512(a, b, oy, ox, iy0, ix0, ky0, ky1, cols[2 * ox], cols[2 * ox + 1]);
          ++ox;
          continue;
        }
        __m512i lo = _mm512_setzero_si512(), hi = lo;
        for (uint32_t ky = ky0; ky < ky1; ++ky) {
          const uint32_t iy = static_cast<uint32_t>(iy0 + static_cast<int32_t>(ky * p.dilation_h));
          const int8_t* xrow = base + (static_cast<size_t>(iy) * p.in_w + static_cast<uint32_t>(ix0)) * c;
          for (uint32_t kx = 0; kx < p.k_w; ++kx) {
            const int8_t* xs = xrow + static_cast<size_t>(kx) * p.dilation_w * c;
            __m256i xb;
            if (c == 16) {
              xb = _mm256_inserti128_si256(
                  _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(xs))),
                  _mm_loadu_si128(reinterpret_cast<const __m128i*>(xs + xs_step)), 1);
            } else {
              int64_t v0, v1, v2, v3;
              std::memcpy(&v0, xs, 8);
              std::memcpy(&v1, xs + xs_step, 8);
              std::memcpy(&v2, xs + 2 * xs_step, 8);
              std::memcpy(&v3, xs + 3 * xs_step, 8);
              xb = _mm256_set_epi64x(v3, v2, v1, v0);
            }
            const __m512i xv = _mm512_sub_epi16(_mm512_cvtepi8_epi16(xb), zp);
            const __m512i fv = _mm512_loadu_si512(ft + (static_cast<size_t>(ky) * p.k_w + kx) * 32);
            const __m512i pr = _mm512_mullo_epi16(xv, fv);
            lo = _mm512_add_epi32(lo, _mm512_cvtepi16_epi32(_mm512_castsi512_si256(pr)));
            hi = _mm512_add_epi32(hi, _mm512_cvtepi16_epi32(_mm512_extracti64x4_epi64(pr, 1)));
          }
        }
        const __m128i vl = requant16(lo, tt, 0);
        const __m128i vh = requant16(hi, tt, 16);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(row_out + static_cast<size_t>(ox) * c),
                            _mm256_inserti128_si256(_mm256_castsi128_si256(vl), vh, 1));
        ox += group;
      }
    }
  }
}

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

// Filter heights dw_rows_avx2 takes (its per-output-row table of row pointers).
constexpr uint32_t kDwRowsMaxKh = 16;

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
LPAI_TARGET_AVX2 void dw_rows_avx2(const DwRows& d, const int8_t* in, int8_t* out) {
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

template <int kIsa>
bool dw_impl(const KernelArgs& args) {
  const DepthwiseConv2dParams& p = *reinterpret_cast<const DepthwiseConv2dParams*>(args.params);
  if (p.flags != (p.flags & kernels::kDwKnownFlags) || !int8_io(args)) return false;
  if (p.depth_multiplier != 1 && p.in_c != 1) return false;  // portable
  // The portable row path (few input channels, depth multiplier > 1) beats the AVX2
  // convolution here: micro_speech's 1-channel, multiplier-8 layer runs 1.7x faster on it
  // (lpai_bench_perf_models, both variants in one run). AVX-512 is not measured: it keeps its own.
  if (kIsa == kIsaAvx2 && kernels::depthwise_conv_2d_uses_rows(p)) return false;  // portable
  // Depth multiplier 1 on AVX2 (dw_rows_avx2): 8 channels at stride_w 1 put two output pixels
  // in a vector; other depths below 16 would leave lanes idle (the portable flat path packs
  // pixels instead), and a layer of fewer output pixels than taps is all set-up (str_ww's last
  // depthwise, one pixel of 15 taps: 1.1 against 4.5 us).
  if (kIsa == kIsaAvx2 && p.depth_multiplier == 1 &&
      ((p.in_c < 16 && !(p.in_c == 8 && p.stride_w == 1)) || p.out_h * p.out_w < p.k_h * p.k_w ||
       p.k_h > kDwRowsMaxKh)) {
    return false;  // portable
  }
  const Requant q = kernels::gemm::requant_after_header<DepthwiseConv2dParams>(args.params, p.out_c);
  const int8_t* in = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  const int8_t* filter = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
  if (p.depth_multiplier != 1) {
    dw_as_conv<kIsa>(p, q, in, filter, out);
    return true;
  }
  const uint32_t taps = p.k_h * p.k_w;
  const size_t c_pad = (p.in_c + 31) / 32 * 32;
  thread_local std::vector<int16_t> f16;
  const Tables& t = cached_tables(q, nullptr, 0, p.out_c, static_cast<uint32_t>(c_pad));
  if (kIsa == kIsaAvx2) {
    const uint32_t c16 = (p.in_c + 15) / 16 * 16;
    thread_local std::vector<int16_t> rows;
    const std::vector<int16_t>& fpair = dw_pairs_cached(p, filter, c16);
    const uint32_t span = (p.out_w - 1) * p.stride_w + (p.k_w - 1) * p.dilation_w + 1;
    const bool two_pixels = p.in_c == 8;  // stride_w 1 (checked above)
    const uint32_t c_row = two_pixels ? 8u : c16;
    thread_local std::vector<int64_t> ring_rows;
    const uint32_t ring = (p.k_h - 1) * p.dilation_h + 1;  // input rows one window spans
    rows.resize(static_cast<size_t>(ring) * (span + 1) * c_row);
    ring_rows.resize(ring);
    const DwRows d{&p, &t, c16, c_row, two_pixels, (p.k_w + 1) / 2, span, fpair.data(), rows.data(),
                   ring, ring_rows.data()};
    switch (d.pairs) {  // the usual filter widths unrolled
      case 1: dw_rows_avx2<1>(d, in, out); break;
      case 2: dw_rows_avx2<2>(d, in, out); break;
      case 3: dw_rows_avx2<3>(d, in, out); break;
      default: dw_rows_avx2<0>(d, in, out); break;
    }
    return true;
  }
  f16.assign(taps * c_pad, 0);
  for (uint32_t tap = 0; tap < taps; ++tap) {
    for (uint32_t ch = 0; ch < p.in_c; ++ch) f16[tap * c_pad + ch] = filter[static_cast<size_t>(tap) * p.in_c + ch];
  }
  const DwArgs a{&p, in, f16.data(), c_pad, &t, out};
  if (kIsa == kIsaAvx512 && (p.in_c == 8 || p.in_c == 16)) {
    thread_local std::vector<int16_t> ft;
    thread_local Tables tt;
    ft.resize(taps * 32);
    for (uint32_t tap = 0; tap < taps; ++tap) {
      for (uint32_t j = 0; j < 32; ++j) ft[tap * 32 + j] = f16[tap * c_pad + j % p.in_c];
    }
    tt.bias.resize(32);
    tt.mult.resize(32);
    tt.ls.resize(32);
    tt.rs.resize(32);
    for (uint32_t j = 0; j < 32; ++j) {
      tt.bias[j] = t.bias[j % p.in_c];
      tt.mult[j] = t.mult[j % p.in_c];
      tt.ls[j] = t.ls[j % p.in_c];
      tt.rs[j] = t.rs[j % p.in_c];
    }
    tt.zp = t.zp;
    tt.lo = t.lo;
    tt.hi = t.hi;
    dw_small_c_avx512(a, ft.data(), tt);
  } else {
    dw_dm1_avx512(a);
  }
  return true;
}

}  // namespace
}  // namespace x86

bool dw_s8_avx2(const kernels::KernelArgs& args) { return x86::dw_impl<x86::kIsaAvx2>(args); }
bool dw_s8_avx512vnni(const kernels::KernelArgs& args) {
  return x86::dw_impl<x86::kIsaAvx512>(args);
}

}  // namespace simd
}  // namespace host
}  // namespace lpai
#endif  // LPAI_X86_SIMD
