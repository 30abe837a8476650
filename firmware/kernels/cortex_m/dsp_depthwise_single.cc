// DEPTHWISE_CONV_2D int8 over one input channel (any multiplier, out_c % 4 == 0) on the Arm DSP
// extension, without kernel scratch: see dsp_depthwise.h.
#include "kernels/cortex_m/dsp_depthwise.h"

#if defined(LPAI_HAS_CORTEX_M_DSP)
#include "kernels/cortex_m/dsp_requant.h"
#include "kernels/tap_range.h"

namespace lpai {
namespace kernels {
namespace dsp {
namespace {

// The eight halfword multiply-accumulates of one tap: xx = (pixel 0, pixel 1) inputs minus the
// zero point, wv = the four channels' filter bytes.
#define LPAI_DW1_TAP(xx, wv)                   \
  do {                                         \
    const int32_t w02_ = __sxtb16(wv);         \
    const int32_t w13_ = sxtb16_ror8(wv);      \
    a0 = __smlabb(xx, w02_, a0);               \
    a2 = __smlabt(xx, w02_, a2);               \
    a1 = __smlabb(xx, w13_, a1);               \
    a3 = __smlabt(xx, w13_, a3);               \
    if (kPair) {                               \
      b0 = __smlatb(xx, w02_, b0);             \
      b2 = __smlatt(xx, w02_, b2);             \
      b1 = __smlatb(xx, w13_, b1);             \
      b3 = __smlatt(xx, w13_, b3);             \
    }                                          \
  } while (0)

// Output pixels ox (x0: its input element of tap (0, 0)) and, when kPair, ox + 1 (x0 +
// stride_w); taps [fy, ly) x [fx, lx); channels c .. c + 3 of `filter` ([taps][out_c], kOc
// channels when non-zero, else p.out_c). Each tap: the two pixels' inputs in one pair-word
// minus the zero point (SSUB16), the four filter bytes as pair-words (c0, c2) and (c1, c3),
// eight halfword multiply-accumulates. kS2: stride_w 2, dilation_w 1 and kPair, where one word
// x[kx .. kx + 3] gives both pixels' inputs of taps kx and kx + 1 (SXTB16 and its ROR 8 form).
template <bool kPair, bool kS2, uint32_t kOc>
inline void pixel_taps(const DepthwiseConv2dParams& p, const int8_t* x0, const int8_t* filter,
                       uint32_t fy, uint32_t ly, uint32_t fx, uint32_t lx, int32_t zp2, int32_t a[8]) {
  int32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0, b0 = 0, b1 = 0, b2 = 0, b3 = 0;
  const uint32_t oc = kOc != 0 ? kOc : p.out_c;
  const int32_t row_step = static_cast<int32_t>(p.dilation_h * p.in_w);
  const int32_t col_step = kS2 ? 1 : static_cast<int32_t>(p.dilation_w);
  const int32_t pair_step = static_cast<int32_t>(p.stride_w);
  for (uint32_t ky = fy; ky < ly; ++ky) {
    const int8_t* xr = x0 + static_cast<int32_t>(ky) * row_step + static_cast<int32_t>(fx) * col_step;
    const int8_t* w = filter + static_cast<size_t>(ky * p.k_w + fx) * oc;
    uint32_t kx = fx;
    if (kS2 && kOc != 0 && lx - fx == 8) {  // a whole row of 8 taps (micro_speech): fixed offsets
#pragma GCC unroll 4
      for (uint32_t i = 0; i < 4; ++i) {
        const int32_t v = load_word(xr + 2 * i);
        const int32_t xa = __ssub16(__sxtb16(v), zp2), xb = __ssub16(sxtb16_ror8(v), zp2);
        const int32_t wa = load_word(w + 2 * i * oc), wb = load_word(w + (2 * i + 1) * oc);
        LPAI_DW1_TAP(xa, wa);
        LPAI_DW1_TAP(xb, wb);
      }
      continue;
    }
    if (kS2) {
      for (; kx + 2 <= lx; kx += 2, xr += 2, w += 2 * oc) {
        const int32_t v = load_word(xr);
        const int32_t xa = __ssub16(__sxtb16(v), zp2), xb = __ssub16(sxtb16_ror8(v), zp2);
        const int32_t wa = load_word(w), wb = load_word(w + oc);
        LPAI_DW1_TAP(xa, wa);
        LPAI_DW1_TAP(xb, wb);
      }
    }
    for (; kx < lx; ++kx, xr += col_step, w += oc) {
      const uint32_t lo = static_cast<uint16_t>(xr[0]);
      const uint32_t hi = kPair ? static_cast<uint32_t>(xr[pair_step]) << 16 : 0u;
      const int32_t xx = __ssub16(static_cast<int32_t>(lo | hi), zp2);
      const int32_t wv = load_word(w);
      LPAI_DW1_TAP(xx, wv);
    }
  }
  a[0] = a0;
  a[1] = a1;
  a[2] = a2;
  a[3] = a3;
  a[4] = b0;
  a[5] = b1;
  a[6] = b2;
  a[7] = b3;
}
#undef LPAI_DW1_TAP

template <uint32_t kOc>
void pixels(const DepthwiseConv2dParams& p, const int8_t* x0, const int8_t* filter, uint32_t fy,
            uint32_t ly, uint32_t fx, uint32_t lx, int32_t zp2, bool both, int32_t a[8]) {
  if (!both) {
    pixel_taps<false, false, kOc>(p, x0, filter, fy, ly, fx, lx, zp2, a);
  } else if (p.stride_w == 2 && p.dilation_w == 1) {
    pixel_taps<true, true, kOc>(p, x0, filter, fy, ly, fx, lx, zp2, a);
  } else {
    pixel_taps<true, false, kOc>(p, x0, filter, fy, ly, fx, lx, zp2, a);
  }
}

}  // namespace

bool depthwise_single_applies(const DepthwiseConv2dParams& p) {
  return (p.flags & kDwFlagInt16x8) == 0 && p.in_c == 1 && p.out_c % 4 == 0;
}

void depthwise_single(const DepthwiseConv2dParams& p, const gemm::Requant& q, const int8_t* in,
                      const int8_t* filter, int8_t* out) {
  const uint32_t taps = p.k_h * p.k_w, oc = p.out_c;
  const int32_t zp = p.input_zero_point, out_zp = p.output_zero_point;
  // |acc| <= taps * 255 * 128 (|x - zp| <= 255, |filter| <= 128).
  const uint32_t acc_bound = taps * (255u * 128u);
  const int32_t zp2 = static_cast<int32_t>((static_cast<uint32_t>(zp) & 0xFFFFu) | (static_cast<uint32_t>(zp) << 16));
  const int32_t pair_step = static_cast<int32_t>(p.stride_w);
  for (uint32_t c = 0; c < oc; c += 4) {
    Lane s[4];
    for (uint32_t j = 0; j < 4; ++j) s[j] = lane(q, c + j, acc_bound);
    for (uint32_t b = 0; b < p.batches; ++b) {
      const int8_t* image = in + static_cast<size_t>(b) * p.in_h * p.in_w;
      for (uint32_t oy = 0; oy < p.out_h; ++oy) {
        const int32_t iy0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
        uint32_t fy, ly;
        tap_range(iy0, p.k_h, p.dilation_h, p.in_h, &fy, &ly);
        int8_t* orow = out + (static_cast<size_t>(b) * p.out_h + oy) * p.out_w * oc + c;
        uint32_t ox = 0;
        while (ox < p.out_w) {
          const int32_t ix0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
          uint32_t fx, lx, fx1 = 0, lx1 = 0;
          tap_range(ix0, p.k_w, p.dilation_w, p.in_w, &fx, &lx);
          const bool pair = ox + 1 < p.out_w;
          if (pair) tap_range(ix0 + pair_step, p.k_w, p.dilation_w, p.in_w, &fx1, &lx1);
          // x0 may point outside the input; only valid taps are read.
          const int8_t* x0 = image + static_cast<ptrdiff_t>(iy0) * p.in_w + ix0;
          int32_t a[8];
          const bool both = pair && fx1 == fx && lx1 == lx;
          if (oc == 8) {  // micro_speech's multiplier: the filter's row step a constant
            pixels<8>(p, x0, filter + c, fy, ly, fx, lx, zp2, both, a);
          } else {
            pixels<0>(p, x0, filter + c, fy, ly, fx, lx, zp2, both, a);
          }
          int8_t* o = orow + static_cast<size_t>(ox) * oc;
          for (uint32_t j = 0; j < 4; ++j) o[j] = requantize(a[j], s[j], out_zp, p.act_min, p.act_max);
          if (both) {
            for (uint32_t j = 0; j < 4; ++j) o[oc + j] = requantize(a[4 + j], s[j], out_zp, p.act_min, p.act_max);
            ox += 2;
          } else {
            ox += 1;
          }
        }
      }
    }
  }
}

}  // namespace dsp
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_DSP
