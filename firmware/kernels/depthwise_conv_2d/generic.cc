// DEPTHWISE_CONV_2D generic int8 path (any depth multiplier): see paths.h.
#include "kernels/depthwise_conv_2d/paths.h"

namespace lpai {
namespace kernels {
namespace dw {

namespace {

// Output channels [oc0, oc0 + n), n <= kChunk, any depth multiplier.
inline void chunk_generic(const DepthwiseConv2dParams& p, const Pixel& px, const int8_t* filter,
                          uint32_t oc0, uint32_t n, const gemm::Requant& q, int8_t* dst) {
  const uint32_t c = p.in_c, oc_count = p.out_c, dm = p.depth_multiplier;
  const int32_t in_zp = p.input_zero_point;
  int32_t acc[kChunk];
  for (uint32_t j = 0; j < n; ++j) acc[j] = 0;
  const uint32_t ic_start = oc0 / dm, m_start = oc0 % dm;
  for (uint32_t ky = px.ky0; ky < px.ky1; ++ky) {
    const uint32_t iy = static_cast<uint32_t>(px.iy0 + static_cast<int32_t>(ky * p.dilation_h));
    for (uint32_t kx = px.kx0; kx < px.kx1; ++kx) {
      const uint32_t ix = static_cast<uint32_t>(px.ix0 + static_cast<int32_t>(kx * p.dilation_w));
      const int8_t* xs = px.in + (static_cast<size_t>(iy) * p.in_w + ix) * c;
      const int8_t* fs = filter + (static_cast<size_t>(ky) * p.k_w + kx) * oc_count + oc0;
      uint32_t ic = ic_start, m = m_start;
      for (uint32_t j = 0; j < n; ++j) {
        acc[j] += (static_cast<int32_t>(xs[ic]) - in_zp) * fs[j];
        if (++m == dm) {
          m = 0;
          ++ic;
        }
      }
    }
  }
  for (uint32_t j = 0; j < n; ++j) dst[oc0 + j] = gemm::requantize(acc[j], oc0 + j, q);
}

}  // namespace

// depth_multiplier != 1 outside the eval_dm_gemm limits: per pixel, chunks of kChunk output channels.
__attribute__((noinline)) void eval_generic(const DepthwiseConv2dParams& p, const gemm::Requant& q,
                                            const int8_t* in, const int8_t* filter, int8_t* out) {
  for (uint32_t b = 0; b < p.batches; ++b) {
    Pixel px;
    px.in = in + static_cast<size_t>(b) * p.in_h * p.in_w * p.in_c;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      pixel_row(p, oy, &px);
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        pixel_col(p, ox, &px);
        int8_t* dst = out + ((static_cast<size_t>(b) * p.out_h + oy) * p.out_w + ox) * p.out_c;
        for (uint32_t c0 = 0; c0 < p.out_c; c0 += kChunk) {
          const uint32_t n = p.out_c - c0 < kChunk ? p.out_c - c0 : kChunk;
          chunk_generic(p, px, filter, c0, n, q, dst);
        }
      }
    }
  }
}

}  // namespace dw
}  // namespace kernels
}  // namespace lpai
