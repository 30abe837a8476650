// HVX int8 GEMM with fused requantisation. See hvx_gemm.h.
#include "kernels/hvx/hvx_gemm.h"

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include "kernels/dot_tail.h"
#include "kernels/hvx/hvx_common.h"
#include "kernels/hvx/hvx_im2col.h"

namespace lpai {
namespace kernels {
namespace hvx {
namespace {

// One block's requantisation vectors, loaded from the layout's lanes.

// The kernel scratch of the GEMM paths, carved from the caller's temp (hvx_layout.h order).
struct Scratch {
  int8_t* stage;       // stage_rows(n) rows of k_pad bytes
  HVX_Vector* second;  // ceil(blocks / 4) vectors
  uint8_t* rest;       // what follows (CONV_2D's im2col rows and bordered input)
};

// The first 128-byte boundary at or after p.
inline uint8_t* vec_align(uint8_t* p) {
  return reinterpret_cast<uint8_t*>((reinterpret_cast<uintptr_t>(p) + kVec - 1) & ~uintptr_t{kVec - 1});
}

inline Scratch carve(uint8_t* temp, uint32_t n, uint32_t k_len) {
  const hvx_layout::GemmShape s = hvx_layout::gemm_shape(n, k_len);
  uint8_t* p = vec_align(temp);
  Scratch c;
  c.stage = reinterpret_cast<int8_t*>(p);
  p += hvx_layout::round_vec(uint64_t{hvx_layout::stage_rows(n)} * hvx_layout::k_pad_of(k_len));
  c.second = reinterpret_cast<HVX_Vector*>(p);
  p += hvx_layout::round_vec(uint64_t{(s.blocks + 3) / 4} * kVec);
  c.rest = p;
  return c;
}

// Where the activation rows come from: a callback, or base + i * stride. `padded`: the bytes
// of a row up to the next multiple of 4 may be read (their weights are zero, so any value
// there contributes nothing).
struct RowSource {
  RowFn fn;
  const void* ctx;
  const int8_t* base;
  uint32_t stride;
  bool padded;
};

inline const int8_t* row_at(const RowSource& r, uint32_t i) {
  return r.fn != nullptr ? r.fn(r.ctx, i) : r.base + static_cast<size_t>(i) * r.stride;
}

// Whether every row is base + i * stride, word aligned and readable in whole words (k_len a
// multiple of 4, or the row padded): the GEMM reads the rows in place, nothing staged.
inline bool rows_in_place(const RowSource& r, uint32_t k_len) {
  return r.fn == nullptr && ((k_len & 3u) == 0 || r.padded) && (r.stride & 3u) == 0 &&
         (reinterpret_cast<uintptr_t>(r.base) & 3u) == 0;
}

// The problem: the layout's requantisation lanes and packed weights, and the scratch.
struct Plan {
  uint32_t n, k_len, groups, blocks;
  bool narrow;  // n = 8, 16 or 32: 32 / n pixels per accumulator vector, 4 vectors per step
  int32_t zp, lo, hi;
  const RequantLanes* lanes;  // [blocks]
  const uint8_t* weights;     // [blocks][groups] vectors (unaligned)
  Scratch scratch;
};

inline Plan plan_of(const GemmLayout& l, uint8_t* temp) {
  const hvx_layout::GemmShape s = hvx_layout::gemm_shape(l.n, l.k_len);
  const RequantLanes* lanes = reinterpret_cast<const RequantLanes*>(l.bytes);
  return Plan{l.n,  l.k_len, s.groups, s.blocks, s.period != 0, l.zp, l.lo, l.hi, lanes,
              l.bytes + s.blocks * sizeof(RequantLanes), carve(temp, l.n, l.k_len)};
}

// Packed weight vector i (unaligned in the blob).
inline HVX_Vector wvec(const uint8_t* w, size_t i) {
  return *reinterpret_cast<const HVX_UVector*>(w + i * kVec);
}



// Narrow mode (n = 8, 16, 32): lane l = pixel l / n, channel l % n; 4 vectors (4P pixels,
// 128 output bytes, contiguous in the output) per step. The row gathering and the products of
// a step are separate non-inlined functions, so each has only its own registers live (HVX
// registers are caller-saved: nothing vector-valued stays live across the calls).

// xw[u] = row i0 + u of the step (u < step), word aligned and readable in whole words: in
// place when it is, else staged (zero padded). Rows past `rows` repeat row i0.
__attribute__((noinline)) void narrow_rows(const Plan& pl, const RowSource& src, uint32_t rows,
                                           uint32_t i0, uint32_t step, const uint32_t** xw) {
  const uint32_t k_len = pl.k_len, stride = pl.groups * 4;  // bytes per staged row
  const bool in_place_ok = (k_len & 3u) == 0 || src.padded;
  // Rows at base + i * stride, all word aligned and readable in whole words: no staging.
  // Rows past `rows` repeat the step's first row (computed, never stored).
  if (rows_in_place(src, k_len)) {
    const int8_t* const x0 = src.base + static_cast<size_t>(i0) * src.stride;
    if (i0 + step <= rows) {
      const int8_t* x = x0;
      for (uint32_t u = 0; u < step; ++u, x += src.stride) xw[u] = reinterpret_cast<const uint32_t*>(x);
    } else {
      for (uint32_t u = 0; u < step; ++u) {
        xw[u] = reinterpret_cast<const uint32_t*>(i0 + u < rows ? x0 + static_cast<size_t>(u) * src.stride : x0);
      }
    }
    return;
  }
  for (uint32_t u = 0; u < step; ++u) {
    if (i0 + u >= rows) {
      xw[u] = xw[0];
      continue;
    }
    int8_t* staged = pl.scratch.stage + static_cast<size_t>(u) * stride;
    const int8_t* x = row_at(src, i0 + u);
    if ((reinterpret_cast<uintptr_t>(x) & 3u) == 0 && in_place_ok) {
      xw[u] = reinterpret_cast<const uint32_t*>(x);
    } else {
      uint32_t j = 0;
      for (; j < k_len; ++j) staged[j] = x[j];
      for (; j < stride; ++j) staged[j] = 0;
      xw[u] = reinterpret_cast<const uint32_t*>(staged);
    }
  }
}

// The step's 128 output bytes from its rows xw[0, 4 * kPix).
template <uint32_t kPix>
__attribute__((noinline)) HVX_Vector narrow_step(const Plan& pl, const uint32_t* const* xw) {
  const uint32_t groups = pl.groups;
  const uint8_t* wv = pl.weights;
  HVX_Vector acc0 = Q6_V_vzero(), acc1 = Q6_V_vzero(), acc2 = Q6_V_vzero(), acc3 = Q6_V_vzero();
  if (kPix == 1) {
    // One pixel per accumulator: groups outer, the four accumulators inner (each weight vector
    // loaded once per step).
    for (uint32_t g = 0; g < groups; ++g) {
      const HVX_Vector wg = wvec(wv, g);
      acc0 = Q6_Vw_vrmpyacc_VwVbVb(acc0, wg, Q6_V_vsplat_R(static_cast<int32_t>(xw[0][g])));
      acc1 = Q6_Vw_vrmpyacc_VwVbVb(acc1, wg, Q6_V_vsplat_R(static_cast<int32_t>(xw[1][g])));
      acc2 = Q6_Vw_vrmpyacc_VwVbVb(acc2, wg, Q6_V_vsplat_R(static_cast<int32_t>(xw[2][g])));
      acc3 = Q6_Vw_vrmpyacc_VwVbVb(acc3, wg, Q6_V_vsplat_R(static_cast<int32_t>(xw[3][g])));
    }
  } else if (kPix == 2) {
    // Two pixels per accumulator (one 64-byte half each): all four accumulators at once, so each
    // weight vector is loaded once per step (eight row pointers live).
    const HVX_VectorPred q64 = Q6_Q_vsetq_R(64);
    const uint32_t *x0 = xw[0], *x1 = xw[1], *x2 = xw[2], *x3 = xw[3];
    const uint32_t *x4 = xw[4], *x5 = xw[5], *x6 = xw[6], *x7 = xw[7];
    for (uint32_t g = 0; g < groups; ++g) {
      const HVX_Vector wg = wvec(wv, g);
      acc0 = Q6_Vw_vrmpyacc_VwVbVb(acc0, wg, Q6_V_vmux_QVV(q64, Q6_V_vsplat_R(static_cast<int32_t>(x0[g])),
                                                         Q6_V_vsplat_R(static_cast<int32_t>(x1[g]))));
      acc1 = Q6_Vw_vrmpyacc_VwVbVb(acc1, wg, Q6_V_vmux_QVV(q64, Q6_V_vsplat_R(static_cast<int32_t>(x2[g])),
                                                         Q6_V_vsplat_R(static_cast<int32_t>(x3[g]))));
      acc2 = Q6_Vw_vrmpyacc_VwVbVb(acc2, wg, Q6_V_vmux_QVV(q64, Q6_V_vsplat_R(static_cast<int32_t>(x4[g])),
                                                         Q6_V_vsplat_R(static_cast<int32_t>(x5[g]))));
      acc3 = Q6_Vw_vrmpyacc_VwVbVb(acc3, wg, Q6_V_vmux_QVV(q64, Q6_V_vsplat_R(static_cast<int32_t>(x6[g])),
                                                         Q6_V_vsplat_R(static_cast<int32_t>(x7[g]))));
    }
  } else {
    // 4 pixels per accumulator: two accumulators at a time, so only their 2 * kPix row
    // pointers are live in the loop (all 16 at once spill); each weight vector is loaded
    // twice per step.
    const HVX_VectorPred q64 = Q6_Q_vsetq_R(64);
    auto pixels = [&](const uint32_t* const* x, uint32_t g) __attribute__((always_inline)) {
      if (kPix == 2) {
        return Q6_V_vmux_QVV(q64, Q6_V_vsplat_R(static_cast<int32_t>(x[0][g])),
                             Q6_V_vsplat_R(static_cast<int32_t>(x[1][g])));
      }
      // Pixels 0 .. 3 of the accumulator, one 32-byte quarter each.
      const HVX_Vector hi2 = Q6_V_vmux_QVV(Q6_Q_vsetq_R(96), Q6_V_vsplat_R(static_cast<int32_t>(x[2][g])),
                                           Q6_V_vsplat_R(static_cast<int32_t>(x[3][g])));
      const HVX_Vector lo2 = Q6_V_vmux_QVV(Q6_Q_vsetq_R(32), Q6_V_vsplat_R(static_cast<int32_t>(x[0][g])),
                                           Q6_V_vsplat_R(static_cast<int32_t>(x[1][g])));
      return Q6_V_vmux_QVV(q64, lo2, hi2);
    };
    auto accumulate2 = [&](const uint32_t* const* x, HVX_Vector* a, HVX_Vector* b) __attribute__((always_inline)) {
      HVX_Vector va = Q6_V_vzero(), vb = Q6_V_vzero();
      for (uint32_t g = 0; g < groups; ++g) {
        const HVX_Vector wg = wvec(wv, g);
        va = Q6_Vw_vrmpyacc_VwVbVb(va, wg, pixels(x, g));
        vb = Q6_Vw_vrmpyacc_VwVbVb(vb, wg, pixels(x + kPix, g));
      }
      *a = va;
      *b = vb;
    };
    accumulate2(xw, &acc0, &acc1);
    accumulate2(xw + 2 * kPix, &acc2, &acc3);
  }
  const OutputVectors ov = output_vectors(pl.zp, pl.lo, pl.hi);
  const hvx_layout::RequantLanes& rq = pl.lanes[0];
  return pack_bytes(requant(acc0, rq, ov), requant(acc1, rq, ov), requant(acc2, rq, ov),
                    requant(acc3, rq, ov));
}

__attribute__((noinline)) void run_narrow(const Plan& pl, const RowSource& src, uint32_t rows, int8_t* out) {
  const uint32_t n = pl.n;
  const uint32_t pix = kLanes / n;  // pixels per vector: 1, 2 or 4
  const uint32_t step = 4 * pix;    // pixels per step
  int8_t* const out_end = out + static_cast<size_t>(rows) * n;
  const uint32_t* xw[16];
  for (uint32_t i0 = 0; i0 < rows; i0 += step) {
    narrow_rows(pl, src, rows, i0, step, xw);
    const HVX_Vector bytes = pix == 1 ? narrow_step<1>(pl, xw) : pix == 2 ? narrow_step<2>(pl, xw)
                                                                          : narrow_step<4>(pl, xw);
    int8_t* dst = out + static_cast<size_t>(i0) * n;
    if (dst + kVec <= out_end) {
      *reinterpret_cast<HVX_UVector*>(dst) = bytes;
    } else {
      store_tail(dst, bytes, out_end);
    }
  }
}

// Wide mode: lanes = 32 output channels of one pixel; four blocks per 128-byte store. Two
// pixels at a time share each weight vector load.
inline const uint32_t* word_row(const RowSource& src, uint32_t i, uint32_t k_len, int8_t* stage) {
  const int8_t* x = row_at(src, i);
  if ((reinterpret_cast<uintptr_t>(x) & 3u) != 0 || ((k_len & 3u) != 0 && !src.padded)) {
    // Word loads need 4-byte alignment (Hexagon has no unaligned scalar loads); the copy is
    // zero padded to whole words.
    const uint32_t padded = (k_len + 3u) & ~3u;
    uint32_t j = 0;
    for (; j < k_len; ++j) stage[j] = x[j];
    for (; j < padded; ++j) stage[j] = 0;
    x = stage;
  }
  return reinterpret_cast<const uint32_t*>(x);
}


inline void store_block(int8_t* dst, HVX_Vector bytes, int8_t* out_end) {
  if (dst + kVec <= out_end) {
    // Unaligned full store: bytes past this block group belong to later blocks or rows of
    // this call, which are written after this one.
    *reinterpret_cast<HVX_UVector*>(dst) = bytes;
  } else {
    store_tail(dst, bytes, out_end);
  }
}

// Blocks cb0 .. cb0 + 3 (zero past the last) of the pixel pair x0, x1: the first pixel's 128
// output bytes stored at o0 + cb0 * 32, the second's kept in `second` (stored once the first
// pixel is complete). Out of line: its eight result vectors are all the loop keeps live.
// The products are vrmpy(Vu.ub, Rt.b) over the weights biased to unsigned, `corr` the pixels'
// corrections (see two_blocks_step; wide_correction).
__attribute__((noinline)) void wide_blocks(const Plan& pl, const uint32_t* x0, const uint32_t* x1,
                                           uint32_t cb0, int8_t* o0, int8_t* out_end, HVX_Vector* second,
                                           const HVX_Vector* corr) {
  const uint32_t groups = pl.groups, blocks = pl.blocks;
  const OutputVectors ov = output_vectors(pl.zp, pl.lo, pl.hi);
  const HVX_Vector k80 = Q6_Vb_vsplat_R(0x80);
  // Block cb of both pixels, requantised.
  auto block = [&](uint32_t cb, HVX_Vector* ra, HVX_Vector* rb) __attribute__((always_inline)) {
    if (cb >= blocks) {
      *ra = Q6_V_vzero();
      *rb = Q6_V_vzero();
      return;
    }
    const uint8_t* wb = pl.weights + static_cast<size_t>(cb) * groups * kVec;
    HVX_Vector a0 = Q6_V_vzero(), a1 = Q6_V_vzero(), b0 = Q6_V_vzero(), b1 = Q6_V_vzero();
    uint32_t g = 0;
    for (; g + 4 <= groups; g += 4) {
      const HVX_Vector w0 = Q6_V_vxor_VV(wvec(wb, g), k80);
      const HVX_Vector w1 = Q6_V_vxor_VV(wvec(wb, g + 1), k80);
      const HVX_Vector w2 = Q6_V_vxor_VV(wvec(wb, g + 2), k80);
      const HVX_Vector w3 = Q6_V_vxor_VV(wvec(wb, g + 3), k80);
      a0 = Q6_Vw_vrmpyacc_VwVubRb(a0, w0, static_cast<int32_t>(x0[g]));
      b0 = Q6_Vw_vrmpyacc_VwVubRb(b0, w0, static_cast<int32_t>(x1[g]));
      a1 = Q6_Vw_vrmpyacc_VwVubRb(a1, w1, static_cast<int32_t>(x0[g + 1]));
      b1 = Q6_Vw_vrmpyacc_VwVubRb(b1, w1, static_cast<int32_t>(x1[g + 1]));
      a0 = Q6_Vw_vrmpyacc_VwVubRb(a0, w2, static_cast<int32_t>(x0[g + 2]));
      b0 = Q6_Vw_vrmpyacc_VwVubRb(b0, w2, static_cast<int32_t>(x1[g + 2]));
      a1 = Q6_Vw_vrmpyacc_VwVubRb(a1, w3, static_cast<int32_t>(x0[g + 3]));
      b1 = Q6_Vw_vrmpyacc_VwVubRb(b1, w3, static_cast<int32_t>(x1[g + 3]));
    }
    for (; g + 2 <= groups; g += 2) {
      const HVX_Vector w0 = Q6_V_vxor_VV(wvec(wb, g), k80);
      const HVX_Vector w1 = Q6_V_vxor_VV(wvec(wb, g + 1), k80);
      a0 = Q6_Vw_vrmpyacc_VwVubRb(a0, w0, static_cast<int32_t>(x0[g]));
      b0 = Q6_Vw_vrmpyacc_VwVubRb(b0, w0, static_cast<int32_t>(x1[g]));
      a1 = Q6_Vw_vrmpyacc_VwVubRb(a1, w1, static_cast<int32_t>(x0[g + 1]));
      b1 = Q6_Vw_vrmpyacc_VwVubRb(b1, w1, static_cast<int32_t>(x1[g + 1]));
    }
    if (g < groups) {
      const HVX_Vector w0 = Q6_V_vxor_VV(wvec(wb, g), k80);
      a0 = Q6_Vw_vrmpyacc_VwVubRb(a0, w0, static_cast<int32_t>(x0[g]));
      b0 = Q6_Vw_vrmpyacc_VwVubRb(b0, w0, static_cast<int32_t>(x1[g]));
    }
    *ra = requant(Q6_Vw_vsub_VwVw(Q6_Vw_vadd_VwVw(a0, a1), corr[0]), pl.lanes[cb], ov);
    *rb = requant(Q6_Vw_vsub_VwVw(Q6_Vw_vadd_VwVw(b0, b1), corr[1]), pl.lanes[cb], ov);
  };
  HVX_Vector a0, a1, a2, a3, b0, b1, b2, b3;
  block(cb0, &a0, &b0);
  block(cb0 + 1, &a1, &b1);
  block(cb0 + 2, &a2, &b2);
  block(cb0 + 3, &a3, &b3);
  store_block(o0 + cb0 * kLanes, pack_bytes(a0, a1, a2, a3), out_end);
  second[cb0 / 4] = pack_bytes(b0, b1, b2, b3);
}

// corr[0], corr[1]: 128 * (sum of the bytes of the words x0, x1 [0, groups)) in every lane,
// what reading the weights biased to unsigned adds to each product of the two pixels.
__attribute__((noinline)) void wide_correction(const uint32_t* x0, const uint32_t* x1, uint32_t groups,
                                               HVX_Vector* corr) {
  const HVX_Vector k80 = Q6_Vb_vsplat_R(0x80);
  HVX_Vector c0 = Q6_V_vzero(), c1 = Q6_V_vzero();
  for (uint32_t g = 0; g < groups; ++g) {
    c0 = Q6_Vw_vrmpyacc_VwVubRb(c0, k80, static_cast<int32_t>(x0[g]));
    c1 = Q6_Vw_vrmpyacc_VwVubRb(c1, k80, static_cast<int32_t>(x1[g]));
  }
  corr[0] = c0;
  corr[1] = c1;
}

// Each mode is its own non-inlined function: the stack of a call is that of its mode.
__attribute__((noinline)) void run_wide(const Plan& pl, const RowSource& src, uint32_t rows, int8_t* out) {
  const uint32_t n = pl.n, k_len = pl.k_len, blocks = pl.blocks;
  int8_t* const out_end = out + static_cast<size_t>(rows) * n;
  const uint32_t stage = (k_len + 3u) & ~3u;
  int8_t* const xrow = pl.scratch.stage;
  HVX_Vector* const second = pl.scratch.second;
  for (uint32_t i = 0; i < rows; i += 2) {
    const bool pair = i + 1 < rows;
    const uint32_t* x0 = word_row(src, i, k_len, xrow);
    const uint32_t* x1 = pair ? word_row(src, i + 1, k_len, xrow + stage) : x0;
    int8_t* o0 = out + static_cast<size_t>(i) * n;
    HVX_Vector corr[2];
    wide_correction(x0, x1, pl.groups, corr);
    for (uint32_t cb0 = 0; cb0 < blocks; cb0 += 4) wide_blocks(pl, x0, x1, cb0, o0, out_end, second, corr);
    // The second pixel after the first is complete: stores run front to back (see store_block).
    if (pair) {
      for (uint32_t cb0 = 0; cb0 < blocks; cb0 += 4) store_block(o0 + n + cb0 * kLanes, second[cb0 / 4], out_end);
    }
  }
}

// A block's requantisation lanes for a step; without any left shift in the layer (kLeft false)
// the `left` lanes are not loaded and `half` (= mask >> 1) is computed instead of loaded.
template <bool kLeft>
__attribute__((always_inline)) inline LaneVectors step_lanes(const RequantLanes& r) {
  if (kLeft) return lane_vectors(r);
  auto lane = [](const int32_t* row) { return *reinterpret_cast<const HVX_UVector*>(row); };
  const HVX_Vector mask = lane(r.mask);
  return LaneVectors{lane(r.bias), Q6_V_vzero(), lane(r.mult), lane(r.right), mask, Q6_Vw_vasr_VwR(mask, 1)};
}

// requant(acc, r, o), the left shift only when kLeft (r.left is 0 otherwise): the same results.
template <bool kLeft>
__attribute__((always_inline)) inline HVX_Vector step_requant(HVX_Vector acc, const LaneVectors& r,
                                                              const OutputVectors& o) {
  if (kLeft) return requant(acc, r, o);
  const HVX_Vector x = Q6_Vw_vadd_VwVw(acc, r.bias);
  const HVX_Vector h = Q6_Vw_vmpyoacc_VwVwVh_s1_rnd_sat_shift(Q6_Vw_vmpye_VwVuh(x, r.mult), x, r.mult);
  const HVX_Vector rem = Q6_V_vand_VV(h, r.mask);
  const HVX_Vector thr = Q6_Vw_vsub_VwVw(r.half, Q6_Vw_vasr_VwR(h, 31));
  HVX_Vector v = Q6_Vw_vasr_VwVw(h, r.right);
  v = Q6_Vw_condacc_QVwVw(Q6_Q_vcmp_gt_VwVw(rem, thr), v, Q6_V_vsplat_R(1));
  v = Q6_Vw_vadd_VwVw(v, Q6_V_vsplat_R(o.zp));
  return Q6_Vw_vmin_VwVw(Q6_Vw_vmax_VwVw(v, Q6_V_vsplat_R(o.lo)), Q6_V_vsplat_R(o.hi));
}

// Whether some lane of the layout's first `blocks` requantisation blocks shifts left (left >= 0:
// the OR of the left lanes, folded to one word).
inline bool any_left_shift(const RequantLanes* lanes, uint32_t blocks) {
  HVX_Vector any = Q6_V_vzero();
  for (uint32_t b = 0; b < blocks; ++b) any = Q6_V_vor_VV(any, *reinterpret_cast<const HVX_UVector*>(lanes[b].left));
  for (int32_t bytes = 64; bytes >= 4; bytes /= 2) any = Q6_V_vor_VV(any, Q6_V_vror_VR(any, bytes));
  return Q6_R_vextract_VR(any, 0) != 0;
}

// n = 64 or 128: a step is four pixels (n = 64) or two (n = 128), eight accumulators (pixel,
// block of 32 channels), 512 output bytes or 256: each weight vector loaded feeds 4 or 2 vrmpy,
// and each block's requantisation lanes are loaded once per step. Out of line, so only the
// step's registers are live (see narrow mode).
// The products are vrmpy(Vu.ub, Rt.b) with the activation word as the scalar (no splat; two
// issue per packet): the weights are read biased to unsigned (w ^ 0x80 = w + 128), and a
// correction accumulator per pixel, vrmpy(0x80 bytes, word), collects the 128 * (sum of the
// words' bytes) that the bias adds, subtracted before requantisation. The same words as the
// products (pad bytes included), so the difference is exactly sum(w * x), modulo 2^32 as before.
template <bool kLeft>
__attribute__((noinline)) void two_blocks_step(const Plan& pl, const uint32_t* const* x, int8_t* dst,
                                               int8_t* out_end) {
  const uint32_t groups = pl.groups;
  const uint8_t* const w0 = pl.weights;
  const uint8_t* const w1 = w0 + static_cast<size_t>(groups) * kVec;
  const OutputVectors ov = output_vectors(pl.zp, pl.lo, pl.hi);
  HVX_Vector r[8];
  if (pl.n == 64) {
    // a<u>: pixel u, channels 0..31; b<u>: pixel u, channels 32..63.
    HVX_Vector a0 = Q6_V_vzero(), a1 = Q6_V_vzero(), a2 = Q6_V_vzero(), a3 = Q6_V_vzero();
    HVX_Vector b0 = Q6_V_vzero(), b1 = Q6_V_vzero(), b2 = Q6_V_vzero(), b3 = Q6_V_vzero();
    HVX_Vector c0 = Q6_V_vzero(), c1 = Q6_V_vzero(), c2 = Q6_V_vzero(), c3 = Q6_V_vzero();
    const uint32_t *x0 = x[0], *x1 = x[1], *x2 = x[2], *x3 = x[3];
    const HVX_Vector k80 = Q6_Vb_vsplat_R(0x80);
    for (uint32_t g = 0; g < groups; ++g) {
      const HVX_Vector wa = Q6_V_vxor_VV(wvec(w0, g), k80), wb = Q6_V_vxor_VV(wvec(w1, g), k80);
      const int32_t s0 = static_cast<int32_t>(x0[g]), s1 = static_cast<int32_t>(x1[g]);
      const int32_t s2 = static_cast<int32_t>(x2[g]), s3 = static_cast<int32_t>(x3[g]);
      a0 = Q6_Vw_vrmpyacc_VwVubRb(a0, wa, s0);
      b0 = Q6_Vw_vrmpyacc_VwVubRb(b0, wb, s0);
      c0 = Q6_Vw_vrmpyacc_VwVubRb(c0, k80, s0);
      a1 = Q6_Vw_vrmpyacc_VwVubRb(a1, wa, s1);
      b1 = Q6_Vw_vrmpyacc_VwVubRb(b1, wb, s1);
      c1 = Q6_Vw_vrmpyacc_VwVubRb(c1, k80, s1);
      a2 = Q6_Vw_vrmpyacc_VwVubRb(a2, wa, s2);
      b2 = Q6_Vw_vrmpyacc_VwVubRb(b2, wb, s2);
      c2 = Q6_Vw_vrmpyacc_VwVubRb(c2, k80, s2);
      a3 = Q6_Vw_vrmpyacc_VwVubRb(a3, wa, s3);
      b3 = Q6_Vw_vrmpyacc_VwVubRb(b3, wb, s3);
      c3 = Q6_Vw_vrmpyacc_VwVubRb(c3, k80, s3);
    }
    a0 = Q6_Vw_vsub_VwVw(a0, c0), b0 = Q6_Vw_vsub_VwVw(b0, c0);
    a1 = Q6_Vw_vsub_VwVw(a1, c1), b1 = Q6_Vw_vsub_VwVw(b1, c1);
    a2 = Q6_Vw_vsub_VwVw(a2, c2), b2 = Q6_Vw_vsub_VwVw(b2, c2);
    a3 = Q6_Vw_vsub_VwVw(a3, c3), b3 = Q6_Vw_vsub_VwVw(b3, c3);
    const LaneVectors l0 = step_lanes<kLeft>(pl.lanes[0]);
    r[0] = step_requant<kLeft>(a0, l0, ov);
    r[2] = step_requant<kLeft>(a1, l0, ov);
    r[4] = step_requant<kLeft>(a2, l0, ov);
    r[6] = step_requant<kLeft>(a3, l0, ov);
    const LaneVectors l1 = step_lanes<kLeft>(pl.lanes[1]);
    r[1] = step_requant<kLeft>(b0, l1, ov);
    r[3] = step_requant<kLeft>(b1, l1, ov);
    r[5] = step_requant<kLeft>(b2, l1, ov);
    r[7] = step_requant<kLeft>(b3, l1, ov);
  } else {
    // Pixel 0 in a<blk>, pixel 1 in b<blk>.
    const uint8_t* const w2 = w1 + static_cast<size_t>(groups) * kVec;
    const uint8_t* const w3 = w2 + static_cast<size_t>(groups) * kVec;
    HVX_Vector a0 = Q6_V_vzero(), a1 = Q6_V_vzero(), a2 = Q6_V_vzero(), a3 = Q6_V_vzero();
    HVX_Vector b0 = Q6_V_vzero(), b1 = Q6_V_vzero(), b2 = Q6_V_vzero(), b3 = Q6_V_vzero();
    HVX_Vector ca = Q6_V_vzero(), cb = Q6_V_vzero();
    const uint32_t *x0 = x[0], *x1 = x[1];
    const HVX_Vector k80 = Q6_Vb_vsplat_R(0x80);
    for (uint32_t g = 0; g < groups; ++g) {
      const int32_t s0 = static_cast<int32_t>(x0[g]), s1 = static_cast<int32_t>(x1[g]);
      const HVX_Vector v0 = Q6_V_vxor_VV(wvec(w0, g), k80), v1 = Q6_V_vxor_VV(wvec(w1, g), k80);
      const HVX_Vector v2 = Q6_V_vxor_VV(wvec(w2, g), k80), v3 = Q6_V_vxor_VV(wvec(w3, g), k80);
      a0 = Q6_Vw_vrmpyacc_VwVubRb(a0, v0, s0);
      b0 = Q6_Vw_vrmpyacc_VwVubRb(b0, v0, s1);
      a1 = Q6_Vw_vrmpyacc_VwVubRb(a1, v1, s0);
      b1 = Q6_Vw_vrmpyacc_VwVubRb(b1, v1, s1);
      a2 = Q6_Vw_vrmpyacc_VwVubRb(a2, v2, s0);
      b2 = Q6_Vw_vrmpyacc_VwVubRb(b2, v2, s1);
      a3 = Q6_Vw_vrmpyacc_VwVubRb(a3, v3, s0);
      b3 = Q6_Vw_vrmpyacc_VwVubRb(b3, v3, s1);
      ca = Q6_Vw_vrmpyacc_VwVubRb(ca, k80, s0);
      cb = Q6_Vw_vrmpyacc_VwVubRb(cb, k80, s1);
    }
    a0 = Q6_Vw_vsub_VwVw(a0, ca), a1 = Q6_Vw_vsub_VwVw(a1, ca), a2 = Q6_Vw_vsub_VwVw(a2, ca), a3 = Q6_Vw_vsub_VwVw(a3, ca);
    b0 = Q6_Vw_vsub_VwVw(b0, cb), b1 = Q6_Vw_vsub_VwVw(b1, cb), b2 = Q6_Vw_vsub_VwVw(b2, cb), b3 = Q6_Vw_vsub_VwVw(b3, cb);
    const LaneVectors l0 = step_lanes<kLeft>(pl.lanes[0]);
    r[0] = step_requant<kLeft>(a0, l0, ov);
    r[4] = step_requant<kLeft>(b0, l0, ov);
    const LaneVectors l1 = step_lanes<kLeft>(pl.lanes[1]);
    r[1] = step_requant<kLeft>(a1, l1, ov);
    r[5] = step_requant<kLeft>(b1, l1, ov);
    const LaneVectors l2 = step_lanes<kLeft>(pl.lanes[2]);
    r[2] = step_requant<kLeft>(a2, l2, ov);
    r[6] = step_requant<kLeft>(b2, l2, ov);
    const LaneVectors l3 = step_lanes<kLeft>(pl.lanes[3]);
    r[3] = step_requant<kLeft>(a3, l3, ov);
    r[7] = step_requant<kLeft>(b3, l3, ov);
  }
  // r[0..3] are the step's first 128 output bytes, r[4..7] the next (output order).
  store_block(dst, pack_bytes(r[0], r[1], r[2], r[3]), out_end);
  if (dst + kVec < out_end) store_block(dst + kVec, pack_bytes(r[4], r[5], r[6], r[7]), out_end);
}

// n = 128 with four pixels a step (rows read in place, so no staging beyond stage_rows(128)):
// sixteen accumulators (pixel, block) and four corrections; each weight vector loaded feeds
// four vrmpy. Products and corrections as in two_blocks_step.
template <bool kLeft>
__attribute__((noinline)) void quad_128_step(const Plan& pl, const uint32_t* const* x, int8_t* dst,
                                             int8_t* out_end) {
  const uint32_t groups = pl.groups;
  const uint8_t* const w0 = pl.weights;
  const size_t wstep = static_cast<size_t>(groups) * kVec;
  const OutputVectors ov = output_vectors(pl.zp, pl.lo, pl.hi);
  HVX_Vector a[4][4], c[4];
#pragma clang loop unroll(full)
  for (uint32_t u = 0; u < 4; ++u) {
    c[u] = Q6_V_vzero();
#pragma clang loop unroll(full)
    for (uint32_t b = 0; b < 4; ++b) a[u][b] = Q6_V_vzero();
  }
  const uint32_t *x0 = x[0], *x1 = x[1], *x2 = x[2], *x3 = x[3];
  const HVX_Vector k80 = Q6_Vb_vsplat_R(0x80);
  for (uint32_t g = 0; g < groups; ++g) {
    const int32_t s[4] = {static_cast<int32_t>(x0[g]), static_cast<int32_t>(x1[g]), static_cast<int32_t>(x2[g]),
                          static_cast<int32_t>(x3[g])};
#pragma clang loop unroll(full)
    for (uint32_t b = 0; b < 4; ++b) {
      const HVX_Vector w = Q6_V_vxor_VV(wvec(w0 + b * wstep, g), k80);
#pragma clang loop unroll(full)
      for (uint32_t u = 0; u < 4; ++u) a[u][b] = Q6_Vw_vrmpyacc_VwVubRb(a[u][b], w, s[u]);
    }
#pragma clang loop unroll(full)
    for (uint32_t u = 0; u < 4; ++u) c[u] = Q6_Vw_vrmpyacc_VwVubRb(c[u], k80, s[u]);
  }
  // Block b of the four pixels requantised and packed at once (pk[b]: 32 bytes per pixel, pixel
  // order), so only four byte vectors stay live; then 32- and 64-byte shuffles transpose them
  // into each pixel's 128 bytes (blocks in order).
  HVX_Vector pk[4];
#pragma clang loop unroll(full)
  for (uint32_t b = 0; b < 4; ++b) {
    const LaneVectors l = step_lanes<kLeft>(pl.lanes[b]);
    HVX_Vector r[4];
#pragma clang loop unroll(full)
    for (uint32_t u = 0; u < 4; ++u) r[u] = step_requant<kLeft>(Q6_Vw_vsub_VwVw(a[u][b], c[u]), l, ov);
    pk[b] = pack_bytes(r[0], r[1], r[2], r[3]);
  }
  const HVX_VectorPair p01 = Q6_W_vshuff_VVR(pk[1], pk[0], -32);  // pixels 0, 1 | 2, 3 of blocks 0, 1
  const HVX_VectorPair p23 = Q6_W_vshuff_VVR(pk[3], pk[2], -32);
  const HVX_VectorPair lo = Q6_W_vshuff_VVR(Q6_V_lo_W(p23), Q6_V_lo_W(p01), -64);  // pixels 0, 1
  const HVX_VectorPair hi = Q6_W_vshuff_VVR(Q6_V_hi_W(p23), Q6_V_hi_W(p01), -64);  // pixels 2, 3
  const HVX_Vector px[4] = {Q6_V_lo_W(lo), Q6_V_hi_W(lo), Q6_V_lo_W(hi), Q6_V_hi_W(hi)};
  // Pixel u's 128 output bytes at dst + 128 u.
#pragma clang loop unroll(full)
  for (uint32_t u = 0; u < 4; ++u) {
    int8_t* const d = dst + u * kVec;
    if (d < out_end) store_block(d, px[u], out_end);
  }
}

__attribute__((noinline)) void run_two_blocks(const Plan& pl, const RowSource& src, uint32_t rows, int8_t* out) {
  const uint32_t n = pl.n, k_len = pl.k_len;
  int8_t* const out_end = out + static_cast<size_t>(rows) * n;
  const uint32_t stage = (k_len + 3u) & ~3u;
  int8_t* const xrow = pl.scratch.stage;
  const uint32_t* x[4];
  const bool left = any_left_shift(pl.lanes, pl.blocks);
  // n = 128 over rows readable in place in whole words: four pixels a step, nothing staged.
  if (n == 128 && rows_in_place(src, k_len)) {
    for (uint32_t i = 0; i < rows; i += 4) {
      for (uint32_t u = 0; u < 4; ++u) {  // rows past the end repeat the first (computed, never stored)
        x[u] = reinterpret_cast<const uint32_t*>(row_at(src, i + u < rows ? i + u : i));
      }
      if (left) {
        quad_128_step<true>(pl, x, out + static_cast<size_t>(i) * n, out_end);
      } else {
        quad_128_step<false>(pl, x, out + static_cast<size_t>(i) * n, out_end);
      }
    }
    return;
  }
  const uint32_t step = n == 64 ? 4 : 2;  // pixels per step (hvx_layout::stage_rows)
  for (uint32_t i = 0; i < rows; i += step) {
    // Rows past the end repeat the first (computed, never stored).
    for (uint32_t u = 0; u < step; ++u) {
      x[u] = i + u < rows ? word_row(src, i + u, k_len, xrow + static_cast<size_t>(u) * stage) : x[0];
    }
    if (left) {
      two_blocks_step<true>(pl, x, out + static_cast<size_t>(i) * n, out_end);
    } else {
      two_blocks_step<false>(pl, x, out + static_cast<size_t>(i) * n, out_end);
    }
  }
}

void run(const Plan& pl, const RowSource& src, uint32_t rows, int8_t* out) {
  if (pl.n == 64 || pl.n == 128) {
    run_two_blocks(pl, src, rows, out);
  } else if (pl.narrow) {
    run_narrow(pl, src, rows, out);
  } else {
    run_wide(pl, src, rows, out);
  }
}

}  // namespace

void gemm_s8(RowFn row, const void* ctx, uint32_t rows, const GemmLayout& l, uint8_t* temp,
             int8_t* out) {
  if (rows == 0) return;
  run(plan_of(l, temp), RowSource{row, ctx, nullptr, 0, false}, rows, out);
}

void gemm_s8_strided(const int8_t* x, uint32_t stride, uint32_t rows, const GemmLayout& l,
                     uint8_t* temp, int8_t* out) {
  if (rows == 0) return;
  run(plan_of(l, temp), RowSource{nullptr, nullptr, x, stride, false}, rows, out);
}

void gemv_s8(const int8_t* x, uint32_t rows, const int8_t* w, const GemmLayout& l, uint8_t* temp,
             int8_t* out) {
  const uint32_t n = l.n, k_len = l.k_len;
  const uint32_t blocks = (n + kLanes - 1) / kLanes;
  const RequantLanes* lanes = reinterpret_cast<const RequantLanes*>(l.bytes);
  const OutputVectors ov = output_vectors(l.zp, l.lo, l.hi);
  const uint32_t full = k_len / kVec;
  const uint32_t rem = k_len % kVec;
  const HVX_VectorPred keep = Q6_Q_vsetq_R(static_cast<int32_t>(rem));  // bytes [0, rem)
  const int8_t* const w_end = w + static_cast<size_t>(n) * k_len;
  const int8_t* const x_end = x + static_cast<size_t>(rows) * k_len;
  int32_t* const sums = reinterpret_cast<int32_t*>(vec_align(temp));
  for (uint32_t i = 0; i < rows; ++i) {
    const int8_t* xr = x + static_cast<size_t>(i) * k_len;
    HVX_Vector x_tail = Q6_V_vzero();
    if (rem != 0) {
      const int8_t* src = xr + static_cast<size_t>(full) * kVec;
      x_tail = src + kVec <= x_end ? *reinterpret_cast<const HVX_UVector*>(src) : load_tail(src, src + rem);
      x_tail = Q6_V_vmux_QVV(keep, x_tail, Q6_V_vzero());
    }
    // One output at a time: 128 depth bytes per vrmpy, then the 32 lanes summed.
    for (uint32_t o = 0; o < n; ++o) {
      const int8_t* wr = w + static_cast<size_t>(o) * k_len;
      HVX_Vector acc0 = Q6_V_vzero(), acc1 = Q6_V_vzero();
      uint32_t c = 0;
      for (; c + 2 <= full; c += 2) {
        acc0 = Q6_Vw_vrmpyacc_VwVbVb(acc0, *reinterpret_cast<const HVX_UVector*>(wr + c * kVec),
                                     *reinterpret_cast<const HVX_UVector*>(xr + c * kVec));
        acc1 = Q6_Vw_vrmpyacc_VwVbVb(acc1, *reinterpret_cast<const HVX_UVector*>(wr + (c + 1) * kVec),
                                     *reinterpret_cast<const HVX_UVector*>(xr + (c + 1) * kVec));
      }
      if (c < full) {
        acc0 = Q6_Vw_vrmpyacc_VwVbVb(acc0, *reinterpret_cast<const HVX_UVector*>(wr + c * kVec),
                                     *reinterpret_cast<const HVX_UVector*>(xr + c * kVec));
      }
      if (rem != 0) {
        // The tail: x is zero past k_len, so whatever w holds there adds nothing.
        const int8_t* src = wr + static_cast<size_t>(full) * kVec;
        const HVX_Vector wt =
            src + kVec <= w_end ? *reinterpret_cast<const HVX_UVector*>(src) : load_tail(src, src + rem);
        acc1 = Q6_Vw_vrmpyacc_VwVbVb(acc1, wt, x_tail);
      }
      HVX_Vector v = Q6_Vw_vadd_VwVw(acc0, acc1);
      for (uint32_t shift = 64; shift >= 4; shift >>= 1) v = Q6_Vw_vadd_VwVw(v, Q6_V_vror_VR(v, static_cast<int32_t>(shift)));
      sums[o] = Q6_R_vextract_VR(v, 0);
    }
    int8_t* o = out + static_cast<size_t>(i) * n;
    for (uint32_t cb = 0; cb < blocks; ++cb) {
      const HVX_Vector acc = *reinterpret_cast<const HVX_Vector*>(sums + cb * kLanes);
      const HVX_Vector r = requant(acc, lanes[cb], ov);
      const HVX_Vector z = Q6_V_vzero();
      const uint32_t count = n - cb * kLanes < kLanes ? n - cb * kLanes : kLanes;
      store_tail(o + cb * kLanes, pack_bytes(r, z, z, z), o + cb * kLanes + count);
    }
  }
}

void dot_1x4(const int8_t* x, const int8_t* w0, const int8_t* w1, const int8_t* w2,
             const int8_t* w3, uint32_t k_len, int32_t out[4]) {
  HVX_Vector a0 = Q6_V_vzero(), a1 = Q6_V_vzero(), a2 = Q6_V_vzero(), a3 = Q6_V_vzero();
  uint32_t k = 0;
  for (; k + kVec <= k_len; k += kVec) {
    const HVX_Vector xv = *reinterpret_cast<const HVX_UVector*>(x + k);
    a0 = Q6_Vw_vrmpyacc_VwVbVb(a0, xv, *reinterpret_cast<const HVX_UVector*>(w0 + k));
    a1 = Q6_Vw_vrmpyacc_VwVbVb(a1, xv, *reinterpret_cast<const HVX_UVector*>(w1 + k));
    a2 = Q6_Vw_vrmpyacc_VwVbVb(a2, xv, *reinterpret_cast<const HVX_UVector*>(w2 + k));
    a3 = Q6_Vw_vrmpyacc_VwVbVb(a3, xv, *reinterpret_cast<const HVX_UVector*>(w3 + k));
  }
  int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  if (k != 0) {
    for (uint32_t shift = 64; shift >= 4; shift >>= 1) {
      a0 = Q6_Vw_vadd_VwVw(a0, Q6_V_vror_VR(a0, static_cast<int32_t>(shift)));
      a1 = Q6_Vw_vadd_VwVw(a1, Q6_V_vror_VR(a1, static_cast<int32_t>(shift)));
      a2 = Q6_Vw_vadd_VwVw(a2, Q6_V_vror_VR(a2, static_cast<int32_t>(shift)));
      a3 = Q6_Vw_vadd_VwVw(a3, Q6_V_vror_VR(a3, static_cast<int32_t>(shift)));
    }
    s0 = Q6_R_vextract_VR(a0, 0);
    s1 = Q6_R_vextract_VR(a1, 0);
    s2 = Q6_R_vextract_VR(a2, 0);
    s3 = Q6_R_vextract_VR(a3, 0);
  }
  finish_dot_1x4(x, w0, w1, w2, w3, k, k_len, s0, s1, s2, s3, out);
}

namespace {

struct ConvRows {
  const Conv2dParams* p;
  const int8_t* in;
  uint32_t plane;
  uint32_t k_len;
  // Pointwise: the next row expected and its pixel (rows are asked for in order; Hexagon has
  // no divide instruction, so the pixel is stepped instead of divided out).
  uint32_t next, b, oy, ox;
};

// Output pixel i -> (b, oy, ox): stepped from the previous one when i follows it.
void locate(ConvRows& c, uint32_t i) {
  const Conv2dParams& p = *c.p;
  if (i == c.next && i != 0) {
    if (++c.ox == p.out_w) {
      c.ox = 0;
      if (++c.oy == p.out_h) {
        c.oy = 0;
        ++c.b;
      }
    }
  } else {
    c.b = i / c.plane;
    const uint32_t r = i % c.plane;
    c.oy = r / p.out_w;
    c.ox = r % p.out_w;
  }
  c.next = i + 1;
}

const int8_t* pointwise_row(const void* ctx, uint32_t i) {
  ConvRows& c = *const_cast<ConvRows*>(static_cast<const ConvRows*>(ctx));
  const Conv2dParams& p = *c.p;
  locate(c, i);
  return c.in + ((static_cast<size_t>(c.b) * p.in_h + c.oy * p.stride_h) * p.in_w + c.ox * p.stride_w) * p.in_c;
}

}  // namespace

void conv_2d_s8(const Conv2dParams& p, const uint8_t* layout, const int8_t* in, uint8_t* temp,
                int8_t* out) {
  const uint32_t k_len = p.k_h * p.k_w * p.in_c;
  const uint32_t plane = p.out_h * p.out_w;
  const uint32_t total = p.batches * plane;
  const Plan pl = plan_of(GemmLayout{layout, p.out_c, k_len, p.output_zero_point, p.act_min, p.act_max}, temp);
  if (hvx_layout::conv_is_pointwise(p)) {
    if (p.stride_h == 1 && p.stride_w == 1) {
      run(pl, RowSource{nullptr, nullptr, in, p.in_c, false}, total, out);  // rows are contiguous
    } else {
      ConvRows c{&p, in, plane, k_len, 0, 0, 0, 0};
      run(pl, RowSource{pointwise_row, &c, nullptr, 0, false}, total, out);
    }
    return;
  }
  // im2col rows at a 4-byte stride (whole-word reads; the pad bytes meet zero weights), unrolled
  // block by block from the ring of bordered input rows (hvx_layout.h); the GEMM reads them in
  // place (no staged rows).
  Plan gp = pl;
  uint8_t* at = reinterpret_cast<uint8_t*>((reinterpret_cast<uintptr_t>(temp) + 3u) & ~uintptr_t{3});
  if (hvx_layout::gemm_is_wide(p.out_c)) {
    at = vec_align(temp);
    gp.scratch.second = reinterpret_cast<HVX_Vector*>(at);
    at += hvx_layout::gemm_second_bytes(p.out_c, k_len);
  }
  gp.scratch.stage = nullptr;
  const uint32_t k_pad = hvx_layout::k_pad_of(k_len);
  const uint32_t per_block = hvx_layout::conv_block_rows(p);
  const uint32_t seg = p.k_w * p.in_c;
  const bool vector_rows = p.dilation_w == 1 && p.k_h <= im2col::kUnrollMaxRows;
  const bool whole = hvx_layout::conv_ring_is_whole(p);
  im2col::Ring ring{&p, in, in, reinterpret_cast<int8_t*>(at), hvx_layout::conv_ring_rows(p),
            static_cast<uint32_t>(hvx_layout::conv_ring_pitch(p)),
            static_cast<uint32_t>(hvx_layout::conv_bordered_rows(p)), 0, 0, 0, 0, 0,
            static_cast<int32_t>(static_cast<uint8_t>(p.input_zero_point) * 0x01010101u)};
  int8_t* const rows = reinterpret_cast<int8_t*>(at + hvx_layout::conv_ring_bytes(p));
  const int8_t* const rows_end = rows + static_cast<size_t>(per_block) * k_pad + kVec;
  const uint32_t in_row = p.in_w * p.in_c;
  for (uint32_t b = 0; b < p.batches; ++b) {
    ring.in = in + static_cast<size_t>(b) * p.in_h * in_row;
    ring.in_end = ring.in + static_cast<size_t>(p.in_h) * in_row;
    ring.oy = ring.top = ring.top_slot = ring.built = ring.built_slot = 0;
    if (whole) {  // every bordered row at once; slot = bordered row
      im2col::bordered_copy(p, ring.in, ring.base, ring.limit * ring.pitch, ring.pitch, ring.zp_word);
      ring.built = ring.limit;
    }
    int8_t* out_b = out + static_cast<size_t>(b) * plane * p.out_c;
    uint32_t oy = 0, ox = 0;
    for (uint32_t first = 0; first < plane; first += per_block) {
      const uint32_t count = plane - first < per_block ? plane - first : per_block;
      if (whole && vector_rows && seg <= kVec) {  // one pass over the block, across output rows
        im2col::im2col_rows(rows, ring.base, p.stride_w * p.in_c, static_cast<size_t>(p.stride_h) * ring.pitch,
                    static_cast<size_t>(p.dilation_h) * ring.pitch, p.k_h, seg, k_pad, p.out_w, oy, ox, count);
        ox += count;
        while (ox >= p.out_w) {
          ox -= p.out_w;
          ++oy;
        }
        run(gp, RowSource{nullptr, nullptr, rows, k_pad, true}, count, out_b + static_cast<size_t>(first) * p.out_c);
        continue;
      }
      int8_t* row = rows;
      for (uint32_t left = count; left != 0;) {  // runs of pixels within one output row
        const uint32_t here = p.out_w - ox < left ? p.out_w - ox : left;
        im2col::ring_to(ring, oy);
        if (vector_rows) {
          im2col::unroll_rows(ring, row, ox, here, seg, k_pad);
        } else {
          im2col::unroll_rows_any(ring, row, ox, here, seg, k_pad, rows_end);
        }
        row += static_cast<size_t>(here) * k_pad;
        left -= here;
        ox += here;
        if (ox == p.out_w) {
          ox = 0;
          ++oy;
        }
      }
      run(gp, RowSource{nullptr, nullptr, rows, k_pad, true}, count, out_b + static_cast<size_t>(first) * p.out_c);
    }
  }
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX
