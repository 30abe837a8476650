// The AVX2 depth-multiplier-1 path of the x86 DEPTHWISE_CONV_2D (host simulation only),
// shared between the dispatcher (x86_depthwise_conv_2d.cc) and its file
// (x86_depthwise_rows_avx2.cc).
#ifndef LPAI_HOST_SIMD_X86_DEPTHWISE_CONV_2D_H
#define LPAI_HOST_SIMD_X86_DEPTHWISE_CONV_2D_H

#include <cstdint>

#include "kernels/params/depthwise_conv_2d.h"
#include "simd/requant.h"
#include "simd/x86_target.h"

#if defined(LPAI_X86_SIMD)
namespace lpai::host::simd {

// Filter heights dw_rows_avx2 takes (its per-output-row table of row pointers).
constexpr uint32_t kDwRowsMaxKh = 16;

// Depth multiplier 1, int8, every output of the node: p.k_h <= kDwRowsMaxKh, and in_c >= 16 or
// in_c == 8 at stride_w 1; t: the node's tables (at least in_c rounded up to 16 lanes).
void dw_rows_avx2(const kernels::DepthwiseConv2dParams& p, const Tables& t, const int8_t* in,
                  const int8_t* filter, int8_t* out);

}  // namespace lpai::host::simd
#endif  // LPAI_X86_SIMD

#endif  // LPAI_HOST_SIMD_X86_DEPTHWISE_CONV_2D_H
