// The x86 CONV_2D int8 driver (host simulation only), shared with the depthwise kernel's
// one-input-channel case: every output pixel's input window (im2col as in kernels/conv_2d.cc:
// padding taps hold the input zero point, which the folded bias cancels) gathered per block of
// output pixels into a per-thread buffer padded with zeros to the tap group, then the GEMM
// micro-kernels of x86_gemm.h against the packed filter.
#ifndef LPAI_HOST_SIMD_X86_CONV_2D_H
#define LPAI_HOST_SIMD_X86_CONV_2D_H

#include <cstdint>

#include "kernels/int8_gemm.h"
#include "simd/x86_target.h"

#if defined(LPAI_X86_SIMD)
namespace lpai::host::simd {

// The window geometry of a convolution (NHWC input, [out_c][k_h][k_w][in_c] filter).
struct Geom {
  uint32_t batches, in_h, in_w, in_c, out_h, out_w, k_h, k_w;
  uint32_t stride_h, stride_w, dilation_h, dilation_w, pad_h, pad_w;
  int32_t input_zero_point;
};

// P: a parameter struct with the fields of Geom (Conv2dParams, DepthwiseConv2dParams).
template <class P>
Geom geom_of(const P& p, uint32_t in_c) {
  return Geom{p.batches,  p.in_h,     p.in_w,       in_c,         p.out_h,
              p.out_w,    p.k_h,      p.k_w,        p.stride_h,   p.stride_w,
              p.dilation_h, p.dilation_w, p.pad_h,  p.pad_w,      p.input_zero_point};
}

// out[pixel][o] = requantize(window(pixel) . w[o]) for o < n over every output pixel; w is
// [n][k] (or [k][n] when transposed), k = k_h * k_w * in_c. kIsa: kIsaAvx2 or kIsaAvx512
// (both instantiated in x86_conv_2d.cc).
template <int kIsa>
void conv_core(const Geom& p, const int8_t* in, const int8_t* w, bool transposed, uint32_t n,
               const kernels::gemm::Requant& q, int8_t* out);

}  // namespace lpai::host::simd
#endif  // LPAI_X86_SIMD

#endif  // LPAI_HOST_SIMD_X86_CONV_2D_H
