// HVX CONV_2D with output pixels in the lanes. See hvx_conv_pixels.h and hvx_pixel_layout.h.
#include "kernels/hvx/hvx_conv_pixels.h"

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include "kernels/hvx/hvx_common.h"
#include "kernels/hvx/hvx_pixel_layout.h"

namespace lpai {
namespace kernels {
namespace hvx {
namespace {

inline int8_t* vec_align(uint8_t* p) {
  return reinterpret_cast<int8_t*>((reinterpret_cast<uintptr_t>(p) + kVec - 1) & ~uintptr_t{kVec - 1});
}

// dst[0, row_bytes) (128-byte aligned, whole vectors) = `fill`, then dst[off, off + count) =
// src[0, count) biased to unsigned (x ^ 0x80); src is not read when count is 0.
__attribute__((always_inline)) inline void bordered_row(int8_t* dst, uint32_t row_bytes, const int8_t* src,
                                                        uint32_t off, uint32_t count, HVX_Vector fill) {
  HVX_Vector* v = reinterpret_cast<HVX_Vector*>(dst);
  for (uint32_t i = 0; i < row_bytes / kVec; ++i) v[i] = fill;
  const HVX_Vector bias = Q6_Vb_vsplat_R(0x80);
  int8_t* const d = dst + off;
  uint32_t i = 0;
  for (; i + kVec <= count; i += kVec) {
    *reinterpret_cast<HVX_UVector*>(d + i) = Q6_V_vxor_VV(*reinterpret_cast<const HVX_UVector*>(src + i), bias);
  }
  if (i < count) store_tail(d + i, Q6_V_vxor_VV(load_tail(src + i, src + count), bias), d + count);
}

// Stores vectors v[0 .. ) holding `bytes` output bytes at dst (nothing past dst + bytes).
template <uint32_t kN>
__attribute__((always_inline)) inline void store_run(int8_t* dst, const HVX_Vector (&v)[kN], uint32_t bytes) {
#pragma clang loop unroll(full)
  for (uint32_t i = 0; i < kN; ++i) {
    if ((i + 1) * kVec <= bytes) {
      *reinterpret_cast<HVX_UVector*>(dst + i * kVec) = v[i];
    } else if (i * kVec < bytes) {
      store_tail(dst + i * kVec, v[i], dst + bytes);
    }
  }
}

// kC output channels (8 or 16), kChunks permutes per tap vector, kExpand: vdelta (else
// vrdelta). Per output row: the k_h bordered input rows into the scratch, then blocks of up to 32
// output pixels, one accumulator per channel.
template <uint32_t kC, uint32_t kChunks, bool kExpand>
__attribute__((noinline)) void pixel_rows(const Conv2dParams& p, const uint8_t* layout, const int8_t* in,
                                          uint8_t* temp, int8_t* out) {
  const RequantLanes* const lanes = reinterpret_cast<const RequantLanes*>(layout);
  const uint8_t* const controls = layout + kC * sizeof(RequantLanes);
  const uint32_t* const words = reinterpret_cast<const uint32_t*>(controls + kChunks * kVec);
  const uint32_t step = p.stride_w * p.in_c;  // bytes between neighbouring pixels' taps
  const uint32_t row_bytes = static_cast<uint32_t>(hvx_layout::pixel_row_bytes(p));
  int8_t* const rows = vec_align(temp);
  const HVX_Vector fill = Q6_Vb_vsplat_R(static_cast<int32_t>((static_cast<uint32_t>(p.input_zero_point) ^ 0x80u) & 0xFFu));
  const uint32_t in_row = p.in_w * p.in_c;
  const uint32_t off = p.pad_w * p.in_c;
  const uint32_t count = off >= row_bytes ? 0u : (in_row < row_bytes - off ? in_row : row_bytes - off);
  const uint32_t tap_step = p.dilation_w * p.in_c;
  const OutputVectors o = output_vectors(p.output_zero_point, p.act_min, p.act_max);
  const int32_t in_h = static_cast<int32_t>(p.in_h);
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* const image = in + static_cast<size_t>(b) * p.in_h * in_row;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      for (uint32_t ky = 0; ky < p.k_h; ++ky) {
        const int32_t iy = static_cast<int32_t>(oy * p.stride_h + ky * p.dilation_h) - static_cast<int32_t>(p.pad_h);
        const bool inside = iy >= 0 && iy < in_h;
        bordered_row(rows + static_cast<size_t>(ky) * row_bytes, row_bytes,
                     inside ? image + static_cast<size_t>(iy) * in_row : image, off, inside ? count : 0u, fill);
      }
      int8_t* const dst_row = out + (static_cast<size_t>(b) * p.out_h + oy) * p.out_w * kC;
      for (uint32_t ox0 = 0; ox0 < p.out_w; ox0 += kLanes) {
        const uint32_t n = p.out_w - ox0 < kLanes ? p.out_w - ox0 : kLanes;
        HVX_Vector acc[kC];
#pragma clang loop unroll(full)
        for (uint32_t c = 0; c < kC; ++c) acc[c] = Q6_V_vzero();
        const uint32_t* fw = words;
        for (uint32_t ky = 0; ky < p.k_h; ++ky) {
          const int8_t* src = rows + static_cast<size_t>(ky) * row_bytes + ox0 * step;
          for (uint32_t kx = 0; kx < p.k_w; ++kx, src += tap_step, fw += kC) {
            const HVX_Vector ctl0 = *reinterpret_cast<const HVX_UVector*>(controls);
            const HVX_Vector v0 = *reinterpret_cast<const HVX_UVector*>(src);
            HVX_Vector t = kExpand ? Q6_V_vdelta_VV(v0, ctl0) : Q6_V_vrdelta_VV(v0, ctl0);
            if (kChunks == 2) {  // pixels 16 .. 31 from the source 16 pixels on
              const HVX_Vector ctl1 = *reinterpret_cast<const HVX_UVector*>(controls + kVec);
              const HVX_Vector v1 = *reinterpret_cast<const HVX_UVector*>(src + 16 * step);
              const HVX_Vector t1 = kExpand ? Q6_V_vdelta_VV(v1, ctl1) : Q6_V_vrdelta_VV(v1, ctl1);
              t = Q6_V_vmux_QVV(Q6_Q_vsetq_R(64), t, t1);
            }
#pragma clang loop unroll(full)
            for (uint32_t c = 0; c < kC; ++c) acc[c] = Q6_Vw_vrmpyacc_VwVubRb(acc[c], t, static_cast<int32_t>(fw[c]));
          }
        }
        HVX_Vector r[kC];
#pragma clang loop unroll(full)
        for (uint32_t c = 0; c < kC; ++c) r[c] = requant(acc[c], lanes[c], o);
        // Pixel l's channel bytes at l * kC: words of four channels, interleaved.
        HVX_Vector w[kC / 4];
#pragma clang loop unroll(full)
        for (uint32_t g = 0; g < kC / 4; ++g) {
          w[g] = Q6_Vb_vshuffe_VbVb(Q6_Vh_vshuffe_VhVh(r[4 * g + 3], r[4 * g + 1]),
                                    Q6_Vh_vshuffe_VhVh(r[4 * g + 2], r[4 * g]));
        }
        int8_t* const dst = dst_row + ox0 * kC;
        const HVX_VectorPair p01 = Q6_W_vshuff_VVR(w[1], w[0], -4);
        if (kC == 8) {
          const HVX_Vector v[2] = {Q6_V_lo_W(p01), Q6_V_hi_W(p01)};
          store_run(dst, v, n * kC);
        } else {
          const HVX_VectorPair p23 = Q6_W_vshuff_VVR(w[kC / 4 - 1], w[kC / 4 - 2], -4);
          const HVX_VectorPair lo = Q6_W_vshuff_VVR(Q6_V_lo_W(p23), Q6_V_lo_W(p01), -8);
          const HVX_VectorPair hi = Q6_W_vshuff_VVR(Q6_V_hi_W(p23), Q6_V_hi_W(p01), -8);
          const HVX_Vector v[4] = {Q6_V_lo_W(lo), Q6_V_hi_W(lo), Q6_V_lo_W(hi), Q6_V_hi_W(hi)};
          store_run(dst, v, n * kC);
        }
      }
    }
  }
}

// ---- pointwise form ----
// Pixel l's 4-byte word g of kG words (v[0 .. kG): 32 pixels' words, in order) into x[g] lane l:
// a deal of each vector pair splits even and odd words; the even and the odd halves are dealt
// on in the same way (each level halves the words per pixel and doubles the pixels per vector).
template <uint32_t kG>
__attribute__((always_inline)) inline void deal_words(const HVX_Vector* v, HVX_Vector* x) {
  if constexpr (kG == 1) {
    x[0] = v[0];
  } else {
  constexpr uint32_t kH = kG / 2;
  HVX_Vector even[kH], odd[kH];
#pragma clang loop unroll(full)
  for (uint32_t m = 0; m < kH; ++m) {
    const HVX_VectorPair d = Q6_W_vdeal_VVR(v[2 * m + 1], v[2 * m], -4);
    even[m] = Q6_V_lo_W(d);
    odd[m] = Q6_V_hi_W(d);
  }
  HVX_Vector xe[kH], xo[kH];
  deal_words<kH>(even, xe);
  deal_words<kH>(odd, xo);
#pragma clang loop unroll(full)
  for (uint32_t r = 0; r < kH; ++r) {
    x[2 * r] = xe[r];
    x[2 * r + 1] = xo[r];
  }
  }
}

// Requantised accumulators of kCB (8 or 16) channels as bytes: y[i] holds 128 / kCB pixels'
// kCB channel bytes, pixels in order.
template <uint32_t kCB>
__attribute__((always_inline)) inline void pack_pixels(const HVX_Vector* r, HVX_Vector* y) {
  HVX_Vector w[kCB / 4];
#pragma clang loop unroll(full)
  for (uint32_t g = 0; g < kCB / 4; ++g) {
    w[g] = Q6_Vb_vshuffe_VbVb(Q6_Vh_vshuffe_VhVh(r[4 * g + 3], r[4 * g + 1]), Q6_Vh_vshuffe_VhVh(r[4 * g + 2], r[4 * g]));
  }
  const HVX_VectorPair p01 = Q6_W_vshuff_VVR(w[1], w[0], -4);
  if (kCB == 8) {
    y[0] = Q6_V_lo_W(p01);
    y[1] = Q6_V_hi_W(p01);
  } else {
    const HVX_VectorPair p23 = Q6_W_vshuff_VVR(w[kCB / 4 - 1], w[kCB / 4 - 2], -4);
    const HVX_VectorPair lo = Q6_W_vshuff_VVR(Q6_V_lo_W(p23), Q6_V_lo_W(p01), -8);
    const HVX_VectorPair hi = Q6_W_vshuff_VVR(Q6_V_hi_W(p23), Q6_V_hi_W(p01), -8);
    y[0] = Q6_V_lo_W(lo);
    y[1] = Q6_V_hi_W(lo);
    y[2] = Q6_V_lo_W(hi);
    y[3] = Q6_V_hi_W(hi);
  }
}

// kIn input channels, kOut output channels (in blocks of up to 16 accumulators), 32 pixels at a
// time; the last block's loads read only the input's bytes (load_tail).
template <uint32_t kIn, uint32_t kOut>
__attribute__((noinline)) void pointwise(const Conv2dParams& p, const uint8_t* layout, const int8_t* in,
                                         int8_t* out) {
  constexpr uint32_t kG = kIn / 4;                  // words per pixel = input vectors per block
  constexpr uint32_t kCB = kOut < 16 ? kOut : 16;   // channels per accumulator block
  constexpr uint32_t kBlocks = kOut / kCB;
  constexpr uint32_t kY = kCB / 4;                  // byte vectors per channel block
  const RequantLanes* const lanes = reinterpret_cast<const RequantLanes*>(layout);
  const uint32_t* const words = reinterpret_cast<const uint32_t*>(layout + kOut * sizeof(RequantLanes));
  const OutputVectors o = output_vectors(p.output_zero_point, p.act_min, p.act_max);
  const uint32_t total = p.batches * p.out_h * p.out_w;
  const HVX_Vector bias = Q6_Vb_vsplat_R(0x80);
  for (uint32_t i0 = 0; i0 < total; i0 += kLanes) {
    const uint32_t n = total - i0 < kLanes ? total - i0 : kLanes;
    const int8_t* const src = in + static_cast<size_t>(i0) * kIn;
    const uint32_t in_bytes = n * kIn;
    HVX_Vector v[kG];
#pragma clang loop unroll(full)
    for (uint32_t j = 0; j < kG; ++j) {
      const HVX_Vector raw = (j + 1) * kVec <= in_bytes ? *reinterpret_cast<const HVX_UVector*>(src + j * kVec)
                             : j * kVec < in_bytes     ? load_tail(src + j * kVec, src + in_bytes)
                                                       : Q6_V_vzero();
      v[j] = Q6_V_vxor_VV(raw, bias);
    }
    HVX_Vector x[kG];
    deal_words<kG>(v, x);
    HVX_Vector y[kBlocks][kY];
#pragma clang loop unroll(full)
    for (uint32_t cb = 0; cb < kBlocks; ++cb) {
      HVX_Vector acc[kCB];
#pragma clang loop unroll(full)
      for (uint32_t c = 0; c < kCB; ++c) acc[c] = Q6_V_vzero();
#pragma clang loop unroll(full)
      for (uint32_t g = 0; g < kG; ++g) {
        const uint32_t* const fw = words + g * kOut + cb * kCB;
#pragma clang loop unroll(full)
        for (uint32_t c = 0; c < kCB; ++c) acc[c] = Q6_Vw_vrmpyacc_VwVubRb(acc[c], x[g], static_cast<int32_t>(fw[c]));
      }
#pragma clang loop unroll(full)
      for (uint32_t c = 0; c < kCB; ++c) acc[c] = requant(acc[c], lanes[cb * kCB + c], o);
      pack_pixels<kCB>(acc, y[cb]);
    }
    int8_t* const dst = out + static_cast<size_t>(i0) * kOut;
    if (kBlocks == 1) {
      store_run(dst, y[0], n * kOut);
    } else {  // two blocks of 16 channels: pixel l's 16 bytes of each, interleaved
      HVX_Vector z[2 * kY];
#pragma clang loop unroll(full)
      for (uint32_t i = 0; i < kY; ++i) {
        const HVX_VectorPair pr = Q6_W_vshuff_VVR(y[kBlocks - 1][i], y[0][i], -16);
        z[2 * i] = Q6_V_lo_W(pr);
        z[2 * i + 1] = Q6_V_hi_W(pr);
      }
      store_run(dst, z, n * kOut);
    }
  }
}

template <uint32_t kIn>
void pointwise_out(const Conv2dParams& p, const uint8_t* layout, const int8_t* in, int8_t* out) {
  if (p.out_c == 8) {
    pointwise<kIn, 8>(p, layout, in, out);
  } else if (p.out_c == 16) {
    pointwise<kIn, 16>(p, layout, in, out);
  } else {
    pointwise<kIn, 32>(p, layout, in, out);
  }
}

}  // namespace

void conv_pixels_s8(const Conv2dParams& p, const uint8_t* layout, const int8_t* in, uint8_t* temp,
                    int8_t* out) {
  if (hvx_layout::pixel_is_pointwise(p)) {
    if (p.in_c == 8) {
      pointwise_out<8>(p, layout, in, out);
    } else if (p.in_c == 16) {
      pointwise_out<16>(p, layout, in, out);
    } else {
      pointwise_out<32>(p, layout, in, out);
    }
    return;
  }
  // Two permutes per tap vector only when pixels are more than 4 bytes apart (compressing).
  const bool expand = hvx_layout::pixel_expands(p);
  const bool two = hvx_layout::pixel_chunks(p) == 2;
  if (p.out_c == 8) {
    if (two) {
      pixel_rows<8, 2, false>(p, layout, in, temp, out);
    } else {
      expand ? pixel_rows<8, 1, true>(p, layout, in, temp, out) : pixel_rows<8, 1, false>(p, layout, in, temp, out);
    }
  } else if (two) {
    pixel_rows<16, 2, false>(p, layout, in, temp, out);
  } else {
    expand ? pixel_rows<16, 1, true>(p, layout, in, temp, out) : pixel_rows<16, 1, false>(p, layout, in, temp, out);
  }
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX
