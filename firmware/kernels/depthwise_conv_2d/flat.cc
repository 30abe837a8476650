// DEPTHWISE_CONV_2D flat path (depth_multiplier 1, stride_w 1): see paths.h.
#include "kernels/depthwise_conv_2d/paths.h"

namespace lpai {
namespace kernels {
namespace dw {

namespace {

// Flat path (depth_multiplier 1, stride_w 1): along an output row, the interior pixels (every
// horizontal tap inside the input) form one run of (pixels * in_c) output elements whose
// inputs, for a fixed tap, are the same run shifted by a constant; it is cut into blocks of
// kLanes elements. Block lane j is channel (block start + j) mod in_c, so in_c must be a
// multiple of kLanes (filter rows used in place, f_stride = in_c) or divide it (filter tiled
// to kLanes entries, f_stride = kLanes). One call computes the channel group of the run tables
// in l: channels [l.first, l.first + kLanes) (l.first a multiple of kLanes, in_c a multiple of
// kLanes: the blocks starting at channel l.first) or, for in_c < kLanes, every channel (l.first
// 0, lane j = channel j % in_c). Edge pixels of the group go through pixel_dm1.
void eval_rows_flat(const DepthwiseConv2dParams& p, const int8_t* in, const int8_t* filter,
                    const int8_t* flat_filter, size_t f_stride, const Lanes& l, int8_t* out) {
  const size_t c = p.in_c;
  const uint32_t group_n = p.in_c < kLanes ? p.in_c : kLanes;
  const uint32_t span = (p.k_w - 1) * p.dilation_w;
  // Interior columns: ox - pad_w >= 0 and ox - pad_w + span <= in_w - 1.
  const uint32_t ox_a = p.pad_w < p.out_w ? p.pad_w : p.out_w;
  uint32_t ox_b = p.in_w > span ? p.in_w - span + p.pad_w : 0;
  if (ox_b > p.out_w) ox_b = p.out_w;
  if (ox_b < ox_a) ox_b = ox_a;
  const size_t blocks = static_cast<size_t>(ox_b - ox_a) * c / kLanes;
  const uint32_t ox_tail = ox_a + static_cast<uint32_t>(blocks * kLanes / c);
  const size_t block_step = f_stride / kLanes;  // blocks per group cycle
  const size_t block0 = l.first / kLanes;       // first block of the group
  const size_t phase = l.first;                 // (block0 + i * block_step) * kLanes mod f_stride
  const size_t x_row = static_cast<size_t>(p.dilation_h) * p.in_w * c;
  const size_t x_col = p.dilation_w * c;
  for (uint32_t b = 0; b < p.batches; ++b) {
    Pixel px;
    px.in = in + static_cast<size_t>(b) * p.in_h * p.in_w * c;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      pixel_row(p, oy, &px);
      int8_t* row_out = out + (static_cast<size_t>(b) * p.out_h + oy) * p.out_w * c;
      uint32_t ox = 0;
      for (; ox < ox_a; ++ox) pixel_dm1(p, &px, ox, filter, l, group_n, row_out + ox * c);
      if (blocks > 0 && px.ky1 > px.ky0) {
        const uint32_t iy = static_cast<uint32_t>(px.iy0 + static_cast<int32_t>(px.ky0 * p.dilation_h));
        const int8_t* x0 = px.in + (static_cast<size_t>(iy) * p.in_w + (ox_a - p.pad_w)) * c;
        const int8_t* f0 = flat_filter + static_cast<size_t>(px.ky0) * p.k_w * f_stride;
        int8_t* d0 = row_out + ox_a * c;
        for (size_t k = block0; k < blocks; k += block_step) {
          const size_t e = k * kLanes;
          int32_t acc[kLanes] = {};
          accumulate_taps<kLanes>(x0 + e, x_row, x_col, f0 + phase, p.k_w * f_stride, f_stride,
                                  px.ky1 - px.ky0, p.k_w, p.input_zero_point, acc);
          store_block<kLanes>(acc, l, 0, d0 + e);
        }
        ox = ox_tail;
      }
      for (; ox < p.out_w; ++ox) pixel_dm1(p, &px, ox, filter, l, group_n, row_out + ox * c);
    }
  }
}

}  // namespace

// depth_multiplier 1, stride_w 1, in_c a multiple of kLanes up to kFlatMaxChannels: the flat
// path one kLanes-channel group at a time.
__attribute__((noinline)) void eval_flat_groups(const DepthwiseConv2dParams& p, const gemm::Requant& q,
                                                uint32_t acc_bound, const int8_t* in,
                                                const int8_t* filter, int8_t* out) {
  gemm::FastRun run;
  for (uint32_t first = 0; first < p.in_c; first += kLanes) {
    gemm::fast_run_fill(q, first, kLanes, kLanes, acc_bound, &run);
    const Lanes l{&run, first, kLanes};
    eval_rows_flat(p, in, filter, filter, p.in_c, l, out);
  }
}

// depthwise_conv_2d_tiles_filter(p): the flat path with the filter tiled to kLanes lanes in
// tiled (depthwise_conv_2d_temp_bytes(p) bytes of kernel scratch).
__attribute__((noinline)) void eval_flat_tiled(const DepthwiseConv2dParams& p, const gemm::Requant& q,
                                               uint32_t acc_bound, const int8_t* in,
                                               const int8_t* filter, int8_t* out, int8_t* tiled) {
  const uint32_t taps = p.k_h * p.k_w;
  for (uint32_t t = 0; t < taps; ++t) {
    for (uint32_t j = 0; j < kLanes; ++j) tiled[t * kLanes + j] = filter[t * p.in_c + j % p.in_c];
  }
  gemm::FastRun run;
  gemm::fast_run_fill(q, 0, kLanes, p.in_c, acc_bound, &run);
  const Lanes l{&run, 0, p.in_c};
  eval_rows_flat(p, in, filter, tiled, kLanes, l, out);
}

}  // namespace dw
}  // namespace kernels
}  // namespace lpai
