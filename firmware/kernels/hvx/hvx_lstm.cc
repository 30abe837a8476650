// HVX gate evaluation of the int8 LSTM: see hvx_lstm.h.
#include "kernels/hvx/hvx_lstm.h"

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include "kernels/hvx/hvx_common.h"
#include "kernels/hvx/hvx_lstm_layout.h"
#include "kernels/lstm_math.h"

namespace lpai {
namespace kernels {
namespace hvx {
namespace {

// dst (vector aligned) = src[0, n) zero padded to whole vectors; reads only the 128-byte
// blocks that hold src's bytes.
void stage(const int8_t* src, uint32_t n, HVX_Vector* dst) {
  uint32_t i = 0;
  for (; i + kVec <= n; i += kVec) *dst++ = *reinterpret_cast<const HVX_UVector*>(src + i);
  if (i < n) *dst = load_tail(src + i, src + n);
}

// sum over groups q of the 32 lanes' packed words w[q] times the staged activations' word q.
__attribute__((always_inline)) inline HVX_Vector gemv_block(const uint8_t* w, const uint32_t* xw,
                                                            uint32_t groups) {
  const HVX_UVector* wv = reinterpret_cast<const HVX_UVector*>(w);
  HVX_Vector a0 = Q6_V_vzero(), a1 = Q6_V_vzero();
  uint32_t q = 0;
  for (; q + 2 <= groups; q += 2) {
    a0 = Q6_Vw_vrmpyacc_VwVbVb(a0, wv[q], Q6_V_vsplat_R(static_cast<int32_t>(xw[q])));
    a1 = Q6_Vw_vrmpyacc_VwVbVb(a1, wv[q + 1], Q6_V_vsplat_R(static_cast<int32_t>(xw[q + 1])));
  }
  if (q < groups) a0 = Q6_Vw_vrmpyacc_VwVbVb(a0, wv[q], Q6_V_vsplat_R(static_cast<int32_t>(xw[q])));
  return Q6_Vw_vadd_VwVw(a0, a1);
}

// kPairs.v[i] = table[i] | table[min(i + 1, 255)] << 16: both interpolation ends in one load.
struct PairTable {
  uint32_t v[256];
};
constexpr PairTable make_pairs() {
  PairTable t{};
  for (uint32_t i = 0; i < 256; ++i) {
    t.v[i] = static_cast<uint32_t>(lstm::kSigmoidTable[i]) |
             static_cast<uint32_t>(lstm::kSigmoidTable[i < 255 ? i + 1 : 255]) << 16;
  }
  return t;
}
constexpr PairTable kPairs = make_pairs();

alignas(128) constexpr int32_t kLaneIndex[kLanes] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,
                                                     11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                                                     22, 23, 24, 25, 26, 27, 28, 29, 30, 31};

inline HVX_Vector pick(HVX_VectorPred q, int32_t if_true, int32_t if_false) {
  return Q6_V_vmux_QVV(q, Q6_V_vsplat_R(if_true), Q6_V_vsplat_R(if_false));
}

// lstm::tanh_scaled (lanes in q) or lstm::sigmoid_scaled (the others) of 32 LUT inputs v
// (|v| < 2^17), sign-extended int16 results in int32 lanes. The table reads go through
// `scratch` (two vectors, aligned): the indices out, one pair load per lane, the pairs back.
HVX_Vector lut_block(HVX_Vector v, HVX_VectorPred tanh_lanes, HVX_Vector* scratch) {
  const HVX_Vector a = Q6_Vw_vabs_Vw(v);
  const HVX_Vector frac_bits = pick(tanh_lanes, 8, 9);
  HVX_Vector index = Q6_Vw_vasr_VwVw(a, frac_bits);
  const HVX_VectorPred saturated = Q6_Q_vcmp_gt_VwVw(index, Q6_V_vsplat_R(254));
  index = Q6_Vw_vmin_VwVw(index, Q6_V_vsplat_R(255));
  scratch[0] = index;
  const int32_t* idx = reinterpret_cast<const int32_t*>(&scratch[0]);
  uint32_t* pairs = reinterpret_cast<uint32_t*>(&scratch[1]);
  for (uint32_t l = 0; l < kLanes; ++l) pairs[l] = kPairs.v[idx[l]];
  const HVX_Vector pv = scratch[1];
  const HVX_Vector lo = Q6_V_vand_VV(pv, Q6_V_vsplat_R(0xFFFF));
  const HVX_Vector hi = Q6_Vuw_vlsr_VuwR(pv, 16);
  const HVX_Vector frac = Q6_V_vand_VV(a, pick(tanh_lanes, 0xFF, 0x1FF));
  HVX_Vector r = Q6_Vw_vadd_VwVw(Q6_Vw_vasl_VwVw(lo, frac_bits),
                                 Q6_Vw_vmpyie_VwVuh(frac, Q6_Vw_vsub_VwVw(hi, lo)));
  r = Q6_V_vmux_QVV(saturated, pick(tanh_lanes, 0xFFFF << 8, 0x7FFF << 10), r);
  // v >= 0: r + (tanh: 2^7 - 2^23; sigmoid: 2^9); v < 0: (tanh: 2^23 + 2^7 - 1;
  // sigmoid: 2^25 + 2^9 - 1) - r.
  const HVX_VectorPred negative = Q6_Q_vcmp_gt_VwVw(Q6_V_vzero(), v);
  const HVX_Vector pos = Q6_Vw_vadd_VwVw(r, pick(tanh_lanes, (1 << 7) - (1 << 23), 1 << 9));
  const HVX_Vector neg =
      Q6_Vw_vsub_VwVw(pick(tanh_lanes, (1 << 23) + (1 << 7) - 1, (1 << 25) + (1 << 9) - 1), r);
  r = Q6_V_vmux_QVV(negative, neg, pos);
  r = Q6_Vw_vasr_VwVw(r, pick(tanh_lanes, 8, 10));
  return Q6_Vw_vasr_VwR(Q6_Vw_vasl_VwR(r, 16), 16);  // the int16 result, sign-extended
}

}  // namespace

void lstm_gates_s8(const UnidirectionalSequenceLstmParams& p, const uint8_t* layout,
                   const int8_t* x, const int8_t* h, uint8_t* temp, int16_t* gates) {
  const uint32_t S = p.state_size;
  const hvx_layout::LstmShape s = hvx_layout::lstm_shape(p.input_size, S);
  uint8_t* base = reinterpret_cast<uint8_t*>(
      (reinterpret_cast<uintptr_t>(temp) + 8u * S + kVec - 1) & ~uintptr_t{kVec - 1});
  HVX_Vector* xs = reinterpret_cast<HVX_Vector*>(base);
  HVX_Vector* hs = xs + hvx_layout::round_vec(4u * s.in_groups) / kVec;
  HVX_Vector* pre = hs + hvx_layout::round_vec(4u * s.rec_groups) / kVec;
  HVX_Vector* scratch = pre + s.blocks;
  stage(x, p.input_size, xs);
  stage(h, S, hs);
  const uint32_t* xw = reinterpret_cast<const uint32_t*>(xs);
  const uint32_t* hw = reinterpret_cast<const uint32_t*>(hs);

  const uint8_t* in_lanes = layout;
  const uint8_t* rec_lanes = in_lanes + s.blocks * sizeof(RequantLanes);
  const uint8_t* w_in = rec_lanes + s.blocks * sizeof(RequantLanes);
  const uint8_t* w_rec = w_in + s.blocks * s.in_groups * kVec;
  const OutputVectors sat16 = output_vectors(0, -32768, 32767);
  for (uint32_t b = 0; b < s.blocks; ++b) {
    const HVX_Vector acc_in = gemv_block(w_in + b * s.in_groups * kVec, xw, s.in_groups);
    const HVX_Vector acc_rec = gemv_block(w_rec + b * s.rec_groups * kVec, hw, s.rec_groups);
    const HVX_Vector from_in =
        requant(acc_in, *reinterpret_cast<const RequantLanes*>(in_lanes + b * sizeof(RequantLanes)), sat16);
    const HVX_Vector from_rec =
        requant(acc_rec, *reinterpret_cast<const RequantLanes*>(rec_lanes + b * sizeof(RequantLanes)), sat16);
    // Q3.12 pre-activation, saturated, then the LUT input scaling (multiplier 3, shift 0).
    HVX_Vector v = Q6_Vw_vadd_VwVw(from_in, from_rec);
    v = Q6_Vw_vmin_VwVw(Q6_Vw_vmax_VwVw(v, Q6_V_vsplat_R(-32768)), Q6_V_vsplat_R(32767));
    v = Q6_Vw_vadd_VwVw(v, Q6_Vw_vadd_VwVw(v, v));
    // Lanes of the cell gate (channels [2S, 3S)) take tanh, the others sigmoid.
    const HVX_Vector c = Q6_Vw_vadd_VwVw(*reinterpret_cast<const HVX_Vector*>(kLaneIndex),
                                         Q6_V_vsplat_R(static_cast<int32_t>(b * kLanes)));
    const HVX_VectorPred tanh_lanes =
        Q6_Q_and_QQn(Q6_Q_vcmp_gt_VwVw(c, Q6_V_vsplat_R(static_cast<int32_t>(2 * S) - 1)),
                     Q6_Q_vcmp_gt_VwVw(c, Q6_V_vsplat_R(static_cast<int32_t>(3 * S) - 1)));
    pre[b] = lut_block(v, tanh_lanes, scratch);
  }
  static_assert(lstm::kGateLutScale.multiplier == 3 && lstm::kGateLutScale.shift == 0,
                "gate LUT input scaling folded in above");
  const int32_t* out32 = reinterpret_cast<const int32_t*>(pre);
  for (uint32_t c = 0; c < s.channels; ++c) gates[c] = static_cast<int16_t>(out32[c]);
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX
