// HVX DEPTHWISE_CONV_2D int8 (depth multiplier 1). See hvx_depthwise.h.
#include "kernels/hvx/hvx_depthwise.h"

#include "kernels/hvx/hvx_depthwise_map.h"
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

// One bordered input row of row_bytes at `row` (forward stores may spill up to 127 bytes past
// it): `left` bytes of the input zero point, `copy` bytes of `src`, zero point to the end; all
// zero point when src is null. Out of line: the splat is not live across the caller's calls
// (HVX registers are caller-saved).
__attribute__((noinline)) void bordered_row(int8_t* row, const int8_t* src, uint32_t left, uint32_t copy,
                                            uint32_t row_bytes, uint32_t zp_byte, const int8_t* src_end) {
  const HVX_Vector pad = Q6_V_vsplat_R(static_cast<int32_t>(zp_byte * 0x01010101u));
  if (src == nullptr) {
    fill_forward(row, row_bytes, pad);
    return;
  }
  // Left border, the input row, right border: each spill is overwritten by the next.
  fill_forward(row, left, pad);
  copy_forward(row + left, src, copy, src_end);
  fill_forward(row + left + copy, row_bytes - left - copy, pad);
}

// The even pixels of `blocks` 256-byte blocks at `src` (aligned) to even[0, blocks * 128), the
// odd ones to odd[...] (both aligned): pixels of c bytes (c divides 128, c < 128).
__attribute__((noinline)) void deal_row(const int8_t* src, uint32_t blocks, uint32_t c, int8_t* even,
                                        int8_t* odd) {
  const HVX_Vector* s = reinterpret_cast<const HVX_Vector*>(src);
  HVX_Vector* e = reinterpret_cast<HVX_Vector*>(even);
  HVX_Vector* o = reinterpret_cast<HVX_Vector*>(odd);
  const int32_t size = -static_cast<int32_t>(c);
  for (uint32_t i = 0; i < blocks; ++i) {
    const HVX_VectorPair d = Q6_W_vdeal_VVR(s[2 * i + 1], s[2 * i], size);
    e[i] = Q6_V_lo_W(d);
    o[i] = Q6_V_hi_W(d);
  }
}

// Chunk j of an output row pair: the 128 output bytes of the first row (lo) and of the second
// (hi). `at`: chunk j of the ring's first row; tap_a[k], tap_b[k]: tap k's byte offset from it
// for the first and the second row. Each filter vector and each block's requantisation lanes are
// loaded once for both rows. Out of line: only its vectors are live.
// `fv`: the filter vectors, copied to aligned scratch (aligned loads pair with the shuffles);
// `lv`: the layout's four blocks' requantisation lanes (six vectors each, in RequantLanes
// order), read in place once per chunk pair.
__attribute__((noinline)) HVX_VectorPair flat_chunk_pair(const HVX_Vector* fv, const uint8_t* lv,
                                                         const uint32_t* tap_a, const uint32_t* tap_b,
                                                         uint32_t groups, const int8_t* at,
                                                         const OutputVectors& ov) {
  HVX_Vector a0 = Q6_V_vzero(), a1 = Q6_V_vzero(), a2 = Q6_V_vzero(), a3 = Q6_V_vzero();
  HVX_Vector b0 = Q6_V_vzero(), b1 = Q6_V_vzero(), b2 = Q6_V_vzero(), b3 = Q6_V_vzero();
  // Taps go in groups of four: the four taps' input vectors are byte- then halfword-shuffled
  // so that lane l of shuffled vector r holds byte position 32r + l of all four taps, and one
  // vrmpy per r against the layout's filter vector r sums the four taps of 32 positions.
  // Positions keep their natural order, so requantisation lanes r cover positions 32r .. 32r + 31.
  for (uint32_t g = 0; g < groups; ++g, fv += 4, tap_a += 4, tap_b += 4) {
    const HVX_Vector f0 = fv[0], f1 = fv[1], f2 = fv[2], f3 = fv[3];
    {
      const uint32_t t0 = tap_a[0], t1 = tap_a[1], t2 = tap_a[2], t3 = tap_a[3];
      const HVX_VectorPair p01 = Q6_W_vshuff_VVR(*reinterpret_cast<const HVX_UVector*>(at + t1),
                                                 *reinterpret_cast<const HVX_UVector*>(at + t0), -1);
      const HVX_VectorPair p23 = Q6_W_vshuff_VVR(*reinterpret_cast<const HVX_UVector*>(at + t3),
                                                 *reinterpret_cast<const HVX_UVector*>(at + t2), -1);
      const HVX_VectorPair qlo = Q6_W_vshuff_VVR(Q6_V_lo_W(p23), Q6_V_lo_W(p01), -2);
      const HVX_VectorPair qhi = Q6_W_vshuff_VVR(Q6_V_hi_W(p23), Q6_V_hi_W(p01), -2);
      a0 = Q6_Vw_vrmpyacc_VwVbVb(a0, Q6_V_lo_W(qlo), f0);
      a1 = Q6_Vw_vrmpyacc_VwVbVb(a1, Q6_V_hi_W(qlo), f1);
      a2 = Q6_Vw_vrmpyacc_VwVbVb(a2, Q6_V_lo_W(qhi), f2);
      a3 = Q6_Vw_vrmpyacc_VwVbVb(a3, Q6_V_hi_W(qhi), f3);
    }
    {
      const uint32_t t0 = tap_b[0], t1 = tap_b[1], t2 = tap_b[2], t3 = tap_b[3];
      const HVX_VectorPair p01 = Q6_W_vshuff_VVR(*reinterpret_cast<const HVX_UVector*>(at + t1),
                                                 *reinterpret_cast<const HVX_UVector*>(at + t0), -1);
      const HVX_VectorPair p23 = Q6_W_vshuff_VVR(*reinterpret_cast<const HVX_UVector*>(at + t3),
                                                 *reinterpret_cast<const HVX_UVector*>(at + t2), -1);
      const HVX_VectorPair qlo = Q6_W_vshuff_VVR(Q6_V_lo_W(p23), Q6_V_lo_W(p01), -2);
      const HVX_VectorPair qhi = Q6_W_vshuff_VVR(Q6_V_hi_W(p23), Q6_V_hi_W(p01), -2);
      b0 = Q6_Vw_vrmpyacc_VwVbVb(b0, Q6_V_lo_W(qlo), f0);
      b1 = Q6_Vw_vrmpyacc_VwVbVb(b1, Q6_V_hi_W(qlo), f1);
      b2 = Q6_Vw_vrmpyacc_VwVbVb(b2, Q6_V_lo_W(qhi), f2);
      b3 = Q6_Vw_vrmpyacc_VwVbVb(b3, Q6_V_hi_W(qhi), f3);
    }
  }
  auto lanes = [lv](uint32_t r) __attribute__((always_inline)) {
    const size_t v = 6 * r;
    return LaneVectors{lvec(lv, v), lvec(lv, v + 1), lvec(lv, v + 2), lvec(lv, v + 3), lvec(lv, v + 4), lvec(lv, v + 5)};
  };
  const LaneVectors l0 = lanes(0);
  a0 = requant(a0, l0, ov);
  b0 = requant(b0, l0, ov);
  const LaneVectors l1 = lanes(1);
  a1 = requant(a1, l1, ov);
  b1 = requant(b1, l1, ov);
  const LaneVectors l2 = lanes(2);
  a2 = requant(a2, l2, ov);
  b2 = requant(b2, l2, ov);
  const LaneVectors l3 = lanes(3);
  a3 = requant(a3, l3, ov);
  b3 = requant(b3, l3, ov);
  return Q6_W_vcombine_VV(pack_bytes(b0, b1, b2, b3), pack_bytes(a0, a1, a2, a3));
}

// Output rows oy and oy + 1 (the second only when `two`) at a time. Scratch
// (hvx_layout::dw_temp_bytes, kFlat): a ring of R = dw_flat_ring_rows(p) bordered input rows,
// each row_bytes + one vector of slack for forward stores, input row r (counted from the top
// border) in slot r % R, built once; the two stride-1 output rows (stride 2); the two rows' tap
// offset tables, the padding taps of the last group repeating the last tap; the aligned copies
// of the layout's filter vectors.
__attribute__((noinline)) void flat_stride1(const DepthwiseConv2dParams& p, const uint8_t* layout,
                                            const int8_t* in, int8_t* out, uint8_t* temp) {
  const uint32_t c = p.out_c;
  const uint32_t taps = p.k_h * p.k_w;
  const uint32_t out_row = p.out_w * c;
  const hvx_layout::DwFlatGeometry geo = hvx_layout::dw_flat_geometry(p);
  const uint32_t groups = geo.groups;
  // Direct stride 2: ring rows are (even pixels, odd pixels) of a bordered row of `row_bytes`
  // built in `dealt`; else ring rows are bordered rows and the stride-1 output rows go to `wide`.
  const bool direct = hvx_layout::dw_flat_direct(p);
  const hvx_layout::DwFlatDirect dg = hvx_layout::dw_flat_direct_geometry(p);
  const uint32_t chunks = direct ? dg.chunks : geo.chunks;
  const uint32_t row_bytes = direct ? dg.blocks * 2 * kVec : geo.row_bytes;
  const uint32_t row_pitch = direct ? 2 * dg.half : row_bytes + kVec;
  const uint32_t ring = static_cast<uint32_t>(hvx_layout::dw_flat_ring_rows(p));
  int8_t* const padded = reinterpret_cast<int8_t*>((reinterpret_cast<uintptr_t>(temp) + kVec - 1) & ~uintptr_t{kVec - 1});
  int8_t* const wide = padded + hvx_layout::round_vec(uint64_t{ring} * row_pitch);
  int8_t* const wide_b = wide + static_cast<size_t>(chunks) * kVec;
  int8_t* const dealt = wide;  // direct: the bordered row before dealing (row_bytes + kVec)
  const uint64_t middle = direct ? hvx_layout::round_vec(uint64_t{row_bytes} + kVec)
                                 : hvx_layout::round_vec(2 * uint64_t{chunks} * kVec);
  // taps[(base * 2 + r) * g4 + k]: tap k's byte offset from the ring's first row for output
  // row r of a pair whose first input row is in ring slot `base`.
  const uint32_t g4 = groups * 4;
  uint32_t* const taps_by_base = reinterpret_cast<uint32_t*>(wide + middle);
  // Filled at the first ring_rows pairs (they visit every ring position the call uses).
  auto fill_taps = [&](uint32_t base) {
    uint32_t* const ta = taps_by_base + base * 2 * g4;
    uint32_t* const tb = ta + g4;
    uint32_t k = 0;
    for (uint32_t ky = 0; ky < p.k_h; ++ky) {
      const uint32_t da = base + ky * p.dilation_h;  // < 2 * ring
      const uint32_t db = da + p.stride_h;           // < 2 * ring
      const uint32_t ra = (da < ring ? da : da - ring) * row_pitch;
      const uint32_t rb = (db < ring ? db : db - ring) * row_pitch;
      for (uint32_t kx = 0; kx < p.k_w; ++kx, ++k) {
        // Direct: input pixel 2 * ox + kx is even pixel ox + kx / 2, or odd pixel ox + kx / 2.
        const uint32_t col = direct ? (kx & 1u) * dg.half + (kx >> 1) * c : kx * p.dilation_w * c;
        ta[k] = ra + col;
        tb[k] = rb + col;
      }
    }
    for (; k < g4; ++k) {
      ta[k] = ta[taps - 1];
      tb[k] = tb[taps - 1];
    }
  };
  // Aligned copies of the layout's filter vectors (groups * 4), which follow its requantisation
  // lanes (4 blocks of 6 vectors, read in place).
  const uint8_t* const lv = layout;
  HVX_Vector* const fv_copy = reinterpret_cast<HVX_Vector*>(
      reinterpret_cast<uint8_t*>(taps_by_base) + hvx_layout::round_vec(uint64_t{ring} * g4 * 8));
  for (uint32_t i = 0; i < groups * 4; ++i) fv_copy[i] = lvec(layout, 4 * 6 + i);
  const HVX_Vector* const fv = fv_copy;

  const OutputVectors ov = output_vectors(p.output_zero_point, p.act_min, p.act_max);
  const uint32_t zp_byte = static_cast<uint8_t>(p.input_zero_point);
  int8_t* const out_end = out + static_cast<size_t>(p.batches) * p.out_h * out_row;
  const uint32_t in_row = p.in_w * c;
  const uint32_t left = p.pad_w * c;
  const uint32_t copy = in_row < row_bytes - left ? in_row : row_bytes - left;
  const int8_t* const in_end = in + static_cast<size_t>(p.batches) * p.in_h * in_row;

  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* in_b = in + static_cast<size_t>(b) * p.in_h * in_row;
    uint32_t built = 0;  // input rows [0, built) (from the top border) are in the ring
    uint32_t base = 0;   // the ring slot of the pair's first input row, oy * stride_h
    for (uint32_t oy = 0; oy < p.out_h; oy += 2) {
      if (b == 0 && oy / 2 < ring) fill_taps(base);
      const bool two = oy + 1 < p.out_h;
      const uint32_t r0 = oy * p.stride_h;
      // Build input rows [max(built, r0), r0 + ring): the slot of row r0 + d is base + d mod R.
      for (uint32_t d = built > r0 ? built - r0 : 0; d < ring; ++d) {
        const int32_t iy = static_cast<int32_t>(r0 + d) - static_cast<int32_t>(p.pad_h);
        const uint32_t slot = base + d < ring ? base + d : base + d - ring;
        const bool inside = iy >= 0 && iy < static_cast<int32_t>(p.in_h);
        int8_t* const row = padded + static_cast<size_t>(slot) * row_pitch;
        const int8_t* const src = inside ? in_b + static_cast<size_t>(iy) * in_row : nullptr;
        if (direct) {
          bordered_row(dealt, src, left, copy, row_bytes, zp_byte, in_end);
          deal_row(dealt, dg.blocks, c, row, row + dg.half);
        } else {
          bordered_row(row, src, left, copy, row_bytes, zp_byte, in_end);
        }
      }
      built = r0 + ring;
      // Tap offsets of both rows (the second row's rows start stride_h later; without a second
      // row the pair's second half recomputes the first, never stored).
      const uint32_t* const tap_a = taps_by_base + base * 2 * g4;
      const uint32_t* const tap_b = two ? tap_a + g4 : tap_a;
      // The next pair starts 2 * stride_h rows later.
      base += 2 * p.stride_h;
      while (base >= ring) base -= ring;
      int8_t* o = out + (static_cast<size_t>(b) * p.out_h + oy) * out_row;
      int8_t* const o_b = o + out_row;
      for (uint32_t j = 0; j < chunks; ++j) {
        const HVX_VectorPair bytes =
            flat_chunk_pair(fv, lv, tap_a, tap_b, groups, padded + static_cast<size_t>(j) * kVec, ov);
        if (p.stride_w != 1 && !direct) {
          *reinterpret_cast<HVX_Vector*>(wide + j * kVec) = Q6_V_lo_W(bytes);
          *reinterpret_cast<HVX_Vector*>(wide_b + j * kVec) = Q6_V_hi_W(bytes);
          continue;
        }
        // The first row's stores stay inside it (the second row is written in this pass); the
        // second row's may spill into later rows, written later.
        int8_t* dst = o + j * kVec;
        if (dst + kVec <= o + out_row) {
          *reinterpret_cast<HVX_UVector*>(dst) = Q6_V_lo_W(bytes);
        } else {
          store_tail(dst, Q6_V_lo_W(bytes), o + out_row);
        }
        if (!two) continue;
        dst = o_b + j * kVec;
        if (dst + kVec <= out_end) {
          *reinterpret_cast<HVX_UVector*>(dst) = Q6_V_hi_W(bytes);
        } else {
          store_tail(dst, Q6_V_hi_W(bytes), o_b + out_row);
        }
      }
      if (p.stride_w != 1 && !direct) {
        // Keep pixels 0, 2, 4, ... of the stride-1 rows.
        for (uint32_t r = 0; r < (two ? 2u : 1u); ++r) {
          const int8_t* w = r == 0 ? wide : wide_b;
          int8_t* dst_row = o + r * out_row;
          if ((c & 3u) == 0 && (reinterpret_cast<uintptr_t>(dst_row) & 3u) == 0) {
            const uint32_t words = c / 4;
            const uint32_t* src = reinterpret_cast<const uint32_t*>(w);
            uint32_t* dst = reinterpret_cast<uint32_t*>(dst_row);
            for (uint32_t ox = 0; ox < p.out_w; ++ox, src += 2 * words, dst += words) {
              for (uint32_t k = 0; k < words; ++k) dst[k] = src[k];
            }
          } else {
            for (uint32_t ox = 0; ox < p.out_w; ++ox) {
              for (uint32_t k = 0; k < c; ++k) dst_row[ox * c + k] = w[2 * ox * c + k];
            }
          }
        }
      }
    }
  }
}

// Depth multiplier 1, any channel count up to hvx_layout::kDwMaxChannels: blocks of 128 channels,
// filter and requantisation vectors from prepare (unaligned in the blob).
struct PerPixelArgs {
  const DepthwiseConv2dParams* p;
  const RequantLanes* lanes;  // [block][s]
  const uint8_t* filters;     // [block][tap][s] vectors
  const int8_t* in_b;         // the batch's input image
  const int8_t* in_end;       // end of the whole input (reads stay below it)
  int8_t* out_end;            // end of the whole output
  OutputVectors ov;
  bool spill_ok;              // a full-vector store may run into later pixels (written after it)
};

// P consecutive output pixels (ox .. ox + P - 1 of row oy) of channel block cb (kInterior:
// group_is_interior): each tap's four filter vectors are loaded once for the P pixels, each
// block's requantisation lanes once per group. Pixels are stored in order, so bytes a store spills past its pixel are written again
// by the later pixels' stores.
// Accumulates the taps of P consecutive output pixels of one row (first input column x0) into
// acc. kInterior: every tap of every pixel reads inside the input and a full vector before
// in_end, so the loop has no branches; otherwise padded taps read the zero point.
template <uint32_t P, bool kInterior>
__attribute__((always_inline)) inline void per_pixel_taps(const PerPixelArgs& a, int32_t y0, int32_t x0,
                                                          const uint8_t* f, size_t block_offset,
                                                          HVX_Vector (&acc)[P][4]) {
  const DepthwiseConv2dParams& p = *a.p;
  const uint32_t c_total = p.out_c;
  for (uint32_t ky = 0; ky < p.k_h; ++ky) {
    const int32_t iy = y0 + static_cast<int32_t>(ky * p.dilation_h);
    const bool row_in = kInterior || (iy >= 0 && iy < static_cast<int32_t>(p.in_h));
    const int8_t* row = a.in_b + (static_cast<size_t>(row_in ? iy : 0) * p.in_w) * c_total + block_offset;
    for (uint32_t kx = 0; kx < p.k_w; ++kx, f += 4 * kVec) {
      const HVX_Vector f0 = lvec(f, 0), f1 = lvec(f, 1), f2 = lvec(f, 2), f3 = lvec(f, 3);
#pragma clang loop unroll(full)
      for (uint32_t j = 0; j < P; ++j) {
        const int32_t ix = x0 + static_cast<int32_t>(j * p.stride_w + kx * p.dilation_w);
        HVX_Vector x = kInterior ? Q6_V_vzero()
                                 : Q6_V_vsplat_R(static_cast<int32_t>(
                                       static_cast<uint8_t>(p.input_zero_point) * 0x01010101u));
        if (kInterior || (row_in && ix >= 0 && ix < static_cast<int32_t>(p.in_w))) {
          const int8_t* src = row + static_cast<size_t>(ix) * c_total;
          x = kInterior || src + kVec <= a.in_end ? *reinterpret_cast<const HVX_UVector*>(src)
                                                  : load_tail(src, a.in_end);
        }
        acc[j][0] = Q6_Vw_vrmpyacc_VwVbVb(acc[j][0], x, f0);
        acc[j][1] = Q6_Vw_vrmpyacc_VwVbVb(acc[j][1], x, f1);
        acc[j][2] = Q6_Vw_vrmpyacc_VwVbVb(acc[j][2], x, f2);
        acc[j][3] = Q6_Vw_vrmpyacc_VwVbVb(acc[j][3], x, f3);
      }
    }
  }
}

// P consecutive output pixels (ox .. ox + P - 1 of row oy) of channel block cb (kInterior:
// group_is_interior): each tap's four filter vectors are loaded once for the P pixels, each
// block's requantisation lanes once per group. Pixels are stored in order, so bytes a store spills past its pixel are written again
// by the later pixels' stores.
template <uint32_t P, bool kInterior>
__attribute__((always_inline)) inline void per_pixel_group(const PerPixelArgs& a, uint32_t oy, uint32_t ox,
                                                           uint32_t cb, int8_t* out_row) {
  const DepthwiseConv2dParams& p = *a.p;
  const uint32_t c_total = p.out_c;
  HVX_Vector acc[P][4];
#pragma clang loop unroll(full)
  for (uint32_t j = 0; j < P; ++j) {
#pragma clang loop unroll(full)
    for (uint32_t s = 0; s < 4; ++s) acc[j][s] = Q6_V_vzero();
  }
  const uint8_t* f = a.filters + static_cast<size_t>(cb) * p.k_h * p.k_w * 4 * kVec;
  const size_t block_offset = static_cast<size_t>(cb) * kVec;
  const int32_t y0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
  const int32_t x0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
  per_pixel_taps<P, kInterior>(a, y0, x0, f, block_offset, acc);
  const RequantLanes* rl = a.lanes + static_cast<size_t>(cb) * 4;
  const HVX_Vector byte_mask = Q6_V_vsplat_R(0xFF);
#pragma clang loop unroll(full)
  for (uint32_t s = 0; s < 4; ++s) {
    const LaneVectors l = lane_vectors(rl[s]);
#pragma clang loop unroll(full)
    for (uint32_t j = 0; j < P; ++j) {
      const HVX_Vector r = requant(acc[j][s], l, a.ov);
      // Byte s of each word: channel 128 cb + 4 lane + s.
      acc[j][s] = s == 3 ? Q6_Vw_vasl_VwR(r, 24) : Q6_Vw_vasl_VwR(Q6_V_vand_VV(r, byte_mask), 8 * s);
    }
  }
#pragma clang loop unroll(full)
  for (uint32_t j = 0; j < P; ++j) {
    const HVX_Vector bytes = Q6_V_vor_VV(Q6_V_vor_VV(acc[j][0], acc[j][1]), Q6_V_vor_VV(acc[j][2], acc[j][3]));
    int8_t* const pixel = out_row + static_cast<size_t>(ox + j) * c_total;
    int8_t* const dst = pixel + static_cast<size_t>(cb) * kVec;
    if (dst + kVec <= a.out_end && (a.spill_ok || dst + kVec <= pixel + c_total)) {
      *reinterpret_cast<HVX_UVector*>(dst) = bytes;
    } else {
      store_tail(dst, bytes, pixel + c_total);
    }
  }
}

// Whether every tap of pixels ox .. ox + P - 1 of row oy reads inside the input, a full vector
// of block cb before in_end.
inline bool group_is_interior(const PerPixelArgs& a, uint32_t oy, uint32_t ox, uint32_t n, uint32_t cb) {
  const DepthwiseConv2dParams& p = *a.p;
  const int64_t y0 = int64_t{oy} * p.stride_h - p.pad_h;
  const int64_t x0 = int64_t{ox} * p.stride_w - p.pad_w;
  const int64_t y_last = y0 + int64_t{p.k_h - 1} * p.dilation_h;
  const int64_t x_last = x0 + int64_t{n - 1} * p.stride_w + int64_t{p.k_w - 1} * p.dilation_w;
  return y0 >= 0 && y_last < p.in_h && x0 >= 0 && x_last < p.in_w &&
         (static_cast<uint64_t>(y_last) * p.in_w + static_cast<uint64_t>(x_last)) * p.out_c + uint64_t{cb} * kVec +
                 kVec <=
             static_cast<uint64_t>(a.in_end - a.in_b);
}

// An interior group of kPerPixelGroup pixels. Out of line, so its loads stay inside the call
// (hoisted out of the pixel loop they would spill).
constexpr uint32_t kPerPixelGroup = 4;
__attribute__((noinline)) void per_pixel_interior(const PerPixelArgs& a, uint32_t oy, uint32_t ox, uint32_t cb,
                                                  int8_t* out_row) {
  per_pixel_group<kPerPixelGroup, true>(a, oy, ox, cb, out_row);
}

// P pixels at the input's edges (padded taps read the zero point). Out of line: the edge
// path's registers do not weigh on the interior groups.
template <uint32_t P>
__attribute__((noinline)) void per_pixel_edge(const PerPixelArgs& a, uint32_t oy, uint32_t ox, uint32_t cb,
                                              int8_t* out_row) {
  per_pixel_group<P, false>(a, oy, ox, cb, out_row);
}

__attribute__((noinline)) void per_pixel(const DepthwiseConv2dParams& node, const uint8_t* layout,
                                         const int8_t* in, int8_t* out) {
  const DepthwiseConv2dParams p = hvx_layout::dw_is_column(node) ? hvx_layout::dw_column_as_row(node) : node;
  const uint32_t c_total = p.out_c;
  const uint32_t blocks = (c_total + kVec - 1) / kVec;
  PerPixelArgs a{&p,
                 reinterpret_cast<const RequantLanes*>(layout),
                 layout + static_cast<size_t>(blocks) * 4 * sizeof(RequantLanes),
                 in,
                 in + static_cast<size_t>(p.batches) * p.in_h * p.in_w * c_total,
                 out + static_cast<size_t>(p.batches) * p.out_h * p.out_w * c_total,
                 output_vectors(p.output_zero_point, p.act_min, p.act_max),
                 blocks == 1 || c_total % kVec == 0};
  constexpr uint32_t kGroup = kPerPixelGroup;
  for (uint32_t b = 0; b < p.batches; ++b) {
    a.in_b = in + static_cast<size_t>(b) * p.in_h * p.in_w * c_total;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      int8_t* const out_row = out + (static_cast<size_t>(b) * p.out_h + oy) * p.out_w * c_total;
      for (uint32_t cb = 0; cb < blocks; ++cb) {
        uint32_t ox = 0;
        for (; ox + kGroup <= p.out_w; ox += kGroup) {
          if (group_is_interior(a, oy, ox, kGroup, cb)) {
            per_pixel_interior(a, oy, ox, cb, out_row);
          } else {
            per_pixel_edge<kGroup>(a, oy, ox, cb, out_row);
          }
        }
        static_assert(kGroup == 4, "the remainder below takes 1-3 pixels");
        switch (p.out_w - ox) {
          case 3: per_pixel_edge<3>(a, oy, ox, cb, out_row); break;
          case 2: per_pixel_edge<2>(a, oy, ox, cb, out_row); break;
          case 1: per_pixel_edge<1>(a, oy, ox, cb, out_row); break;
          default: break;
        }
      }
    }
  }
}

// ---- one input channel, depth multiplier 8 (kSingleRows): rows of up to 32 output pixels ----
// Lanes are output pixels, one accumulator per channel, no kernel scratch. Per filter row ky
// the input bytes under the block are read into one vector (input zero point outside the
// input), biased to unsigned (x + 128; the layout's bias takes -(zp + 128) * sum of taps
// back); per group of four taps, word l of the tap vector holds the four input bytes under
// pixel l's taps, and one vrmpy by the channel's four filter bytes (a scalar) adds them.

// v[i] = row[x0 + i] where 0 <= x0 + i < in_w, the byte of `outside` elsewhere. Reads only the
// 128-byte blocks holding row's bytes in that range.
__attribute__((always_inline)) inline HVX_Vector bordered_row(const int8_t* row, int32_t x0, int32_t in_w,
                                                              HVX_Vector outside) {
  const int32_t lo = x0 < 0 ? 0 : x0;
  const int32_t hi = x0 + static_cast<int32_t>(kVec) < in_w ? x0 + static_cast<int32_t>(kVec) : in_w;
  if (hi <= lo) return outside;
  const uint32_t lead = static_cast<uint32_t>(lo - x0), count = static_cast<uint32_t>(hi - lo);
  const int8_t* src = row + lo;
  const uint32_t off = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(src) & 127u);
  const HVX_Vector* const block =
      reinterpret_cast<const HVX_Vector*>(reinterpret_cast<uintptr_t>(src) & ~uintptr_t{127});
  const HVX_Vector b0 = block[0];
  const HVX_Vector b1 = off + count > kVec ? block[1] : b0;
  const HVX_Vector v = Q6_V_vror_VR(Q6_V_valign_VVR(b1, b0, static_cast<int32_t>(off)),
                                    static_cast<int32_t>((kVec - lead) & 127u));  // v[0] at lead
  const HVX_VectorPred keep =
      Q6_Q_and_QQn(Q6_Q_vsetq2_R(static_cast<int32_t>(lead + count)), Q6_Q_vsetq_R(static_cast<int32_t>(lead)));
  return Q6_V_vmux_QVV(keep, v, outside);
}

// Word l = bytes v[kStride * l + first .. kStride * l + first + 3] (kStride 1 or 2), l < 32.
template <uint32_t kStride>
__attribute__((always_inline)) inline HVX_Vector tap_words(HVX_Vector v, uint32_t first) {
  const HVX_Vector a = Q6_V_vror_VR(v, static_cast<int32_t>(first));
  if (kStride == 2) {  // halfword l of a and of a shifted by 2 bytes, interleaved
    return Q6_V_lo_W(Q6_W_vshuff_VVR(Q6_V_vror_VR(a, 2), a, -2));
  }
  const HVX_Vector pairs = Q6_V_lo_W(Q6_W_vshuff_VVR(Q6_V_vror_VR(a, 1), a, -1));  // h[l] = a[l], a[l + 1]
  return Q6_V_lo_W(Q6_W_vshuff_VVR(Q6_V_vror_VR(pairs, 4), pairs, -2));
}

// The eight accumulators are named (not an array) so that they stay in vector registers.
// kGroups: the groups of four taps per filter row when fixed at compile time (unrolled), 0 when
// taken from the header.
template <uint32_t kStride, uint32_t kGroups>
__attribute__((noinline)) void single_rows(const DepthwiseConv2dParams& p, const uint8_t* layout,
                                           const int8_t* in, int8_t* out) {
  constexpr uint32_t kC = hvx_layout::kDwRowsChannels;
  static_assert(kC == 8, "eight named accumulators");
  const RequantLanes* lanes = reinterpret_cast<const RequantLanes*>(layout);
  const uint32_t* words = reinterpret_cast<const uint32_t*>(layout + kC * sizeof(RequantLanes));
  const uint32_t groups = kGroups != 0 ? kGroups : hvx_layout::dw_single_rows_groups(p);
  const OutputVectors o = output_vectors(p.output_zero_point, p.act_min, p.act_max);
  const HVX_Vector bias128 = Q6_Vb_vsplat_R(0x80);
  const HVX_Vector zp = Q6_Vb_vsplat_R(p.input_zero_point);
  const int32_t in_h = static_cast<int32_t>(p.in_h), in_w = static_cast<int32_t>(p.in_w);
  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = in + static_cast<size_t>(b) * p.in_h * p.in_w;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      int8_t* dst_row = out + (static_cast<size_t>(b) * p.out_h + oy) * p.out_w * kC;
      for (uint32_t ox0 = 0; ox0 < p.out_w; ox0 += kLanes) {
        const uint32_t n = p.out_w - ox0 < kLanes ? p.out_w - ox0 : kLanes;
        const int32_t x0 = static_cast<int32_t>(ox0 * kStride) - static_cast<int32_t>(p.pad_w);
        HVX_Vector a0 = Q6_V_vzero(), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0, a6 = a0, a7 = a0;
        const uint32_t* fw = words;
        for (uint32_t ky = 0; ky < p.k_h; ++ky) {
          const int32_t iy = static_cast<int32_t>(oy * p.stride_h + ky * p.dilation_h) - static_cast<int32_t>(p.pad_h);
          HVX_Vector v = zp;
          if (iy >= 0 && iy < in_h) v = bordered_row(image + static_cast<size_t>(iy) * p.in_w, x0, in_w, zp);
          v = Q6_V_vxor_VV(v, bias128);
          for (uint32_t g = 0; g < groups; ++g, fw += kC) {
            const HVX_Vector w = tap_words<kStride>(v, 4 * g);
            a0 = Q6_Vw_vrmpyacc_VwVubRb(a0, w, static_cast<int32_t>(fw[0]));
            a1 = Q6_Vw_vrmpyacc_VwVubRb(a1, w, static_cast<int32_t>(fw[1]));
            a2 = Q6_Vw_vrmpyacc_VwVubRb(a2, w, static_cast<int32_t>(fw[2]));
            a3 = Q6_Vw_vrmpyacc_VwVubRb(a3, w, static_cast<int32_t>(fw[3]));
            a4 = Q6_Vw_vrmpyacc_VwVubRb(a4, w, static_cast<int32_t>(fw[4]));
            a5 = Q6_Vw_vrmpyacc_VwVubRb(a5, w, static_cast<int32_t>(fw[5]));
            a6 = Q6_Vw_vrmpyacc_VwVubRb(a6, w, static_cast<int32_t>(fw[6]));
            a7 = Q6_Vw_vrmpyacc_VwVubRb(a7, w, static_cast<int32_t>(fw[7]));
          }
        }
        const HVX_Vector r0 = requant(a0, lanes[0], o), r1 = requant(a1, lanes[1], o);
        const HVX_Vector r2 = requant(a2, lanes[2], o), r3 = requant(a3, lanes[3], o);
        const HVX_Vector r4 = requant(a4, lanes[4], o), r5 = requant(a5, lanes[5], o);
        const HVX_Vector r6 = requant(a6, lanes[6], o), r7 = requant(a7, lanes[7], o);
        // Pixel l's eight channel bytes at 8l: channels 0-3 and 4-7 as words, interleaved.
        const HVX_Vector w0 = Q6_Vb_vshuffe_VbVb(Q6_Vh_vshuffe_VhVh(r3, r1), Q6_Vh_vshuffe_VhVh(r2, r0));
        const HVX_Vector w1 = Q6_Vb_vshuffe_VbVb(Q6_Vh_vshuffe_VhVh(r7, r5), Q6_Vh_vshuffe_VhVh(r6, r4));
        const HVX_VectorPair px = Q6_W_vshuff_VVR(w1, w0, -4);
        int8_t* dst = dst_row + ox0 * kC;
        const uint32_t bytes = n * kC;
        if (bytes >= kVec) {
          *reinterpret_cast<HVX_UVector*>(dst) = Q6_V_lo_W(px);
          store_tail(dst + kVec, Q6_V_hi_W(px), dst + bytes);
        } else {
          store_tail(dst, Q6_V_lo_W(px), dst + bytes);
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
      if (dw_map_takes_flat(p)) {
        depthwise_map_s8(p, layout, in, temp, out);  // 3x3, stride 1 padding 1, or stride 2
      } else {
        flat_stride1(p, layout, in, out, temp);
      }
      return;
    case hvx_layout::DwPath::kPerPixel:
      per_pixel(p, layout, in, out);
      return;
    case hvx_layout::DwPath::kSingleRows:
      if (p.stride_w == 2) {
        if (hvx_layout::dw_single_rows_groups(p) == 2) {
          single_rows<2, 2>(p, layout, in, out);  // micro_speech: k_w 5-8
        } else {
          single_rows<2, 0>(p, layout, in, out);
        }
      } else {
        single_rows<1, 0>(p, layout, in, out);
      }
      return;
    case hvx_layout::DwPath::kNone:
      return;
  }
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX
