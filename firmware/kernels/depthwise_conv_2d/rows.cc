// DEPTHWISE_CONV_2D row path (depth_multiplier > 1, few channels and taps): see paths.h.
#include "kernels/depthwise_conv_2d/paths.h"

namespace lpai {
namespace kernels {
namespace dw {

// depthwise_conv_2d_uses_rows(p): depth_multiplier > 1 with at most kDwRowsMaxChannels input
// channels and at most kDwRowsMaxTaps taps; one input channel ic and run of n <= kDwRowsRun
// of its output channels at a time, as a GEMM with 16-bit operands whose depth K (taps rounded
// up to kDwRowsDepthStep) is a compile-time constant, so that the dot products compile to vector multiply-add
// reductions. Scratch (DwRowsScratch in kernels/params/depthwise_conv_2d.h):
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

}  // namespace dw
}  // namespace kernels
}  // namespace lpai
