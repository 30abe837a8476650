// DEPTHWISE_CONV_2D int8, depth multiplier 1, on the Arm DSP extension: the same bytes as the
// portable kernel (kernels/depthwise_conv_2d.cc).
//
// Channels are taken four at a time (in_c a multiple of 4; other shapes stay portable). A word
// of four input channels splits with SXTB16 into the pair-words (c0, c2) and (c1, c3); the
// filter taps of the four channels are widened the same way once per channel group into a
// stack table. Each tap then costs one load, two SXTB16 and four halfword multiply-accumulates
// (SMLABB / SMLATT: bottom x bottom and top x top lanes), i.e. four exact products
// filter * (x - input_zero_point) into four int32 accumulators held in registers. For output
// pixels whose window lies wholly inside the input, the zero point is folded into the
// accumulator's start (bias - zp * sum of the channel's taps); edge pixels subtract it per tap
// (SSUB16), so every sum equals TFLite's.
//
// Requantisation: dsp_requant.h (the same bytes for any multiplier and shift prepare produces).
#ifndef LPAI_KERNELS_CORTEX_M_DSP_DEPTHWISE_H
#define LPAI_KERNELS_CORTEX_M_DSP_DEPTHWISE_H

#include "kernels/cortex_m/dsp_gemm.h"

#if defined(LPAI_HAS_CORTEX_M_DSP)
#include <stdint.h>

#include "kernels/params/depthwise_conv_2d.h"
#include "kernels/int8_gemm.h"

namespace lpai {
namespace kernels {
namespace dsp {

// Filter taps (k_h * k_w) the stack table holds: 2 words per tap, 256 bytes.
constexpr uint32_t kDwMaxTaps = 32;

// True when depthwise_dm1 runs the node (int8, depth multiplier 1, in_c % 4 == 0, at most
// kDwMaxTaps taps).
bool depthwise_dm1_applies(const DepthwiseConv2dParams& p);

// The node's outputs (batches x out_h x out_w x in_c) from `in` and `filter` ([k_h][k_w][in_c]).
void depthwise_dm1(const DepthwiseConv2dParams& p, const gemm::Requant& q, const int8_t* in,
                   const int8_t* filter, int8_t* out);

// One input channel, any depth multiplier with out_c % 4 == 0 (int8), no kernel scratch
// (dsp_depthwise_single.cc): output pixels in pairs and channels four at a time; per tap the
// two pixels' inputs form one pair-word (minus the zero point, SSUB16), the four filter bytes
// two (SXTB16), and eight SMLA<x><y> add the products; taps outside the input are skipped.
bool depthwise_single_applies(const DepthwiseConv2dParams& p);
void depthwise_single(const DepthwiseConv2dParams& p, const gemm::Requant& q, const int8_t* in,
                      const int8_t* filter, int8_t* out);

}  // namespace dsp
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_DSP
#endif  // LPAI_KERNELS_CORTEX_M_DSP_DEPTHWISE_H
