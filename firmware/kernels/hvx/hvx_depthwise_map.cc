// HVX DEPTHWISE_CONV_2D int8, whole-image form of the flat path. See hvx_depthwise_map.h.
#include "kernels/hvx/hvx_depthwise_map.h"

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include "kernels/hvx/hvx_common.h"

namespace lpai {
namespace kernels {
namespace hvx {
namespace {

// Bytes 0 .. 127.
alignas(128) constexpr uint8_t kIota[128] = {
    0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,  11,  12,  13,  14,  15,  16,  17,  18,  19,  20,  21,
    22,  23,  24,  25,  26,  27,  28,  29,  30,  31,  32,  33,  34,  35,  36,  37,  38,  39,  40,  41,  42,  43,
    44,  45,  46,  47,  48,  49,  50,  51,  52,  53,  54,  55,  56,  57,  58,  59,  60,  61,  62,  63,  64,  65,
    66,  67,  68,  69,  70,  71,  72,  73,  74,  75,  76,  77,  78,  79,  80,  81,  82,  83,  84,  85,  86,  87,
    88,  89,  90,  91,  92,  93,  94,  95,  96,  97,  98,  99,  100, 101, 102, 103, 104, 105, 106, 107, 108, 109,
    110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127};

// One image of the call: `img` its input (n bytes), rows of `row` bytes, pixels of `c` bytes
// (c = 2^c_log2), `w` pixels a row.
struct MapImage {
  const int8_t* img;
  int32_t n, row, c;
  uint32_t c_log2, w;
  int32_t zp_word;            // the input zero point in each byte
  const HVX_Vector* filters;  // 12 aligned filter vectors (three groups of four taps)
  const HVX_Vector* lanes;    // aligned requantisation blocks, six vectors each
  OutputVectors ov;
};

// Byte i: i / c, the pixel of a chunk holding byte i (the word shift moves bits of the next byte
// in above bit 7 - c_log2, the mask drops them).
__attribute__((always_inline)) inline HVX_Vector chunk_pixels(uint32_t c_log2) {
  const HVX_Vector iota = *reinterpret_cast<const HVX_Vector*>(kIota);
  return Q6_V_vand_VV(Q6_Vuw_vlsr_VuwR(iota, static_cast<int32_t>(c_log2)),
                      Q6_Vb_vsplat_R(static_cast<int32_t>(0xFFu >> c_log2)));
}

// Byte i: the column of the pixel holding byte i of a chunk whose first pixel is in column x
// (x < w; a chunk's 128 / c pixels wrap at most once, 128 / c <= w). pix: chunk_pixels; wv, w1:
// w and w - 1 in each byte.
__attribute__((always_inline)) inline HVX_Vector chunk_columns(HVX_Vector pix, uint32_t x, HVX_Vector wv, HVX_Vector w1) {
  const HVX_Vector col = Q6_Vb_vadd_VbVb(Q6_Vb_vsplat_R(static_cast<int32_t>(x)), pix);
  // col >= w (unsigned, col < 2w < 256): col - w.
  return Q6_Vb_condnac_QVbVb(Q6_Q_vcmp_gt_VubVub(col, w1), col, wv);
}

// Four accumulators of one chunk, word-dealt: lane l of accumulator s sums position 4l + s.
struct Acc {
  HVX_Vector a0, a1, a2, a3;
};

// Taps x0..x3 (a group of four) against the dealt filter vectors f[0..3] (word l of f[s]: the
// four taps' filter bytes at position 4l + s). Byte- then halfword-wise even/odd interleaves
// (ALU operations, no permutes) put the four taps' bytes of position 4l + s in word l of t_s.
__attribute__((always_inline)) inline void group4(Acc& a, HVX_Vector x0, HVX_Vector x1, HVX_Vector x2, HVX_Vector x3,
                                                  const HVX_Vector* f) {
  const HVX_Vector e01 = Q6_Vb_vshuffe_VbVb(x1, x0), o01 = Q6_Vb_vshuffo_VbVb(x1, x0);
  const HVX_Vector e23 = Q6_Vb_vshuffe_VbVb(x3, x2), o23 = Q6_Vb_vshuffo_VbVb(x3, x2);
  a.a0 = Q6_Vw_vrmpyacc_VwVbVb(a.a0, Q6_Vh_vshuffe_VhVh(e23, e01), f[0]);
  a.a1 = Q6_Vw_vrmpyacc_VwVbVb(a.a1, Q6_Vh_vshuffe_VhVh(o23, o01), f[1]);
  a.a2 = Q6_Vw_vrmpyacc_VwVbVb(a.a2, Q6_Vh_vshuffo_VhVh(e23, e01), f[2]);
  a.a3 = Q6_Vw_vrmpyacc_VwVbVb(a.a3, Q6_Vh_vshuffo_VhVh(o23, o01), f[3]);
}

// The last group, tap 8 alone: f[s] keeps the tap's filter at position 4l + s in byte s of word
// l (0 elsewhere), so the input vector itself is the operand.
__attribute__((always_inline)) inline void group1(Acc& a, HVX_Vector x, const HVX_Vector* f) {
  a.a0 = Q6_Vw_vrmpyacc_VwVbVb(a.a0, x, f[0]);
  a.a1 = Q6_Vw_vrmpyacc_VwVbVb(a.a1, x, f[1]);
  a.a2 = Q6_Vw_vrmpyacc_VwVbVb(a.a2, x, f[2]);
  a.a3 = Q6_Vw_vrmpyacc_VwVbVb(a.a3, x, f[3]);
}

// Dealt accumulators back in position order: a<r> lane l = position 32r + l (word shuffles
// undoing the deal).
__attribute__((always_inline)) inline void undeal(Acc& a) {
  const HVX_VectorPair p = Q6_W_vshuff_VVR(a.a2, a.a0, -4);  // positions 0, 2, 4, ...
  const HVX_VectorPair q = Q6_W_vshuff_VVR(a.a3, a.a1, -4);  // positions 1, 3, 5, ...
  const HVX_VectorPair lo = Q6_W_vshuff_VVR(Q6_V_lo_W(q), Q6_V_lo_W(p), -4);
  const HVX_VectorPair hi = Q6_W_vshuff_VVR(Q6_V_hi_W(q), Q6_V_hi_W(p), -4);
  a.a0 = Q6_V_lo_W(lo);
  a.a1 = Q6_V_hi_W(lo);
  a.a2 = Q6_V_lo_W(hi);
  a.a3 = Q6_V_hi_W(hi);
}

// Four position-ordered vectors (v<r> word l: position 32r + l) dealt: d[s] word l = position
// 4l + s.
__attribute__((always_inline)) inline void deal4(HVX_Vector v0, HVX_Vector v1, HVX_Vector v2, HVX_Vector v3,
                                                 HVX_Vector* d) {
  const HVX_VectorPair p = Q6_W_vdeal_VVR(v1, v0, -4);  // even positions of 0..63, odd ones
  const HVX_VectorPair q = Q6_W_vdeal_VVR(v3, v2, -4);  // the same of 64..127
  const HVX_VectorPair e = Q6_W_vdeal_VVR(Q6_V_lo_W(q), Q6_V_lo_W(p), -4);
  const HVX_VectorPair o = Q6_W_vdeal_VVR(Q6_V_hi_W(q), Q6_V_hi_W(p), -4);
  d[0] = Q6_V_lo_W(e);
  d[1] = Q6_V_lo_W(o);
  d[2] = Q6_V_hi_W(e);
  d[3] = Q6_V_hi_W(o);
}

// One requantisation block's lanes (hvx_layout::RequantLanes) in registers; `left` only when some
// channel shifts left (kLeft), `half` (= mask >> 1) computed rather than loaded.
struct MapLanes {
  HVX_Vector bias, left, mult, right, mask, half;
};

// Block r of kBlocks distinct ones (block r % kBlocks: the lanes repeat with period c).
template <uint32_t kBlocks, bool kLeft>
__attribute__((always_inline)) inline MapLanes block_lanes(const HVX_Vector* lanes, uint32_t r) {
  const HVX_Vector* l = lanes + 6 * (r % kBlocks);
  const HVX_Vector mask = l[4];
  return MapLanes{l[0], kLeft ? l[1] : Q6_V_vzero(), l[2], l[3], mask, Q6_Vw_vasr_VwR(mask, 1)};
}

// The requant() sequence of hvx_common.h (the same results), the left shift only when kLeft.
template <bool kLeft>
__attribute__((always_inline)) inline HVX_Vector map_requant(HVX_Vector acc, const MapLanes& r, HVX_Vector one,
                                                             HVX_Vector zp, HVX_Vector lo, HVX_Vector hi) {
  HVX_Vector x = Q6_Vw_vadd_VwVw(acc, r.bias);
  if (kLeft) x = Q6_Vw_vasl_VwVw(x, r.left);
  const HVX_Vector h = Q6_Vw_vmpyoacc_VwVwVh_s1_rnd_sat_shift(Q6_Vw_vmpye_VwVuh(x, r.mult), x, r.mult);
  const HVX_Vector rem = Q6_V_vand_VV(h, r.mask);
  const HVX_Vector thr = Q6_Vw_vsub_VwVw(r.half, Q6_Vw_vasr_VwR(h, 31));
  HVX_Vector v = Q6_Vw_vasr_VwVw(h, r.right);
  v = Q6_Vw_condacc_QVwVw(Q6_Q_vcmp_gt_VwVw(rem, thr), v, one);
  v = Q6_Vw_vadd_VwVw(v, zp);
  return Q6_Vw_vmin_VwVw(Q6_Vw_vmax_VwVw(v, lo), hi);
}

// The output's splatted constants.
struct MapOut {
  HVX_Vector one, zp, lo, hi;
};

// The 128 output bytes of two chunks' accumulators, requantised; each block's lanes are loaded
// once for both.
template <uint32_t kBlocks, bool kLeft>
__attribute__((always_inline)) inline HVX_VectorPair requant_pair(const HVX_Vector* lanes, const MapOut& o, Acc& a,
                                                                  Acc& b) {
  auto rq = [&](HVX_Vector& v, const MapLanes& l) __attribute__((always_inline)) {
    v = map_requant<kLeft>(v, l, o.one, o.zp, o.lo, o.hi);
  };
  undeal(a);
  undeal(b);
  const MapLanes l0 = block_lanes<kBlocks, kLeft>(lanes, 0);
  rq(a.a0, l0);
  rq(b.a0, l0);
  if (kBlocks == 1) {
    rq(a.a1, l0);
    rq(b.a1, l0);
    rq(a.a2, l0);
    rq(b.a2, l0);
    rq(a.a3, l0);
    rq(b.a3, l0);
  } else {
    if (kBlocks == 2) {
      rq(a.a2, l0);
      rq(b.a2, l0);
    }
    const MapLanes l1 = block_lanes<kBlocks, kLeft>(lanes, 1);
    rq(a.a1, l1);
    rq(b.a1, l1);
    if (kBlocks == 2) {
      rq(a.a3, l1);
      rq(b.a3, l1);
    } else {
      const MapLanes l2 = block_lanes<kBlocks, kLeft>(lanes, 2);
      rq(a.a2, l2);
      rq(b.a2, l2);
      const MapLanes l3 = block_lanes<kBlocks, kLeft>(lanes, 3);
      rq(a.a3, l3);
      rq(b.a3, l3);
    }
  }
  return Q6_W_vcombine_VV(pack_bytes(b.a0, b.a1, b.a2, b.a3), pack_bytes(a.a0, a.a1, a.a2, a.a3));
}

__attribute__((always_inline)) inline MapOut map_out(const OutputVectors& ov) {
  return MapOut{Q6_V_vsplat_R(1), Q6_V_vsplat_R(ov.zp), Q6_V_vsplat_R(ov.lo), Q6_V_vsplat_R(ov.hi)};
}

// `pairs` pairs of interior chunks from byte o of the image (every tap of every chunk inside
// the input: o >= row + c and o + 256 * pairs + row + c <= n), the first pixel of the first
// chunk in column x, stored at dst (full stores). The filter vectors and lanes are loaded once
// per pair (the empty asm keeps the compiler from hoisting them out of the loop, where they
// would spill).
template <uint32_t kBlocks, bool kLeft>
__attribute__((noinline)) void map_pairs(const MapImage& m, int32_t o, uint32_t x, uint32_t pairs, int8_t* dst) {
  const HVX_Vector zp = Q6_V_vsplat_R(m.zp_word);
  const int32_t row = m.row, c = m.c;
  const uint32_t w = m.w, ppc = kVec >> m.c_log2;
  const HVX_Vector* const f = m.filters;
  const HVX_Vector* const lanes = m.lanes;
  const MapOut out = map_out(m.ov);
  const HVX_Vector zero = Q6_V_vzero(), last = Q6_Vb_vsplat_R(static_cast<int32_t>(w - 1));
  const HVX_Vector wv = Q6_Vb_vsplat_R(static_cast<int32_t>(w)), pix = chunk_pixels(m.c_log2);
  const int8_t* pa = m.img + o;
  auto next = [w, ppc](uint32_t col) { return col + ppc >= w ? col + ppc - w : col + ppc; };
  auto ld = [](const int8_t* s) __attribute__((always_inline)) { return *reinterpret_cast<const HVX_UVector*>(s); };
  for (uint32_t i = 0; i < pairs; ++i, pa += 2 * kVec, dst += 2 * kVec) {
    const uint32_t xb = next(x);
    const HVX_Vector ca = chunk_columns(pix, x, wv, last), cb = chunk_columns(pix, xb, wv, last);
    x = next(xb);
    // Columns valid for dx = -1 (x >= 1) and dx = +1 (x < w - 1).
    const HVX_VectorPred la = Q6_Q_vcmp_gt_VubVub(ca, zero), ra = Q6_Q_vcmp_gt_VubVub(last, ca);
    const HVX_VectorPred lb = Q6_Q_vcmp_gt_VubVub(cb, zero), rb = Q6_Q_vcmp_gt_VubVub(last, cb);
    const int8_t* const pb = pa + kVec;
    Acc a{Q6_V_vzero(), Q6_V_vzero(), Q6_V_vzero(), Q6_V_vzero()};
    Acc b{Q6_V_vzero(), Q6_V_vzero(), Q6_V_vzero(), Q6_V_vzero()};
    // Taps in layout order (ky, kx): (0,0) (0,1) (0,2) (1,0) | (1,1) (1,2) (2,0) (2,1) | (2,2).
    group4(a, Q6_V_vmux_QVV(la, ld(pa - row - c), zp), ld(pa - row), Q6_V_vmux_QVV(ra, ld(pa - row + c), zp),
           Q6_V_vmux_QVV(la, ld(pa - c), zp), f);
    group4(b, Q6_V_vmux_QVV(lb, ld(pb - row - c), zp), ld(pb - row), Q6_V_vmux_QVV(rb, ld(pb - row + c), zp),
           Q6_V_vmux_QVV(lb, ld(pb - c), zp), f);
    group4(a, ld(pa), Q6_V_vmux_QVV(ra, ld(pa + c), zp), Q6_V_vmux_QVV(la, ld(pa + row - c), zp), ld(pa + row),
           f + 4);
    group4(b, ld(pb), Q6_V_vmux_QVV(rb, ld(pb + c), zp), Q6_V_vmux_QVV(lb, ld(pb + row - c), zp), ld(pb + row),
           f + 4);
    group1(a, Q6_V_vmux_QVV(ra, ld(pa + row + c), zp), f + 8);
    group1(b, Q6_V_vmux_QVV(rb, ld(pb + row + c), zp), f + 8);
    const HVX_VectorPair bytes = requant_pair<kBlocks, kLeft>(lanes, out, a, b);
    *reinterpret_cast<HVX_UVector*>(dst) = Q6_V_lo_W(bytes);
    *reinterpret_cast<HVX_UVector*>(dst + kVec) = Q6_V_hi_W(bytes);
    asm volatile("" ::: "memory");
  }
}

// The 128 input bytes at img + off (off may lie outside [0, n)): the aligned blocks that overlap
// the input are read, the others are zero (only bytes inside the input are used).
__attribute__((always_inline)) inline HVX_Vector bounded_load(const MapImage& m, int32_t off) {
  const uintptr_t begin = reinterpret_cast<uintptr_t>(m.img);
  const uintptr_t end = begin + static_cast<uint32_t>(m.n);
  const uintptr_t at = begin + static_cast<uintptr_t>(static_cast<intptr_t>(off));
  const uintptr_t lo = at & ~uintptr_t{kVec - 1}, hi = lo + kVec;
  const HVX_Vector vlo = lo < end && lo + kVec > begin ? *reinterpret_cast<const HVX_Vector*>(lo) : Q6_V_vzero();
  const HVX_Vector vhi = hi < end && hi + kVec > begin ? *reinterpret_cast<const HVX_Vector*>(hi) : Q6_V_vzero();
  return Q6_V_valign_VVR(vhi, vlo, static_cast<int32_t>(at & (kVec - 1)));
}

// Bytes i of the chunk at o with 0 <= o + i + dy * row < n (the tap's row inside the image).
__attribute__((always_inline)) inline HVX_VectorPred rows_inside(const MapImage& m, int32_t o, int32_t dy) {
  const int32_t rel = o + dy * m.row;
  const int32_t lo = rel >= 0 ? 0 : (-rel > 128 ? 128 : -rel);
  const int32_t left = m.n - rel;
  const int32_t hi = left <= 0 ? 0 : (left > 128 ? 128 : left);
  const HVX_Vector iota = *reinterpret_cast<const HVX_Vector*>(kIota);
  // lo <= i < hi (both in [0, 128], unsigned bytes).
  return Q6_Q_and_QQn(Q6_Q_vcmp_gt_VubVub(Q6_Vb_vsplat_R(hi), iota), Q6_Q_vcmp_gt_VubVub(Q6_Vb_vsplat_R(lo), iota));
}

// One chunk at byte o anywhere in the image (the first and last rows, the last partial chunk),
// its first pixel in column x: loads within the input, vertical and horizontal masks; stores
// only inside the image's output (dst_img, n bytes).
template <uint32_t kBlocks, bool kLeft>
__attribute__((noinline)) void map_edge(const MapImage& m, int32_t o, uint32_t x, int8_t* dst_img) {
  const HVX_Vector zp = Q6_V_vsplat_R(m.zp_word);
  const HVX_Vector last = Q6_Vb_vsplat_R(static_cast<int32_t>(m.w - 1));
  const HVX_Vector col = chunk_columns(chunk_pixels(m.c_log2), x, Q6_Vb_vsplat_R(static_cast<int32_t>(m.w)), last);
  const HVX_VectorPred left = Q6_Q_vcmp_gt_VubVub(col, Q6_V_vzero());
  const HVX_VectorPred right = Q6_Q_vcmp_gt_VubVub(last, col);
  auto tap = [&](int32_t dy, int32_t dx) __attribute__((always_inline)) {
    HVX_VectorPred q = rows_inside(m, o, dy);
    if (dx < 0) q = Q6_Q_and_QQ(q, left);
    if (dx > 0) q = Q6_Q_and_QQ(q, right);
    return Q6_V_vmux_QVV(q, bounded_load(m, o + dy * m.row + dx * m.c), zp);
  };
  Acc a{Q6_V_vzero(), Q6_V_vzero(), Q6_V_vzero(), Q6_V_vzero()};
  const HVX_Vector* f = m.filters;
  group4(a, tap(-1, -1), tap(-1, 0), tap(-1, 1), tap(0, -1), f);
  group4(a, tap(0, 0), tap(0, 1), tap(1, -1), tap(1, 0), f + 4);
  group1(a, tap(1, 1), f + 8);
  Acc unused = a;
  const HVX_VectorPair both = requant_pair<kBlocks, kLeft>(m.lanes, map_out(m.ov), a, unused);
  const HVX_Vector bytes = Q6_V_lo_W(both);
  int8_t* const dst = dst_img + o;
  if (o + static_cast<int32_t>(kVec) <= m.n) {
    *reinterpret_cast<HVX_UVector*>(dst) = bytes;
  } else {
    store_tail(dst, bytes, dst_img + m.n);
  }
}

// dst[0, len) = src[0, len): whole unaligned vectors, the tail within both ranges.
__attribute__((always_inline)) inline void copy_bytes(int8_t* dst, const int8_t* src, uint32_t len) {
  uint32_t i = 0;
  for (; i + kVec <= len; i += kVec) {
    *reinterpret_cast<HVX_UVector*>(dst + i) = *reinterpret_cast<const HVX_UVector*>(src + i);
  }
  if (i < len) store_tail(dst + i, load_tail(src + i, src + len), dst + len);
}

// Scratch bytes map_staged needs for chunks [j0, j1) of an image of n bytes with taps reaching
// `reach` bytes either way.
constexpr uint64_t staged_bytes(uint32_t j0, uint32_t j1, uint32_t n, uint32_t reach) {
  const uint64_t o0 = uint64_t{j0} * kVec, o1 = uint64_t{j1} * kVec;
  return hvx_layout::round_vec(o1 - o0 + 2 * uint64_t{reach}) + (o1 > n ? 2 * kVec : 0);
}

// Chunks [j0, j1) (an even count; the first pixel of chunk j0 in column x, of the last pair's
// first chunk in column x_last) through map_pairs over a staged copy of the input bytes they
// read, o0 - reach .. o1 + reach (o = 128 j), with the input zero point outside the image: the
// rows above the first and below the last. The last pair's output goes to the stage when it
// passes the image's end (o1 > n), and only the image's bytes are copied out. `stage`:
// staged_bytes(j0, j1, n, reach) bytes, 128-byte aligned.
template <uint32_t kBlocks, bool kLeft>
__attribute__((noinline)) void map_staged(const MapImage& m, uint32_t j0, uint32_t j1, uint32_t x, uint32_t x_last,
                                          int8_t* stage, int8_t* dst_img) {
  const int32_t reach = m.row + m.c;
  const int32_t o0 = static_cast<int32_t>(j0 * kVec), o1 = static_cast<int32_t>(j1 * kVec);
  const int32_t span = static_cast<int32_t>(hvx_layout::round_vec(static_cast<uint64_t>(o1 - o0 + 2 * reach)));
  const HVX_Vector zp = Q6_V_vsplat_R(m.zp_word);
  for (int32_t i = 0; i < span; i += static_cast<int32_t>(kVec)) *reinterpret_cast<HVX_Vector*>(stage + i) = zp;
  const int32_t lo = o0 - reach > 0 ? o0 - reach : 0;
  const int32_t hi = o1 + reach < m.n ? o1 + reach : m.n;
  copy_bytes(stage + (lo - (o0 - reach)), m.img + lo, static_cast<uint32_t>(hi - lo));
  MapImage staged = m;
  staged.img = stage + reach;
  const uint32_t pairs = (j1 - j0) / 2;
  const uint32_t direct = o1 <= m.n ? pairs : pairs - 1;  // pairs stored in place
  if (direct > 0) map_pairs<kBlocks, kLeft>(staged, 0, x, direct, dst_img + o0);
  if (direct < pairs) {
    const int32_t o = static_cast<int32_t>(2 * direct * kVec);
    map_pairs<kBlocks, kLeft>(staged, o, x_last, 1, stage + span);
    copy_bytes(dst_img + o0 + o, stage + span, static_cast<uint32_t>(m.n - (o0 + o)));
  }
}

// The kernel scratch's aligned copies (from temp's first 128-byte boundary): the 12 filter
// vectors dealt for group4 / group1 (after the layout's four lane blocks), then the first
// kBlocks lane blocks. Returns the copy; what follows it (copy + 12 + 6 kBlocks) is free.
template <uint32_t kBlocks>
HVX_Vector* copy_filters_and_lanes(const uint8_t* layout, uint8_t* temp) {
  HVX_Vector* const copy = reinterpret_cast<HVX_Vector*>((reinterpret_cast<uintptr_t>(temp) + kVec - 1) & ~uintptr_t{kVec - 1});
  auto fvec = [layout](uint32_t i) { return *reinterpret_cast<const HVX_UVector*>(layout + (4 * 6 + i) * kVec); };
  for (uint32_t g = 0; g < 3; ++g) deal4(fvec(4 * g), fvec(4 * g + 1), fvec(4 * g + 2), fvec(4 * g + 3), copy + 4 * g);
  for (uint32_t s = 1; s < 4; ++s) copy[8 + s] = Q6_Vw_vasl_VwR(copy[8 + s], static_cast<int32_t>(8 * s));
  for (uint32_t i = 0; i < 6 * kBlocks; ++i) copy[12 + i] = *reinterpret_cast<const HVX_UVector*>(layout + i * kVec);
  return copy;
}

template <uint32_t kBlocks, bool kLeft>
__attribute__((noinline)) void map_images(const DepthwiseConv2dParams& p, const uint8_t* layout, const int8_t* in,
                                          uint8_t* temp, int8_t* out) {
  const uint32_t c = p.out_c, w = p.in_w;
  const uint32_t n = p.in_h * w * c;
  HVX_Vector* const copy = copy_filters_and_lanes<kBlocks>(layout, temp);
  int8_t* const stage = reinterpret_cast<int8_t*>(copy + 12 + 6 * kBlocks);
  const uint64_t room = hvx_layout::dw_flat_temp_bytes(p) - dw_map_temp_bytes(p);
  MapImage m{in,
             static_cast<int32_t>(n),
             static_cast<int32_t>(w * c),
             static_cast<int32_t>(c),
             static_cast<uint32_t>(__builtin_ctz(c)),
             w,
             static_cast<int32_t>(static_cast<uint8_t>(p.input_zero_point) * 0x01010101u),
             copy,
             copy + 12,
             output_vectors(p.output_zero_point, p.act_min, p.act_max)};
  const uint32_t ppc = kVec / c;  // pixels per chunk, <= w
  const uint32_t chunks = (n + kVec - 1) / kVec;
  // Interior chunks j (every tap inside the input): 128 j >= reach and 128 (j + 1) + reach <= n.
  const uint32_t reach = w * c + c;
  const uint32_t first = (reach + kVec - 1) / kVec;
  const uint32_t stop = n >= reach + kVec ? (n - reach - kVec) / kVec + 1 : 0;  // interior j < stop
  // Top [0, top), interior pairs [top, bottom), bottom [bottom, end) (even counts, end may pass
  // the last chunk).
  auto even_up = [](uint32_t v) { return v + (v & 1u); };
  const uint32_t top = even_up(first) < chunks ? even_up(first) : even_up(chunks);
  const uint32_t bottom = stop > top ? top + (stop - top) / 2 * 2 : top;
  const uint32_t end = bottom < chunks ? bottom + even_up(chunks - bottom) : bottom;
  auto column = [&](uint32_t j) { return j * ppc % w; };
  // One staged range, or (no room) chunk by chunk with bounded loads.
  auto edges = [&](uint32_t j0, uint32_t j1, int8_t* dst) {
    if (j1 <= j0) return;
    if (staged_bytes(j0, j1, n, reach) <= room) {
      map_staged<kBlocks, kLeft>(m, j0, j1, column(j0), column(j1 - 2), stage, dst);
      return;
    }
    for (uint32_t j = j0; j < j1 && j < chunks; ++j) {
      map_edge<kBlocks, kLeft>(m, static_cast<int32_t>(j * kVec), column(j), dst);
    }
  };
  for (uint32_t b = 0; b < p.batches; ++b) {
    m.img = in + static_cast<size_t>(b) * n;
    int8_t* const dst = out + static_cast<size_t>(b) * n;
    edges(0, top, dst);
    if (bottom > top) {
      map_pairs<kBlocks, kLeft>(m, static_cast<int32_t>(top * kVec), column(top), (bottom - top) / 2,
                                dst + static_cast<size_t>(top) * kVec);
    }
    edges(bottom, end, dst);
  }
}

// ---- stride 2 (hvx_depthwise_map.h) ----

// One chunk's 128 requantised bytes (requant_pair's sequence for one chunk).
template <uint32_t kBlocks, bool kLeft>
__attribute__((always_inline)) inline HVX_Vector requant_one(const HVX_Vector* lanes, const MapOut& o, Acc& a) {
  undeal(a);
  HVX_Vector* const v[4] = {&a.a0, &a.a1, &a.a2, &a.a3};
#pragma clang loop unroll(full)
  for (uint32_t r = 0; r < 4; ++r) {
    const MapLanes l = block_lanes<kBlocks, kLeft>(lanes, r);
    *v[r] = map_requant<kLeft>(*v[r], l, o.one, o.zp, o.lo, o.hi);
  }
  return pack_bytes(a.a0, a.a1, a.a2, a.a3);
}

// Output row of `chunks` chunks from the three bordered rows r0..r2 (ky = 0, 1, 2; 128-byte
// aligned, each chunk's bytes at a multiple of 256), stored at dst; kC = c.
template <uint32_t kC, uint32_t kBlocks, bool kLeft>
__attribute__((noinline)) void map2_row(const MapImage& m, const int8_t* r0, const int8_t* r1, const int8_t* r2,
                                        uint32_t chunks, int8_t* dst) {
  const HVX_Vector* const f = m.filters;
  const MapOut out = map_out(m.ov);
  // Taps kx = 0, 1, 2 of one filter row for the chunk at r: aligned loads of bordered bytes
  // [0, 384), the even / odd c-byte groups of [0, 256) and the even ones of [2c, 2c + 256).
  auto row_taps = [](const int8_t* r, HVX_Vector* t) __attribute__((always_inline)) {
    const HVX_Vector* const v = reinterpret_cast<const HVX_Vector*>(r);
    if (kC == kVec) {
      t[0] = v[0];
      t[1] = v[1];
      t[2] = v[2];
    } else {
      const HVX_Vector v0 = v[0], v1 = v[1], v2 = v[2];
      constexpr int32_t kSize = -static_cast<int32_t>(kC);
      const HVX_VectorPair d0 = Q6_W_vdeal_VVR(v1, v0, kSize);
      const HVX_VectorPair d2 = Q6_W_vdeal_VVR(Q6_V_valign_VVR(v2, v1, 2 * kC), Q6_V_valign_VVR(v1, v0, 2 * kC), kSize);
      t[0] = Q6_V_lo_W(d0);
      t[1] = Q6_V_hi_W(d0);
      t[2] = Q6_V_lo_W(d2);
    }
  };
  for (uint32_t k = 0; k < chunks; ++k) {
    const size_t o = static_cast<size_t>(k) * 2 * kVec;
    HVX_Vector t0[3], t1[3], t2[3];
    row_taps(r0 + o, t0);
    row_taps(r1 + o, t1);
    row_taps(r2 + o, t2);
    Acc a{Q6_V_vzero(), Q6_V_vzero(), Q6_V_vzero(), Q6_V_vzero()};
    // Taps in layout order (ky, kx): (0,0) (0,1) (0,2) (1,0) | (1,1) (1,2) (2,0) (2,1) | (2,2).
    group4(a, t0[0], t0[1], t0[2], t1[0], f);
    group4(a, t1[1], t1[2], t2[0], t2[1], f + 4);
    group1(a, t2[2], f + 8);
    *reinterpret_cast<HVX_UVector*>(dst + static_cast<size_t>(k) * kVec) = requant_one<kBlocks, kLeft>(m.lanes, out, a);
    asm volatile("" ::: "memory");
  }
}

// Bordered row of input row iy (the zero point when iy is outside the image): row_bytes bytes
// at dst (128-byte aligned), input columns [0, in_w) at byte pad_w * c. The ring's rows are
// filled with the zero point once per image (map2_images), and copies only ever write the
// input's bytes, so an inside row needs only its copy.
__attribute__((always_inline)) inline void map2_border(const MapImage& m, int32_t iy, uint32_t in_h, uint32_t pad_w,
                                                       uint32_t row_bytes, int8_t* dst) {
  if (iy < 0 || iy >= static_cast<int32_t>(in_h)) {
    const HVX_Vector zp = Q6_V_vsplat_R(m.zp_word);
    HVX_Vector* v = reinterpret_cast<HVX_Vector*>(dst);
    for (uint32_t i = 0; i < row_bytes / kVec; ++i) v[i] = zp;
    return;
  }
  copy_bytes(dst + pad_w * static_cast<uint32_t>(m.c), m.img + static_cast<size_t>(iy) * static_cast<uint32_t>(m.row),
             static_cast<uint32_t>(m.row));
}

template <uint32_t kBlocks, bool kLeft>
__attribute__((noinline)) void map2_images(const DepthwiseConv2dParams& p, const uint8_t* layout, const int8_t* in,
                                           uint8_t* temp, int8_t* out) {
  const uint32_t c = p.out_c;
  HVX_Vector* const copy = copy_filters_and_lanes<kBlocks>(layout, temp);
  const uint32_t row_bytes = static_cast<uint32_t>(dw_map2_row_bytes(p));
  int8_t* const ring = reinterpret_cast<int8_t*>(copy + 12 + 6 * kBlocks);
  MapImage m{in,
             static_cast<int32_t>(p.in_h * p.in_w * c),
             static_cast<int32_t>(p.in_w * c),
             static_cast<int32_t>(c),
             static_cast<uint32_t>(__builtin_ctz(c)),
             p.in_w,
             static_cast<int32_t>(static_cast<uint8_t>(p.input_zero_point) * 0x01010101u),
             copy,
             copy + 12,
             output_vectors(p.output_zero_point, p.act_min, p.act_max)};
  const uint32_t chunks = p.out_w * c / kVec;
  const size_t out_row = static_cast<size_t>(p.out_w) * c;
  for (uint32_t b = 0; b < p.batches; ++b) {
    m.img = in + static_cast<size_t>(b) * p.in_h * p.in_w * c;
    int8_t* const dst = out + static_cast<size_t>(b) * p.out_h * out_row;
    // Slot s holds bordered row (input row + pad_h) = 2 oy + ky when it is s modulo 3.
    int32_t held[3] = {-1, -1, -1};
    const HVX_Vector zp = Q6_V_vsplat_R(m.zp_word);
    for (uint32_t i = 0; i < 3 * row_bytes / kVec; ++i) reinterpret_cast<HVX_Vector*>(ring)[i] = zp;
    uint32_t s0 = 0;  // (2 oy) % 3
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      int8_t* r[3];
      for (uint32_t ky = 0; ky < 3; ++ky) {
        const uint32_t s = s0 + ky >= 3 ? s0 + ky - 3 : s0 + ky;
        const int32_t br = static_cast<int32_t>(2 * oy + ky);
        r[ky] = ring + static_cast<size_t>(s) * row_bytes;
        if (held[s] != br) {
          map2_border(m, br - static_cast<int32_t>(p.pad_h), p.in_h, p.pad_w, row_bytes, r[ky]);
          held[s] = br;
        }
      }
      int8_t* const d = dst + oy * out_row;
      switch (c) {
        case 8:
          map2_row<8, kBlocks, kLeft>(m, r[0], r[1], r[2], chunks, d);
          break;
        case 16:
          map2_row<16, kBlocks, kLeft>(m, r[0], r[1], r[2], chunks, d);
          break;
        case 32:
          map2_row<32, kBlocks, kLeft>(m, r[0], r[1], r[2], chunks, d);
          break;
        case 64:
          map2_row<64, kBlocks, kLeft>(m, r[0], r[1], r[2], chunks, d);
          break;
        default:
          map2_row<128, kBlocks, kLeft>(m, r[0], r[1], r[2], chunks, d);
          break;
      }
      s0 = s0 + 2 >= 3 ? s0 + 2 - 3 : s0 + 2;
    }
  }
}

// Whether some lane of the first `blocks` requantisation blocks shifts left (left >= 0: the OR
// of the blocks' left lanes, folded to one word).
bool any_left_shift(const uint8_t* layout, uint32_t blocks) {
  HVX_Vector any = Q6_V_vzero();
  for (uint32_t b = 0; b < blocks; ++b) {
    any = Q6_V_vor_VV(any, *reinterpret_cast<const HVX_UVector*>(layout + (6 * b + 1) * kVec));
  }
  for (int32_t bytes = 64; bytes >= 4; bytes /= 2) any = Q6_V_vor_VV(any, Q6_V_vror_VR(any, bytes));
  return Q6_R_vextract_VR(any, 0) != 0;
}

}  // namespace

void depthwise_map_s8(const DepthwiseConv2dParams& p, const uint8_t* layout, const int8_t* in, uint8_t* temp,
                      int8_t* out) {
  const uint32_t blocks = p.out_c >= 128 ? 4 : p.out_c >= 64 ? 2 : 1;
  const bool left = any_left_shift(layout, blocks);
  if (dw_map_is_stride2(p)) {
    if (blocks == 4) {
      left ? map2_images<4, true>(p, layout, in, temp, out) : map2_images<4, false>(p, layout, in, temp, out);
    } else if (blocks == 2) {
      left ? map2_images<2, true>(p, layout, in, temp, out) : map2_images<2, false>(p, layout, in, temp, out);
    } else {
      left ? map2_images<1, true>(p, layout, in, temp, out) : map2_images<1, false>(p, layout, in, temp, out);
    }
    return;
  }
  if (blocks == 4) {
    left ? map_images<4, true>(p, layout, in, temp, out) : map_images<4, false>(p, layout, in, temp, out);
  } else if (blocks == 2) {
    left ? map_images<2, true>(p, layout, in, temp, out) : map_images<2, false>(p, layout, in, temp, out);
  } else {
    left ? map_images<1, true>(p, layout, in, temp, out) : map_images<1, false>(p, layout, in, temp, out);
  }
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX
