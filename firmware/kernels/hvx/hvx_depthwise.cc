// HVX DEPTHWISE_CONV_2D int8 (depth multiplier 1). See hvx_depthwise.h.
#include "kernels/hvx/hvx_depthwise.h"

#include "kernels/hvx/hvx_gemm.h"

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include "kernels/hvx/hvx_common.h"

namespace lpai {
namespace kernels {
namespace hvx {
namespace {

// Layout vector i (unaligned in the blob).
inline HVX_Vector lvec(const uint8_t* v, size_t i) {
  return *reinterpret_cast<const HVX_UVector*>(v + i * kVec);
}


// Each path below is its own non-inlined function, so the stack of a call is that of the path
// it takes.

// ---- stride 1 or 2, 128 % channels == 0: whole output rows as flat byte vectors -------------
// With stride 1 the input bytes under 128 / C consecutive output pixels are contiguous, so a
// 128-byte vector covers several pixels; filter and requantisation vectors repeat with period C.
// Each input row is first copied into a padded row buffer (input zero point outside).

// Vector stores of v over dst[0, n), spilling up to 127 bytes past it (the buffers have slack;
// anything spilled over is written again afterwards).
void fill_forward(int8_t* dst, uint32_t n, HVX_Vector v) {
  for (uint32_t i = 0; i < n; i += kVec) *reinterpret_cast<HVX_UVector*>(dst + i) = v;
}

// dst[0, n) = src[0, n) by vector copies (spilling forward like fill_forward); reads stay below
// src_end, the last partial vector is copied bytewise when a full one would read past it.
void copy_forward(int8_t* dst, const int8_t* src, uint32_t n, const int8_t* src_end) {
  uint32_t i = 0;
  for (; i < n && src + i + kVec <= src_end; i += kVec) {
    *reinterpret_cast<HVX_UVector*>(dst + i) = *reinterpret_cast<const HVX_UVector*>(src + i);
  }
  for (; i < n; ++i) dst[i] = src[i];
}

// Scratch (hvx_layout::dw_temp_bytes, kFlat): k_h bordered rows, each row_bytes + one vector
// of slack for forward stores; the stride-1 output row (stride 2); the taps' input offsets
// within a chunk (row, byte offset), the padding taps of the last group repeating the last tap.
__attribute__((noinline)) void flat_stride1(const DepthwiseConv2dParams& p, const uint8_t* layout,
                                            const int8_t* in, int8_t* out, uint8_t* temp) {
  const uint32_t c = p.out_c;
  const uint32_t taps = p.k_h * p.k_w;
  const uint32_t out_row = p.out_w * c;
  const hvx_layout::DwFlatGeometry geo = hvx_layout::dw_flat_geometry(p);
  const uint32_t chunks = geo.chunks, row_bytes = geo.row_bytes, groups = geo.groups;
  const uint32_t row_pitch = row_bytes + kVec;
  int8_t* const padded = reinterpret_cast<int8_t*>((reinterpret_cast<uintptr_t>(temp) + kVec - 1) & ~uintptr_t{kVec - 1});
  int8_t* const wide = padded + hvx_layout::round_vec(uint64_t{p.k_h} * row_pitch);
  uint32_t* const tap_row = reinterpret_cast<uint32_t*>(wide + hvx_layout::round_vec(uint64_t{chunks} * kVec));
  uint32_t* const tap_off = tap_row + groups * 4;
  // Taps go in groups of four: the four taps' input vectors are byte- then halfword-shuffled
  // so that lane l of shuffled vector r holds byte position 32r + l of all four taps, and one
  // vrmpy per r against the layout's filter vector r sums the four taps of 32 positions.
  // Positions keep their natural order, so requantisation lanes r cover positions 32r .. 32r + 31.
  for (uint32_t k = 0; k < groups * 4; ++k) {
    const uint32_t kk = k < taps ? k : taps - 1;
    tap_row[k] = (kk / p.k_w) * row_pitch;
    tap_off[k] = (kk % p.k_w) * p.dilation_w * c;
  }
  const RequantLanes* lanes = reinterpret_cast<const RequantLanes*>(layout);
  const uint8_t* const fv = layout + 4 * sizeof(RequantLanes);

  const OutputVectors ov = output_vectors(p.output_zero_point, p.act_min, p.act_max);
  const uint32_t zp_byte = static_cast<uint8_t>(p.input_zero_point);
  const HVX_Vector pad = Q6_V_vsplat_R(static_cast<int32_t>(zp_byte * 0x01010101u));
  int8_t* const out_end = out + static_cast<size_t>(p.batches) * p.out_h * out_row;
  const uint32_t in_row = p.in_w * c;
  const uint32_t left = p.pad_w * c;
  const uint32_t copy = in_row < row_bytes - left ? in_row : row_bytes - left;
  const int8_t* const in_end = in + static_cast<size_t>(p.batches) * p.in_h * in_row;

  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* in_b = in + static_cast<size_t>(b) * p.in_h * in_row;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t y0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      for (uint32_t ky = 0; ky < p.k_h; ++ky) {
        const int32_t iy = y0 + static_cast<int32_t>(ky * p.dilation_h);
        int8_t* row = padded + static_cast<size_t>(ky) * row_pitch;
        if (iy >= 0 && iy < static_cast<int32_t>(p.in_h)) {
          // Left border, the input row, right border: each spill is overwritten by the next.
          fill_forward(row, left, pad);
          copy_forward(row + left, in_b + static_cast<size_t>(iy) * in_row, copy, in_end);
          fill_forward(row + left + copy, row_bytes - left - copy, pad);
        } else {
          fill_forward(row, row_bytes, pad);
        }
      }
      int8_t* o = out + (static_cast<size_t>(b) * p.out_h + oy) * out_row;
      for (uint32_t j = 0; j < chunks; ++j) {
        HVX_Vector a0 = Q6_V_vzero(), a1 = Q6_V_vzero(), a2 = Q6_V_vzero(), a3 = Q6_V_vzero();
        const uint8_t* f = fv;
        const int8_t* const at = padded + static_cast<size_t>(j) * kVec;
        for (uint32_t g = 0; g < groups; ++g, f += 4 * kVec) {
          const uint32_t k = 4 * g;
          const HVX_Vector x0 = *reinterpret_cast<const HVX_UVector*>(at + tap_row[k] + tap_off[k]);
          const HVX_Vector x1 = *reinterpret_cast<const HVX_UVector*>(at + tap_row[k + 1] + tap_off[k + 1]);
          const HVX_Vector x2 = *reinterpret_cast<const HVX_UVector*>(at + tap_row[k + 2] + tap_off[k + 2]);
          const HVX_Vector x3 = *reinterpret_cast<const HVX_UVector*>(at + tap_row[k + 3] + tap_off[k + 3]);
          const HVX_VectorPair p01 = Q6_W_vshuff_VVR(x1, x0, -1);
          const HVX_VectorPair p23 = Q6_W_vshuff_VVR(x3, x2, -1);
          const HVX_VectorPair qlo = Q6_W_vshuff_VVR(Q6_V_lo_W(p23), Q6_V_lo_W(p01), -2);
          const HVX_VectorPair qhi = Q6_W_vshuff_VVR(Q6_V_hi_W(p23), Q6_V_hi_W(p01), -2);
          a0 = Q6_Vw_vrmpyacc_VwVbVb(a0, Q6_V_lo_W(qlo), lvec(f, 0));
          a1 = Q6_Vw_vrmpyacc_VwVbVb(a1, Q6_V_hi_W(qlo), lvec(f, 1));
          a2 = Q6_Vw_vrmpyacc_VwVbVb(a2, Q6_V_lo_W(qhi), lvec(f, 2));
          a3 = Q6_Vw_vrmpyacc_VwVbVb(a3, Q6_V_hi_W(qhi), lvec(f, 3));
        }
        const HVX_Vector bytes = pack_bytes(requant(a0, lanes[0], ov), requant(a1, lanes[1], ov),
                                            requant(a2, lanes[2], ov), requant(a3, lanes[3], ov));
        if (p.stride_w != 1) {
          *reinterpret_cast<HVX_Vector*>(wide + j * kVec) = bytes;
          continue;
        }
        int8_t* dst = o + j * kVec;
        if (dst + kVec <= out_end) {
          *reinterpret_cast<HVX_UVector*>(dst) = bytes;  // past the row: later rows, written later
        } else {
          store_tail(dst, bytes, o + out_row);
        }
      }
      if (p.stride_w != 1) {
        // Keep pixels 0, 2, 4, ... of the stride-1 row.
        if ((c & 3u) == 0 && (reinterpret_cast<uintptr_t>(o) & 3u) == 0) {
          const uint32_t words = c / 4;
          const uint32_t* src = reinterpret_cast<const uint32_t*>(wide);
          uint32_t* dst = reinterpret_cast<uint32_t*>(o);
          for (uint32_t ox = 0; ox < p.out_w; ++ox, src += 2 * words, dst += words) {
            for (uint32_t k = 0; k < words; ++k) dst[k] = src[k];
          }
        } else {
          for (uint32_t ox = 0; ox < p.out_w; ++ox) {
            for (uint32_t k = 0; k < c; ++k) o[ox * c + k] = wide[2 * ox * c + k];
          }
        }
      }
    }
  }
}

// Depth multiplier 1, any channel count up to hvx_layout::kDwMaxChannels: per output pixel, blocks of 128
// channels, filter and requantisation vectors from prepare.
__attribute__((noinline)) void per_pixel(const DepthwiseConv2dParams& p, const uint8_t* layout,
                                         const int8_t* in, int8_t* out) {
  const uint32_t c_total = p.out_c;
  const uint32_t taps = p.k_h * p.k_w;
  const uint32_t blocks = (c_total + kVec - 1) / kVec;
  const RequantLanes* lanes = reinterpret_cast<const RequantLanes*>(layout);  // [block][s]
  const uint8_t* const fv = layout + static_cast<size_t>(blocks) * 4 * sizeof(RequantLanes);

  const OutputVectors ov = output_vectors(p.output_zero_point, p.act_min, p.act_max);
  const HVX_Vector byte_mask = Q6_V_vsplat_R(0xFF);
  const uint32_t zp_byte = static_cast<uint8_t>(p.input_zero_point);
  const HVX_Vector pad = Q6_V_vsplat_R(static_cast<int32_t>(zp_byte * 0x01010101u));
  const size_t in_bytes = static_cast<size_t>(p.batches) * p.in_h * p.in_w * c_total;
  const int8_t* const in_end = in + in_bytes;
  int8_t* const out_end = out + static_cast<size_t>(p.batches) * p.out_h * p.out_w * c_total;

  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* in_b = in + static_cast<size_t>(b) * p.in_h * p.in_w * c_total;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t y0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        const int32_t x0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        int8_t* o = out + ((static_cast<size_t>(b) * p.out_h + oy) * p.out_w + ox) * c_total;
        for (uint32_t cb = 0; cb < blocks; ++cb) {
          HVX_Vector acc0 = Q6_V_vzero(), acc1 = Q6_V_vzero(), acc2 = Q6_V_vzero(), acc3 = Q6_V_vzero();
          const uint8_t* f = fv + static_cast<size_t>(cb) * taps * 4 * kVec;
          for (uint32_t ky = 0; ky < p.k_h; ++ky) {
            const int32_t iy = y0 + static_cast<int32_t>(ky * p.dilation_h);
            const bool row_in = iy >= 0 && iy < static_cast<int32_t>(p.in_h);
            for (uint32_t kx = 0; kx < p.k_w; ++kx, f += 4 * kVec) {
              const int32_t ix = x0 + static_cast<int32_t>(kx * p.dilation_w);
              HVX_Vector x = pad;
              if (row_in && ix >= 0 && ix < static_cast<int32_t>(p.in_w)) {
                const int8_t* src = in_b + (static_cast<size_t>(iy) * p.in_w + static_cast<uint32_t>(ix)) * c_total +
                                    static_cast<size_t>(cb) * kVec;
                x = src + kVec <= in_end ? *reinterpret_cast<const HVX_UVector*>(src) : load_tail(src, in_end);
              }
              acc0 = Q6_Vw_vrmpyacc_VwVbVb(acc0, x, lvec(f, 0));
              acc1 = Q6_Vw_vrmpyacc_VwVbVb(acc1, x, lvec(f, 1));
              acc2 = Q6_Vw_vrmpyacc_VwVbVb(acc2, x, lvec(f, 2));
              acc3 = Q6_Vw_vrmpyacc_VwVbVb(acc3, x, lvec(f, 3));
            }
          }
          const RequantLanes* rl = lanes + static_cast<size_t>(cb) * 4;
          HVX_Vector r0 = Q6_V_vand_VV(requant(acc0, rl[0], ov), byte_mask);
          HVX_Vector r1 = Q6_V_vand_VV(requant(acc1, rl[1], ov), byte_mask);
          HVX_Vector r2 = Q6_V_vand_VV(requant(acc2, rl[2], ov), byte_mask);
          HVX_Vector r3 = requant(acc3, rl[3], ov);
          const HVX_Vector bytes =
              Q6_V_vor_VV(Q6_V_vor_VV(r0, Q6_Vw_vasl_VwR(r1, 8)),
                          Q6_V_vor_VV(Q6_Vw_vasl_VwR(r2, 16), Q6_Vw_vasl_VwR(r3, 24)));
          int8_t* dst = o + static_cast<size_t>(cb) * kVec;
          if (dst + kVec <= out_end) {
            // Bytes past the pixel's channels belong to later pixels, written after this one.
            *reinterpret_cast<HVX_UVector*>(dst) = bytes;
          } else {
            store_tail(dst, bytes, o + c_total);
          }
        }
      }
    }
  }
}

}  // namespace

void depthwise_s8(const DepthwiseConv2dParams& p, const uint8_t* layout, const int8_t* in,
                  uint8_t* temp, int8_t* out) {
  switch (hvx_layout::dw_path(p)) {
    case hvx_layout::DwPath::kSingle:
      conv_2d_s8(hvx_layout::dw_as_conv(p), layout, in, temp, out);
      return;
    case hvx_layout::DwPath::kFlat:
      flat_stride1(p, layout, in, out, temp);
      return;
    case hvx_layout::DwPath::kPerPixel:
      per_pixel(p, layout, in, out);
      return;
    case hvx_layout::DwPath::kNone:
      return;
  }
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX
