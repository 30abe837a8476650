// CONV_2D int8 and int16x8: layout and contract in kernels/params/conv_2d.h.
//
// int8: im2col (or the input itself for 1x1 filters without padding) times the filter matrix
// [out_c][K] through the shared 2x2 blocked dot-product kernel; the input zero point is folded
// into the per-channel bias offline, and the unrolled rows pad with the input zero point so
// padded taps contribute exactly nothing, as in TFLite (which skips them). Output channels
// go in runs of gemm::kFastRun: per run, stack tables (gemm::FastRun) and, per pair of rows,
// the run's dot products, then one vectorised exact requantisation of the run.
// Filters with k_h * k_w * in_c <= gemm::kSmallK (1x1 over fewer than 16 channels) take
// int8_gemm_small_k.h instead: output channels as lanes, each run's filter rows transposed
// into the kernel scratch after the im2col block.
// int16x8: direct loops, 64-bit sums per output (per tap partial sums in 32 bits), requantised
// as kernels/int16x8_common.h.
#include "kernels/params/conv_2d.h"

#include "core/check.h"
#include "core/checked_math.h"
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
#include "kernels/hvx/hvx_conv_pixels.h"
#include "kernels/hvx/hvx_gemm.h"
#endif
#include "kernels/conv_checks.h"
#include "kernels/cortex_m/mve_im2col.h"
#include "kernels/hvx/hvx_layout.h"
#include "kernels/hvx/hvx_pixel_layout.h"
#include "kernels/int16x8_common.h"
#include "kernels/int8_gemm.h"
#include "kernels/int8_gemm_small_k.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

static_assert(gemm::kSmallK == kConvSmallKDepth && gemm::kFastRun == kConvSmallKLanes &&
                  gemm::kSmallKLanes == kConvSmallKLanes,
              "the scratch size of conv_2d_temp_bytes is that of the short-row path");

constexpr const char* kOp = ops::conv_2d::kName;
constexpr uint32_t kMaxChannels = 1u << 24;

const Conv2dParams& header(const KernelArgs& args) {
  return *reinterpret_cast<const Conv2dParams*>(args.params);
}

Status validate(const KernelArgs& args) {
  using format::DataType;
  LPAI_RETURN_IF_ERROR(checks::require_params_header(args, kOp, sizeof(Conv2dParams)));
  const Conv2dParams& p = header(args);
  const uint32_t dims[] = {p.batches, p.in_h, p.in_w, p.in_c, p.out_h, p.out_w,
                           p.k_h, p.k_w, p.stride_h, p.stride_w, p.dilation_h, p.dilation_w};
  for (uint32_t d : dims) {
    if (d == 0 || d > kConvMaxDim) {
      LPAI_FAIL(Status::kBinaryBadParams, "%s: a shape, stride or dilation is 0 or too large", kOp);
    }
  }
  if (p.out_c == 0 || p.out_c > kMaxChannels) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: out_c out of range", kOp);
  }
  if ((p.flags & ~kConvKnownFlags) != 0) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: unknown flags", kOp);
  }
  if (p.groups == 0 || p.in_c % p.groups != 0 || p.out_c % p.groups != 0) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: groups must divide in_c and out_c", kOp);
  }
  const uint32_t fc = p.in_c / p.groups;
  const bool hvx = (p.flags & kConvFlagHvxLayout) != 0;
  if ((p.flags & kConvFlagHvxPixels) != 0 && !hvx) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: pixel-lane flag without an HVX layout", kOp);
  }
  if (hvx && !hvx_layout::conv_hvx_ok(p)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: HVX layout on a convolution the HVX path does not take", kOp);
  }
  const bool wide = (p.flags & kConvFlagInt16x8) != 0;
  const uint64_t depth = sat_product(p.k_h, p.k_w, fc);
  if (depth > kConvMaxDepth || (wide && p.in_c > kConvMaxInChannels16) ||
      (hvx && sat_product(p.k_h, p.k_w, p.in_c) > kConvMaxDepth)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: filter depth k_h * k_w * in_c / groups too large",
              kOp);
  }
  // k_h * k_w * in_c fits in 32 bits here (depth bound above for an HVX layout).
  const uint64_t layout_bytes =
      hvx ? hvx_layout::conv_hvx_layout_bytes(p) : 0u;
  if (args.params_size != conv_2d_params_size(p.out_c, p.flags) + layout_bytes) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: parameter blob size does not match out_c", kOp);
  }
  if (!checks::conv_window_valid(p)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: padding or output size inconsistent with the input",
              kOp);
  }
  const int32_t lo = wide ? -32768 : -128;
  const int32_t hi = wide ? 32767 : 127;
  if (!checks::range_valid(p.output_zero_point, p.act_min, p.act_max, lo, hi) ||
      !checks::range_valid(p.input_zero_point, lo, hi, lo, hi) ||
      (wide && (p.input_zero_point != 0 || p.output_zero_point != 0))) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: zero points or activation range invalid", kOp);
  }
  const bool acc32 = (p.flags & kConvFlagAcc32) != 0;
  if (acc32 && !wide) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: 32-bit accumulation flag on int8", kOp);
  }
  if (wide) {
    if (!w16::arrays_valid(args.params + sizeof(Conv2dParams), p.out_c, acc32)) {
      LPAI_FAIL(Status::kBinaryBadParams, "%s: int16x8 multiplier, shift or bias out of range",
                kOp);
    }
    if (p.im2col_rows != 0) LPAI_FAIL(Status::kBinaryBadParams, "%s: int16x8 uses no im2col", kOp);
  } else if (!checks::multipliers_valid(
                 reinterpret_cast<const int32_t*>(args.params + sizeof(Conv2dParams) + p.out_c * 4u),
                 reinterpret_cast<const int32_t*>(args.params + sizeof(Conv2dParams) + p.out_c * 8u),
                 p.out_c, -31, 30)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: multiplier negative or shift out of range", kOp);
  } else if (p.im2col_rows == 0 && (p.k_h != 1 || p.k_w != 1 || p.pad_h != 0 || p.pad_w != 0)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: in-place rows need a 1x1 filter without padding", kOp);
  } else if (args.temp_size < conv_2d_temp_bytes(p) ||
             (hvx && args.temp_size < hvx_layout::conv_hvx_temp_bytes(p))) {
    LPAI_FAIL(Status::kBinaryBadPlan,
              "%s: kernel scratch smaller than the im2col block and the transposed filter run",
              kOp);
  }

  const DataType act_type = wide ? DataType::kInt16 : DataType::kInt8;
  const DataType bias_type = wide && !acc32 ? DataType::kInt64 : DataType::kInt32;
  const checks::ConvTensorSpec spec = {act_type,
                                       bias_type,
                                       bias_type,
                                       {p.batches, p.in_h, p.in_w, p.in_c},
                                       {p.out_c, p.k_h, p.k_w, fc},
                                       {p.batches, p.out_h, p.out_w, p.out_c},
                                       p.out_c,
                                       (p.flags & kConvFlagPerChannel) != 0,
                                       (p.flags & kConvFlagHasBias) != 0,
                                       "[out_c, k_h, k_w, in_c / groups]"};
  LPAI_RETURN_IF_ERROR(checks::conv_tensors(args, kOp, 0, 2, spec));
  if (hvx && !hvx_layout::conv_hvx_layout_matches(
                 p, args.params + conv_2d_params_size(p.out_c, p.flags),
                 reinterpret_cast<const int8_t*>(args.inputs[1].data),
                 gemm::requant_after_header<Conv2dParams>(args.params, p.out_c))) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: HVX layout differs from the filter and requantisation",
              kOp);
  }
  return Status::kOk;
}

// Unrolls the input window of output pixel (b, oy, ox) into row[k_h * k_w * in_c].
void im2col_row(const Conv2dParams& p, const int8_t* in, uint32_t b, uint32_t oy, uint32_t ox,
                int8_t* row) {
#if defined(LPAI_HAS_CORTEX_M_MVE)
  mve::im2col_row(p, in, b, oy, ox, row);  // Helium: vector byte runs, the same bytes
  return;
#endif
  const uint32_t c = p.in_c;
  const int32_t y0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
  const int32_t x0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
  const int zp = p.input_zero_point;
  for (uint32_t ky = 0; ky < p.k_h; ++ky) {
    const int32_t iy = y0 + static_cast<int32_t>(ky * p.dilation_h);
    if (iy < 0 || iy >= static_cast<int32_t>(p.in_h)) {
      __builtin_memset(row, zp, static_cast<size_t>(p.k_w) * c);
      row += p.k_w * c;
      continue;
    }
    const int8_t* in_row = in + (static_cast<size_t>(b) * p.in_h + static_cast<uint32_t>(iy)) * p.in_w * c;
    if (p.dilation_w == 1 && x0 >= 0 && x0 + static_cast<int32_t>(p.k_w) <= static_cast<int32_t>(p.in_w)) {
      // The whole filter row is inside the input: one contiguous run (few bytes for small in_c,
      // where a copy per tap would cost a library call each).
      __builtin_memcpy(row, in_row + static_cast<size_t>(x0) * c, static_cast<size_t>(p.k_w) * c);
      row += p.k_w * c;
      continue;
    }
    for (uint32_t kx = 0; kx < p.k_w; ++kx) {
      const int32_t ix = x0 + static_cast<int32_t>(kx * p.dilation_w);
      if (ix < 0 || ix >= static_cast<int32_t>(p.in_w)) {
        __builtin_memset(row, zp, c);
      } else {
        __builtin_memcpy(row, in_row + static_cast<size_t>(ix) * c, c);
      }
      row += c;
    }
  }
}

// im2col_row for input channels [c0, c0 + fc) (grouped convolution).
void im2col_row_group(const Conv2dParams& p, const int8_t* in, uint32_t b, uint32_t oy, uint32_t ox,
                      uint32_t c0, uint32_t fc, int8_t* row) {
  const int32_t y0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
  const int32_t x0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
  const int zp = p.input_zero_point;
  for (uint32_t ky = 0; ky < p.k_h; ++ky) {
    const int32_t iy = y0 + static_cast<int32_t>(ky * p.dilation_h);
    const bool row_in = iy >= 0 && iy < static_cast<int32_t>(p.in_h);
    const int8_t* in_row =
        row_in ? in + (static_cast<size_t>(b) * p.in_h + static_cast<uint32_t>(iy)) * p.in_w * p.in_c + c0
               : nullptr;
    for (uint32_t kx = 0; kx < p.k_w; ++kx) {
      const int32_t ix = x0 + static_cast<int32_t>(kx * p.dilation_w);
      if (!row_in || ix < 0 || ix >= static_cast<int32_t>(p.in_w)) {
        __builtin_memset(row, zp, fc);
      } else {
        __builtin_memcpy(row, in_row + static_cast<size_t>(ix) * p.in_c, fc);
      }
      row += fc;
    }
  }
}

// Output rows [r0, r1) of the run of `count` channels whose filters start at wr, two rows at a
// time (gemm::gemm_row_pair_run): row j's outputs at out + j * n.
template <typename RowPtr>
inline void row_pairs(RowPtr&& row_ptr, uint32_t r0, uint32_t r1, const int8_t* wr, uint32_t count,
                      uint32_t k_len, const gemm::FastRun& run, int8_t* out, uint32_t n) {
  for (uint32_t j = r0; j < r1; j += 2) {
    const bool pair = j + 1 < r1;
    const int8_t* x0 = row_ptr(j);
    const int8_t* x1 = pair ? row_ptr(j + 1) : x0;
    int8_t* o0 = out + static_cast<size_t>(j) * n;
    gemm::gemm_row_pair_run(x0, x1, wr, count, k_len, run, o0, pair ? o0 + n : nullptr);
  }
}

