// DEPTHWISE_CONV_2D: layout and contract in kernels/params/depthwise_conv_2d.h; validate, and eval
// choosing one evaluation path (kernels/depthwise_conv_2d/<path>.inc, included below).
//
// Each tap adds filter * (x - input_zero_point) exactly as TFLite does, skipping taps outside
// the input. int8, depth_multiplier 1 (products fit 16 bits, summed in 32; requantisation
// through gemm::FastRun tables per run of gemm::kFastRun channels):
//  - flat.inc: stride_w 1 and in_c a multiple of 16 up to 64, or dividing 16 (filter tiled to
//    16 lanes in the kernel scratch, at most kDwTiledMaxTaps taps): per output row, the
//    interior pixels are one flat run of pixels * in_c outputs in 16-lane blocks; edge pixels
//    take the per-pixel blocks;
//  - runs.inc: otherwise per output pixel, channels in runs of gemm::kFastRun, blocks of 16, 8, 1.
// int8, other depth multipliers:
//  - rows.inc: at most kDwRowsMaxChannels input channels and kDwRowsMaxTaps taps (widened input
//    rows, windows and filter in the kernel scratch, 16-bit dot products of a compile-time
//    depth);
//  - gemm.inc: within the kDwGemm* limits, one small GEMM per input channel;
//  - generic.inc: otherwise per pixel, chunks of 64 output channels, scalar.
// int16x8, any depth multiplier (s16.inc): per pixel, chunks of 64 output channels, 64-bit sums.
// Hexagon with the HVX layout: kernels/hvx/hvx_depthwise.cc.
#include "kernels/params/depthwise_conv_2d.h"

#include "core/check.h"
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
#include "kernels/hvx/hvx_depthwise.h"
#endif

#include "core/checked_math.h"
#include "kernels/conv_checks.h"
#include "kernels/cortex_m/dsp_depthwise.h"
#include "kernels/cortex_m/mve_depthwise.h"
#include "kernels/depthwise_conv_2d/paths.h"
#include "kernels/hvx/hvx_layout.h"
#include "kernels/int16x8_common.h"
#include "kernels/int8_gemm.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

constexpr const char* kOp = ops::depthwise_conv_2d::kName;
constexpr uint32_t kMaxChannels = 1u << 24;

Status validate(const KernelArgs& args) {
  using format::DataType;
  LPAI_RETURN_IF_ERROR(checks::require_params_header(args, kOp, sizeof(DepthwiseConv2dParams)));
  const DepthwiseConv2dParams& p = header(args);
  const uint32_t dims[] = {p.batches, p.in_h, p.in_w, p.out_h, p.out_w, p.k_h, p.k_w,
                           p.stride_h, p.stride_w, p.dilation_h, p.dilation_w};
  for (uint32_t d : dims) {
    if (d == 0 || d > kDwMaxDim) {
      LPAI_FAIL(Status::kBinaryBadParams, "%s: a shape, stride or dilation is 0 or too large", kOp);
    }
  }
  if (p.in_c == 0 || p.depth_multiplier == 0 || p.out_c == 0 || p.out_c > kMaxChannels ||
      static_cast<uint64_t>(p.in_c) * p.depth_multiplier != p.out_c) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: out_c != in_c * depth_multiplier", kOp);
  }
  if ((p.flags & ~kDwKnownFlags) != 0 || p.reserved != 0) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: unknown flags or non-zero reserved field", kOp);
  }
  // The no-scratch flag: int8 only; with the HVX layout only on the path that needs no scratch.
  if ((p.flags & kDwFlagNoTemp) != 0 &&
      ((p.flags & kDwFlagInt16x8) != 0 ||
       ((p.flags & kDwFlagHvxLayout) != 0 && hvx_layout::dw_path(p) != hvx_layout::DwPath::kSingleRows))) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: no-scratch flag on an int16x8 or HVX-layout node", kOp);
  }
  if (static_cast<uint64_t>(p.k_h) * p.k_w > kDwMaxTaps) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: filter has too many taps", kOp);
  }
  const bool hvx = (p.flags & kDwFlagHvxLayout) != 0;
  if (hvx && hvx_layout::dw_path(p) == hvx_layout::DwPath::kNone) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: HVX layout on a convolution the HVX paths do not take",
              kOp);
  }
  if (args.params_size !=
      depthwise_conv_2d_params_size(p.out_c, p.flags) + (hvx ? hvx_layout::dw_layout_bytes(p) : 0u)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: parameter blob size does not match out_c", kOp);
  }
  if (!checks::conv_window_valid(p)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: padding or output size inconsistent with the input",
              kOp);
  }
  const bool wide = (p.flags & kDwFlagInt16x8) != 0;
  const int32_t lo = wide ? -32768 : -128, hi = wide ? 32767 : 127;
  if (!checks::range_valid(p.output_zero_point, p.act_min, p.act_max, lo, hi) ||
      p.input_zero_point < lo || p.input_zero_point > hi ||
      (wide && (p.input_zero_point != 0 || p.output_zero_point != 0))) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: zero points or activation range invalid", kOp);
  }
  const int32_t* mult = reinterpret_cast<const int32_t*>(args.params + sizeof(DepthwiseConv2dParams)) + p.out_c;
  if (wide) {
    if (!w16::arrays_valid(args.params + sizeof(DepthwiseConv2dParams), p.out_c, false)) {
      LPAI_FAIL(Status::kBinaryBadParams, "%s: int16x8 multiplier, shift or bias out of range",
                kOp);
    }
  } else if (!checks::multipliers_valid(mult, mult + p.out_c, p.out_c, -31, 30)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: multiplier negative or shift outside [-31, 30]", kOp);
  }
  if (args.temp_size < depthwise_conv_2d_temp_bytes(p) ||
      (hvx && args.temp_size < hvx_layout::dw_temp_bytes(p))) {
    LPAI_FAIL(Status::kBinaryBadPlan,
              "%s: kernel scratch smaller than the transposed filter block and window rows", kOp);
  }
  const DataType act = wide ? DataType::kInt16 : DataType::kInt8;
  const checks::ConvTensorSpec spec = {act,
                                       DataType::kInt32,
                                       wide ? DataType::kInt64 : DataType::kInt32,
                                       {p.batches, p.in_h, p.in_w, p.in_c},
                                       {1, p.k_h, p.k_w, p.out_c},
                                       {p.batches, p.out_h, p.out_w, p.out_c},
                                       p.out_c,
                                       (p.flags & kDwFlagPerChannel) != 0,
                                       (p.flags & kDwFlagHasBias) != 0,
                                       "[1, k_h, k_w, out_c]"};
  LPAI_RETURN_IF_ERROR(checks::conv_tensors(args, kOp, 0, 2, spec));
  if (hvx && !hvx_layout::dw_layout_matches(
                 p, args.params + depthwise_conv_2d_params_size(p.out_c, p.flags),
                 reinterpret_cast<const int8_t*>(args.inputs[1].data),
                 gemm::requant_after_header<DepthwiseConv2dParams>(args.params, p.out_c))) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: HVX layout differs from the filter and requantisation",
              kOp);
  }
  return Status::kOk;
}

#include "kernels/depthwise_conv_2d/flat.inc"
#include "kernels/depthwise_conv_2d/runs.inc"
#include "kernels/depthwise_conv_2d/rows.inc"
#include "kernels/depthwise_conv_2d/gemm.inc"
#include "kernels/depthwise_conv_2d/generic.inc"
#include "kernels/depthwise_conv_2d/s16.inc"

void eval(const KernelArgs& args) {
  const DepthwiseConv2dParams& p = header(args);
  if ((p.flags & kDwFlagInt16x8) != 0) {
    eval_s16(args);
    return;
  }
  const gemm::Requant q = gemm::requant_after_header<DepthwiseConv2dParams>(args.params, p.out_c);
  const int8_t* in = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  const int8_t* filter = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
  if ((p.flags & kDwFlagHvxLayout) != 0) {  // HVX paths (hexagon builds), bit-exact
    hvx::depthwise_s8(p, args.params + depthwise_conv_2d_params_size(p.out_c, p.flags), in,
                      args.temp, out);
    return;
  }
#endif
#if defined(LPAI_HAS_CORTEX_M_MVE)
  if (mve::depthwise_dm1_applies(p)) {  // Cortex-M Helium, bit-exact
    mve::depthwise_dm1(p, q, in, filter, out);
    return;
  }
#endif
#if defined(LPAI_HAS_CORTEX_M_DSP)
  if (dsp::depthwise_dm1_applies(p)) {  // Cortex-M DSP extension, bit-exact
    dsp::depthwise_dm1(p, q, in, filter, out);
    return;
  }
#endif
#if defined(LPAI_HAS_CORTEX_M_DSP)
  if (dsp::depthwise_single_applies(p)) {  // one input channel, Cortex-M DSP, no scratch
    dsp::depthwise_single(p, q, in, filter, out);
    return;
  }
#endif
  if (p.depth_multiplier != 1) {
    if (depthwise_conv_2d_uses_rows(p)) {
      eval_dm_rows(p, q, in, filter, out, args.temp);
    } else if (depthwise_conv_2d_uses_gemm(p)) {
      eval_dm_gemm(p, q, in, filter, out, reinterpret_cast<int8_t*>(args.temp));
    } else {
      eval_generic(p, q, in, filter, out);
    }
    return;
  }
  const uint32_t taps = p.k_h * p.k_w;
  // |acc| <= taps * 255 * 128 (|x - zp| <= 255, |f| <= 128); taps <= 2^15.
  const uint32_t acc_bound = taps * (255u * 128u);
  if (p.stride_w == 1 && p.in_c <= kFlatMaxChannels && p.in_c % kLanes == 0) {
    eval_flat_groups(p, q, acc_bound, in, filter, out);
  } else if (depthwise_conv_2d_tiles_filter(p)) {
    eval_flat_tiled(p, q, acc_bound, in, filter, out, reinterpret_cast<int8_t*>(args.temp));
  } else {
    eval_runs(p, q, acc_bound, in, filter, out);
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(depthwise_conv_2d, validate, eval);

}  // namespace kernels
}  // namespace lpai
