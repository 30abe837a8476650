// DEPTHWISE_CONV_2D: the helpers its evaluation paths share. Private to
// kernels/depthwise_conv_2d.cc, whose translation unit includes the paths (<path>.inc, one file
// each in this folder) so that they keep internal linkage: the compiler sees every call of a
// helper and keeps the code of the single-file kernel. Every path is bit-exact with TFLite's
// reference. Each int8 path is its own non-inlined function, so the stack of a call is that of
// the path it takes.
#ifndef LPAI_KERNELS_DEPTHWISE_CONV_2D_PATHS_H
#define LPAI_KERNELS_DEPTHWISE_CONV_2D_PATHS_H

#include <stddef.h>
#include <stdint.h>

#include "core/checked_math.h"
#include "kernels/int16x8_common.h"
#include "kernels/int8_gemm.h"
#include "kernels/kernel_api.h"
#include "kernels/params/depthwise_conv_2d.h"
#include "kernels/tap_range.h"

namespace lpai {
namespace kernels {
namespace {

constexpr uint32_t kChunk = 64;  // output channels per chunk of the generic and int16x8 paths
constexpr uint32_t kLanes = 16;     // flat-path block width (output elements)
static_assert(kLanes == kDwTiledLanes, "the tiled filter in the scratch has kLanes lanes");
constexpr uint32_t kFlatMaxChannels = 64;  // flat path for in_c a multiple of kLanes

// Helpers of the path files.

inline const DepthwiseConv2dParams& header(const KernelArgs& args) {
  return *reinterpret_cast<const DepthwiseConv2dParams*>(args.params);
}

// acc[j] += sum over rows r < n_rows and columns t < n_cols of
//   (x[r * x_row + t * x_col + j] - zp) * f[r * f_row + t * f_col + j],   j < W.
// Each product fits int16 (|x - zp| <= 255, |f| <= 128), so it is formed in 16 bits and widened.
template <uint32_t W>
inline void accumulate_taps(const int8_t* __restrict x, size_t x_row, size_t x_col,
                            const int8_t* __restrict f, size_t f_row, size_t f_col,
                            uint32_t n_rows, uint32_t n_cols, int32_t zp, int32_t* __restrict acc) {
  for (uint32_t r = 0; r < n_rows; ++r) {
    const int8_t* xr = x + r * x_row;
    const int8_t* fr = f + r * f_row;
    for (uint32_t t = 0; t < n_cols; ++t) {
      const int8_t* __restrict xs = xr + t * x_col;
      const int8_t* __restrict fs = fr + t * f_col;
      for (size_t j = 0; j < W; ++j) {
        acc[j] += static_cast<int16_t>((static_cast<int32_t>(xs[j]) - zp) * fs[j]);
      }
    }
  }
}

// Where a block's accumulators go: lane j of the current channel run (tables in *run) is output
// channel first + j % period.
struct Lanes {
  const gemm::FastRun* run;
  uint32_t first;
  uint32_t period;
};

template <uint32_t W>
inline void store_block(const int32_t* acc, const Lanes& l, size_t lane0, int8_t* __restrict dst) {
  gemm::fast_requantize_block<W>(acc, *l.run, lane0, dst);
}

struct Pixel {
  const int8_t* in;      // input pixel (b, 0, 0) base
  uint32_t ky0, ky1, kx0, kx1;
  int32_t iy0, ix0;      // input coordinates of tap (0, 0)
};

// Output row oy: the input row of tap 0 and the filter rows inside the input.
inline void pixel_row(const DepthwiseConv2dParams& p, uint32_t oy, Pixel* px) {
  px->iy0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
  tap_range(px->iy0, p.k_h, p.dilation_h, p.in_h, &px->ky0, &px->ky1);
}

// Output column ox: the input column of tap 0 and the filter columns inside the input.
inline void pixel_col(const DepthwiseConv2dParams& p, uint32_t ox, Pixel* px) {
  px->ix0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
  tap_range(px->ix0, p.k_w, p.dilation_w, p.in_w, &px->kx0, &px->kx1);
}

// Channels [c0, c0 + W) of one output pixel, depth_multiplier 1; lane0 = c0 - run first.
template <uint32_t W>
inline void block_dm1(const DepthwiseConv2dParams& p, const Pixel& px, const int8_t* filter,
                      uint32_t c0, const Lanes& l, int8_t* dst) {
  const size_t c = p.in_c;
  int32_t acc[W] = {};
  if (px.ky1 > px.ky0 && px.kx1 > px.kx0) {
    const uint32_t iy = static_cast<uint32_t>(px.iy0 + static_cast<int32_t>(px.ky0 * p.dilation_h));
    const uint32_t ix = static_cast<uint32_t>(px.ix0 + static_cast<int32_t>(px.kx0 * p.dilation_w));
    accumulate_taps<W>(px.in + (static_cast<size_t>(iy) * p.in_w + ix) * c + c0,
                       static_cast<size_t>(p.dilation_h) * p.in_w * c, p.dilation_w * c,
                       filter + (static_cast<size_t>(px.ky0) * p.k_w + px.kx0) * c + c0,
                       p.k_w * c, c, px.ky1 - px.ky0, px.kx1 - px.kx0, p.input_zero_point, acc);
  }
  store_block<W>(acc, l, c0 - l.first, dst + c0);
}

// Channels [first, first + n) of output pixel ox of the current row, depth_multiplier 1.
inline void pixel_dm1(const DepthwiseConv2dParams& p, Pixel* px, uint32_t ox, const int8_t* filter,
                      const Lanes& l, uint32_t n, int8_t* dst) {
  pixel_col(p, ox, px);
  uint32_t c0 = l.first;
  const uint32_t end = l.first + n;
  for (; c0 + 16 <= end; c0 += 16) block_dm1<16>(p, *px, filter, c0, l, dst);
  for (; c0 + 8 <= end; c0 += 8) block_dm1<8>(p, *px, filter, c0, l, dst);
  for (; c0 < end; ++c0) block_dm1<1>(p, *px, filter, c0, l, dst);
}

}  // namespace
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_DEPTHWISE_CONV_2D_PATHS_H
