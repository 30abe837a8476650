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

}  // namespace

void conv_pixels_s8(const Conv2dParams& p, const uint8_t* layout, const int8_t* in, uint8_t* temp,
                    int8_t* out) {
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
