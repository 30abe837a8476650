// DEPTHWISE_CONV_2D int8 (depth multiplier 1) on the Arm DSP extension: see dsp_depthwise.h.
#include "kernels/cortex_m/dsp_depthwise.h"

#if defined(LPAI_HAS_CORTEX_M_DSP)
#include "kernels/cortex_m/dsp_requant.h"
#include "kernels/tap_range.h"

namespace lpai {
namespace kernels {
namespace dsp {
namespace {

struct Acc4 {
  int32_t c0, c1, c2, c3;
};

// Adds the taps [fy, ly) x [fx, lx) of one output pixel for channels c..c+3 (x points at the
// input element of tap (0, 0), which may lie outside the input: only valid taps are read).
// kSubZp: subtract the input zero point per tap (edge pixels); otherwise it is folded in acc.
template <bool kSubZp>
inline void add_taps(const int8_t* x, int32_t row_step, int32_t col_step, const int32_t* wf,
                     uint32_t k_w, uint32_t fy, uint32_t ly, uint32_t fx, uint32_t lx,
                     int32_t zp2, Acc4* acc) {
  int32_t a0 = acc->c0, a1 = acc->c1, a2 = acc->c2, a3 = acc->c3;
  for (uint32_t ky = fy; ky < ly; ++ky) {
    const int8_t* xr = x + static_cast<int32_t>(ky) * row_step + static_cast<int32_t>(fx) * col_step;
    const int32_t* w = wf + 2 * (ky * k_w + fx);
    for (uint32_t kx = fx; kx < lx; ++kx) {
      const int32_t v = load_word(xr);
      xr += col_step;
      int32_t v02 = __sxtb16(v), v13 = sxtb16_ror8(v);
      if (kSubZp) {
        v02 = __ssub16(v02, zp2);
        v13 = __ssub16(v13, zp2);
      }
      const int32_t f02 = w[0], f13 = w[1];
      w += 2;
      a0 = __smlabb(v02, f02, a0);
      a2 = __smlatt(v02, f02, a2);
      a1 = __smlabb(v13, f13, a1);
      a3 = __smlatt(v13, f13, a3);
    }
  }
  acc->c0 = a0;
  acc->c1 = a1;
  acc->c2 = a2;
  acc->c3 = a3;
}

// One tap with the zero point subtracted (SSUB16): x at the tap, f the tap's two pair-words.
inline void tap_sub_zp(const int8_t* x, const int32_t* f, int32_t zp2, int32_t& a0, int32_t& a1,
                       int32_t& a2, int32_t& a3) {
  const int32_t v = load_word(x);
  const int32_t v02 = __ssub16(__sxtb16(v), zp2), v13 = __ssub16(sxtb16_ror8(v), zp2);
  a0 = __smlabb(v02, f[0], a0);
  a2 = __smlatt(v02, f[0], a2);
  a1 = __smlabb(v13, f[1], a1);
  a3 = __smlatt(v13, f[1], a3);
}

// add_taps<true> for a 3x3 window cut by the input's edges: per valid row, the valid columns
// [fx, lx) as one of six straight-line cases.
inline void add_edge_3x3(const int8_t* x, int32_t row_step, int32_t col_step, const int32_t* wf,
                         uint32_t fy, uint32_t ly, uint32_t fx, uint32_t lx, int32_t zp2,
                         Acc4* acc) {
  int32_t a0 = acc->c0, a1 = acc->c1, a2 = acc->c2, a3 = acc->c3;
  const uint32_t cols = fx * 4 + lx;
  for (uint32_t ky = fy; ky < ly; ++ky) {
    const int8_t* xr = x + static_cast<int32_t>(ky) * row_step;
    const int32_t* w = wf + 6 * ky;
    switch (cols) {
      case 0 * 4 + 3:
        tap_sub_zp(xr, w, zp2, a0, a1, a2, a3);
        tap_sub_zp(xr + col_step, w + 2, zp2, a0, a1, a2, a3);
        tap_sub_zp(xr + 2 * col_step, w + 4, zp2, a0, a1, a2, a3);
        break;
      case 1 * 4 + 3:
        tap_sub_zp(xr + col_step, w + 2, zp2, a0, a1, a2, a3);
        tap_sub_zp(xr + 2 * col_step, w + 4, zp2, a0, a1, a2, a3);
        break;
      case 0 * 4 + 2:
        tap_sub_zp(xr, w, zp2, a0, a1, a2, a3);
        tap_sub_zp(xr + col_step, w + 2, zp2, a0, a1, a2, a3);
        break;
      case 0 * 4 + 1:
        tap_sub_zp(xr, w, zp2, a0, a1, a2, a3);
        break;
      case 1 * 4 + 2:
        tap_sub_zp(xr + col_step, w + 2, zp2, a0, a1, a2, a3);
        break;
      case 2 * 4 + 3:
        tap_sub_zp(xr + 2 * col_step, w + 4, zp2, a0, a1, a2, a3);
        break;
      default:  // no valid column
        break;
    }
  }
  acc->c0 = a0;
  acc->c1 = a1;
  acc->c2 = a2;
  acc->c3 = a3;
}

// add_taps<false> for a whole 3x3 window, unrolled.
inline void add_taps_3x3(const int8_t* x, int32_t row_step, int32_t col_step, const int32_t* wf,
                         Acc4* acc) {
  int32_t a0 = acc->c0, a1 = acc->c1, a2 = acc->c2, a3 = acc->c3;
#pragma GCC unroll 3
  for (uint32_t ky = 0; ky < 3; ++ky) {
#pragma GCC unroll 3
    for (uint32_t kx = 0; kx < 3; ++kx) {
      const int32_t v = load_word(x + static_cast<int32_t>(kx) * col_step);
      const int32_t v02 = __sxtb16(v), v13 = sxtb16_ror8(v);
      const int32_t f02 = wf[2 * (ky * 3 + kx)], f13 = wf[2 * (ky * 3 + kx) + 1];
      a0 = __smlabb(v02, f02, a0);
      a2 = __smlatt(v02, f02, a2);
      a1 = __smlabb(v13, f13, a1);
      a3 = __smlatt(v13, f13, a3);
    }
    x += row_step;
  }
  acc->c0 = a0;
  acc->c1 = a1;
  acc->c2 = a2;
  acc->c3 = a3;
}

// add_taps<false> for a window of one row or one column: n taps, `step` bytes apart.
inline void add_taps_line(const int8_t* x, int32_t step, const int32_t* wf, uint32_t n, Acc4* acc) {
  int32_t a0 = acc->c0, a1 = acc->c1, a2 = acc->c2, a3 = acc->c3;
  const int32_t* end = wf + 2 * n;
  while (wf != end) {
    const int32_t v = load_word(x);
    x += step;
    const int32_t v02 = __sxtb16(v), v13 = sxtb16_ror8(v);
    const int32_t f02 = wf[0], f13 = wf[1];
    wf += 2;
    a0 = __smlabb(v02, f02, a0);
    a2 = __smlatt(v02, f02, a2);
    a1 = __smlabb(v13, f13, a1);
    a3 = __smlatt(v13, f13, a3);
  }
  acc->c0 = a0;
  acc->c1 = a1;
  acc->c2 = a2;
  acc->c3 = a3;
}

// Outputs [lo, hi) along one axis whose whole window lies inside the input.
inline void interior(uint32_t out_n, uint32_t stride, uint32_t pad, uint32_t k, uint32_t dilation,
                     uint32_t size, uint32_t* lo, uint32_t* hi) {
  const uint32_t span = (k - 1) * dilation;  // k <= kDwMaxTaps, dilation <= 2^16: no wrap
  *lo = (pad + stride - 1) / stride;
  *hi = *lo;
  if (span >= size) return;
  const uint32_t last = (size - 1 - span + pad) / stride + 1;  // first output past the interior
  *hi = last < out_n ? last : out_n;
  if (*hi < *lo) *hi = *lo;
}

// One channel's requantisation in the SMMLAR form (dsp_requant_uniform.h), the bias already in
// the accumulator: y = acc << ls1, out = (SMMLAR(y, m, rz) + (y < 0 ? neg : 0)) >> rs. A right
// shift rs in [1, 21]: ls1 = 1, rz = 2^(rs-1) + (zp << rs), neg = -1; a shift >= 0: ls1 = ls + 1,
// rs = 0, rz = zp, neg = 0.
struct ChanQ {
  int32_t m, rz;
  uint32_t ls1, rs;
  int32_t neg;
};

template <bool kFullRange, bool kMixed>
__attribute__((always_inline)) inline int8_t requant_smmlar(int32_t acc, const ChanQ& u, int32_t lo,
                                                            int32_t hi) {
  const int32_t y = static_cast<int32_t>(static_cast<uint32_t>(acc) << (kMixed ? u.ls1 : 1u));
  const int32_t v = (smmlar(y, u.m, u.rz) + (kMixed ? (y >> 31) & u.neg : y >> 31)) >> u.rs;
  return static_cast<int8_t>(kFullRange ? __ssat(v, 8) : clamp(v, lo, hi));
}

// Channels c..c+3 of every output pixel: the accumulators start from full_start (window wholly
// inside) or edge_start (the input zero point subtracted per valid tap), then
// store(dst, acc) writes the pixel's four outputs.
template <typename Store>
__attribute__((always_inline)) inline void channel_group(const DepthwiseConv2dParams& p, uint32_t c,
                                                         const int8_t* in, int8_t* out, const int32_t* wf,
                                                         const int32_t* full_start, const int32_t* edge_start,
                                                         uint32_t y_lo, uint32_t y_hi, uint32_t x_lo,
                                                         uint32_t x_hi, int32_t zp2, Store&& store) {
  const uint32_t c_n = p.in_c;
  const int32_t col_step = static_cast<int32_t>(p.dilation_w * c_n);
  const int32_t row_step = static_cast<int32_t>(p.dilation_h * p.in_w * c_n);
  const bool is_3x3 = p.k_h == 3 && p.k_w == 3;
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* in_b = in + static_cast<size_t>(b) * p.in_h * p.in_w * c_n + c;
    int8_t* dst = out + static_cast<size_t>(b) * p.out_h * p.out_w * c_n + c;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t y0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      const bool row_inside = oy >= y_lo && oy < y_hi;
      uint32_t fy = 0, ly = p.k_h;
      if (!row_inside) tap_range(y0, p.k_h, p.dilation_h, p.in_h, &fy, &ly);
      for (uint32_t ox = 0; ox < p.out_w; ++ox, dst += c_n) {
        const int32_t x0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        // Address of tap (0, 0): may lie outside the input, never read there.
        const int8_t* x = in_b + (y0 * static_cast<int32_t>(p.in_w) + x0) * static_cast<int32_t>(c_n);
        Acc4 acc;
        if (row_inside && ox >= x_lo && ox < x_hi) {
          acc = Acc4{full_start[0], full_start[1], full_start[2], full_start[3]};
          if (is_3x3) {
            add_taps_3x3(x, row_step, col_step, wf, &acc);
          } else if (p.k_w == 1) {
            add_taps_line(x, row_step, wf, p.k_h, &acc);
          } else if (p.k_h == 1) {
            add_taps_line(x, col_step, wf, p.k_w, &acc);
          } else {
            add_taps<false>(x, row_step, col_step, wf, p.k_w, 0, p.k_h, 0, p.k_w, zp2, &acc);
          }
        } else {
          uint32_t fx, lx;
          tap_range(x0, p.k_w, p.dilation_w, p.in_w, &fx, &lx);
          acc = Acc4{edge_start[0], edge_start[1], edge_start[2], edge_start[3]};
          if (is_3x3) {
            add_edge_3x3(x, row_step, col_step, wf, fy, ly, fx, lx, zp2, &acc);
          } else {
            add_taps<true>(x, row_step, col_step, wf, p.k_w, fy, ly, fx, lx, zp2, &acc);
          }
        }
        store(dst, acc);
      }
    }
  }
}

// channel_group with each channel requantised in the SMMLAR form (biases in the starts).
template <bool kFullRange, bool kMixed>
void channel_group_smmlar_impl(const DepthwiseConv2dParams& p, uint32_t c, const int8_t* in, int8_t* out,
                               const int32_t* wf, const int32_t* full_start, const int32_t* edge_start,
                               const ChanQ* u, uint32_t y_lo, uint32_t y_hi, uint32_t x_lo,
                               uint32_t x_hi, int32_t zp2) {
  const int32_t lo = p.act_min, hi = p.act_max;
  channel_group(p, c, in, out, wf, full_start, edge_start, y_lo, y_hi, x_lo, x_hi, zp2,
                [&](int8_t* dst, const Acc4& acc) {
                  dst[0] = requant_smmlar<kFullRange, kMixed>(acc.c0, u[0], lo, hi);
                  dst[1] = requant_smmlar<kFullRange, kMixed>(acc.c1, u[1], lo, hi);
                  dst[2] = requant_smmlar<kFullRange, kMixed>(acc.c2, u[2], lo, hi);
                  dst[3] = requant_smmlar<kFullRange, kMixed>(acc.c3, u[3], lo, hi);
                });
}

// channel_group with the Lane requantisation (any channel; biases not in the starts).
void channel_group_lanes(const DepthwiseConv2dParams& p, uint32_t c, const int8_t* in, int8_t* out,
                         const int32_t* wf, const int32_t* full_start, const Lane* s, uint32_t y_lo,
                         uint32_t y_hi, uint32_t x_lo, uint32_t x_hi, int32_t zp2) {
  const int32_t out_zp = p.output_zero_point, lo = p.act_min, hi = p.act_max;
  const int32_t zero[4] = {0, 0, 0, 0};
  const bool all_fast = s[0].fast && s[1].fast && s[2].fast && s[3].fast;
  channel_group(p, c, in, out, wf, full_start, zero, y_lo, y_hi, x_lo, x_hi, zp2,
                [&](int8_t* dst, const Acc4& acc) {
                  if (all_fast) {
                    dst[0] = requantize_fast(acc.c0, s[0], out_zp, lo, hi);
                    dst[1] = requantize_fast(acc.c1, s[1], out_zp, lo, hi);
                    dst[2] = requantize_fast(acc.c2, s[2], out_zp, lo, hi);
                    dst[3] = requantize_fast(acc.c3, s[3], out_zp, lo, hi);
                  } else {
                    dst[0] = requantize(acc.c0, s[0], out_zp, lo, hi);
                    dst[1] = requantize(acc.c1, s[1], out_zp, lo, hi);
                    dst[2] = requantize(acc.c2, s[2], out_zp, lo, hi);
                    dst[3] = requantize(acc.c3, s[3], out_zp, lo, hi);
                  }
                });
}

void channel_group_smmlar(const DepthwiseConv2dParams& p, uint32_t c, const int8_t* in, int8_t* out,
                          const int32_t* wf, const int32_t* full_start, const int32_t* edge_start,
                          const ChanQ* u, bool mixed, uint32_t y_lo, uint32_t y_hi, uint32_t x_lo,
                          uint32_t x_hi, int32_t zp2) {
  const bool full = p.act_min == -128 && p.act_max == 127;
  if (mixed) {
    if (full) {
      channel_group_smmlar_impl<true, true>(p, c, in, out, wf, full_start, edge_start, u, y_lo, y_hi, x_lo, x_hi, zp2);
    } else {
      channel_group_smmlar_impl<false, true>(p, c, in, out, wf, full_start, edge_start, u, y_lo, y_hi, x_lo, x_hi, zp2);
    }
  } else if (full) {
    channel_group_smmlar_impl<true, false>(p, c, in, out, wf, full_start, edge_start, u, y_lo, y_hi, x_lo, x_hi, zp2);
  } else {
    channel_group_smmlar_impl<false, false>(p, c, in, out, wf, full_start, edge_start, u, y_lo, y_hi, x_lo, x_hi, zp2);
  }
}

}  // namespace

bool depthwise_dm1_applies(const DepthwiseConv2dParams& p) {
  return (p.flags & kDwFlagInt16x8) == 0 && p.depth_multiplier == 1 && p.in_c % 4 == 0 &&
         static_cast<uint64_t>(p.k_h) * p.k_w <= kDwMaxTaps;
}

void depthwise_dm1(const DepthwiseConv2dParams& p, const gemm::Requant& q, const int8_t* in,
                   const int8_t* filter, int8_t* out) {
  const uint32_t c_n = p.in_c, taps = p.k_h * p.k_w;
  const int32_t out_zp = p.output_zero_point;
  const int32_t zp = p.input_zero_point;
  // |acc| <= taps * 255 * 128 (|x - zp| <= 255, |filter| <= 128).
  const uint32_t acc_bound = taps * (255u * 128u);
  const int32_t zp2 = static_cast<int32_t>((static_cast<uint32_t>(zp) & 0xFFFFu) | (static_cast<uint32_t>(zp) << 16));
  uint32_t y_lo, y_hi, x_lo, x_hi;  // outputs whose window is wholly inside, per axis
  interior(p.out_h, p.stride_h, p.pad_h, p.k_h, p.dilation_h, p.in_h, &y_lo, &y_hi);
  interior(p.out_w, p.stride_w, p.pad_w, p.k_w, p.dilation_w, p.in_w, &x_lo, &x_hi);
  int32_t wf[2 * kDwMaxTaps];  // per tap: pair-words (c0, c2) and (c1, c3) of the filter
  for (uint32_t c = 0; c < c_n; c += 4) {
    // Each channel's tap sum, for the folded zero point, in int16 lanes (|sum| <= 32 * 128).
    int32_t sum02 = 0, sum13 = 0;
    for (uint32_t t = 0; t < taps; ++t) {
      const int32_t w = load_word(filter + static_cast<size_t>(t) * c_n + c);
      wf[2 * t] = __sxtb16(w);
      wf[2 * t + 1] = sxtb16_ror8(w);
      sum02 = __sadd16(sum02, wf[2 * t]);
      sum13 = __sadd16(sum13, wf[2 * t + 1]);
    }
    const int32_t sum[4] = {static_cast<int16_t>(sum02), static_cast<int16_t>(sum13), sum02 >> 16, sum13 >> 16};
    Lane s[4];
    int32_t full_start[4];  // accumulator start of a pixel whose window is wholly inside
    for (uint32_t j = 0; j < 4; ++j) {
      s[j] = lane(q, c + j, acc_bound);
      full_start[j] = -zp * sum[j];
    }
    const bool all_fast = s[0].fast && s[1].fast && s[2].fast && s[3].fast;
    // The SMMLAR form (ChanQ) per channel: fast lanes with right shifts up to 21 (left shifts
    // too when `mixed`), the bias folded into the accumulator's start.
    bool smmlar_form = all_fast;
    bool mixed = false;
    for (uint32_t j = 0; j < 4; ++j) {
      smmlar_form = smmlar_form && s[j].rs <= 21;
      mixed = mixed || s[j].rs == 0;
    }
    if (smmlar_form) {
      ChanQ u[4];
      int32_t edge_start[4];
      for (uint32_t j = 0; j < 4; ++j) {
        const uint32_t rs = s[j].rs;
        u[j] = rs > 0 ? ChanQ{s[j].mult,
                              static_cast<int32_t>((1u << (rs - 1)) + (static_cast<uint32_t>(out_zp) << rs)),
                              1u, rs, -1}
                      : ChanQ{s[j].mult, out_zp, s[j].ls1, 0u, 0};
        edge_start[j] = s[j].bias;
        full_start[j] = static_cast<int32_t>(static_cast<uint32_t>(full_start[j]) + static_cast<uint32_t>(s[j].bias));
      }
      channel_group_smmlar(p, c, in, out, wf, full_start, edge_start, u, mixed, y_lo, y_hi, x_lo, x_hi, zp2);
      continue;
    }
    channel_group_lanes(p, c, in, out, wf, full_start, s, y_lo, y_hi, x_lo, x_hi, zp2);
  }
}

}  // namespace dsp
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_DSP
