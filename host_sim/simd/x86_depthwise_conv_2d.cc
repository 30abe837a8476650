// x86-64 SIMD DEPTHWISE_CONV_2D int8 (host simulation only). Contract in x86_kernels.h:
// depth multiplier 1 or one input channel; other shapes, and those the portable kernel's own
// paths serve faster (see dw_impl), stay portable. This file: the dispatcher, the
// one-input-channel case (a convolution) and the AVX-512 paths; the AVX2 depth-multiplier-1
// path is x86_depthwise_rows_avx2.cc.
#include "simd/x86_kernels.h"

#include <cstring>
#include <vector>

#include "kernels/params/depthwise_conv_2d.h"
#include "kernels/tap_range.h"
#include "simd/requant.h"
#include "simd/x86_conv_2d.h"
#include "simd/x86_depthwise_conv_2d.h"
#include "simd/x86_target.h"

#if defined(LPAI_X86_SIMD)
namespace lpai::host::simd {
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

template <int kIsa>
bool dw_impl(const KernelArgs& args) {
  const DepthwiseConv2dParams& p = *reinterpret_cast<const DepthwiseConv2dParams*>(args.params);
  if (p.flags != (p.flags & kernels::kDwKnownFlags) || !int8_io(args)) return false;
  if (p.depth_multiplier != 1 && p.in_c != 1) return false;  // portable
  // The portable row path (few input channels, depth multiplier > 1, when prepare gave it
  // scratch) beats the AVX2 convolution: micro_speech's 1-channel, multiplier-8 layer ran 1.7x
  // faster on it (lpai_bench_perf_models, both variants in one run). Without scratch
  // (kDwFlagNoTemp: one input channel, out_c a multiple of 4) the portable kernel has no row
  // path and AVX2 takes the layer. AVX-512 is not measured: it keeps its own.
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
  const Int8Io io = int8_tensors(args);
  const int8_t* in = io.in0;
  const int8_t* filter = io.in1;
  int8_t* out = io.out;
  if (p.depth_multiplier != 1) {
    dw_as_conv<kIsa>(p, q, in, filter, out);
    return true;
  }
  const uint32_t taps = p.k_h * p.k_w;
  const size_t c_pad = (p.in_c + 31) / 32 * 32;
  thread_local std::vector<int16_t> f16;
  const Tables& t = cached_tables(q, nullptr, 0, p.out_c, static_cast<uint32_t>(c_pad));
  if (kIsa == kIsaAvx2) {
    dw_rows_avx2(p, t, in, filter, out);
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

bool dw_s8_avx2(const kernels::KernelArgs& args) { return dw_impl<kIsaAvx2>(args); }
bool dw_s8_avx512vnni(const kernels::KernelArgs& args) { return dw_impl<kIsaAvx512>(args); }

}  // namespace lpai::host::simd
#endif  // LPAI_X86_SIMD
