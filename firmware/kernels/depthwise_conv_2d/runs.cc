// DEPTHWISE_CONV_2D per-pixel path (depth_multiplier 1, any shape): see paths.h.
#include "kernels/depthwise_conv_2d/paths.h"

namespace lpai {
namespace kernels {
namespace dw {

namespace {

// Every output pixel, channels [l.first, l.first + n), depth_multiplier 1.
void eval_pixels_dm1(const DepthwiseConv2dParams& p, const int8_t* in, const int8_t* filter,
                     const Lanes& l, uint32_t n, int8_t* out) {
  for (uint32_t b = 0; b < p.batches; ++b) {
    Pixel px;
    px.in = in + static_cast<size_t>(b) * p.in_h * p.in_w * p.in_c;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      pixel_row(p, oy, &px);
      int8_t* row_out = out + (static_cast<size_t>(b) * p.out_h + oy) * p.out_w * p.out_c;
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        pixel_dm1(p, &px, ox, filter, l, n, row_out + static_cast<size_t>(ox) * p.out_c);
      }
    }
  }
}

}  // namespace

// depth_multiplier 1, any shape: per output pixel, runs of gemm::kFastRun channels.
__attribute__((noinline)) void eval_runs(const DepthwiseConv2dParams& p, const gemm::Requant& q,
                                         uint32_t acc_bound, const int8_t* in, const int8_t* filter,
                                         int8_t* out) {
  gemm::FastRun run;
  for (uint32_t first = 0; first < p.out_c; first += gemm::kFastRun) {
    const uint32_t n = p.out_c - first < gemm::kFastRun ? p.out_c - first : gemm::kFastRun;
    gemm::fast_run_fill(q, first, n, n, acc_bound, &run);
    const Lanes l{&run, first, n};
    eval_pixels_dm1(p, in, filter, l, n, out);
  }
}

}  // namespace dw
}  // namespace kernels
}  // namespace lpai
