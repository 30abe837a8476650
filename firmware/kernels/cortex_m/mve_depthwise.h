// DEPTHWISE_CONV_2D int8, depth multiplier 1, on Helium: the same bytes as the portable kernel
// (kernels/depthwise_conv_2d.cc), any kernel size, stride, dilation, padding and channel count.
//
// Sixteen channels per step, as two int16x8 halves (VLDRB.S16 widens eight int8 channels) and
// four int32x4 accumulators, the even and the odd channels of each half (VMULLB / VMULLT: exact
// int32 products of the even / odd int16 lanes). Per group of 16 channels the input zero point
// is folded into the accumulators' start for pixels whose window lies inside the input,
// bias - zp * sum of the channel's taps (stack tables of 16 words, in accumulator order); each
// tap then costs two input loads, two filter loads, four VMULL and four VADD: 16 exact
// products. Edge pixels start from the bias and visit only their valid taps, adding
// (x - zp) * w, as TFLite does. Channel counts that are not a multiple of 16 run their last
// group under VCTP predicates (no byte past a row is read or written).
//
// 3x3 filters (kws, vww): the group's nine taps are packed once per group into 16-byte rows and
// the interior pixels run them unrolled (13 instructions per tap: the filter by post-increment).
//
// Requantisation: mve_requant.h's scaling (exact for every multiplier and shift), then a
// saturating narrow to int16 and the zero point and clamp on 8 lanes; for whole groups written
// out in inline assembly (46 instructions per 16 channels, every constant loaded from one table
// base, no spills).
#ifndef LPAI_KERNELS_CORTEX_M_MVE_DEPTHWISE_H
#define LPAI_KERNELS_CORTEX_M_MVE_DEPTHWISE_H

#include "kernels/cortex_m/mve_gemm.h"

#if defined(LPAI_HAS_CORTEX_M_MVE)
#include <stdint.h>

#include "kernels/int8_gemm.h"
#include "kernels/params/depthwise_conv_2d.h"

namespace lpai {
namespace kernels {
namespace mve {

// True when depthwise_dm1 runs the node (int8, depth multiplier 1).
bool depthwise_dm1_applies(const DepthwiseConv2dParams& p);

// The node's outputs (batches x out_h x out_w x in_c) from `in` and `filter` ([k_h][k_w][in_c]).
void depthwise_dm1(const DepthwiseConv2dParams& p, const gemm::Requant& q, const int8_t* in,
                   const int8_t* filter, int8_t* out);

}  // namespace mve
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_MVE
#endif  // LPAI_KERNELS_CORTEX_M_MVE_DEPTHWISE_H
