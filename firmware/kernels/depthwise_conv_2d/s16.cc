// DEPTHWISE_CONV_2D int16x8 path: see paths.h.
#include "kernels/depthwise_conv_2d/paths.h"

namespace lpai {
namespace kernels {
namespace dw {

__attribute__((noinline)) void eval_s16(const KernelArgs& args) {
  const DepthwiseConv2dParams& p = header(args);
  const w16::Requant q = w16::requant_at(args.params + sizeof(DepthwiseConv2dParams), p.out_c,
                                         p.act_min, p.act_max, false);
  const int16_t* in = reinterpret_cast<const int16_t*>(args.inputs[0].data);
  const int8_t* filter = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  int16_t* out = reinterpret_cast<int16_t*>(args.outputs[0].data);
  const uint32_t c = p.in_c, oc_count = p.out_c, dm = p.depth_multiplier;
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int16_t* in_b = in + static_cast<size_t>(b) * p.in_h * p.in_w * c;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t iy0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      uint32_t ky0, ky1;
      tap_range(iy0, p.k_h, p.dilation_h, p.in_h, &ky0, &ky1);
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        const int32_t ix0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        uint32_t kx0, kx1;
        tap_range(ix0, p.k_w, p.dilation_w, p.in_w, &kx0, &kx1);
        int16_t* dst = out + ((static_cast<size_t>(b) * p.out_h + oy) * p.out_w + ox) * oc_count;
        for (uint32_t oc0 = 0; oc0 < oc_count; oc0 += kChunk) {
          const uint32_t n = oc_count - oc0 < kChunk ? oc_count - oc0 : kChunk;
          int64_t acc[kChunk];
          for (uint32_t j = 0; j < n; ++j) acc[j] = 0;
          for (uint32_t ky = ky0; ky < ky1; ++ky) {
            const uint32_t iy = static_cast<uint32_t>(iy0 + static_cast<int32_t>(ky * p.dilation_h));
            for (uint32_t kx = kx0; kx < kx1; ++kx) {
              const uint32_t ix = static_cast<uint32_t>(ix0 + static_cast<int32_t>(kx * p.dilation_w));
              const int16_t* xs = in_b + (static_cast<size_t>(iy) * p.in_w + ix) * c;
              const int8_t* fs = filter + (static_cast<size_t>(ky) * p.k_w + kx) * oc_count + oc0;
              if (dm == 1) {
                for (uint32_t j = 0; j < n; ++j) acc[j] += static_cast<int32_t>(xs[oc0 + j]) * fs[j];
              } else {
                uint32_t ic = oc0 / dm, m = oc0 % dm;
                for (uint32_t j = 0; j < n; ++j) {
                  acc[j] += static_cast<int32_t>(xs[ic]) * fs[j];
                  if (++m == dm) {
                    m = 0;
                    ++ic;
                  }
                }
              }
            }
          }
          for (uint32_t j = 0; j < n; ++j) dst[oc0 + j] = w16::requantize(acc[j], oc0 + j, q);
        }
      }
    }
  }
}

}  // namespace dw
}  // namespace kernels
}  // namespace lpai
