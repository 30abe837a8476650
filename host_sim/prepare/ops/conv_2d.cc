// CONV_2D: offline prepare for the int8 and int16x8 kernels (firmware/kernels/conv_2d.h).
// Mirrors TFLite Micro's ConvPrepare / CalculateOpDataConv: padding by ComputePaddingHeightWidth,
// per-channel multipliers by PopulateConvolutionQuantizationParams (double products; a per-tensor
// filter scale is broadcast to every channel), activation range by
// CalculateActivationRangeQuantized.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/hvx/hvx_layout.h"
#include "kernels/hvx/hvx_pixel_layout.h"
#include "kernels/params/conv_2d.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/conv_family_prep.h"
#include "prepare/ops/int8_prep_util.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

namespace {

// Output pixels per im2col block: up to ~16 KiB of unrolled rows, an even count in [2, 64],
// never more than the layer has.
uint32_t im2col_rows_for(uint64_t depth, uint64_t total_pixels) {
  uint64_t rows = depth > 0 ? (16 * 1024) / depth : 64;
  if (rows > 64) rows = 64;
  if (rows < 2) rows = 2;
  rows &= ~uint64_t{1};
  if (rows > total_pixels) rows = total_pixels;
  return static_cast<uint32_t>(rows);
}

}  // namespace

PrepResult prepare_conv_2d(const PrepOp& op) {
  using format::DataType;
  PrepResult r;
  const host::HostResult<util::GemmOperands> operands = util::gemm_operands(op);
  if (!operands.ok()) return PrepResult::reject(operands.status());
  const auto [input, filter, bias, output] = operands.value();
  if (input == nullptr || output == nullptr) return PrepResult::reject("input or output absent");
  const bool wide = input->type == DataType::kInt16;
  if (input->type != DataType::kInt8 && !wide) {
    return PrepResult::reject("only int8 or int16 (16x8) activations are supported");
  }
  const host::HostStatus checked = util::check_conv_operands(
      input, filter, output, /*symmetric_wide=*/false, "input, filter and output must be 4-D (NHWC, OHWI)");
  if (!checked.ok()) return PrepResult::reject(checked);
  const int batches = input->shape[0], in_h = input->shape[1], in_w = input->shape[2],
            in_c = input->shape[3];
  const int out_c = filter->shape[0], k_h = filter->shape[1], k_w = filter->shape[2];
  // Grouped convolution as TFLite: groups = in_c / filter depth, which must divide in_c and
  // out_c.
  const int fc = filter->shape[3];
  if (in_c % fc != 0 || out_c % (in_c / fc) != 0) {
    return PrepResult::reject("filter depth " + std::to_string(fc) + " does not divide the input depth " +
                  std::to_string(in_c) + " into groups that divide the " + std::to_string(out_c) +
                  " output channels");
  }
  const int groups = in_c / fc;
  const host::HostStatus filter_ok = util::check_filter_and_bias(
      *filter, bias, out_c, wide, /*axis=*/0, "bias must be a constant int64 or int32 tensor for 16x8 convolution");
  if (!filter_ok.ok()) return PrepResult::reject(filter_ok);
  const bool per_channel = filter->scales.size() > 1;
  const OpOptions& o = op.options;
  int out_h = 0, out_w = 0, pad_h = 0, pad_w = 0;
  const host::HostStatus window_ok = util::dilated_output_window(
      o, batches, in_h, in_w, k_h, k_w, out_c, *output, &out_h, &out_w, &pad_h, &pad_w);
  if (!window_ok.ok()) return PrepResult::reject(window_ok);
  const uint64_t depth = static_cast<uint64_t>(k_h) * k_w * fc;
  if (depth > kernels::kConvMaxDepth) return PrepResult::reject("filter depth k_h * k_w * in_c / groups exceeds 65536");
  if (wide && static_cast<uint32_t>(in_c) > kernels::kConvMaxInChannels16) {
    return PrepResult::reject("16x8 convolution supports at most 8192 input channels");
  }
  const int dims[] = {batches, in_h, in_w, in_c, out_h, out_w, k_h, k_w,
                      o.stride_h, o.stride_w, o.dilation_h, o.dilation_w};
  for (int d : dims) {
    if (static_cast<uint32_t>(d) > kernels::kConvMaxDim) return PrepResult::reject("a dimension exceeds 65536");
  }

  std::vector<int32_t> multiplier, shift;
  const std::string e = util::channel_multipliers(*input, *filter, *output, out_c, &multiplier, &shift);
  if (!e.empty()) return PrepResult::reject(e);
  // TFLite Micro: an int64 bias selects the int64 accumulator (64-bit requantisation, shift <= 7);
  // an int32 bias or none the int32 accumulator (32-bit requantisation).
  const bool acc32 = wide && (bias == nullptr || bias->type == DataType::kInt32);
  for (int32_t s : shift) {
    if (wide && !acc32 && s > 7) return PrepResult::reject("effective output scale too large for 16x8 (shift > 7)");
    if (s > 30) return PrepResult::reject("effective output scale too large (shift > 30)");
  }
  int32_t act_min = 0, act_max = 0;
  const host::HostStatus range =
      util::conv_activation_range(o.activation, *output, wide, &act_min, &act_max);
  if (!range.ok()) return PrepResult::reject(range.error());

  kernels::Conv2dParams p{};
  const util::ConvWindow window{batches, in_h,       in_w,       in_c,  out_h, out_w, out_c,
                                k_h,     k_w,        o.stride_h, o.stride_w, pad_h, pad_w};
  util::fill_conv_window(&p, window, *input, *output, act_min, act_max);
  p.dilation_h = static_cast<uint32_t>(o.dilation_h);
  p.dilation_w = static_cast<uint32_t>(o.dilation_w);
  p.flags = (per_channel ? kernels::kConvFlagPerChannel : 0u) |
            (bias != nullptr ? kernels::kConvFlagHasBias : 0u) |
            (wide ? kernels::kConvFlagInt16x8 : 0u) | (acc32 ? kernels::kConvFlagAcc32 : 0u);
  const uint64_t total_pixels = static_cast<uint64_t>(batches) * out_h * out_w;
  const bool in_place = k_h == 1 && k_w == 1 && pad_h == 0 && pad_w == 0;
  p.im2col_rows = (wide || in_place) ? 0 : im2col_rows_for(depth, total_pixels);
  p.groups = static_cast<uint32_t>(groups);

  if (wide) {
    const host::HostResult<std::vector<int64_t>> b64 = util::wide_bias(bias, out_c, nullptr);
    if (!b64.ok()) return PrepResult::reject(b64.error());
    append_pod(&r.params, p);
    append_array(&r.params, b64.value());
  } else {
    const int64_t input_zp = input->zero_points[0];
    std::vector<int32_t> folded(out_c);
    for (int c = 0; c < out_c; ++c) {
      int64_t sum = 0;
      for (uint64_t i = 0; i < depth; ++i) sum += util::const_i8(*filter, static_cast<int64_t>(c * depth + i));
      const int64_t b = bias != nullptr ? util::const_i32(*bias, c) : 0;
      folded[c] = static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(b - input_zp * sum)));
    }
    // The HVX layout of the filter, when asked for and the HVX path takes the convolution.
    // Few input and output channels (an image's first layer): the pixel-lane form.
    std::vector<uint8_t> layout;
    kernels::Conv2dParams pixels = p;
    pixels.flags |= kernels::kConvFlagHvxLayout | kernels::kConvFlagHvxPixels;
    if (op.layout == KernelLayout::kHvx && kernels::hvx_layout::conv_hvx_ok(pixels)) {
      std::vector<uint32_t> words(kernels::hvx_layout::pixel_layout_bytes(pixels) / 4);
      const kernels::gemm::Requant q{folded.data(), multiplier.data(), shift.data(), 0, 0, 0};
      if (kernels::hvx_layout::build_pixel_layout(pixels, reinterpret_cast<const int8_t*>(filter->data), q,
                                                  reinterpret_cast<uint8_t*>(words.data()))) {
        const uint8_t* w = reinterpret_cast<const uint8_t*>(words.data());
        layout.assign(w, w + words.size() * 4);
        p.flags = pixels.flags;  // the portable part (im2col_rows included) unchanged
      }
    }
    if (layout.empty() && op.layout == KernelLayout::kHvx && kernels::hvx_layout::conv_takes_hvx(p)) {
      layout = util::hvx_gemm_layout(reinterpret_cast<const int8_t*>(filter->data), p.out_c,
                                     static_cast<uint32_t>(depth), folded, multiplier, shift, true);
      if (!layout.empty()) p.flags |= kernels::kConvFlagHvxLayout;
    }
    auto blob = [&](const kernels::Conv2dParams& h) {
      std::vector<uint8_t> b;
      append_pod(&b, h);
      append_array(&b, folded);
      append_array(&b, multiplier);
      append_array(&b, shift);
      if ((h.flags & kernels::kConvFlagHvxLayout) != 0) append_array(&b, layout);
      return b;
    };
    r.params = blob(p);
    uint64_t temp = kernels::conv_2d_temp_bytes(p);
    if (!layout.empty()) temp = std::max<uint64_t>(temp, kernels::hvx_layout::conv_hvx_temp_bytes(p));
    if (temp > 0xFFFFFFFFu) return PrepResult::reject("HVX kernel scratch exceeds 4 GiB");
    r.temp_bytes = static_cast<uint32_t>(temp);
    // Leaner forms (same bytes), each with less scratch than the one before: with the HVX
    // layout, the HVX path over fewer im2col rows per block (halved down to
    // hvx_layout::kConvMinBlockRows: same path); then the portable path, then fewer im2col rows (halved down to 2).
    auto temp_of = [](const kernels::Conv2dParams& h) {
      uint64_t t = kernels::conv_2d_temp_bytes(h);
      if ((h.flags & kernels::kConvFlagHvxLayout) != 0) {
        t = std::max<uint64_t>(t, kernels::hvx_layout::conv_hvx_temp_bytes(h));
      }
      return t;
    };
    auto offer = [&](const kernels::Conv2dParams& h, bool same_path) {
      const uint64_t t = temp_of(h);
      const uint32_t last = r.leaner.empty() ? r.temp_bytes : r.leaner.back().temp_bytes;
      if (t < last) r.leaner.push_back({blob(h), static_cast<uint32_t>(t), same_path});
    };
    kernels::Conv2dParams lean = p;
    if (!layout.empty()) {
      while (lean.im2col_rows > kernels::hvx_layout::kConvMinBlockRows) {
        lean.im2col_rows = std::max<uint32_t>(kernels::hvx_layout::kConvMinBlockRows, (lean.im2col_rows / 2) & ~1u);
        offer(lean, true);
      }
      lean = p;
      lean.flags &= ~(kernels::kConvFlagHvxLayout | kernels::kConvFlagHvxPixels);
    }
    for (;;) {
      offer(lean, layout.empty());
      if (lean.im2col_rows <= 2) break;
      lean.im2col_rows = std::max<uint32_t>(2, (lean.im2col_rows / 2) & ~1u);
    }
    return r;
  }
  append_array(&r.params, multiplier);
  append_array(&r.params, shift);
  r.temp_bytes = kernels::conv_2d_temp_bytes(p);
  return r;
}

host::HostStatus decode_conv_2d_options(const tflite::Operator& op, OpOptions* o) {
  util::decode_window_options(*op.builtin_options_as_Conv2DOptions(), o);
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