// Grouped int8 convolution (groups > 1): per block of output pixels and per group, the
// group's unrolled rows (or, for 1x1 without padding, the input rows at the group's channel
// offset) times the group's filter rows, through the same dot-product kernel.
__attribute__((noinline)) void eval_s8_grouped(const KernelArgs& args) {
  const Conv2dParams& p = header(args);
  const gemm::Requant q = gemm::requant_after_header<Conv2dParams>(args.params, p.out_c);
  const int8_t* in = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  const int8_t* w = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
  const uint32_t fc = p.in_c / p.groups;
  const uint32_t per_group = p.out_c / p.groups;
  const uint32_t k_len = p.k_h * p.k_w * fc;
  const uint32_t n = p.out_c;
  const uint32_t plane = p.out_h * p.out_w;
  const uint32_t total = p.batches * plane;
  const uint32_t acc_bound = k_len * (128u * 128u);
  gemm::FastRun run;
  auto do_group = [&](auto&& row_ptr, uint32_t r0, uint32_t r1, uint32_t g) {
    for (uint32_t first = g * per_group; first < (g + 1) * per_group; first += gemm::kFastRun) {
      const uint32_t end = (g + 1) * per_group;
      const uint32_t count = end - first < gemm::kFastRun ? end - first : gemm::kFastRun;
      gemm::fast_run_fill(q, first, count, count, acc_bound, &run);
      row_pairs(row_ptr, r0, r1, w + static_cast<size_t>(first) * k_len, count, k_len, run,
                out + first, n);
    }
  };
  if (p.im2col_rows == 0) {
    for (uint32_t g = 0; g < p.groups; ++g) {
      auto row_of = [&](uint32_t i) {
        const uint32_t b = i / plane, r = i % plane;
        const uint32_t oy = r / p.out_w, ox = r % p.out_w;
        return in + ((static_cast<size_t>(b) * p.in_h + oy * p.stride_h) * p.in_w + ox * p.stride_w) * p.in_c +
               static_cast<size_t>(g) * fc;
      };
      do_group(row_of, 0, total, g);
    }
    return;
  }
  int8_t* rows = reinterpret_cast<int8_t*>(args.temp);
  for (uint32_t first_row = 0; first_row < total; first_row += p.im2col_rows) {
    const uint32_t count = total - first_row < p.im2col_rows ? total - first_row : p.im2col_rows;
    for (uint32_t g = 0; g < p.groups; ++g) {
      for (uint32_t j = 0; j < count; ++j) {
        const uint32_t i = first_row + j;
        const uint32_t b = i / plane, r = i % plane;
        im2col_row_group(p, in, b, r / p.out_w, r % p.out_w, g * fc, fc,
                         rows + static_cast<size_t>(j) * k_len);
      }
      auto row_of = [&](uint32_t i) { return rows + static_cast<size_t>(i - first_row) * k_len; };
      do_group(row_of, first_row, first_row + count, g);
    }
  }
}

#if defined(LPAI_HAS_CORTEX_M_DSP)
// On the DSP extension the SMLAD blocks beat the lane-transposed short-row path (written for
// vector units) at every depth.
constexpr bool kShortRowPath = false;
#else
constexpr bool kShortRowPath = true;
#endif

// Calls visit(row_of, r0, r1) for blocks of output rows [r0, r1) (all pixels of all batches,
// in order): row_of(i) is the K = k_h * k_w * in_c activation bytes under output pixel i. A 1x1
// filter without padding reads them straight from the input (one block); otherwise blocks of
// p.im2col_rows rows are unrolled into temp first.
template <typename Visit>
inline void for_each_row_block(const Conv2dParams& p, const int8_t* in, int8_t* temp, Visit&& visit) {
  const uint32_t k_len = p.k_h * p.k_w * p.in_c;
  const uint32_t plane = p.out_h * p.out_w;
  const uint32_t total = p.batches * plane;
  if (p.im2col_rows == 0) {
    auto row_of = [&](uint32_t i) {
      const uint32_t b = i / plane, r = i % plane;
      const uint32_t oy = r / p.out_w, ox = r % p.out_w;
      return in + ((static_cast<size_t>(b) * p.in_h + oy * p.stride_h) * p.in_w + ox * p.stride_w) * p.in_c;
    };
    visit(row_of, 0u, total);
    return;
  }
  for (uint32_t first_row = 0; first_row < total; first_row += p.im2col_rows) {
    const uint32_t count = total - first_row < p.im2col_rows ? total - first_row : p.im2col_rows;
    for (uint32_t j = 0; j < count; ++j) {
      const uint32_t i = first_row + j;
      const uint32_t b = i / plane, r = i % plane;
      im2col_row(p, in, b, r / p.out_w, r % p.out_w, temp + static_cast<size_t>(j) * k_len);
    }
    auto row_of = [&](uint32_t i) { return temp + static_cast<size_t>(i - first_row) * k_len; };
    visit(row_of, first_row, first_row + count);
  }
}

#if defined(LPAI_HAS_CORTEX_M_DSP) && !defined(LPAI_HAS_CORTEX_M_MVE)
// The requantisation plan eval_s8_dsp uses for an int8 node (form kNone: it does not take the
// node).
gemm::SmmlarPlan dsp_plan(const Conv2dParams& p, const gemm::Requant& q) {
  const uint32_t k_len = p.k_h * p.k_w * p.in_c;
  return gemm::dsp_smmlar_channels(q, p.out_c, k_len * (128u * 128u));
}

// The DSP-extension CONV_2D for a node with requantisation plan `plan`: each row pair widened
// once for all the channels (gemm::dsp_row_pair_all). Its own function: none of eval_s8's run tables on
// the stack.
__attribute__((noinline)) void eval_s8_dsp(const KernelArgs& args, const gemm::SmmlarPlan& plan) {
  const Conv2dParams& p = header(args);
  const gemm::Requant q = gemm::requant_after_header<Conv2dParams>(args.params, p.out_c);
  const int8_t* w = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
  const uint32_t k_len = p.k_h * p.k_w * p.in_c;
  const uint32_t n = p.out_c;
  for_each_row_block(p, reinterpret_cast<const int8_t*>(args.inputs[0].data),
                     reinterpret_cast<int8_t*>(args.temp), [&](auto&& row_of, uint32_t r0, uint32_t r1) {
                       for (uint32_t j = r0; j < r1; j += 2) {
                         const bool pair = j + 1 < r1;
                         const int8_t* x0 = row_of(j);
                         int8_t* o0 = out + static_cast<size_t>(j) * n;
                         gemm::dsp_row_pair_all(x0, pair ? row_of(j + 1) : x0, w, n, k_len, q, plan, o0,
                                                pair ? o0 + n : nullptr);
                       }
                     });
}
#endif

__attribute__((noinline)) void eval_s8(const KernelArgs& args) {
  const Conv2dParams& p = header(args);
  const gemm::Requant q = gemm::requant_after_header<Conv2dParams>(args.params, p.out_c);
  const int8_t* in = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  const int8_t* w = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
  if ((p.flags & kConvFlagHvxPixels) != 0) {  // HVX pixel lanes (hexagon builds), bit-exact
    hvx::conv_pixels_s8(p, args.params + conv_2d_params_size(p.out_c, p.flags), in, args.temp, out);
    return;
  }
  if ((p.flags & kConvFlagHvxLayout) != 0) {  // HVX path (hexagon builds), bit-exact
    hvx::conv_2d_s8(p, args.params + conv_2d_params_size(p.out_c, p.flags), in, args.temp, out);
    return;
  }
#endif
  const uint32_t k_len = p.k_h * p.k_w * p.in_c;
  const uint32_t n = p.out_c;

  // |dot| <= k_len * 128 * 128 (int8 activations and weights); k_len <= 2^16.
  const uint32_t acc_bound = k_len * (128u * 128u);
  // The short-row path's transposed filter run: scratch after the im2col block.
  int8_t* wt = reinterpret_cast<int8_t*>(args.temp) + static_cast<size_t>(k_len) * p.im2col_rows;
  gemm::FastRun run;
  // Runs of output channels [first, first + count), count <= kFastRun, over rows [r0, r1) of
  // the current row source.
  auto do_rows = [&](auto&& row_ptr, uint32_t r0, uint32_t r1, uint32_t first, uint32_t count) {
    if (kShortRowPath && k_len <= gemm::kSmallK) {  // short rows: channels as lanes (int8_gemm_small_k.h)
      const uint32_t n_pad = gemm::small_k_transpose(w, first, count, k_len, wt);
      for (uint32_t j = r0; j < r1; j += 2) {
        const bool pair = j + 1 < r1;
        const int8_t* x0 = row_ptr(j);
        int8_t* o0 = out + static_cast<size_t>(j) * n + first;
        gemm::small_k_row_pair(x0, pair ? row_ptr(j + 1) : x0, wt, count, n_pad, k_len, run, o0,
                               pair ? o0 + n : nullptr);
      }
      return;
    }
    row_pairs(row_ptr, r0, r1, w + static_cast<size_t>(first) * k_len, count, k_len, run, out + first, n);
  };
  const bool single_run = n <= gemm::kFastRun;
  if (single_run) gemm::fast_run_fill(q, 0, n, n, acc_bound, &run);
  for_each_row_block(p, in, reinterpret_cast<int8_t*>(args.temp),
                     [&](auto&& row_of, uint32_t r0, uint32_t r1) {
                       for (uint32_t first = 0; first < n; first += gemm::kFastRun) {
                         const uint32_t count = n - first < gemm::kFastRun ? n - first : gemm::kFastRun;
                         if (!single_run) gemm::fast_run_fill(q, first, count, count, acc_bound, &run);
                         do_rows(row_of, r0, r1, first, count);
                       }
                     });
}

__attribute__((noinline)) void eval_s16(const KernelArgs& args) {
  const Conv2dParams& p = header(args);
  const w16::Requant q = w16::requant_at(args.params + sizeof(Conv2dParams), p.out_c, p.act_min,
                                         p.act_max, (p.flags & kConvFlagAcc32) != 0);
  const int16_t* in = reinterpret_cast<const int16_t*>(args.inputs[0].data);
  const int8_t* w = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  int16_t* out = reinterpret_cast<int16_t*>(args.outputs[0].data);
  const uint32_t c_in = p.in_c / p.groups;  // filter depth (fc)
  const uint32_t per_group = p.out_c / p.groups;
  for (uint32_t b = 0; b < p.batches; ++b) {
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t y0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        const int32_t x0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        int16_t* dst = out + ((static_cast<size_t>(b) * p.out_h + oy) * p.out_w + ox) * p.out_c;
        uint32_t group_end = per_group;
        size_t c0 = 0;  // first input channel of the current group
        for (uint32_t oc = 0; oc < p.out_c; ++oc) {
          if (oc == group_end) {
            group_end += per_group;
            c0 += c_in;
          }
          int64_t acc = 0;
          const int8_t* wf = w + static_cast<size_t>(oc) * p.k_h * p.k_w * c_in;
          for (uint32_t ky = 0; ky < p.k_h; ++ky) {
            const int32_t iy = y0 + static_cast<int32_t>(ky * p.dilation_h);
            if (iy < 0 || iy >= static_cast<int32_t>(p.in_h)) continue;
            for (uint32_t kx = 0; kx < p.k_w; ++kx) {
              const int32_t ix = x0 + static_cast<int32_t>(kx * p.dilation_w);
              if (ix < 0 || ix >= static_cast<int32_t>(p.in_w)) continue;
              const int16_t* src = in + ((static_cast<size_t>(b) * p.in_h + static_cast<uint32_t>(iy)) * p.in_w +
                                         static_cast<uint32_t>(ix)) * p.in_c + c0;
              acc += w16::dot_long(src, wf + (static_cast<size_t>(ky) * p.k_w + kx) * c_in, c_in);
            }
          }
          dst[oc] = w16::requantize(acc, oc, q);
        }
      }
    }
  }
}

void eval(const KernelArgs& args) {
  const Conv2dParams& p = header(args);
  if ((p.flags & kConvFlagInt16x8) != 0) {
    eval_s16(args);
  } else if (p.groups != 1) {
    eval_s8_grouped(args);
  } else {
#if defined(LPAI_HAS_CORTEX_M_DSP) && !defined(LPAI_HAS_CORTEX_M_MVE)
    const gemm::SmmlarPlan plan = dsp_plan(p, gemm::requant_after_header<Conv2dParams>(args.params, p.out_c));
    if (plan.form != gemm::SmmlarForm::kNone) {
      eval_s8_dsp(args, plan);
      return;
    }
#endif
    eval_s8(args);
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(conv_2d, validate, eval);

}  // namespace kernels
}  // namespace lpai
