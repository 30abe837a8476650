// HVX CONV_2D with output pixels in the lanes. See hvx_conv_pixels.h and hvx_pixel_layout.h.
#include "kernels/hvx/hvx_conv_pixels.h"

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include "kernels/hvx/hvx_common.h"
#include "kernels/hvx/hvx_pixel_layout.h"

namespace lpai {
namespace kernels {
namespace hvx {
namespace {

using hvx_layout::PixelRequant;

inline int8_t* vec_align(uint8_t* p) {
  return reinterpret_cast<int8_t*>((reinterpret_cast<uintptr_t>(p) + kVec - 1) & ~uintptr_t{kVec - 1});
}

// dst[off, off + count) = src[0, count) biased to unsigned (x ^ 0x80), the rest of dst[0,
// row_bytes) (128-byte aligned, whole vectors) `fill`: written here when count is 0 (src not
// read), else already holding it (RowBuilder::prefill; copies only ever write [off, off + count)).
__attribute__((always_inline)) inline void bordered_row(int8_t* dst, uint32_t row_bytes, const int8_t* src,
                                                        uint32_t off, uint32_t count, HVX_Vector fill) {
  if (count == 0) {
    HVX_Vector* v = reinterpret_cast<HVX_Vector*>(dst);
    for (uint32_t i = 0; i < row_bytes / kVec; ++i) v[i] = fill;
    return;
  }
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

// Builds the k_h bordered input rows under output row oy of image `image` at `rows` (prefilled).
struct RowBuilder {
  const Conv2dParams* p;
  uint32_t row_bytes, in_row, off, count;
  HVX_Vector fill;
  // `count` rows at `rows` all `fill`: once per call, before any build() into them.
  void prefill(int8_t* rows, uint32_t count) const {
    HVX_Vector* v = reinterpret_cast<HVX_Vector*>(rows);
    for (uint32_t i = 0; i < count * (row_bytes / kVec); ++i) v[i] = fill;
  }
  __attribute__((always_inline)) void build(int8_t* rows, const int8_t* image, uint32_t oy) const {
    for (uint32_t ky = 0; ky < p->k_h; ++ky) {
      const int32_t iy = static_cast<int32_t>(oy * p->stride_h + ky * p->dilation_h) - static_cast<int32_t>(p->pad_h);
      const bool inside = iy >= 0 && iy < static_cast<int32_t>(p->in_h);
      bordered_row(rows + static_cast<size_t>(ky) * row_bytes, row_bytes,
                   inside ? image + static_cast<size_t>(iy) * in_row : image, off, inside ? count : 0u, fill);
    }
  }
};

inline RowBuilder row_builder(const Conv2dParams& p) {
  const uint32_t row_bytes = static_cast<uint32_t>(hvx_layout::pixel_row_bytes(p));
  const uint32_t in_row = p.in_w * p.in_c, off = p.pad_w * p.in_c;
  const uint32_t count = off >= row_bytes ? 0u : (in_row < row_bytes - off ? in_row : row_bytes - off);
  return RowBuilder{&p, row_bytes, in_row, off, count,
                    Q6_Vb_vsplat_R(static_cast<int32_t>((static_cast<uint32_t>(p.input_zero_point) ^ 0x80u) & 0xFFu))};
}

// requant() of one channel's accumulator (all 32 lanes that channel) from its scalars: the same
// sequence with the parameters splatted or as scalar shift counts, so the same results.
__attribute__((always_inline)) inline HVX_Vector requant_channel(HVX_Vector acc, const PixelRequant& q,
                                                                 const OutputVectors& o) {
  const HVX_Vector x = Q6_Vw_vasl_VwR(Q6_Vw_vadd_VwVw(acc, Q6_V_vsplat_R(q.bias)), q.left);
  const HVX_Vector m = Q6_V_vsplat_R(q.mult);
  const HVX_Vector h = Q6_Vw_vmpyoacc_VwVwVh_s1_rnd_sat_shift(Q6_Vw_vmpye_VwVuh(x, m), x, m);
  const int32_t mask = static_cast<int32_t>((uint32_t{1} << q.right) - 1u);
  const HVX_Vector rem = Q6_V_vand_VV(h, Q6_V_vsplat_R(mask));
  const HVX_Vector thr = Q6_Vw_vsub_VwVw(Q6_V_vsplat_R(mask >> 1), Q6_Vw_vasr_VwR(h, 31));
  HVX_Vector v = Q6_Vw_vasr_VwR(h, q.right);
  v = Q6_Vw_condacc_QVwVw(Q6_Q_vcmp_gt_VwVw(rem, thr), v, Q6_V_vsplat_R(1));
  v = Q6_Vw_vadd_VwVw(v, Q6_V_vsplat_R(o.zp));
  return Q6_Vw_vmin_VwVw(Q6_Vw_vmax_VwVw(v, Q6_V_vsplat_R(o.lo)), Q6_V_vsplat_R(o.hi));
}

// The kC requantised channels of the accumulators as pixel-major bytes (kC / 4 vectors).
template <uint32_t kC>
__attribute__((always_inline)) inline void requant_pack(const HVX_Vector* acc, const PixelRequant* q,
                                                        const OutputVectors& o, HVX_Vector* y) {
  HVX_Vector r[kC];
#pragma clang loop unroll(full)
  for (uint32_t c = 0; c < kC; ++c) r[c] = requant_channel(acc[c], q[c], o);
  pack_pixels<kC>(r, y);
}

// One permute per tap vector (pixels at most 4 bytes apart: in_c * stride_w <= 4), kC output
// channels (8 or 16), kExpand: vdelta (else vrdelta). Per output row: its k_h bordered input
// rows into the scratch, then blocks of up to 32 output pixels, one accumulator per channel.
template <uint32_t kC, bool kExpand>
__attribute__((noinline)) void pixel_rows(const Conv2dParams& p, const uint8_t* layout, const int8_t* in,
                                          uint8_t* temp, int8_t* out) {
  const PixelRequant* const lanes = reinterpret_cast<const PixelRequant*>(layout);
  const uint8_t* const controls = layout + kC * sizeof(PixelRequant);
  const uint32_t* const words = reinterpret_cast<const uint32_t*>(controls + kVec);
  const uint32_t step = p.stride_w * p.in_c, tap_step = p.dilation_w * p.in_c;
  const RowBuilder rb = row_builder(p);
  int8_t* const rows = vec_align(temp);
  rb.prefill(rows, p.k_h);
  const OutputVectors o = output_vectors(p.output_zero_point, p.act_min, p.act_max);
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* const image = in + static_cast<size_t>(b) * p.in_h * rb.in_row;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      rb.build(rows, image, oy);
      int8_t* const dst_row = out + (static_cast<size_t>(b) * p.out_h + oy) * p.out_w * kC;
      for (uint32_t ox0 = 0; ox0 < p.out_w; ox0 += kLanes) {
        const uint32_t n = p.out_w - ox0 < kLanes ? p.out_w - ox0 : kLanes;
        HVX_Vector acc[kC];
#pragma clang loop unroll(full)
        for (uint32_t c = 0; c < kC; ++c) acc[c] = Q6_V_vzero();
        const uint32_t* fw = words;
        for (uint32_t ky = 0; ky < p.k_h; ++ky) {
          const int8_t* src = rows + static_cast<size_t>(ky) * rb.row_bytes + ox0 * step;
          for (uint32_t kx = 0; kx < p.k_w; ++kx, src += tap_step, fw += kC) {
            const HVX_Vector ctl = *reinterpret_cast<const HVX_UVector*>(controls);
            const HVX_Vector v = *reinterpret_cast<const HVX_UVector*>(src);
            const HVX_Vector t = kExpand ? Q6_V_vdelta_VV(v, ctl) : Q6_V_vrdelta_VV(v, ctl);
#pragma clang loop unroll(full)
            for (uint32_t c = 0; c < kC; ++c) acc[c] = Q6_Vw_vrmpyacc_VwVubRb(acc[c], t, static_cast<int32_t>(fw[c]));
          }
        }
        HVX_Vector y[kC / 4];
        requant_pack<kC>(acc, lanes, o, y);
        store_run(dst_row + ox0 * kC, y, n * kC);
      }
    }
  }
}

// Two permutes per tap vector (pixels more than 4 bytes apart): lanes 0-15 and 16-31 are two
// units of up to 16 output pixels, consecutive in raster order, so rows whose width is not a
// multiple of 32 (vww's 48) fill every lane; the second unit may start the next output row.
// The bordered rows of two output rows are kept (set oy & 1, built when first needed). kK: a
// kK x kK filter known at compile time (its taps unrolled), 0 for any k_h x k_w.
template <uint32_t kC, uint32_t kK>
__attribute__((noinline)) void pixel_pairs(const Conv2dParams& p, const uint8_t* layout, const int8_t* in,
                                           uint8_t* temp, int8_t* out) {
  constexpr uint32_t kUnit = kLanes / 2;
  const PixelRequant* const lanes = reinterpret_cast<const PixelRequant*>(layout);
  const uint8_t* const controls = layout + kC * sizeof(PixelRequant);
  const uint32_t* const words = reinterpret_cast<const uint32_t*>(controls + 2 * kVec);
  const uint32_t step = p.stride_w * p.in_c, tap_step = p.dilation_w * p.in_c;
  const RowBuilder rb = row_builder(p);
  int8_t* const sets = vec_align(temp);
  const size_t set_bytes = static_cast<size_t>(p.k_h) * rb.row_bytes;
  rb.prefill(sets, 2 * p.k_h);
  const OutputVectors o = output_vectors(p.output_zero_point, p.act_min, p.act_max);
  const HVX_VectorPred first_half = Q6_Q_vsetq_R(64);
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* const image = in + static_cast<size_t>(b) * p.in_h * rb.in_row;
    int8_t* const out_b = out + static_cast<size_t>(b) * p.out_h * p.out_w * kC;
    uint32_t built[2] = {0xFFFFFFFFu, 0xFFFFFFFFu};  // output row of each set
    uint32_t oy = 0, ox = 0;                         // the next unit
    while (oy < p.out_h) {
      uint32_t uy[2], ux[2], un[2];
      for (uint32_t h = 0; h < 2; ++h) {  // a second unit past the image repeats the first, unstored
        if (oy < p.out_h) {
          uy[h] = oy;
          ux[h] = ox;
          un[h] = p.out_w - ox < kUnit ? p.out_w - ox : kUnit;
          ox += un[h];
          if (ox == p.out_w) {
            ox = 0;
            ++oy;
          }
        } else {
          uy[h] = uy[0];
          ux[h] = ux[0];
          un[h] = 0;
        }
        if (built[uy[h] & 1u] != uy[h]) {
          rb.build(sets + (uy[h] & 1u) * set_bytes, image, uy[h]);
          built[uy[h] & 1u] = uy[h];
        }
      }
      HVX_Vector acc[kC];
#pragma clang loop unroll(full)
      for (uint32_t c = 0; c < kC; ++c) acc[c] = Q6_V_vzero();
      const int8_t* src0 = sets + (uy[0] & 1u) * set_bytes + ux[0] * step;
      const int8_t* src1 = sets + (uy[1] & 1u) * set_bytes + ux[1] * step;
      const HVX_Vector ctl0 = *reinterpret_cast<const HVX_UVector*>(controls);
      const HVX_Vector ctl1 = *reinterpret_cast<const HVX_UVector*>(controls + kVec);
      // Tap (ky, kx): both units' tap vectors, one vrmpy per channel.
      auto tap = [&](uint32_t ky, uint32_t kx) __attribute__((always_inline)) {
        const size_t at = static_cast<size_t>(ky) * rb.row_bytes + kx * tap_step;
        const HVX_Vector t0 = Q6_V_vrdelta_VV(*reinterpret_cast<const HVX_UVector*>(src0 + at), ctl0);
        const HVX_Vector t1 = Q6_V_vrdelta_VV(*reinterpret_cast<const HVX_UVector*>(src1 + at), ctl1);
        const HVX_Vector t = Q6_V_vmux_QVV(first_half, t0, t1);
        const uint32_t* const fw = words + (ky * (kK != 0 ? kK : p.k_w) + kx) * kC;
#pragma clang loop unroll(full)
        for (uint32_t c = 0; c < kC; ++c) acc[c] = Q6_Vw_vrmpyacc_VwVubRb(acc[c], t, static_cast<int32_t>(fw[c]));
      };
      if constexpr (kK != 0) {
#pragma clang loop unroll(full)
        for (uint32_t ky = 0; ky < kK; ++ky) {
#pragma clang loop unroll(full)
          for (uint32_t kx = 0; kx < kK; ++kx) tap(ky, kx);
        }
      } else {
        for (uint32_t ky = 0; ky < p.k_h; ++ky) {
          for (uint32_t kx = 0; kx < p.k_w; ++kx) tap(ky, kx);
        }
      }
      HVX_Vector y[kC / 4];
      requant_pack<kC>(acc, lanes, o, y);
      // Lanes 0-15 are the first kC / 8 byte vectors, 16-31 the rest.
      constexpr uint32_t kHalf = kC / 8;
      HVX_Vector y0[kHalf], y1[kHalf];
#pragma clang loop unroll(full)
      for (uint32_t i = 0; i < kHalf; ++i) {
        y0[i] = y[i];
        y1[i] = y[kHalf + i];
      }
      store_run(out_b + (static_cast<size_t>(uy[0]) * p.out_w + ux[0]) * kC, y0, un[0] * kC);
      store_run(out_b + (static_cast<size_t>(uy[1]) * p.out_w + ux[1]) * kC, y1, un[1] * kC);
    }
  }
}

// ---- strip form (hvx_pixel_layout.h) ----
// dst[0, count) = src[0, count) biased to unsigned (x ^ 0x80), nothing else written.
__attribute__((always_inline)) inline void copy_biased(int8_t* dst, const int8_t* src, uint32_t count) {
  const HVX_Vector bias = Q6_Vb_vsplat_R(0x80);
  uint32_t i = 0;
  for (; i + kVec <= count; i += kVec) {
    *reinterpret_cast<HVX_UVector*>(dst + i) = Q6_V_vxor_VV(*reinterpret_cast<const HVX_UVector*>(src + i), bias);
  }
  if (i < count) store_tail(dst + i, Q6_V_vxor_VV(load_tail(src + i, src + count), bias), dst + count);
}

// The bytes src[0, end - src) (up to 128), zero after (none read past end).
__attribute__((always_inline)) inline HVX_Vector load_upto(const int8_t* src, const int8_t* end) {
  if (src + kVec <= end) return *reinterpret_cast<const HVX_UVector*>(src);
  return src < end ? load_tail(src, end) : Q6_V_vzero();
}

// kBlocks (2 or 4) blocks of 16 output channels; per 32 output pixels (raster order) and
// channel block, one load and one vdelta per filter row, one vrmpy per (row, channel). Each
// block's requantised bytes are staged in the output block (16 * n bytes at 16 * n * cb),
// then read back and interleaved to pixel-major order.
template <uint32_t kBlocks>
__attribute__((noinline)) void strips(const Conv2dParams& p, const uint8_t* layout, const int8_t* in,
                                      uint8_t* temp, int8_t* out) {
  constexpr uint32_t kCB = 16, kY = kCB / 4, kOut = kBlocks * kCB;
  const PixelRequant* const lanes = reinterpret_cast<const PixelRequant*>(layout);
  const uint8_t* const controls = layout + kOut * sizeof(PixelRequant);
  const uint32_t* const words =
      reinterpret_cast<const uint32_t*>(controls + hvx_layout::strip_phases(p) * kVec);
  const uint32_t pitch = hvx_layout::strip_pitch(p), srows = hvx_layout::strip_rows(p);
  const uint32_t sbytes = static_cast<uint32_t>(hvx_layout::strip_bytes(p));
  const uint32_t step = p.stride_w * p.in_c, phase_step = hvx_layout::strip_phase_step(p);
  const uint32_t in_row = p.in_w * p.in_c, off = p.pad_w * p.in_c;
  const uint32_t count = off >= pitch ? 0u : (in_row < pitch - off ? in_row : pitch - off);
  int8_t* const st = vec_align(temp);
  const HVX_Vector fill =
      Q6_Vb_vsplat_R(static_cast<int32_t>((static_cast<uint32_t>(p.input_zero_point) ^ 0x80u) & 0xFFu));
  const OutputVectors o = output_vectors(p.output_zero_point, p.act_min, p.act_max);
  const uint32_t total = p.out_h * p.out_w;
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* const image = in + static_cast<size_t>(b) * p.in_h * in_row;
    HVX_Vector* const sv = reinterpret_cast<HVX_Vector*>(st);
    for (uint32_t i = 0; i < p.stride_h * sbytes / kVec; ++i) sv[i] = fill;
    for (uint32_t s = 0; s < p.stride_h; ++s) {
      for (uint32_t m = 0; m < srows; ++m) {
        const int32_t iy = static_cast<int32_t>(m * p.stride_h + s) - static_cast<int32_t>(p.pad_h);
        if (iy < 0 || iy >= static_cast<int32_t>(p.in_h) || count == 0) continue;
        copy_biased(st + static_cast<size_t>(s) * sbytes + static_cast<size_t>(m) * pitch + off,
                    image + static_cast<size_t>(iy) * in_row, count);
      }
    }
    int8_t* const out_b = out + static_cast<size_t>(b) * total * kOut;
    uint32_t oy0 = 0, ox0 = 0;  // the block's first output pixel
    for (uint32_t i0 = 0; i0 < total; i0 += kLanes) {
      const uint32_t n = total - i0 < kLanes ? total - i0 : kLanes;
      const HVX_Vector ctl = *reinterpret_cast<const HVX_UVector*>(controls + (ox0 / phase_step) * kVec);
      const int8_t* const first = st + static_cast<size_t>(oy0) * pitch + ox0 * step;
      int8_t* const dst = out_b + static_cast<size_t>(i0) * kOut;
      const uint32_t part = n * kCB;
      for (uint32_t cb = 0; cb < kBlocks; ++cb) {
        HVX_Vector acc[kCB];
#pragma clang loop unroll(full)
        for (uint32_t c = 0; c < kCB; ++c) acc[c] = Q6_V_vzero();
        const uint32_t* fw = words + cb * kCB;
        const int8_t* row = first;  // strip ky % stride_h, row ky / stride_h (no divisions)
        uint32_t s = 0;
        for (uint32_t ky = 0; ky < p.k_h; ++ky, fw += kOut) {
          const HVX_Vector t = Q6_V_vdelta_VV(*reinterpret_cast<const HVX_UVector*>(row), ctl);
          if (++s == p.stride_h) {
            s = 0;
            row += pitch - (p.stride_h - 1u) * sbytes;
          } else {
            row += sbytes;
          }
#pragma clang loop unroll(full)
          for (uint32_t c = 0; c < kCB; ++c) acc[c] = Q6_Vw_vrmpyacc_VwVubRb(acc[c], t, static_cast<int32_t>(fw[c]));
        }
        HVX_Vector y[kY];
        requant_pack<kCB>(acc, lanes + cb * kCB, o, y);
        store_run(dst + cb * part, y, part);
      }
      HVX_Vector v[kBlocks][kY];
#pragma clang loop unroll(full)
      for (uint32_t cb = 0; cb < kBlocks; ++cb) {
#pragma clang loop unroll(full)
        for (uint32_t i = 0; i < kY; ++i) v[cb][i] = load_upto(dst + cb * part + i * kVec, dst + (cb + 1) * part);
      }
      HVX_Vector z[kBlocks * kY];
#pragma clang loop unroll(full)
      for (uint32_t i = 0; i < kY; ++i) {  // v[cb][i]: pixels 8i .. 8i + 7, 16 bytes each
        const HVX_VectorPair a = Q6_W_vshuff_VVR(v[1][i], v[0][i], -16);  // channels 0-31, 4 pixels a vector
        if (kBlocks == 2) {
          z[2 * i] = Q6_V_lo_W(a);
          z[2 * i + 1] = Q6_V_hi_W(a);
        } else {
          const HVX_VectorPair c = Q6_W_vshuff_VVR(v[kBlocks - 1][i], v[kBlocks - 2][i], -16);  // 32-63
          const HVX_VectorPair lo = Q6_W_vshuff_VVR(Q6_V_lo_W(c), Q6_V_lo_W(a), -32);
          const HVX_VectorPair hi = Q6_W_vshuff_VVR(Q6_V_hi_W(c), Q6_V_hi_W(a), -32);
          z[4 * i] = Q6_V_lo_W(lo);
          z[4 * i + 1] = Q6_V_hi_W(lo);
          z[4 * i + 2] = Q6_V_lo_W(hi);
          z[4 * i + 3] = Q6_V_hi_W(hi);
        }
      }
      store_run(dst, z, n * kOut);
      ox0 += kLanes;
      while (ox0 >= p.out_w) {
        ox0 -= p.out_w;
        ++oy0;
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

// 32 pixels' kG words (src[0, in_bytes), the rest zero) biased to unsigned and dealt (deal_words).
template <uint32_t kG>
__attribute__((always_inline)) inline void load_dealt(const int8_t* src, uint32_t in_bytes, HVX_Vector* x) {
  const HVX_Vector bias = Q6_Vb_vsplat_R(0x80);
  HVX_Vector v[kG];
#pragma clang loop unroll(full)
  for (uint32_t j = 0; j < kG; ++j) {
    const HVX_Vector raw = (j + 1) * kVec <= in_bytes ? *reinterpret_cast<const HVX_UVector*>(src + j * kVec)
                           : j * kVec < in_bytes     ? load_tail(src + j * kVec, src + in_bytes)
                                                     : Q6_V_vzero();
    v[j] = Q6_V_vxor_VV(raw, bias);
  }
  deal_words<kG>(v, x);
}

// kIn input channels, kOut output channels (in blocks of up to 16 accumulators), 32 pixels at a
// time; the last block's loads read only the input's bytes (load_tail). With two channel blocks
// (kOut 32) each block loads and deals the pixels again (nothing vector-valued lives across
// blocks: no spills) and the first block's bytes wait in the scratch (`stage`, 128-byte aligned)
// until the second's are interleaved with them.
template <uint32_t kIn, uint32_t kOut>
__attribute__((noinline)) void pointwise(const Conv2dParams& p, const uint8_t* layout, const int8_t* in,
                                         HVX_Vector* stage, int8_t* out) {
  constexpr uint32_t kG = kIn / 4;                  // words per pixel = input vectors per block
  constexpr uint32_t kCB = kOut < 16 ? kOut : 16;   // channels per accumulator block
  constexpr uint32_t kBlocks = kOut / kCB;
  constexpr uint32_t kY = kCB / 4;                  // byte vectors per channel block
  const PixelRequant* const lanes = reinterpret_cast<const PixelRequant*>(layout);
  const uint32_t* const words = reinterpret_cast<const uint32_t*>(layout + kOut * sizeof(PixelRequant));
  const OutputVectors o = output_vectors(p.output_zero_point, p.act_min, p.act_max);
  const uint32_t total = p.batches * p.out_h * p.out_w;
  for (uint32_t i0 = 0; i0 < total; i0 += kLanes) {
    const uint32_t n = total - i0 < kLanes ? total - i0 : kLanes;
    const int8_t* const src = in + static_cast<size_t>(i0) * kIn;
    const uint32_t in_bytes = n * kIn;
    int8_t* const dst = out + static_cast<size_t>(i0) * kOut;
    for (uint32_t cb = 0; cb < kBlocks; ++cb) {
      HVX_Vector x[kG];
      load_dealt<kG>(src, in_bytes, x);
      HVX_Vector acc[kCB];
#pragma clang loop unroll(full)
      for (uint32_t c = 0; c < kCB; ++c) acc[c] = Q6_V_vzero();
#pragma clang loop unroll(full)
      for (uint32_t g = 0; g < kG; ++g) {
        const uint32_t* const fw = words + g * kOut + cb * kCB;
#pragma clang loop unroll(full)
        for (uint32_t c = 0; c < kCB; ++c) acc[c] = Q6_Vw_vrmpyacc_VwVubRb(acc[c], x[g], static_cast<int32_t>(fw[c]));
      }
      HVX_Vector y[kY];
      requant_pack<kCB>(acc, lanes + cb * kCB, o, y);
      if (kBlocks == 1) {
        store_run(dst, y, n * kOut);
      } else if (cb == 0) {
#pragma clang loop unroll(full)
        for (uint32_t i = 0; i < kY; ++i) stage[i] = y[i];
      } else {  // pixel l's 16 bytes of each block, interleaved
        HVX_Vector z[2 * kY];
#pragma clang loop unroll(full)
        for (uint32_t i = 0; i < kY; ++i) {
          const HVX_VectorPair pr = Q6_W_vshuff_VVR(y[i], stage[i], -16);
          z[2 * i] = Q6_V_lo_W(pr);
          z[2 * i + 1] = Q6_V_hi_W(pr);
        }
        store_run(dst, z, n * kOut);
      }
    }
  }
}

// kIn (32 or 64) input channels, 64 output channels, 32 pixels at a time: the pixels are loaded
// and dealt once into `words` (kIn / 4 vectors, 128-byte aligned), then four blocks of 16
// accumulators each read the dealt words back (one vector load feeds 16 vrmpy); the first three
// blocks' bytes wait in `blocks` (12 vectors) until the fourth's are done, then each pixel's
// 4 x 16 channel bytes are interleaved (16-byte, then 32-byte shuffles) and stored.
template <uint32_t kIn>
__attribute__((noinline)) void pointwise_wide(const Conv2dParams& p, const uint8_t* layout, const int8_t* in,
                                              HVX_Vector* words, HVX_Vector* blocks, int8_t* out) {
  constexpr uint32_t kOut = 64, kG = kIn / 4, kCB = 16;
  const PixelRequant* const lanes = reinterpret_cast<const PixelRequant*>(layout);
  const uint32_t* const weights = reinterpret_cast<const uint32_t*>(layout + kOut * sizeof(PixelRequant));
  const OutputVectors o = output_vectors(p.output_zero_point, p.act_min, p.act_max);
  const uint32_t total = p.batches * p.out_h * p.out_w;
  for (uint32_t i0 = 0; i0 < total; i0 += kLanes) {
    const uint32_t n = total - i0 < kLanes ? total - i0 : kLanes;
    const int8_t* const src = in + static_cast<size_t>(i0) * kIn;
    const uint32_t in_bytes = n * kIn;
    {
      HVX_Vector x[kG];
      load_dealt<kG>(src, in_bytes, x);
#pragma clang loop unroll(full)
      for (uint32_t g = 0; g < kG; ++g) words[g] = x[g];
    }
    for (uint32_t cb = 0; cb < kOut / kCB; ++cb) {
      HVX_Vector acc[kCB];
#pragma clang loop unroll(full)
      for (uint32_t c = 0; c < kCB; ++c) acc[c] = Q6_V_vzero();
#pragma clang loop unroll(full)
      for (uint32_t g = 0; g < kG; ++g) {
        const uint32_t* const fw = weights + g * kOut + cb * kCB;
        const HVX_Vector xg = words[g];
#pragma clang loop unroll(full)
        for (uint32_t c = 0; c < kCB; ++c) acc[c] = Q6_Vw_vrmpyacc_VwVubRb(acc[c], xg, static_cast<int32_t>(fw[c]));
      }
      HVX_Vector y[4];
      requant_pack<kCB>(acc, lanes + cb * kCB, o, y);
      if (cb < 3) {
#pragma clang loop unroll(full)
        for (uint32_t i = 0; i < 4; ++i) blocks[cb * 4 + i] = y[i];
        continue;
      }
      // y[i] and blocks[b * 4 + i]: 8 pixels' 16 bytes of block b (pixels 8i .. 8i + 7).
      HVX_Vector z[16];
#pragma clang loop unroll(full)
      for (uint32_t i = 0; i < 4; ++i) {
        const HVX_VectorPair b01 = Q6_W_vshuff_VVR(blocks[4 + i], blocks[i], -16);
        const HVX_VectorPair b23 = Q6_W_vshuff_VVR(y[i], blocks[8 + i], -16);
        const HVX_VectorPair lo = Q6_W_vshuff_VVR(Q6_V_lo_W(b23), Q6_V_lo_W(b01), -32);
        const HVX_VectorPair hi = Q6_W_vshuff_VVR(Q6_V_hi_W(b23), Q6_V_hi_W(b01), -32);
        z[4 * i] = Q6_V_lo_W(lo);
        z[4 * i + 1] = Q6_V_hi_W(lo);
        z[4 * i + 2] = Q6_V_lo_W(hi);
        z[4 * i + 3] = Q6_V_hi_W(hi);
      }
      store_run(out + static_cast<size_t>(i0) * kOut, z, n * kOut);
    }
  }
}

// ---- channel-tap form ----
// kIn input channels (16 or 32), kOut output channels (16 or 32, blocks of 16 accumulators), 32
// output pixels of a row at a time: per output row its k_h bordered rows (biased to unsigned),
// then per tap 32 pixels' channels loaded from the bordered row and dealt into words. With two
// channel blocks the first block's bytes wait in `stage` (after the rows) as in pointwise.
template <uint32_t kIn, uint32_t kOut>
__attribute__((noinline)) void channel_taps(const Conv2dParams& p, const uint8_t* layout, const int8_t* in,
                                            uint8_t* temp, int8_t* out) {
  constexpr uint32_t kG = kIn / 4;
  constexpr uint32_t kCB = 16;
  constexpr uint32_t kBlocks = kOut / kCB;
  constexpr uint32_t kY = kCB / 4;
  const PixelRequant* const lanes = reinterpret_cast<const PixelRequant*>(layout);
  const uint32_t* const words = reinterpret_cast<const uint32_t*>(layout + kOut * sizeof(PixelRequant));
  const RowBuilder rb = row_builder(p);
  int8_t* const rows = vec_align(temp);
  rb.prefill(rows, p.k_h);
  HVX_Vector* const stage = reinterpret_cast<HVX_Vector*>(rows + static_cast<size_t>(p.k_h) * rb.row_bytes);
  const uint32_t tap_step = p.dilation_w * kIn;
  const OutputVectors o = output_vectors(p.output_zero_point, p.act_min, p.act_max);
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* const image = in + static_cast<size_t>(b) * p.in_h * rb.in_row;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      rb.build(rows, image, oy);
      int8_t* const dst_row = out + (static_cast<size_t>(b) * p.out_h + oy) * p.out_w * kOut;
      for (uint32_t ox0 = 0; ox0 < p.out_w; ox0 += kLanes) {
        const uint32_t n = p.out_w - ox0 < kLanes ? p.out_w - ox0 : kLanes;
        for (uint32_t cb = 0; cb < kBlocks; ++cb) {
          HVX_Vector acc[kCB];
#pragma clang loop unroll(full)
          for (uint32_t c = 0; c < kCB; ++c) acc[c] = Q6_V_vzero();
          const uint32_t* fw = words + cb * kCB;
          for (uint32_t ky = 0; ky < p.k_h; ++ky) {
            const int8_t* src = rows + static_cast<size_t>(ky) * rb.row_bytes + ox0 * kIn;
            for (uint32_t kx = 0; kx < p.k_w; ++kx, src += tap_step) {
              HVX_Vector v[kG];
#pragma clang loop unroll(full)
              for (uint32_t j = 0; j < kG; ++j) v[j] = *reinterpret_cast<const HVX_UVector*>(src + j * kVec);
              HVX_Vector x[kG];
              deal_words<kG>(v, x);
#pragma clang loop unroll(full)
              for (uint32_t g = 0; g < kG; ++g, fw += kOut) {
#pragma clang loop unroll(full)
                for (uint32_t c = 0; c < kCB; ++c) {
                  acc[c] = Q6_Vw_vrmpyacc_VwVubRb(acc[c], x[g], static_cast<int32_t>(fw[c]));
                }
              }
            }
          }
          HVX_Vector y[kY];
          requant_pack<kCB>(acc, lanes + cb * kCB, o, y);
          if (kBlocks == 1) {
            store_run(dst_row + ox0 * kOut, y, n * kOut);
          } else if (cb == 0) {
#pragma clang loop unroll(full)
            for (uint32_t i = 0; i < kY; ++i) stage[i] = y[i];
          } else {
            HVX_Vector z[2 * kY];
#pragma clang loop unroll(full)
            for (uint32_t i = 0; i < kY; ++i) {
              const HVX_VectorPair pr = Q6_W_vshuff_VVR(y[i], stage[i], -16);
              z[2 * i] = Q6_V_lo_W(pr);
              z[2 * i + 1] = Q6_V_hi_W(pr);
            }
            store_run(dst_row + ox0 * kOut, z, n * kOut);
          }
        }
      }
    }
  }
}

template <uint32_t kIn>
void pointwise_out(const Conv2dParams& p, const uint8_t* layout, const int8_t* in, uint8_t* temp, int8_t* out) {
  HVX_Vector* const stage = reinterpret_cast<HVX_Vector*>(vec_align(temp));
  if (p.out_c == 8) {
    pointwise<kIn, 8>(p, layout, in, stage, out);
  } else if (p.out_c == 16) {
    pointwise<kIn, 16>(p, layout, in, stage, out);
  } else {
    pointwise<kIn, 32>(p, layout, in, stage, out);
  }
}

}  // namespace

void conv_pixels_s8(const Conv2dParams& p, const uint8_t* layout, const int8_t* in, uint8_t* temp,
                    int8_t* out) {
  if (hvx_layout::pixel_is_pointwise(p)) {
    if (p.out_c == 64) {  // dealt words, then the blocks' bytes (hvx_pixel_layout.h)
      HVX_Vector* const words = reinterpret_cast<HVX_Vector*>(vec_align(temp));
      p.in_c == 32 ? pointwise_wide<32>(p, layout, in, words, words + 8, out)
                   : pointwise_wide<64>(p, layout, in, words, words + 16, out);
    } else if (p.in_c == 8) {
      pointwise_out<8>(p, layout, in, temp, out);
    } else if (p.in_c == 16) {
      pointwise_out<16>(p, layout, in, temp, out);
    } else {
      pointwise_out<32>(p, layout, in, temp, out);
    }
    return;
  }
  if (hvx_layout::pixel_is_channel_taps(p)) {
    if (p.in_c == 16) {
      p.out_c == 16 ? channel_taps<16, 16>(p, layout, in, temp, out) : channel_taps<16, 32>(p, layout, in, temp, out);
    } else {
      p.out_c == 16 ? channel_taps<32, 16>(p, layout, in, temp, out) : channel_taps<32, 32>(p, layout, in, temp, out);
    }
    return;
  }
  if (hvx_layout::pixel_is_strips(p)) {
    p.out_c == 32 ? strips<2>(p, layout, in, temp, out) : strips<4>(p, layout, in, temp, out);
    return;
  }
  const bool expand = hvx_layout::pixel_expands(p);
  if (hvx_layout::pixel_chunks(p) == 2) {  // compressing (pixels 5-8 bytes apart)
    if (p.k_h == 3 && p.k_w == 3) {
      p.out_c == 8 ? pixel_pairs<8, 3>(p, layout, in, temp, out) : pixel_pairs<16, 3>(p, layout, in, temp, out);
    } else {
      p.out_c == 8 ? pixel_pairs<8, 0>(p, layout, in, temp, out) : pixel_pairs<16, 0>(p, layout, in, temp, out);
    }
  } else if (p.out_c == 8) {
    expand ? pixel_rows<8, true>(p, layout, in, temp, out) : pixel_rows<8, false>(p, layout, in, temp, out);
  } else {
    expand ? pixel_rows<16, true>(p, layout, in, temp, out) : pixel_rows<16, false>(p, layout, in, temp, out);
  }
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX
