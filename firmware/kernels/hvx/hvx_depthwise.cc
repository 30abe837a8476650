// HVX DEPTHWISE_CONV_2D int8 (depth multiplier 1). See hvx_depthwise.h.
#include "kernels/hvx/hvx_depthwise.h"

#include "kernels/hvx/hvx_gemm.h"

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include <hexagon_protos.h>
#include <hexagon_types.h>

namespace lpai {
namespace kernels {
namespace hvx {
namespace {

constexpr uint32_t kVec = 128;
constexpr uint32_t kLanes = 32;
constexpr uint32_t kMaxDwChannels = 1024;
constexpr uint32_t kMaxBlocks = kMaxDwChannels / kVec;
constexpr uint32_t kFilterBytes = 128u * 1024u;

// Masked filter vectors: [block][tap][s], 128 bytes each.
alignas(128) int8_t g_filter[kFilterBytes];

struct RequantVectors {
  HVX_Vector bias, left, mult, right, mask, half;
};
RequantVectors g_rq[kMaxBlocks][4];  // [block][s]: lane l = channel block * 128 + 4l + s

// Staging of the requantisation vectors (bias, left, mult, right, mask, half; lane l) and of
// the filter tap sums (per vector s, lane l) while prepare and flat_stride1 build g_rq.
alignas(128) int32_t g_lane_table[6][kLanes];
alignas(128) int32_t g_tap_sums[4][kLanes];

inline HVX_Vector requant(HVX_Vector acc, const RequantVectors& r, HVX_Vector zp, HVX_Vector lo,
                          HVX_Vector hi, HVX_Vector one) {
  HVX_Vector x = Q6_Vw_vasl_VwVw(Q6_Vw_vadd_VwVw(acc, r.bias), r.left);
  HVX_Vector h = Q6_Vw_vmpyoacc_VwVwVh_s1_rnd_sat_shift(Q6_Vw_vmpye_VwVuh(x, r.mult), x, r.mult);
  HVX_Vector rem = Q6_V_vand_VV(h, r.mask);
  HVX_Vector thr = Q6_Vw_vsub_VwVw(r.half, Q6_Vw_vasr_VwR(h, 31));
  HVX_Vector v = Q6_Vw_vasr_VwVw(h, r.right);
  v = Q6_Vw_condacc_QVwVw(Q6_Q_vcmp_gt_VwVw(rem, thr), v, one);
  v = Q6_Vw_vadd_VwVw(v, zp);
  return Q6_Vw_vmin_VwVw(Q6_Vw_vmax_VwVw(v, lo), hi);
}

// Each path below is its own non-inlined function, so the stack of a call is that of the path
// it takes.
__attribute__((noinline)) bool prepare(const DepthwiseConv2dParams& p, const gemm::Requant& q,
                                       const int8_t* filter, uint32_t taps, uint32_t blocks) {
  const uint32_t c_total = p.out_c;
  const HVX_Vector ones = Q6_V_vsplat_R(0x01010101);
  int32_t (*const t)[kLanes] = g_lane_table;
  int32_t (*const fs)[kLanes] = g_tap_sums;  // [s][l]: sum over taps of the filter of channel 4l + s
  for (uint32_t cb = 0; cb < blocks; ++cb) {
    // Masked filter copies (byte s of each word kept), their tap sums by vrmpy against ones.
    const uint32_t valid = c_total - cb * kVec < kVec ? c_total - cb * kVec : kVec;
    HVX_Vector sums[4] = {Q6_V_vzero(), Q6_V_vzero(), Q6_V_vzero(), Q6_V_vzero()};
    for (uint32_t k = 0; k < taps; ++k) {
      const int8_t* fk = filter + static_cast<size_t>(k) * c_total + static_cast<size_t>(cb) * kVec;
      alignas(128) int8_t tmp[kVec];
      for (uint32_t j = 0; j < kVec; ++j) tmp[j] = j < valid ? fk[j] : 0;
      const HVX_Vector fv = *reinterpret_cast<const HVX_Vector*>(tmp);
      HVX_Vector* dst = reinterpret_cast<HVX_Vector*>(g_filter) + (static_cast<size_t>(cb) * taps + k) * 4;
      for (uint32_t s = 0; s < 4; ++s) {
        dst[s] = Q6_V_vand_VV(fv, Q6_V_vsplat_R(static_cast<int32_t>(0xFFu << (8 * s))));
        sums[s] = Q6_Vw_vrmpyacc_VwVbVb(sums[s], dst[s], ones);
      }
    }
    for (uint32_t s = 0; s < 4; ++s) *reinterpret_cast<HVX_Vector*>(fs[s]) = sums[s];
    for (uint32_t s = 0; s < 4; ++s) {
      for (uint32_t l = 0; l < kLanes; ++l) {
        const uint32_t c = cb * kVec + 4 * l + s;
        int32_t b = 0, m = 0, sh = 0;
        if (c < c_total) {
          // bias - zp * sum f, modulo 2^32 like the portable kernel's wrapping accumulation.
          const uint32_t folded = static_cast<uint32_t>(q.folded_bias[c]) -
                                  static_cast<uint32_t>(p.input_zero_point) * static_cast<uint32_t>(fs[s][l]);
          m = q.multiplier[c];
          sh = q.shift[c];
          if (m < 0 || sh > 30 || sh < -31) return false;
          b = static_cast<int32_t>(folded);
        }
        const int32_t rs = sh > 0 ? 0 : -sh;
        t[0][l] = b;
        t[1][l] = sh > 0 ? sh : 0;
        t[2][l] = m;
        t[3][l] = rs;
        t[4][l] = static_cast<int32_t>((uint32_t{1} << rs) - 1u);
        t[5][l] = static_cast<int32_t>(((uint32_t{1} << rs) - 1u) >> 1);
      }
      RequantVectors& r = g_rq[cb][s];
      r.bias = *reinterpret_cast<const HVX_Vector*>(t[0]);
      r.left = *reinterpret_cast<const HVX_Vector*>(t[1]);
      r.mult = *reinterpret_cast<const HVX_Vector*>(t[2]);
      r.right = *reinterpret_cast<const HVX_Vector*>(t[3]);
      r.mask = *reinterpret_cast<const HVX_Vector*>(t[4]);
      r.half = *reinterpret_cast<const HVX_Vector*>(t[5]);
    }
  }
  return true;
}

// ---- stride 1 or 2, 128 % channels == 0: whole output rows as flat byte vectors -------------
// With stride 1 the input bytes under 128 / C consecutive output pixels are contiguous, so a
// 128-byte vector covers several pixels; filter and requantisation vectors repeat with period C.
// Each input row is first copied into a padded row buffer (input zero point outside).
constexpr uint32_t kMaxRowBytes = 8192;
constexpr uint32_t kMaxRows = 8;  // k_h
alignas(128) int8_t g_padded[kMaxRows][kMaxRowBytes + kVec];  // + slack for forward stores
alignas(128) int8_t g_wide[kMaxRowBytes];  // stride 2: the stride-1 output row

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

// Input offsets of the taps within a chunk of flat_stride1: (row, byte offset), the padding
// taps of the last group of four repeating the last tap.
constexpr uint32_t kMaxFlatTaps = 4 * 8 * 8;
uint32_t g_tap_row[kMaxFlatTaps];
uint32_t g_tap_off[kMaxFlatTaps];

__attribute__((noinline)) bool flat_stride1(const DepthwiseConv2dParams& p, const gemm::Requant& q,
                                            const int8_t* in, const int8_t* filter, int8_t* out,
                                            uint32_t taps) {
  const uint32_t c = p.out_c;
  const uint32_t out_row = p.out_w * c;
  // Stride 2: the stride-1 row (every input position) is computed, then every other pixel kept.
  const uint32_t wide_row = ((p.out_w - 1) * p.stride_w + 1) * c;
  const uint32_t chunks = (wide_row + kVec - 1) / kVec;
  const uint32_t span = ((p.k_w - 1) * p.dilation_w) * c;  // extra bytes read right of a chunk
  const uint32_t row_bytes = chunks * kVec + span;
  if (p.k_h > kMaxRows || row_bytes > kMaxRowBytes || chunks * kVec > kMaxRowBytes ||
      taps * 4 * kVec > kFilterBytes || p.stride_w > 2) {
    return false;
  }
  // Taps go in groups of four: the four taps' 128-byte vectors are byte- then halfword-
  // shuffled so that lane l of shuffled vector r holds byte position 32r + l of all four taps,
  // and one vrmpy per r sums the four taps of 32 positions (all 128 products useful). The
  // filters are shuffled the same way here, once. Positions keep their natural order, so the
  // requantisation table r covers positions 32r .. 32r + 31 (channel = position % c).
  const uint32_t groups = (taps + 3) / 4;
  if (groups * 4 * kVec > kFilterBytes) return false;
  for (uint32_t g = 0; g < groups; ++g) {
    HVX_Vector fv4[4];
    for (uint32_t u = 0; u < 4; ++u) {
      const uint32_t k = g * 4 + u;
      alignas(128) int8_t tiled[kVec];
      if (k >= taps) {
        fv4[u] = Q6_V_vzero();  // padding tap: contributes nothing
        continue;
      }
      // The tap's filter bytes tiled over 128 bytes.
      const int8_t* fk = filter + static_cast<size_t>(k) * c;
      if ((c & 3u) == 0 && (reinterpret_cast<uintptr_t>(fk) & 3u) == 0) {
        const uint32_t* fw = reinterpret_cast<const uint32_t*>(fk);
        uint32_t* tw = reinterpret_cast<uint32_t*>(tiled);
        const uint32_t mask = c / 4 - 1;  // c / 4 is a power of two
        for (uint32_t j = 0; j < kVec / 4; ++j) tw[j] = fw[j & mask];
      } else {
        for (uint32_t j = 0; j < kVec; ++j) tiled[j] = fk[j & (c - 1)];
      }
      fv4[u] = *reinterpret_cast<const HVX_Vector*>(tiled);
    }
    const HVX_VectorPair p01 = Q6_W_vshuff_VVR(fv4[1], fv4[0], -1);
    const HVX_VectorPair p23 = Q6_W_vshuff_VVR(fv4[3], fv4[2], -1);
    const HVX_VectorPair qlo = Q6_W_vshuff_VVR(Q6_V_lo_W(p23), Q6_V_lo_W(p01), -2);
    const HVX_VectorPair qhi = Q6_W_vshuff_VVR(Q6_V_hi_W(p23), Q6_V_hi_W(p01), -2);
    HVX_Vector* dst = reinterpret_cast<HVX_Vector*>(g_filter) + static_cast<size_t>(g) * 4;
    dst[0] = Q6_V_lo_W(qlo);
    dst[1] = Q6_V_hi_W(qlo);
    dst[2] = Q6_V_lo_W(qhi);
    dst[3] = Q6_V_hi_W(qhi);
  }
  // Tap sums of the filter per position: vrmpy of the shuffled filters against ones.
  int32_t (*const fs)[kLanes] = g_tap_sums;
  {
    const HVX_Vector ones = Q6_V_vsplat_R(0x01010101);
    const HVX_Vector* fvs = reinterpret_cast<const HVX_Vector*>(g_filter);
    for (uint32_t r4 = 0; r4 < 4; ++r4) {
      HVX_Vector sum = Q6_V_vzero();
      for (uint32_t g = 0; g < groups; ++g) sum = Q6_Vw_vrmpyacc_VwVbVb(sum, fvs[g * 4 + r4], ones);
      *reinterpret_cast<HVX_Vector*>(fs[r4]) = sum;
    }
  }
  int32_t (*const t)[kLanes] = g_lane_table;
  for (uint32_t r4 = 0; r4 < 4; ++r4) {
    for (uint32_t l = 0; l < kLanes; ++l) {
      const uint32_t ch = (32 * r4 + l) & (c - 1);  // c divides 128: a power of two
      const int32_t fsum = fs[r4][l];
      const uint32_t folded = static_cast<uint32_t>(q.folded_bias[ch]) -
                              static_cast<uint32_t>(p.input_zero_point) * static_cast<uint32_t>(fsum);
      const int32_t m = q.multiplier[ch];
      const int32_t sh = q.shift[ch];
      if (m < 0 || sh > 30 || sh < -31) return false;
      const int32_t rs = sh > 0 ? 0 : -sh;
      t[0][l] = static_cast<int32_t>(folded);
      t[1][l] = sh > 0 ? sh : 0;
      t[2][l] = m;
      t[3][l] = rs;
      t[4][l] = static_cast<int32_t>((uint32_t{1} << rs) - 1u);
      t[5][l] = static_cast<int32_t>(((uint32_t{1} << rs) - 1u) >> 1);
    }
    RequantVectors& r = g_rq[0][r4];
    r.bias = *reinterpret_cast<const HVX_Vector*>(t[0]);
    r.left = *reinterpret_cast<const HVX_Vector*>(t[1]);
    r.mult = *reinterpret_cast<const HVX_Vector*>(t[2]);
    r.right = *reinterpret_cast<const HVX_Vector*>(t[3]);
    r.mask = *reinterpret_cast<const HVX_Vector*>(t[4]);
    r.half = *reinterpret_cast<const HVX_Vector*>(t[5]);
  }
  if (groups * 4 > kMaxFlatTaps) return false;
  uint32_t* const tap_row = g_tap_row;
  uint32_t* const tap_off = g_tap_off;
  for (uint32_t k = 0; k < groups * 4; ++k) {
    const uint32_t kk = k < taps ? k : taps - 1;
    tap_row[k] = kk / p.k_w;
    tap_off[k] = (kk % p.k_w) * p.dilation_w * c;
  }

  const HVX_Vector zp_out = Q6_V_vsplat_R(q.output_zero_point);
  const HVX_Vector lo = Q6_V_vsplat_R(q.act_min);
  const HVX_Vector hi = Q6_V_vsplat_R(q.act_max);
  const HVX_Vector one = Q6_V_vsplat_R(1);
  const uint32_t zp_byte = static_cast<uint8_t>(p.input_zero_point);
  const HVX_Vector pad = Q6_V_vsplat_R(static_cast<int32_t>(zp_byte * 0x01010101u));
  const RequantVectors r0 = g_rq[0][0], r1 = g_rq[0][1], r2 = g_rq[0][2], r3 = g_rq[0][3];
  const HVX_Vector* fv = reinterpret_cast<const HVX_Vector*>(g_filter);
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
        int8_t* row = g_padded[ky];
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
        const HVX_Vector* f = fv;
        const size_t at = static_cast<size_t>(j) * kVec;
        for (uint32_t g = 0; g < groups; ++g, f += 4) {
          const uint32_t k = 4 * g;
          const HVX_Vector x0 = *reinterpret_cast<const HVX_UVector*>(g_padded[tap_row[k]] + at + tap_off[k]);
          const HVX_Vector x1 = *reinterpret_cast<const HVX_UVector*>(g_padded[tap_row[k + 1]] + at + tap_off[k + 1]);
          const HVX_Vector x2 = *reinterpret_cast<const HVX_UVector*>(g_padded[tap_row[k + 2]] + at + tap_off[k + 2]);
          const HVX_Vector x3 = *reinterpret_cast<const HVX_UVector*>(g_padded[tap_row[k + 3]] + at + tap_off[k + 3]);
          const HVX_VectorPair p01 = Q6_W_vshuff_VVR(x1, x0, -1);
          const HVX_VectorPair p23 = Q6_W_vshuff_VVR(x3, x2, -1);
          const HVX_VectorPair qlo = Q6_W_vshuff_VVR(Q6_V_lo_W(p23), Q6_V_lo_W(p01), -2);
          const HVX_VectorPair qhi = Q6_W_vshuff_VVR(Q6_V_hi_W(p23), Q6_V_hi_W(p01), -2);
          a0 = Q6_Vw_vrmpyacc_VwVbVb(a0, Q6_V_lo_W(qlo), f[0]);
          a1 = Q6_Vw_vrmpyacc_VwVbVb(a1, Q6_V_hi_W(qlo), f[1]);
          a2 = Q6_Vw_vrmpyacc_VwVbVb(a2, Q6_V_lo_W(qhi), f[2]);
          a3 = Q6_Vw_vrmpyacc_VwVbVb(a3, Q6_V_hi_W(qhi), f[3]);
        }
        HVX_Vector res[4] = {requant(a0, r0, zp_out, lo, hi, one), requant(a1, r1, zp_out, lo, hi, one),
                             requant(a2, r2, zp_out, lo, hi, one), requant(a3, r3, zp_out, lo, hi, one)};
        const HVX_Vector bytes = Q6_Vb_vpack_VhVh_sat(Q6_Vh_vpack_VwVw_sat(res[3], res[2]),
                                                      Q6_Vh_vpack_VwVw_sat(res[1], res[0]));
        if (p.stride_w != 1) {
          *reinterpret_cast<HVX_Vector*>(g_wide + j * kVec) = bytes;
          continue;
        }
        int8_t* dst = o + j * kVec;
        const uint32_t valid = out_row - j * kVec < kVec ? out_row - j * kVec : kVec;
        if (dst + kVec <= out_end) {
          *reinterpret_cast<HVX_UVector*>(dst) = bytes;  // past `valid`: later rows, written later
        } else {
          alignas(128) int8_t tmp[kVec];
          *reinterpret_cast<HVX_Vector*>(tmp) = bytes;
          for (uint32_t i = 0; i < valid; ++i) dst[i] = tmp[i];
        }
      }
      if (p.stride_w != 1) {
        // Keep pixels 0, 2, 4, ... of the stride-1 row.
        if ((c & 3u) == 0 && (reinterpret_cast<uintptr_t>(o) & 3u) == 0) {
          const uint32_t words = c / 4;
          const uint32_t* src = reinterpret_cast<const uint32_t*>(g_wide);
          uint32_t* dst = reinterpret_cast<uint32_t*>(o);
          for (uint32_t ox = 0; ox < p.out_w; ++ox, src += 2 * words, dst += words) {
            for (uint32_t k = 0; k < words; ++k) dst[k] = src[k];
          }
        } else {
          for (uint32_t ox = 0; ox < p.out_w; ++ox) {
            for (uint32_t k = 0; k < c; ++k) o[ox * c + k] = g_wide[2 * ox * c + k];
          }
        }
      }
    }
  }
  return true;
}

// One input channel (any depth multiplier): the op is a CONV_2D with in_c = 1 and the filter
// transposed to [out_c][k_h * k_w]; the input zero point is folded into the bias here
// (CONV_2D's blob carries it folded, DEPTHWISE's does not).
constexpr uint32_t kSingleFilterBytes = 64u * 1024u;
alignas(128) int8_t g_single_filter[kSingleFilterBytes];
int32_t g_single_bias[kMaxDwChannels];

__attribute__((noinline)) bool single_channel(const DepthwiseConv2dParams& p, const gemm::Requant& q,
                                              const int8_t* in, const int8_t* filter, int8_t* out,
                                              uint32_t taps) {
  const uint32_t c = p.out_c;
  if (c > kMaxDwChannels || static_cast<uint64_t>(c) * taps > kSingleFilterBytes) return false;
  for (uint32_t o = 0; o < c; ++o) {
    int32_t fsum = 0;
    for (uint32_t t = 0; t < taps; ++t) {
      const int8_t f = filter[static_cast<size_t>(t) * c + o];
      g_single_filter[static_cast<size_t>(o) * taps + t] = f;
      fsum += f;
    }
    g_single_bias[o] = static_cast<int32_t>(static_cast<uint32_t>(q.folded_bias[o]) -
                                            static_cast<uint32_t>(p.input_zero_point) * static_cast<uint32_t>(fsum));
  }
  Conv2dParams cp{};
  cp.batches = p.batches;
  cp.in_h = p.in_h;
  cp.in_w = p.in_w;
  cp.in_c = 1;
  cp.out_h = p.out_h;
  cp.out_w = p.out_w;
  cp.out_c = c;
  cp.k_h = p.k_h;
  cp.k_w = p.k_w;
  cp.stride_h = p.stride_h;
  cp.stride_w = p.stride_w;
  cp.dilation_h = p.dilation_h;
  cp.dilation_w = p.dilation_w;
  cp.pad_h = p.pad_h;
  cp.pad_w = p.pad_w;
  cp.input_zero_point = p.input_zero_point;
  cp.output_zero_point = p.output_zero_point;
  cp.act_min = p.act_min;
  cp.act_max = p.act_max;
  const gemm::Requant cq{g_single_bias, q.multiplier, q.shift, q.output_zero_point, q.act_min, q.act_max};
  return conv_2d_s8(cp, cq, in, g_single_filter, out);
}

// Depth multiplier 1, any channel count up to kMaxDwChannels: per output pixel, blocks of 128
// channels, filter and requantisation vectors from prepare.
__attribute__((noinline)) bool per_pixel(const DepthwiseConv2dParams& p, const gemm::Requant& q,
                                         const int8_t* in, const int8_t* filter, int8_t* out,
                                         uint32_t taps) {
  const uint32_t c_total = p.out_c;
  const uint32_t blocks = (c_total + kVec - 1) / kVec;
  if (static_cast<uint64_t>(blocks) * taps * 4 * kVec > kFilterBytes) return false;
  if (!prepare(p, q, filter, taps, blocks)) return false;

  const HVX_Vector zp_out = Q6_V_vsplat_R(q.output_zero_point);
  const HVX_Vector lo = Q6_V_vsplat_R(q.act_min);
  const HVX_Vector hi = Q6_V_vsplat_R(q.act_max);
  const HVX_Vector one = Q6_V_vsplat_R(1);
  const HVX_Vector byte_mask = Q6_V_vsplat_R(0xFF);
  const uint32_t zp_byte = static_cast<uint8_t>(p.input_zero_point);
  const HVX_Vector pad = Q6_V_vsplat_R(static_cast<int32_t>(zp_byte * 0x01010101u));
  const size_t in_bytes = static_cast<size_t>(p.batches) * p.in_h * p.in_w * c_total;
  const int8_t* const in_end = in + in_bytes;
  int8_t* const out_end = out + static_cast<size_t>(p.batches) * p.out_h * p.out_w * c_total;
  const HVX_Vector* fv = reinterpret_cast<const HVX_Vector*>(g_filter);

  for (uint32_t b = 0; b < p.batches; ++b) {
    const int8_t* in_b = in + static_cast<size_t>(b) * p.in_h * p.in_w * c_total;
    for (uint32_t oy = 0; oy < p.out_h; ++oy) {
      const int32_t y0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
      for (uint32_t ox = 0; ox < p.out_w; ++ox) {
        const int32_t x0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
        int8_t* o = out + ((static_cast<size_t>(b) * p.out_h + oy) * p.out_w + ox) * c_total;
        for (uint32_t cb = 0; cb < blocks; ++cb) {
          HVX_Vector acc[4] = {Q6_V_vzero(), Q6_V_vzero(), Q6_V_vzero(), Q6_V_vzero()};
          const HVX_Vector* f = fv + static_cast<size_t>(cb) * taps * 4;
          for (uint32_t ky = 0; ky < p.k_h; ++ky) {
            const int32_t iy = y0 + static_cast<int32_t>(ky * p.dilation_h);
            const bool row_in = iy >= 0 && iy < static_cast<int32_t>(p.in_h);
            for (uint32_t kx = 0; kx < p.k_w; ++kx, f += 4) {
              const int32_t ix = x0 + static_cast<int32_t>(kx * p.dilation_w);
              HVX_Vector x = pad;
              if (row_in && ix >= 0 && ix < static_cast<int32_t>(p.in_w)) {
                const int8_t* src = in_b + (static_cast<size_t>(iy) * p.in_w + static_cast<uint32_t>(ix)) * c_total +
                                    static_cast<size_t>(cb) * kVec;
                if (src + kVec <= in_end) {
                  x = *reinterpret_cast<const HVX_UVector*>(src);
                } else {
                  alignas(128) int8_t tmp[kVec] = {};
                  for (uint32_t j = 0; src + j < in_end && j < kVec; ++j) tmp[j] = src[j];
                  x = *reinterpret_cast<const HVX_Vector*>(tmp);
                }
              }
              acc[0] = Q6_Vw_vrmpyacc_VwVbVb(acc[0], x, f[0]);
              acc[1] = Q6_Vw_vrmpyacc_VwVbVb(acc[1], x, f[1]);
              acc[2] = Q6_Vw_vrmpyacc_VwVbVb(acc[2], x, f[2]);
              acc[3] = Q6_Vw_vrmpyacc_VwVbVb(acc[3], x, f[3]);
            }
          }
          HVX_Vector r0 = Q6_V_vand_VV(requant(acc[0], g_rq[cb][0], zp_out, lo, hi, one), byte_mask);
          HVX_Vector r1 = Q6_V_vand_VV(requant(acc[1], g_rq[cb][1], zp_out, lo, hi, one), byte_mask);
          HVX_Vector r2 = Q6_V_vand_VV(requant(acc[2], g_rq[cb][2], zp_out, lo, hi, one), byte_mask);
          HVX_Vector r3 = requant(acc[3], g_rq[cb][3], zp_out, lo, hi, one);
          const HVX_Vector bytes =
              Q6_V_vor_VV(Q6_V_vor_VV(r0, Q6_Vw_vasl_VwR(r1, 8)),
                          Q6_V_vor_VV(Q6_Vw_vasl_VwR(r2, 16), Q6_Vw_vasl_VwR(r3, 24)));
          int8_t* dst = o + static_cast<size_t>(cb) * kVec;
          const uint32_t valid = c_total - cb * kVec < kVec ? c_total - cb * kVec : kVec;
          if (dst + kVec <= out_end) {
            // Bytes past `valid` belong to later pixels, written after this one.
            *reinterpret_cast<HVX_UVector*>(dst) = bytes;
          } else {
            alignas(128) int8_t tmp[kVec];
            *reinterpret_cast<HVX_Vector*>(tmp) = bytes;
            for (uint32_t j = 0; j < valid; ++j) dst[j] = tmp[j];
          }
        }
      }
    }
  }
  return true;
}

}  // namespace

bool depthwise_s8(const DepthwiseConv2dParams& p, const gemm::Requant& q, const int8_t* in,
                  const int8_t* filter, int8_t* out) {
  const uint32_t c_total = p.out_c;
  const uint32_t taps = p.k_h * p.k_w;
  if (c_total == 0 || taps == 0) return false;
  if (p.in_c == 1 && single_channel(p, q, in, filter, out, taps)) return true;
  if (p.depth_multiplier != 1 || c_total > kMaxDwChannels) return false;
  if (p.stride_w <= 2 && kVec % c_total == 0 && flat_stride1(p, q, in, filter, out, taps)) return true;
  return per_pixel(p, q, in, filter, out, taps);
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX
