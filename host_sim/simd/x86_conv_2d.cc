// x86-64 SIMD CONV_2D int8 (host simulation only). Contract in x86_kernels.h; the driver's in
// x86_conv_2d.h. The filter [N][K] is repacked once per weight tensor (packed_filter.h); rows
// (input windows) are gathered per block of output pixels; 1x1 inputs are read in place (VNNI)
// or widened in one pass (AVX2, stride 1); other AVX2 windows are copied from the input rows
// under an output row, widened once per output row.
#include "simd/x86_conv_2d.h"

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <vector>

#include "kernels/params/conv_2d.h"
#include "simd/packed_filter.h"
#include "simd/requant.h"
#include "simd/x86_gemm.h"
#include "simd/x86_kernels.h"

#if defined(LPAI_X86_SIMD)
namespace lpai::host::simd {
namespace {

using kernels::Conv2dParams;
using kernels::gemm::Requant;

// memcpy for the short runs of im2col (a few bytes per filter row): fixed-size, overlapping
// moves instead of a library call or a byte loop.
inline void copy_short(int8_t* dst, const int8_t* src, size_t n) {
  if (n >= 16) {
    std::memcpy(dst, src, n);
  } else if (n >= 8) {
    uint64_t a, b;
    std::memcpy(&a, src, 8);
    std::memcpy(&b, src + n - 8, 8);
    std::memcpy(dst, &a, 8);
    std::memcpy(dst + n - 8, &b, 8);
  } else if (n >= 4) {
    uint32_t a, b;
    std::memcpy(&a, src, 4);
    std::memcpy(&b, src + n - 4, 4);
    std::memcpy(dst, &a, 4);
    std::memcpy(dst + n - 4, &b, 4);
  } else {
    for (size_t i = 0; i < n; ++i) dst[i] = src[i];
  }
}

// Unrolls the input window of output pixel (b, oy, ox) into row[k_h * k_w * in_c] (padding
// taps = input zero point), as kernels/conv_2d.cc does.
void im2col_row(const Geom& p, const int8_t* in, uint32_t b, uint32_t oy, uint32_t ox,
                int8_t* row) {
  const uint32_t c = p.in_c;
  const size_t span = static_cast<size_t>(p.k_w) * c;
  const int32_t y0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
  const int32_t x0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
  const int zp = p.input_zero_point;
  // Valid horizontal taps [kx0, kx1): the same for every filter row.
  uint32_t kx0 = 0, kx1 = 0;
  while (kx0 < p.k_w && x0 + static_cast<int32_t>(kx0 * p.dilation_w) < 0) ++kx0;
  kx1 = kx0;
  while (kx1 < p.k_w && x0 + static_cast<int32_t>(kx1 * p.dilation_w) < static_cast<int32_t>(p.in_w)) ++kx1;
  for (uint32_t ky = 0; ky < p.k_h; ++ky, row += span) {
    const int32_t iy = y0 + static_cast<int32_t>(ky * p.dilation_h);
    if (iy < 0 || iy >= static_cast<int32_t>(p.in_h) || kx1 == kx0) {
      std::memset(row, zp, span);
      continue;
    }
    const int8_t* in_row =
        in + (static_cast<size_t>(b) * p.in_h + static_cast<uint32_t>(iy)) * p.in_w * c;
    if (kx0 > 0) std::memset(row, zp, static_cast<size_t>(kx0) * c);
    if (kx1 < p.k_w) std::memset(row + static_cast<size_t>(kx1) * c, zp, static_cast<size_t>(p.k_w - kx1) * c);
    const int8_t* src = in_row + static_cast<size_t>(x0 + static_cast<int32_t>(kx0 * p.dilation_w)) * c;
    int8_t* dst = row + static_cast<size_t>(kx0) * c;
    if (p.dilation_w == 1) {
      const size_t n = static_cast<size_t>(kx1 - kx0) * c;  // one contiguous run
      copy_short(dst, src, n);
    } else {
      for (uint32_t kx = kx0; kx < kx1; ++kx, dst += c, src += static_cast<size_t>(p.dilation_w) * c) {
        for (uint32_t i = 0; i < c; ++i) dst[i] = src[i];
      }
    }
  }
}

constexpr uint32_t kRowBlock = 64;  // output pixels gathered per block

// dst[i] = src[i] for i < k (int8 to int16).
LPAI_TARGET_AVX2 inline void widen_avx2(const int8_t* src, uint32_t k, int16_t* dst) {
  uint32_t i = 0;
  for (; i + 16 <= k; i += 16) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i),
                        _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i))));
  }
  if (i + 8 <= k) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i),
                     _mm_cvtepi8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + i))));
    i += 8;
  }
  for (; i < k; ++i) dst[i] = src[i];
}

// dst[i] = src[i] for i < count (no overlap between them): 32-byte moves, the last one (or
// two 16-byte ones) overlapping the one before instead of a tail loop; the short runs of a
// window (k_w * in_c entries) without a library call.
LPAI_TARGET_AVX2 inline void copy_i16(int16_t* dst, const int16_t* src, size_t count) {
  if (count >= 16) {
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i),
                          _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i)));
    }
    if (i < count) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + count - 16),
                          _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + count - 16)));
    }
  } else if (count >= 8) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + count - 8));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), a);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + count - 8), b);
  } else {
    for (size_t i = 0; i < count; ++i) dst[i] = src[i];
  }
}

// rows[ky][u][c] = input (b, iy, u - pad_w, c) for the k_h filter rows of output row oy,
// iy = oy * stride_h - pad_h + ky * dilation_h, u < span; the input zero point where (iy, u -
// pad_w) is outside the input.
LPAI_TARGET_AVX2 void widen_window_rows(const Geom& p, const int8_t* in, uint32_t b, uint32_t oy,
                                        uint32_t span, int16_t* rows) {
  const int16_t zp = static_cast<int16_t>(p.input_zero_point);
  const size_t c = p.in_c;
  // Columns u in [u_lo, u_hi) are inside the input.
  const uint32_t u_lo = p.pad_w < span ? p.pad_w : span;
  const uint32_t u_hi = p.in_w + p.pad_w < span ? p.in_w + p.pad_w : span;
  for (uint32_t ky = 0; ky < p.k_h; ++ky) {
    int16_t* dst = rows + static_cast<size_t>(ky) * span * c;
    const int64_t iy = static_cast<int64_t>(oy) * p.stride_h - p.pad_h +
                       static_cast<int64_t>(ky) * p.dilation_h;
    if (iy < 0 || iy >= static_cast<int64_t>(p.in_h) || u_hi <= u_lo) {
      std::fill(dst, dst + span * c, zp);
      continue;
    }
    std::fill(dst, dst + u_lo * c, zp);
    const int8_t* src = in + ((static_cast<size_t>(b) * p.in_h + static_cast<size_t>(iy)) * p.in_w +
                              (u_lo - p.pad_w)) * c;
    widen_avx2(src, static_cast<uint32_t>((u_hi - u_lo) * c), dst + u_lo * c);
    std::fill(dst + u_hi * c, dst + span * c, zp);
  }
}

// The micro-kernels of each instruction set (x86_gemm.h).
template <int kIsa>
using GemmOf = typename std::conditional<kIsa == kIsaAvx512, Avx512, Avx2>::type;

}  // namespace

template <int kIsa>
void conv_core(const Geom& p, const int8_t* in, const int8_t* w, bool transposed, uint32_t n,
               const Requant& q, int8_t* out) {
  using I = GemmOf<kIsa>;
  const uint32_t k = p.k_h * p.k_w * p.in_c;
  const uint32_t plane = p.out_h * p.out_w, total = p.batches * plane;
  trim_packed_cache();
  const Packed& pw = packed_filter(w, n, k, kIsa, transposed);
  const Tables& t =
      cached_tables(q, pw.corr.data(), pw.generation, n, static_cast<uint32_t>(pw.corr.size()));

  const uint32_t group = group_of(kIsa);
  const size_t stride = static_cast<size_t>((k + group - 1) / group) * group;  // padded row
  thread_local std::vector<int8_t> bytes;
  thread_local std::vector<int16_t> wide;
  // Rows are rewritten over [0, k) per block; their padding [k, stride) stays zero.
  bytes.resize(kRowBlock * stride);
  if (kIsa == kIsaAvx2) wide.resize(kRowBlock * stride);
  for (uint32_t j = 0; j < kRowBlock; ++j) {
    for (size_t kk = k; kk < stride; ++kk) {
      bytes[j * stride + kk] = 0;
      if (kIsa == kIsaAvx2) wide[j * stride + kk] = 0;
    }
  }
  // 1x1 without padding: the input pixel is the row (no unrolling).
  const bool pointwise = p.k_h == 1 && p.k_w == 1 && p.pad_h == 0 && p.pad_w == 0;
  // AVX2, other filters with dilation_w 1: the k_h input rows under an output row, widened
  // once (input zero point outside the input, as im2col pads); a window is then k_h runs of
  // k_w * in_c int16 copied from them.
  const bool from_rows = kIsa == kIsaAvx2 && !pointwise && p.dilation_w == 1;
  const uint32_t span = (p.out_w - 1) * p.stride_w + p.k_w;  // input columns of an output row
  const size_t run = static_cast<size_t>(p.k_w) * p.in_c;
  thread_local std::vector<int16_t> wrows;
  if (from_rows) wrows.resize(static_cast<size_t>(p.k_h) * span * p.in_c);
  uint32_t rows_b = ~0u, rows_oy = ~0u;  // the output row wrows holds
  using Row = typename std::conditional<kIsa == kIsaAvx512, int8_t, int16_t>::type;
  const Row* rows[kRowBlock];
  const bool in_place = kIsa == kIsaAvx512 && p.k_h == 1 && p.k_w == 1 && p.pad_h == 0 &&
                        p.pad_w == 0 && k % 4 == 0;
  // AVX2, 1x1 at stride 1 over an even depth: the block's input pixels are one contiguous run
  // and their widened rows too (stride == k), so the block is widened in one pass.
  const bool contiguous = kIsa == kIsaAvx2 && pointwise && p.stride_h == 1 &&
                          p.stride_w == 1 && stride == k;
  // Output pixel (b, oy, ox) of row `first + j`, advanced incrementally (no divisions per row).
  uint32_t b = 0, oy = 0, ox = 0;
  for (uint32_t first = 0; first < total; first += kRowBlock) {
    const uint32_t count = total - first < kRowBlock ? total - first : kRowBlock;
    if (contiguous) {
      widen_avx2(in + static_cast<size_t>(first) * k, count * k, wide.data());
      for (uint32_t j = 0; j < count; ++j) {
        rows[j] = reinterpret_cast<const Row*>(wide.data() + static_cast<size_t>(j) * k);
      }
      I::gemm(rows, count, pw, t, out + static_cast<size_t>(first) * n);
      continue;
    }
    for (uint32_t j = 0; j < count; ++j, ++ox) {
      if (ox == p.out_w) {
        ox = 0;
        if (++oy == p.out_h) {
          oy = 0;
          ++b;
        }
      }
      int8_t* row = bytes.data() + j * stride;
      if (in_place) {
        rows[j] = reinterpret_cast<const Row*>(
            in + ((static_cast<size_t>(b) * p.in_h + oy * p.stride_h) * p.in_w + ox * p.stride_w) * p.in_c);
        continue;
      }
      if (from_rows) {
        if (b != rows_b || oy != rows_oy) {
          widen_window_rows(p, in, b, oy, span, wrows.data());
          rows_b = b;
          rows_oy = oy;
        }
        int16_t* wr = wide.data() + j * stride;
        const int16_t* src = wrows.data() + static_cast<size_t>(ox) * p.stride_w * p.in_c;
        for (uint32_t ky = 0; ky < p.k_h; ++ky) {
          copy_i16(wr + ky * run, src + static_cast<size_t>(ky) * span * p.in_c, run);
        }
        rows[j] = reinterpret_cast<const Row*>(wr);
      } else if (kIsa == kIsaAvx2) {
        int16_t* wr = wide.data() + j * stride;
        const int8_t* src = row;
        if (pointwise) {
          src = in + ((static_cast<size_t>(b) * p.in_h + oy * p.stride_h) * p.in_w + ox * p.stride_w) * p.in_c;
        } else {
          im2col_row(p, in, b, oy, ox, row);
        }
        widen_avx2(src, k, wr);
        rows[j] = reinterpret_cast<const Row*>(wr);
      } else {
        im2col_row(p, in, b, oy, ox, row);
        rows[j] = reinterpret_cast<const Row*>(row);
      }
    }
    I::gemm(rows, count, pw, t, out + static_cast<size_t>(first) * n);
  }
}

template void conv_core<kIsaAvx2>(const Geom&, const int8_t*, const int8_t*, bool, uint32_t,
                                  const Requant&, int8_t*);
template void conv_core<kIsaAvx512>(const Geom&, const int8_t*, const int8_t*, bool, uint32_t,
                                    const Requant&, int8_t*);

namespace {

template <int kIsa>
bool conv_impl(const kernels::KernelArgs& args) {
  const Conv2dParams& p = *reinterpret_cast<const Conv2dParams*>(args.params);
  if ((p.flags & kernels::kConvFlagInt16x8) != 0 || !int8_io(args)) return false;
  const Int8Io io = int8_tensors(args);
  conv_core<kIsa>(geom_of(p, p.in_c), io.in0, io.in1, /*transposed=*/false, p.out_c,
                  kernels::gemm::requant_after_header<Conv2dParams>(args.params, p.out_c), io.out);
  return true;
}

}  // namespace

bool conv_s8_avx2(const kernels::KernelArgs& args) { return conv_impl<kIsaAvx2>(args); }
bool conv_s8_avx512vnni(const kernels::KernelArgs& args) { return conv_impl<kIsaAvx512>(args); }

}  // namespace lpai::host::simd
#endif  // LPAI_X86_SIMD
