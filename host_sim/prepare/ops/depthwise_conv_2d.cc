// DEPTHWISE_CONV_2D: offline prepare for the int8 and int16x8 kernels (firmware/kernels/depthwise_conv_2d.h).
// Mirrors TFLite Micro's DepthwiseConvPrepare: padding by ComputePaddingHeightWidth, per-channel
// multipliers by PopulateConvolutionQuantizationParams over filter dim 3, activation range by
// CalculateActivationRangeQuantized.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/hvx/hvx_layout.h"
#include "kernels/params/depthwise_conv_2d.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/conv_family_prep.h"
#include "prepare/ops/int8_prep_util.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_depthwise_conv_2d(const PrepOp& op) {
  using format::DataType;
  PrepResult r;
  const host::HostResult<util::GemmOperands> operands = util::gemm_operands(op);
  if (!operands.ok()) return PrepResult::reject(operands.status());
  const auto [input, filter, bias, output] = operands.value();
  if (input == nullptr || (input->type != DataType::kInt8 && input->type != DataType::kInt16)) {
    return PrepResult::reject("only int8 or int16 (16x8) activations are supported");
  }
  const bool wide = input->type == DataType::kInt16;
  const host::HostStatus checked = util::check_conv_operands(
      input, filter, output, /*symmetric_wide=*/true, "input, filter and output must be 4-D");
  if (!checked.ok()) return PrepResult::reject(checked);
  const int batches = input->shape[0], in_h = input->shape[1], in_w = input->shape[2],
            in_c = input->shape[3];
  const int k_h = filter->shape[1], k_w = filter->shape[2], out_c = filter->shape[3];
  if (filter->shape[0] != 1) return PrepResult::reject("filter must have shape [1, k_h, k_w, out_c]");
  const OpOptions& o = op.options;
  // TFLite Micro derives the multiplier from the shapes; the option must agree with it.
  if (out_c % in_c != 0) return PrepResult::reject("output channels are not a multiple of input channels");
  const int dm = out_c / in_c;
  if (o.depth_multiplier != dm && o.depth_multiplier != 0) {
    return PrepResult::reject("depth_multiplier option " + std::to_string(o.depth_multiplier) +
                  " differs from out_c / in_c = " + std::to_string(dm));
  }
  const host::HostStatus filter_ok = util::check_filter_and_bias(
      *filter, bias, out_c, wide, /*axis=*/3, "bias must be a constant int64 or int32 tensor for 16x8");
  if (!filter_ok.ok()) return PrepResult::reject(filter_ok);
  const bool per_channel = filter->scales.size() > 1;
  int out_h = 0, out_w = 0, pad_h = 0, pad_w = 0;
  const host::HostStatus window_ok = util::dilated_output_window(
      o, batches, in_h, in_w, k_h, k_w, out_c, *output, &out_h, &out_w, &pad_h, &pad_w);
  if (!window_ok.ok()) return PrepResult::reject(window_ok);
  if (static_cast<int64_t>(k_h) * k_w > kernels::kDwMaxTaps) return PrepResult::reject("filter has too many taps");
  const int dims[] = {batches, in_h, in_w, out_h, out_w, k_h, k_w,
                      o.stride_h, o.stride_w, o.dilation_h, o.dilation_w};
  for (int d : dims) {
    if (static_cast<uint32_t>(d) > kernels::kDwMaxDim) return PrepResult::reject("a dimension exceeds 65536");
  }
  const host::HostResult<util::ConvRequant> requant =
      util::conv_requant(*input, *filter, *output, out_c, o.activation, wide);
  if (!requant.ok()) return PrepResult::reject(requant.error());
  const util::ConvRequant& rq = requant.value();

  kernels::DepthwiseConv2dParams p{};
  const util::ConvWindow window{batches, in_h,       in_w,       in_c,  out_h, out_w, out_c,
                                k_h,     k_w,        o.stride_h, o.stride_w, pad_h, pad_w};
  util::fill_conv_window(&p, window, *input, *output, rq.act_min, rq.act_max);
  p.depth_multiplier = static_cast<uint32_t>(dm);
  p.dilation_h = static_cast<uint32_t>(o.dilation_h);
  p.dilation_w = static_cast<uint32_t>(o.dilation_w);
  p.flags = (per_channel ? kernels::kDwFlagPerChannel : 0u) |
            (bias != nullptr ? kernels::kDwFlagHasBias : 0u) | (wide ? kernels::kDwFlagInt16x8 : 0u);
  p.reserved = 0;
  if (wide) {
    // TFLite Micro's 16x8 depthwise always accumulates in int64 (64-bit requantisation).
    const host::HostResult<std::vector<int64_t>> b64 = util::wide_bias(bias, out_c, &rq.shift);
    if (!b64.ok()) return PrepResult::reject(b64.error());
    append_pod(&r.params, p);
    append_array(&r.params, b64.value());
    append_array(&r.params, rq.multiplier);
    append_array(&r.params, rq.shift);
    r.temp_bytes = 0;
    return r;
  }
  std::vector<int32_t> b(out_c, 0);
  if (bias != nullptr) {
    for (int c = 0; c < out_c; ++c) b[c] = util::const_i32(*bias, c);
  }
  // The HVX layout of the filter, when asked for and an HVX path takes the convolution.
  namespace hl = kernels::hvx_layout;
  std::vector<uint8_t> layout;
  if (op.layout == KernelLayout::kHvx && hl::dw_path(p) != hl::DwPath::kNone) {
    std::vector<uint32_t> words(hl::dw_layout_bytes(p) / 4);
    const kernels::gemm::Requant q{b.data(), rq.multiplier.data(), rq.shift.data(), 0, 0, 0};
    if (hl::build_dw_layout(p, reinterpret_cast<const int8_t*>(filter->data), q,
                            reinterpret_cast<uint8_t*>(words.data()))) {
      const uint8_t* bytes = reinterpret_cast<const uint8_t*>(words.data());
      layout.assign(bytes, bytes + words.size() * 4);
      p.flags |= kernels::kDwFlagHvxLayout;
      // The HVX path without scratch: the portable fallback (non-HVX builds) takes none either.
      if (hl::dw_path(p) == hl::DwPath::kSingleRows) p.flags |= kernels::kDwFlagNoTemp;
    }
  }
  // One input channel (out_c % 4 == 0): the Cortex-M DSP path takes it without scratch and
  // faster than the row path, so the portable form asks for none.
  if (layout.empty() && in_c == 1 && out_c % 4 == 0) p.flags |= kernels::kDwFlagNoTemp;
  auto blob = [&](const kernels::DepthwiseConv2dParams& h) {
    std::vector<uint8_t> bytes;
    append_pod(&bytes, h);
    append_array(&bytes, b);
    append_array(&bytes, rq.multiplier);
    append_array(&bytes, rq.shift);
    if ((h.flags & kernels::kDwFlagHvxLayout) != 0) append_array(&bytes, layout);
    return bytes;
  };
  r.params = blob(p);
  uint64_t temp = kernels::depthwise_conv_2d_temp_bytes(p);
  if (!layout.empty()) temp = std::max<uint64_t>(temp, hl::dw_temp_bytes(p));
  if (temp > 0xFFFFFFFFu) return PrepResult::reject("HVX kernel scratch exceeds 4 GiB");
  r.temp_bytes = static_cast<uint32_t>(temp);
  // Leaner forms (same bytes): the portable path instead of HVX, then the path without scratch.
  kernels::DepthwiseConv2dParams lean = p;
  lean.flags &= ~kernels::kDwFlagHvxLayout;
  const uint32_t portable = kernels::depthwise_conv_2d_temp_bytes(lean);
  if (portable < r.temp_bytes && portable != 0) r.leaner.push_back({blob(lean), portable, false});
  lean.flags |= kernels::kDwFlagNoTemp;
  if (r.temp_bytes != 0) r.leaner.push_back({blob(lean), 0, false});
  return r;
}

host::HostStatus decode_depthwise_conv_2d_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::DepthwiseConv2DOptions& p = *op.builtin_options_as_DepthwiseConv2DOptions();
  util::decode_window_options(p, o);
  o->depth_multiplier = p.depth_multiplier();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
