// DEPTHWISE_CONV_2D int8: layout and contract in kernels/depthwise_conv_2d.h.
//
// Each tap adds filter * (x - input_zero_point) exactly as TFLite does, skipping taps outside
// the input; the products fit 16 bits and are summed in 32. depth_multiplier 1:
//  - stride_w 1 and in_c a multiple of 16 up to 64, or dividing 16: per output row, the
//    interior pixels (all horizontal taps inside the input) are one flat run of pixels * in_c
//    outputs cut into 16-lane blocks, taken one 16-channel group at a time (for in_c < 16 the
//    filter is tiled to 16 lanes in the kernel scratch, at most kDwTiledMaxTaps taps); the edge pixels
//    take the per-pixel path;
//  - otherwise per output pixel, channels in runs of gemm::kFastRun, blocks of 16, 8, 1.
// Requantisation through gemm::FastRun tables built per run of gemm::kFastRun channels (stack;
// vectorised, exact; channels outside its bound use the general sequence).
// Other depth multipliers: over at most kDwRowsMaxChannels input channels, the row path
// and at most kDwRowsMaxTaps taps, the row path (eval_dm_rows: widened input rows, windows and
// filter in the kernel scratch, 16-bit dot products of a compile-time depth); else one small GEMM per input channel (eval_dm_gemm, filter block and window rows in
// the kernel scratch) within the kDwGemm* limits; else per pixel, chunks of 64 output channels, scalar.
// int16x8: per pixel, chunks of 64 output channels, 64-bit sums, any depth multiplier.
// Each int8 path is its own non-inlined function, so the stack of a call is that of the path
// it takes.
#include "kernels/depthwise_conv_2d.h"
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
#include "kernels/hvx/hvx_depthwise.h"
#endif

#include "core/checked_math.h"
#include "kernels/cortex_m/dsp_depthwise.h"
#include "kernels/hvx/hvx_layout.h"
#include "kernels/int16x8_common.h"
#include "kernels/int8_gemm.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

constexpr const char* kOp = "DEPTHWISE_CONV_2D";
constexpr uint32_t kMaxChannels = 1u << 24;
constexpr uint32_t kChunk = 64;

const DepthwiseConv2dParams& header(const KernelArgs& args) {
  return *reinterpret_cast<const DepthwiseConv2dParams*>(args.params);
}

Status validate(const KernelArgs& args) {
  using checks::fail;
  using format::DataType;
  if (args.params == nullptr || args.params_size < sizeof(DepthwiseConv2dParams)) {
    return fail(Status::kBinaryBadParams, kOp, "parameter blob shorter than its header");
  }
  const DepthwiseConv2dParams& p = header(args);
  const uint32_t dims[] = {p.batches, p.in_h, p.in_w, p.out_h, p.out_w, p.k_h, p.k_w,
                           p.stride_h, p.stride_w, p.dilation_h, p.dilation_w};
  for (uint32_t d : dims) {
    if (d == 0 || d > kDwMaxDim) {
      return fail(Status::kBinaryBadParams, kOp, "a shape, stride or dilation is 0 or too large");
    }
  }
  if (p.in_c == 0 || p.depth_multiplier == 0 || p.out_c == 0 || p.out_c > kMaxChannels ||
      static_cast<uint64_t>(p.in_c) * p.depth_multiplier != p.out_c) {
    return fail(Status::kBinaryBadParams, kOp, "out_c != in_c * depth_multiplier");
  }
  if ((p.flags & ~kDwKnownFlags) != 0 || p.reserved != 0) {
    return fail(Status::kBinaryBadParams, kOp, "unknown flags or non-zero reserved field");
  }
  if (static_cast<uint64_t>(p.k_h) * p.k_w > kDwMaxTaps) {
    return fail(Status::kBinaryBadParams, kOp, "filter has too many taps");
  }
  const bool hvx = (p.flags & kDwFlagHvxLayout) != 0;
  if (hvx && hvx_layout::dw_path(p) == hvx_layout::DwPath::kNone) {
    return fail(Status::kBinaryBadParams, kOp, "HVX layout on a convolution the HVX paths do not take");
  }
  if (args.params_size !=
      depthwise_conv_2d_params_size(p.out_c, p.flags) + (hvx ? hvx_layout::dw_layout_bytes(p) : 0u)) {
    return fail(Status::kBinaryBadParams, kOp, "parameter blob size does not match out_c");
  }
  const uint64_t eff_h = static_cast<uint64_t>(p.k_h - 1) * p.dilation_h + 1;
  const uint64_t eff_w = static_cast<uint64_t>(p.k_w - 1) * p.dilation_w + 1;
  if (p.pad_h >= eff_h || p.pad_w >= eff_w ||
      static_cast<uint64_t>(p.out_h - 1) * p.stride_h >= sat_sum(p.in_h, p.pad_h) ||
      static_cast<uint64_t>(p.out_w - 1) * p.stride_w >= sat_sum(p.in_w, p.pad_w)) {
    return fail(Status::kBinaryBadParams, kOp, "padding or output size inconsistent with the input");
  }
  const bool wide = (p.flags & kDwFlagInt16x8) != 0;
  const int32_t lo = wide ? -32768 : -128, hi = wide ? 32767 : 127;
  if (!checks::range_valid(p.output_zero_point, p.act_min, p.act_max, lo, hi) ||
      p.input_zero_point < lo || p.input_zero_point > hi ||
      (wide && (p.input_zero_point != 0 || p.output_zero_point != 0))) {
    return fail(Status::kBinaryBadParams, kOp, "zero points or activation range invalid");
  }
  const int32_t* mult = reinterpret_cast<const int32_t*>(args.params + sizeof(DepthwiseConv2dParams)) + p.out_c;
  if (wide) {
    if (!w16::arrays_valid(args.params + sizeof(DepthwiseConv2dParams), p.out_c, false)) {
      return fail(Status::kBinaryBadParams, kOp, "int16x8 multiplier, shift or bias out of range");
    }
  } else if (!checks::multipliers_valid(mult, mult + p.out_c, p.out_c, -31, 30)) {
    return fail(Status::kBinaryBadParams, kOp, "multiplier negative or shift outside [-31, 30]");
  }
  if (args.temp_size < depthwise_conv_2d_temp_bytes(p) ||
      (hvx && args.temp_size < hvx_layout::dw_temp_bytes(p))) {
    return fail(Status::kBinaryBadPlan, kOp,
                "kernel scratch smaller than the transposed filter block and window rows");
  }
  const DataType act = wide ? DataType::kInt16 : DataType::kInt8;
  if (args.num_outputs != 1 || (args.num_inputs != 2 && args.num_inputs != 3)) {
    return fail(Status::kBinaryBadParams, kOp, "expects 2 or 3 inputs and 1 output");
  }
  const format::TensorRecord* in = args.inputs[0].desc;
  const format::TensorRecord* filter = args.inputs[1].desc;
  const format::TensorRecord* bias = args.num_inputs == 3 ? args.inputs[2].desc : nullptr;
  const format::TensorRecord* out = args.outputs[0].desc;
  if (in == nullptr || filter == nullptr || out == nullptr) {
    return fail(Status::kBinaryBadParams, kOp, "input, filter or output absent");
  }
  const uint32_t in_dims[4] = {p.batches, p.in_h, p.in_w, p.in_c};
  const uint32_t f_dims[4] = {1, p.k_h, p.k_w, p.out_c};
  const uint32_t out_dims[4] = {p.batches, p.out_h, p.out_w, p.out_c};
  const uint32_t b_dims[1] = {p.out_c};
  LPAI_RETURN_IF_ERROR(checks::require_gemm_types(in, filter, bias, out, kOp, "filter", act, DataType::kInt32,
                                                  wide ? DataType::kInt64 : DataType::kInt32));
  if (!checks::has_shape(in, act, 4, in_dims)) {
    return fail(Status::kBinaryBadTensor, kOp, "input type or shape differs from the parameters");
  }
  if (!checks::has_shape(filter, DataType::kInt8, 4, f_dims) || !checks::is_const(filter)) {
    return fail(Status::kBinaryBadTensor, kOp, "filter is not constant int8 [1, k_h, k_w, out_c]");
  }
  if ((p.flags & kDwFlagPerChannel) != 0 && filter->quant_count != p.out_c) {
    return fail(Status::kBinaryBadTensor, kOp, "per-channel filter without out_c scales");
  }
  if ((bias != nullptr) != ((p.flags & kDwFlagHasBias) != 0)) {
    return fail(Status::kBinaryBadParams, kOp, "bias presence differs from the parameter flags");
  }
  if (bias != nullptr && ((!checks::has_shape(bias, DataType::kInt32, 1, b_dims) &&
                           !(wide && checks::has_shape(bias, DataType::kInt64, 1, b_dims))) ||
                          !checks::is_const(bias))) {
    return fail(Status::kBinaryBadTensor, kOp, "bias is not constant [out_c] of the bias type");
  }
  if (!checks::has_shape(out, act, 4, out_dims)) {
    return fail(Status::kBinaryBadTensor, kOp, "output type or shape differs from the parameters");
  }
  if (hvx && !hvx_layout::dw_layout_matches(
                 p, args.params + depthwise_conv_2d_params_size(p.out_c, p.flags),
                 reinterpret_cast<const int8_t*>(args.inputs[1].data),
                 gemm::requant_after_header<DepthwiseConv2dParams>(args.params, p.out_c))) {
    return fail(Status::kBinaryBadParams, kOp, "HVX layout differs from the filter and requantisation");
  }
  return Status::kOk;
}

// Valid tap range [first, last) along one axis for an output starting at `origin`.
inline void tap_range(int32_t origin, uint32_t k, uint32_t dilation, uint32_t size,
                      uint32_t* first, uint32_t* last) {
  uint32_t f = 0;
  if (origin < 0) f = (static_cast<uint32_t>(-origin) + dilation - 1) / dilation;
  uint32_t l = k;
  // Last tap t with origin + t * dilation <= size - 1.
  const int64_t room = static_cast<int64_t>(size) - 1 - origin;
  if (room < 0) {
    l = 0;
  } else if (room / dilation + 1 < k) {
    l = static_cast<uint32_t>(room / dilation + 1);
  }
  *first = f;
  *last = l > f ? l : f;
}

constexpr uint32_t kLanes = 16;     // flat-path block width (output elements)
static_assert(kLanes == kDwTiledLanes, "the tiled filter in the scratch has kLanes lanes");
constexpr uint32_t kFlatMaxChannels = 64;  // flat path for in_c a multiple of kLanes

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
  px->ix0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
  tap_range(px->ix0, p.k_w, p.dilation_w, p.in_w, &px->kx0, &px->kx1);
  uint32_t c0 = l.first;
  const uint32_t end = l.first + n;
  for (; c0 + 16 <= end; c0 += 16) block_dm1<16>(p, *px, filter, c0, l, dst);
  for (; c0 + 8 <= end; c0 += 8) block_dm1<8>(p, *px, filter, c0, l, dst);
  for (; c0 < end; ++c0) block_dm1<1>(p, *px, filter, c0, l, dst);
}

// Output channels [oc0, oc0 + n), n <= kChunk, any depth multiplier.
inline void chunk_generic(const DepthwiseConv2dParams& p, const Pixel& px, const int8_t* filter,
                          uint32_t oc0, uint32_t n, const gemm::Requant& q, int8_t* dst) {
  const uint32_t c = p.in_c, oc_count = p.out_c, dm = p.depth_multiplier;
  const int32_t in_zp = p.input_zero_point;
  int32_t acc[kChunk];
  for (uint32_t j = 0; j < n; ++j) acc[j] = 0;
  const uint32_t ic_start = oc0 / dm, m_start = oc0 % dm;
  for (uint32_t ky = px.ky0; ky < px.ky1; ++ky) {
    const uint32_t iy = static_cast<uint32_t>(px.iy0 + static_cast<int32_t>(ky * p.dilation_h));
    for (uint32_t kx = px.kx0; kx < px.kx1; ++kx) {
      const uint32_t ix = static_cast<uint32_t>(px.ix0 + static_cast<int32_t>(kx * p.dilation_w));
      const int8_t* xs = px.in + (static_cast<size_t>(iy) * p.in_w + ix) * c;
      const int8_t* fs = filter + (static_cast<size_t>(ky) * p.k_w + kx) * oc_count + oc0;
      uint32_t ic = ic_start, m = m_start;
      for (uint32_t j = 0; j < n; ++j) {
        acc[j] += (static_cast<int32_t>(xs[ic]) - in_zp) * fs[j];
        if (++m == dm) {
          m = 0;
          ++ic;
        }
      }
    }
  }
  for (uint32_t j = 0; j < n; ++j) dst[oc0 + j] = gemm::requantize(acc[j], oc0 + j, q);
}

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
      px.iy0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      tap_range(px.iy0, p.k_h, p.dilation_h, p.in_h, &px.ky0, &px.ky1);
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

// Every output pixel, channels [l.first, l.first + n), depth_multiplier 1.
void eval_pixels_dm1(const DepthwiseConv2dParams& p, const int8_t* in, const int8_t* filter,
                     const Lanes& l, uint32_t n, int8_t* out) {
  for (uint32_t b = 0; b < p.batches; ++b) {
    Pixel px;
    px.in = in + static_cast<size_t>(b) * p.in_h * p.in_w * p.in_c;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      px.iy0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      tap_range(px.iy0, p.k_h, p.dilation_h, p.in_h, &px.ky0, &px.ky1);
      int8_t* row_out = out + (static_cast<size_t>(b) * p.out_h + oy) * p.out_w * p.out_c;
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        pixel_dm1(p, &px, ox, filter, l, n, row_out + static_cast<size_t>(ox) * p.out_c);
      }
    }
  }
}

__attribute__((noinline)) void eval_s16(const KernelArgs& args) {
  const DepthwiseConv2dParams& p = header(args);
  const w16::Requant q = w16::requant_at(args.params + sizeof(DepthwiseConv2dParams), p.out_c,
                                         p.act_min, p.act_max, false);
  const int16_t* in = reinterpret_cast<const int16_t*>(args.inputs[0].data);
  const int8_t* filter = reinterpret_cast<const int8_t*>(args.inputs[1].data);
  int16_t* out = reinterpret_cast<int16_t*>(args.outputs[0].data);
  const uint32_t c = p.in_c, oc_count = p.out_c, dm = p.depth_multiplier;
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int16_t* in_b = in + static_cast<size_t>(b) * p.in_h * p.in_w * c;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t iy0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      uint32_t ky0, ky1;
      tap_range(iy0, p.k_h, p.dilation_h, p.in_h, &ky0, &ky1);
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        const int32_t ix0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        uint32_t kx0, kx1;
        tap_range(ix0, p.k_w, p.dilation_w, p.in_w, &kx0, &kx1);
        int16_t* dst = out + ((static_cast<size_t>(b) * p.out_h + oy) * p.out_w + ox) * oc_count;
        for (uint32_t oc0 = 0; oc0 < oc_count; oc0 += kChunk) {
          const uint32_t n = oc_count - oc0 < kChunk ? oc_count - oc0 : kChunk;
          int64_t acc[kChunk];
          for (uint32_t j = 0; j < n; ++j) acc[j] = 0;
          for (uint32_t ky = ky0; ky < ky1; ++ky) {
            const uint32_t iy = static_cast<uint32_t>(iy0 + static_cast<int32_t>(ky * p.dilation_h));
            for (uint32_t kx = kx0; kx < kx1; ++kx) {
              const uint32_t ix = static_cast<uint32_t>(ix0 + static_cast<int32_t>(kx * p.dilation_w));
              const int16_t* xs = in_b + (static_cast<size_t>(iy) * p.in_w + ix) * c;
              const int8_t* fs = filter + (static_cast<size_t>(ky) * p.k_w + kx) * oc_count + oc0;
              if (dm == 1) {
                for (uint32_t j = 0; j < n; ++j) acc[j] += static_cast<int32_t>(xs[oc0 + j]) * fs[j];
              } else {
                uint32_t ic = oc0 / dm, m = oc0 % dm;
                for (uint32_t j = 0; j < n; ++j) {
                  acc[j] += static_cast<int32_t>(xs[ic]) * fs[j];
                  if (++m == dm) {
                    m = 0;
                    ++ic;
                  }
                }
              }
            }
          }
          for (uint32_t j = 0; j < n; ++j) dst[oc0 + j] = w16::requantize(acc[j], oc0 + j, q);
        }
      }
    }
  }
}

// depthwise_conv_2d_uses_rows(p): depth_multiplier > 1 with at most kDwRowsMaxChannels input
// channels and at most kDwRowsMaxTaps taps; one input channel ic and run of n <= kDwRowsRun
// of its output channels at a time, as a GEMM with 16-bit operands whose depth K (taps rounded
// up to kDwRowsDepthStep) is a compile-time constant, so that the dot products compile to vector multiply-add
// reductions. Scratch (DwRowsScratch in kernels/depthwise_conv_2d.h):
//  - acc[2][kDwRowsRun], bias[kDwRowsRun] (int32), res[2 * kDwRowsRun] (int8): the sums of a
//    pixel pair, the run's folded bias, requantised bytes on their way to the output;
//  - fw[m][K]: the run's filter, widened, taps in [ky][kx] order, 0 past the taps;
//  - win[2][K + 8]: two output pixels' windows, [ky][kx];
//  - rowoff[k_h]: per filter row of the current output row, the offset of its input row in
//    ring; then tag[H]: the input row each ring slot holds;
//  - ring[H + 1][dilation_w][span], H = (k_h - 1) * dilation_h + 1: input row iy of channel ic
//    in slot iy % H, widened and split by column phase modulo dilation_w (columns in the
//    padding hold input_zero_point), so that filter row ky of output pixel ox is k_w
//    consecutive entries at [(ox * stride_w) % dilation_w][(ox * stride_w) / dilation_w + kx];
//    slot H holds input_zero_point everywhere (filter rows outside the input). An input row is
//    widened when its slot does not hold it already.
// As sum (x - zp) f = sum x f - zp sum f, the bias of channel oc becomes bias[oc] - zp *
// sum_t f[t][oc] (wrapped, as the sum is); padding taps contribute nothing, as in TFLite.
static_assert(kDwRowsRun == gemm::kFastRun, "a row-path channel run is one FastRun");

// out[i * 4 + c] = x_i . w_c over K entries, i < 2, c < 4 (16-bit operands, 32-bit sums).
template <uint32_t K>
inline void rows_dot_2x4(const int16_t* __restrict x0, const int16_t* __restrict x1,
                         const int16_t* __restrict w0, const int16_t* __restrict w1,
                         const int16_t* __restrict w2, const int16_t* __restrict w3, int32_t out[8]) {
  int32_t s00 = 0, s01 = 0, s02 = 0, s03 = 0, s10 = 0, s11 = 0, s12 = 0, s13 = 0;
  for (uint32_t k = 0; k < K; ++k) {
    const int32_t a = x0[k], b = x1[k], c0 = w0[k], c1 = w1[k], c2 = w2[k], c3 = w3[k];
    s00 += a * c0;
    s01 += a * c1;
    s02 += a * c2;
    s03 += a * c3;
    s10 += b * c0;
    s11 += b * c1;
    s12 += b * c2;
    s13 += b * c3;
  }
  out[0] = s00;
  out[1] = s01;
  out[2] = s02;
  out[3] = s03;
  out[4] = s10;
  out[5] = s11;
  out[6] = s12;
  out[7] = s13;
}

// Windows x0 and x1 (x1 may equal x0 when one pixel is left; then out1 is null) times the n
// filter rows of fw ([n][K]): acc[m] (x0) and acc[n + m] (x1), m < n.
template <uint32_t K>
void rows_pixel_pair(const int16_t* x0, const int16_t* x1, const int16_t* fw, uint32_t n,
                     int32_t* acc) {
  uint32_t m = 0;
  int32_t s[8];
  for (; m + 4 <= n; m += 4) {
    const int16_t* w = fw + m * K;
    rows_dot_2x4<K>(x0, x1, w, w + K, w + 2 * K, w + 3 * K, s);
    for (uint32_t c = 0; c < 4; ++c) {
      acc[m + c] = s[c];
      acc[n + m + c] = s[4 + c];
    }
  }
  if (m < n) {
    // Past the last filter row, repeat it; the extra sums are dropped.
    const int16_t* w = fw + m * K;
    const uint32_t left = n - m;
    rows_dot_2x4<K>(x0, x1, w, w + (left > 1 ? K : 0), w + (left > 2 ? 2 * K : 0), w, s);
    for (uint32_t c = 0; c < left; ++c) {
      acc[m + c] = s[c];
      acc[n + m + c] = s[4 + c];
    }
  }
}

using RowsPairFn = void (*)(const int16_t*, const int16_t*, const int16_t*, uint32_t, int32_t*);

template <uint32_t... Ks>
struct RowsPairTable {
  static constexpr RowsPairFn fns[sizeof...(Ks)] = {&rows_pixel_pair<Ks>...};
};
// Entry i: K = kDwRowsDepthStep * (i + 1), up to kDwRowsMaxTaps.
using RowsPairs = RowsPairTable<16, 32, 48, 64, 80, 96, 112, 128>;
static_assert(kDwRowsDepthStep == 16 && kDwRowsMaxTaps == 128,
              "one table entry per depth step up to kDwRowsMaxTaps");

// Widens input row src (channel ic already applied, in_c apart) into row ([dilation_w][span]):
// row[ph][v] = src[(v * dilation_w + ph - pad_w) * in_c], zp outside the input.
inline void rows_fill(const DepthwiseConv2dParams& p, const int8_t* src, size_t span, int16_t* row) {
  const int16_t zp = static_cast<int16_t>(p.input_zero_point);
  const uint32_t d = p.dilation_w;
  const uint64_t end = static_cast<uint64_t>(p.in_w) + p.pad_w;  // u - pad_w < in_w
  const size_t col_step = static_cast<size_t>(d) * p.in_c;
  for (uint32_t ph = 0; ph < d; ++ph, row += span) {
    // Entries v with pad_w <= v * d + ph < end are [lo, hi).
    const uint64_t v_lo = p.pad_w > ph ? (p.pad_w - ph + d - 1) / d : 0u;
    uint64_t v_hi = end > ph ? (end - ph + d - 1) / d : 0u;
    if (v_hi > span) v_hi = span;
    const size_t hi = static_cast<size_t>(v_hi);
    const size_t lo = v_lo < v_hi ? static_cast<size_t>(v_lo) : hi;
    size_t v = 0;
    for (; v < lo; ++v) row[v] = zp;
    if (v < hi) {
      const int8_t* sx = src + (v * d + ph - p.pad_w) * p.in_c;
      for (; v < hi; ++v, sx += col_step) row[v] = *sx;
    }
    for (; v < span; ++v) row[v] = zp;
  }
}

// Window [ky][kx] of output pixel ox into win (taps entries, plus up to 7 written past them).
inline void rows_window(const DepthwiseConv2dParams& p, const int16_t* ring, const uint32_t* rowoff,
                        size_t span, uint32_t ox, int16_t* win) {
  const uint64_t u = static_cast<uint64_t>(ox) * p.stride_w;
  const int16_t* base = ring + static_cast<size_t>(u % p.dilation_w) * span + static_cast<size_t>(u / p.dilation_w);
  for (uint32_t ky = 0; ky < p.k_h; ++ky, win += p.k_w) {
    const int16_t* src = base + rowoff[ky];
    // Blocks of 8 in order: a block's entries past k_w are overwritten by the next filter row.
    for (uint32_t kx = 0; kx < p.k_w; kx += 8) __builtin_memcpy(win + kx, src + kx, 8 * sizeof(int16_t));
  }
}

__attribute__((noinline)) void eval_dm_rows(const DepthwiseConv2dParams& hdr, const gemm::Requant& q,
                                            const int8_t* in, const int8_t* filter, int8_t* out,
                                            uint8_t* temp) {
  // A local copy: the stores into the scratch cannot alias it.
  const DepthwiseConv2dParams p = hdr;
  const uint32_t dm = p.depth_multiplier, taps = p.k_h * p.k_w;
  const uint32_t kd = (taps + kDwRowsDepthStep - 1u) / kDwRowsDepthStep * kDwRowsDepthStep;
  const RowsPairFn pair_fn = RowsPairs::fns[kd / kDwRowsDepthStep - 1u];
  const DwRowsScratch sc = depthwise_conv_2d_rows_scratch(p);
  const size_t span = static_cast<size_t>(sc.span);
  const size_t row_len = static_cast<size_t>(p.dilation_w) * span;
  const uint32_t ring_rows = static_cast<uint32_t>(sc.ring_rows);
  int32_t* acc = reinterpret_cast<int32_t*>(temp);
  int32_t* bias = acc + 2 * kDwRowsRun;
  int8_t* res = reinterpret_cast<int8_t*>(bias + kDwRowsRun);
  int16_t* fw = reinterpret_cast<int16_t*>(temp + sc.fw_at);
  int16_t* win[2] = {reinterpret_cast<int16_t*>(temp + sc.win_at),
                     reinterpret_cast<int16_t*>(temp + sc.win_at) + kd + 8u};
  uint32_t* rowoff = reinterpret_cast<uint32_t*>(temp + sc.rowoff_at);
  uint32_t* tag = rowoff + p.k_h;  // input row held by each ring slot
  constexpr uint32_t kNoRow = 0xFFFFFFFFu;
  int16_t* ring = reinterpret_cast<int16_t*>(temp + sc.ring_at);
  for (uint32_t i = 0; i < 2u * (kd + 8u); ++i) win[0][i] = 0;
  const uint32_t zero_row = ring_rows * static_cast<uint32_t>(row_len);
  for (size_t v = 0; v < row_len; ++v) ring[zero_row + v] = static_cast<int16_t>(p.input_zero_point);
  // |dot| <= taps * 128 * 128.
  const uint32_t acc_bound = taps * (128u * 128u);
  const int32_t zp = p.input_zero_point;
  gemm::FastRun run;
  for (uint32_t ic = 0; ic < p.in_c; ++ic) {
    for (uint32_t m0 = 0; m0 < dm; m0 += kDwRowsRun) {
      const uint32_t n = dm - m0 < kDwRowsRun ? dm - m0 : kDwRowsRun;
      const uint32_t oc0 = ic * dm + m0;
      for (uint32_t m = 0; m < n; ++m) {
        uint32_t sum = 0;
        for (uint32_t t = 0; t < kd; ++t) {
          const int32_t f = t < taps ? filter[static_cast<size_t>(t) * p.out_c + oc0 + m] : 0;
          sum += static_cast<uint32_t>(f);
          fw[m * kd + t] = static_cast<int16_t>(f);
        }
        bias[m] = static_cast<int32_t>(static_cast<uint32_t>(q.folded_bias[oc0 + m]) -
                                       static_cast<uint32_t>(zp) * sum);
      }
      const gemm::Requant qc{bias, q.multiplier + oc0, q.shift + oc0, q.output_zero_point,
                             q.act_min, q.act_max};
      // Two pixels' n channels as one run of 2n lanes (lane j: channel j % n) when they fit.
      const bool paired = 2u * n <= kDwRowsRun;
      gemm::fast_run_fill(qc, 0, paired ? 2u * n : n, n, acc_bound, &run);
      for (uint32_t b = 0; b < p.batches; ++b) {
        const int8_t* in_b = in + static_cast<size_t>(b) * p.in_h * p.in_w * p.in_c + ic;
        for (uint32_t i = 0; i < ring_rows; ++i) tag[i] = kNoRow;
        for (uint32_t oy = 0; oy < p.out_h; ++oy) {
          const int32_t iy0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
          for (uint32_t ky = 0; ky < p.k_h; ++ky) {
            const int64_t iy = static_cast<int64_t>(iy0) + static_cast<int64_t>(ky) * p.dilation_h;
            if (iy < 0 || iy >= static_cast<int64_t>(p.in_h)) {
              rowoff[ky] = zero_row;
              continue;
            }
            const uint32_t r = static_cast<uint32_t>(iy);
            const uint32_t slot = (r % ring_rows) * static_cast<uint32_t>(row_len);
            // The rows of one output row are ring_rows consecutive input rows at most: distinct slots.
            if (tag[r % ring_rows] != r) {
              rows_fill(p, in_b + static_cast<size_t>(r) * p.in_w * p.in_c, span, ring + slot);
              tag[r % ring_rows] = r;
            }
            rowoff[ky] = slot;
          }
          int8_t* row_out = out + (static_cast<size_t>(b) * p.out_h + oy) * p.out_w * p.out_c + oc0;
          for (uint32_t ox = 0; ox < p.out_w; ox += 2) {
            const bool two = ox + 1 < p.out_w;
            rows_window(p, ring, rowoff, span, ox, win[0]);
            if (two) rows_window(p, ring, rowoff, span, ox + 1, win[1]);
            pair_fn(win[0], two ? win[1] : win[0], fw, n, acc);
            int8_t* o0 = row_out + static_cast<size_t>(ox) * p.out_c;
            if (paired) {
              const bool contiguous = two && p.out_c == n;
              gemm::fast_requantize_run(acc, run, two ? 2u * n : n, contiguous ? o0 : res);
              if (!contiguous) {
                for (uint32_t m = 0; m < n; ++m) o0[m] = res[m];
                if (two) {
                  for (uint32_t m = 0; m < n; ++m) o0[p.out_c + m] = res[n + m];
                }
              }
            } else {
              gemm::fast_requantize_run(acc, run, n, o0);
              if (two) gemm::fast_requantize_run(acc + n, run, n, o0 + p.out_c);
            }
          }
        }
      }
    }
  }
}

// depth_multiplier > 1 as one small GEMM per input channel: output channels ic * dm + m
// (m < dm) of every pixel are the rows of the pixel's window on channel ic (taps values, the
// padding taps holding input_zero_point) times the filter column block transposed to [dm][taps]
// in the kernel scratch (temp: the block, then the two window rows), through the shared 2x2 blocked dot products and the vectorised exact
// requantisation, in runs of gemm::kFastRun output channels. sum (x - zp) f = x . f - zp *
// sum f, so the bias of channel oc becomes bias[oc] - zp * sum_t f[t][oc] (wrapped, as the sum
// is): padding taps contribute nothing, as in TFLite. Requires depthwise_conv_2d_uses_gemm(p)
// and depthwise_conv_2d_temp_bytes(p) bytes at temp (checked by validate).
__attribute__((noinline)) void eval_dm_gemm(const DepthwiseConv2dParams& hdr, const gemm::Requant& q,
                                            const int8_t* in, const int8_t* filter, int8_t* out,
                                            int8_t* temp) {
  // A local copy: the stores into the scratch rows cannot alias it, so its fields stay in
  // registers across them.
  const DepthwiseConv2dParams p = hdr;
  const uint32_t taps = p.k_h * p.k_w, dm = p.depth_multiplier;
  int8_t* wt = temp;
  int8_t* const rows[2] = {temp + dm * taps, temp + dm * taps + taps};
  int32_t bias[gemm::kFastRun];
  // |x . f| <= taps * 128 * 128.
  const uint32_t acc_bound = taps * (128u * 128u);
  const int32_t zp = p.input_zero_point;
  const uint32_t plane = p.out_h * p.out_w, total = p.batches * plane;
  gemm::FastRun run;
  for (uint32_t ic = 0; ic < p.in_c; ++ic) {
    const uint32_t oc0 = ic * dm;
    for (uint32_t m = 0; m < dm; ++m) {
      for (uint32_t t = 0; t < taps; ++t) wt[m * taps + t] = filter[static_cast<size_t>(t) * p.out_c + oc0 + m];
    }
    for (uint32_t m0 = 0; m0 < dm; m0 += gemm::kFastRun) {
      const uint32_t n = dm - m0 < gemm::kFastRun ? dm - m0 : gemm::kFastRun;
      for (uint32_t m = 0; m < n; ++m) {
        int32_t sum = 0;
        for (uint32_t t = 0; t < taps; ++t) sum += wt[(m0 + m) * taps + t];
        bias[m] = static_cast<int32_t>(static_cast<uint32_t>(q.folded_bias[oc0 + m0 + m]) -
                                       static_cast<uint32_t>(zp * sum));
      }
      const gemm::Requant qc{bias, q.multiplier + oc0 + m0, q.shift + oc0 + m0, q.output_zero_point,
                             q.act_min, q.act_max};
      gemm::fast_run_fill(qc, 0, n, n, acc_bound, &run);
      for (uint32_t i = 0; i < total; i += 2) {
        const bool pair = i + 1 < total;
        for (uint32_t r = 0; r < (pair ? 2u : 1u); ++r) {
          const uint32_t b = (i + r) / plane, rem = (i + r) % plane;
          const int32_t y0 = static_cast<int32_t>((rem / p.out_w) * p.stride_h) - static_cast<int32_t>(p.pad_h);
          const int32_t x0 = static_cast<int32_t>((rem % p.out_w) * p.stride_w) - static_cast<int32_t>(p.pad_w);
          const int8_t* base = in + static_cast<size_t>(b) * p.in_h * p.in_w * p.in_c + ic;
          int8_t* row = rows[r];
          uint32_t kx0, kx1;  // horizontal taps inside the input, the same for every filter row
          tap_range(x0, p.k_w, p.dilation_w, p.in_w, &kx0, &kx1);
          const size_t step = static_cast<size_t>(p.dilation_w) * p.in_c;
          for (uint32_t ky = 0; ky < p.k_h; ++ky) {
            int8_t* dst = row + ky * p.k_w;
            const int32_t iy = y0 + static_cast<int32_t>(ky * p.dilation_h);
            if (iy < 0 || iy >= static_cast<int32_t>(p.in_h)) {
              for (uint32_t kx = 0; kx < p.k_w; ++kx) dst[kx] = static_cast<int8_t>(zp);
              continue;
            }
            for (uint32_t kx = 0; kx < kx0; ++kx) dst[kx] = static_cast<int8_t>(zp);
            const int8_t* src = base + (static_cast<size_t>(iy) * p.in_w +
                                        static_cast<uint32_t>(x0 + static_cast<int32_t>(kx0 * p.dilation_w))) * p.in_c;
            for (uint32_t kx = kx0; kx < kx1; ++kx, src += step) dst[kx] = *src;
            for (uint32_t kx = kx1; kx < p.k_w; ++kx) dst[kx] = static_cast<int8_t>(zp);
          }
        }
        int8_t* o0 = out + static_cast<size_t>(i) * p.out_c + oc0 + m0;
        gemm::gemm_row_pair_run(rows[0], pair ? rows[1] : rows[0], wt + m0 * taps, n, taps, run, o0,
                                pair ? o0 + p.out_c : nullptr);
      }
    }
  }
}

// depth_multiplier != 1 outside the eval_dm_gemm limits: per pixel, chunks of kChunk output channels.
__attribute__((noinline)) void eval_generic(const DepthwiseConv2dParams& p, const gemm::Requant& q,
                                            const int8_t* in, const int8_t* filter, int8_t* out) {
  for (uint32_t b = 0; b < p.batches; ++b) {
    Pixel px;
    px.in = in + static_cast<size_t>(b) * p.in_h * p.in_w * p.in_c;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      px.iy0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      tap_range(px.iy0, p.k_h, p.dilation_h, p.in_h, &px.ky0, &px.ky1);
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        px.ix0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        tap_range(px.ix0, p.k_w, p.dilation_w, p.in_w, &px.kx0, &px.kx1);
        int8_t* dst = out + ((static_cast<size_t>(b) * p.out_h + oy) * p.out_w + ox) * p.out_c;
        for (uint32_t c0 = 0; c0 < p.out_c; c0 += kChunk) {
          const uint32_t n = p.out_c - c0 < kChunk ? p.out_c - c0 : kChunk;
          chunk_generic(p, px, filter, c0, n, q, dst);
        }
      }
    }
  }
}

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

// depth_multiplier 1, any shape: per output pixel, runs of gemm::kFastRun channels.
__attribute__((noinline)) void eval_runs(const DepthwiseConv2dParams& p, const gemm::Requant& q,
                                         uint32_t acc_bound, const int8_t* in, const int8_t* filter,
                                         int8_t* out) {
  gemm::FastRun run;
  for (uint32_t first = 0; first < p.out_c; first += gemm::kFastRun) {
    const uint32_t n = p.out_c - first < gemm::kFastRun ? p.out_c - first : gemm::kFastRun;
    gemm::fast_run_fill(q, first, n, n, acc_bound, &run);
    const Lanes l{&run, first, n};
    eval_pixels_dm1(p, in, filter, l, n, out);
  }
}

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
#if defined(LPAI_HAS_CORTEX_M_DSP)
  if (dsp::depthwise_dm1_applies(p)) {  // Cortex-M DSP extension, bit-exact
    dsp::depthwise_dm1(p, q, in, filter, out);
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

const OpKernel kDepthwiseConv2dKernel = {format::BuiltinOp::kDepthwiseConv2d, "DEPTHWISE_CONV_2D",
                                         validate, eval};

}  // namespace kernels
}  // namespace lpai
