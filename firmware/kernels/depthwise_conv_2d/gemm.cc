// DEPTHWISE_CONV_2D GEMM path (depth_multiplier > 1): see paths.h.
#include "kernels/depthwise_conv_2d/paths.h"

namespace lpai {
namespace kernels {
namespace dw {

// depth_multiplier > 1 as one small GEMM per input channel: output channels ic * dm + m
// (m < dm) of every pixel are the rows of the pixel's window on channel ic (taps values, the
// padding taps holding input_zero_point) times the filter column block transposed to [dm][taps]
// in the kernel scratch (temp: the block, then the two window rows), through the shared 2x2 blocked dot products and the vectorised exact
// requantisation, in runs of gemm::kFastRun output channels. sum (x - zp) f = x . f - zp *
// sum f, so the bias of channel oc becomes bias[oc] - zp * sum_t f[t][oc] (wrapped, as the sum
// is): padding taps contribute nothing, as in TFLite. Requires depthwise_conv_2d_uses_gemm(p)
// and depthwise_conv_2d_temp_bytes(p) bytes at temp (checked by validate).
__attribute__((noinline)) void eval_dm_gemm(const DepthwiseConv2dParams& hdr, const gemm::Requant& q,
                                            const int8_t* in, const int8_t* filter, int8_t* out,
                                            int8_t* temp) {
  // A local copy: the stores into the scratch rows cannot alias it, so its fields stay in
  // registers across them.
  const DepthwiseConv2dParams p = hdr;
  const uint32_t taps = p.k_h * p.k_w, dm = p.depth_multiplier;
  int8_t* wt = temp;
  int8_t* const rows[2] = {temp + dm * taps, temp + dm * taps + taps};
  int32_t bias[gemm::kFastRun];
  // |x . f| <= taps * 128 * 128.
  const uint32_t acc_bound = taps * (128u * 128u);
  const int32_t zp = p.input_zero_point;
  const uint32_t plane = p.out_h * p.out_w, total = p.batches * plane;
  gemm::FastRun run;
  for (uint32_t ic = 0; ic < p.in_c; ++ic) {
    const uint32_t oc0 = ic * dm;
    for (uint32_t m = 0; m < dm; ++m) {
      for (uint32_t t = 0; t < taps; ++t) wt[m * taps + t] = filter[static_cast<size_t>(t) * p.out_c + oc0 + m];
    }
    for (uint32_t m0 = 0; m0 < dm; m0 += gemm::kFastRun) {
      const uint32_t n = dm - m0 < gemm::kFastRun ? dm - m0 : gemm::kFastRun;
      for (uint32_t m = 0; m < n; ++m) {
        int32_t sum = 0;
        for (uint32_t t = 0; t < taps; ++t) sum += wt[(m0 + m) * taps + t];
        bias[m] = static_cast<int32_t>(static_cast<uint32_t>(q.folded_bias[oc0 + m0 + m]) -
                                       static_cast<uint32_t>(zp * sum));
      }
      const gemm::Requant qc{bias, q.multiplier + oc0 + m0, q.shift + oc0 + m0, q.output_zero_point,
                             q.act_min, q.act_max};
      gemm::fast_run_fill(qc, 0, n, n, acc_bound, &run);
      for (uint32_t i = 0; i < total; i += 2) {
        const bool pair = i + 1 < total;
        for (uint32_t r = 0; r < (pair ? 2u : 1u); ++r) {
          const uint32_t b = (i + r) / plane, rem = (i + r) % plane;
          const int32_t y0 = static_cast<int32_t>((rem / p.out_w) * p.stride_h) - static_cast<int32_t>(p.pad_h);
          const int32_t x0 = static_cast<int32_t>((rem % p.out_w) * p.stride_w) - static_cast<int32_t>(p.pad_w);
          const int8_t* base = in + static_cast<size_t>(b) * p.in_h * p.in_w * p.in_c + ic;
          int8_t* row = rows[r];
          uint32_t kx0, kx1;  // horizontal taps inside the input, the same for every filter row
          tap_range(x0, p.k_w, p.dilation_w, p.in_w, &kx0, &kx1);
          const size_t step = static_cast<size_t>(p.dilation_w) * p.in_c;
          for (uint32_t ky = 0; ky < p.k_h; ++ky) {
            int8_t* dst = row + ky * p.k_w;
            const int32_t iy = y0 + static_cast<int32_t>(ky * p.dilation_h);
            if (iy < 0 || iy >= static_cast<int32_t>(p.in_h)) {
              for (uint32_t kx = 0; kx < p.k_w; ++kx) dst[kx] = static_cast<int8_t>(zp);
              continue;
            }
            for (uint32_t kx = 0; kx < kx0; ++kx) dst[kx] = static_cast<int8_t>(zp);
            const int8_t* src = base + (static_cast<size_t>(iy) * p.in_w +
                                        static_cast<uint32_t>(x0 + static_cast<int32_t>(kx0 * p.dilation_w))) * p.in_c;
            for (uint32_t kx = kx0; kx < kx1; ++kx, src += step) dst[kx] = *src;
            for (uint32_t kx = kx1; kx < p.k_w; ++kx) dst[kx] = static_cast<int8_t>(zp);
          }
        }
        int8_t* o0 = out + static_cast<size_t>(i) * p.out_c + oc0 + m0;
        gemm::gemm_row_pair_run(rows[0], pair ? rows[1] : rows[0], wt + m0 * taps, n, taps, run, o0,
                                pair ? o0 + p.out_c : nullptr);
      }
    }
  }
}

}  // namespace dw
}  // namespace kernels
}  // namespace lpai
