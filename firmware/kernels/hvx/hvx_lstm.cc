// HVX gate evaluation of the int8 LSTM: see hvx_lstm.h.
#include "kernels/hvx/hvx_lstm.h"

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include "kernels/hvx/hvx_common.h"
#include "kernels/hvx/hvx_gemv_block.h"
#include "kernels/hvx/hvx_lstm_layout.h"
#include "kernels/lstm_math.h"

namespace lpai {
namespace kernels {
namespace hvx {
namespace {

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
// `scratch` (one vector, 4-byte aligned): the indices out, each replaced by its pair, read back.
HVX_Vector lut_block(HVX_Vector v, HVX_VectorPred tanh_lanes, int32_t* scratch) {
  const HVX_Vector a = Q6_Vw_vabs_Vw(v);
  const HVX_Vector frac_bits = pick(tanh_lanes, 8, 9);
  HVX_Vector index = Q6_Vw_vasr_VwVw(a, frac_bits);
  const HVX_VectorPred saturated = Q6_Q_vcmp_gt_VwVw(index, Q6_V_vsplat_R(254));
  index = Q6_Vw_vmin_VwVw(index, Q6_V_vsplat_R(255));
  *reinterpret_cast<HVX_UVector*>(scratch) = index;
  for (uint32_t l = 0; l < kLanes; ++l) scratch[l] = static_cast<int32_t>(kPairs.v[scratch[l]]);
  const HVX_Vector pv = *reinterpret_cast<const HVX_UVector*>(scratch);
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

// multiply_by_quantized_multiplier(x, r) of every lane (the sequence of requant(), with one
// rescale for all lanes); rescale_sat16 saturates it to int16.
HVX_Vector rescale_wide(HVX_Vector x, const LstmRescale& r) {
  const int32_t rs = r.shift > 0 ? 0 : -r.shift;
  x = Q6_Vw_vasl_VwR(x, r.shift > 0 ? r.shift : 0);
  const HVX_Vector m = Q6_V_vsplat_R(r.multiplier);
  const HVX_Vector h = Q6_Vw_vmpyoacc_VwVwVh_s1_rnd_sat_shift(Q6_Vw_vmpye_VwVuh(x, m), x, m);
  const int32_t mask = static_cast<int32_t>((uint32_t{1} << rs) - 1u);
  const HVX_Vector rem = Q6_V_vand_VV(h, Q6_V_vsplat_R(mask));
  const HVX_Vector thr = Q6_Vw_vsub_VwVw(Q6_V_vsplat_R(mask >> 1), Q6_Vw_vasr_VwR(h, 31));
  HVX_Vector v = Q6_Vw_vasr_VwR(h, rs);
  return Q6_Vw_condacc_QVwVw(Q6_Q_vcmp_gt_VwVw(rem, thr), v, Q6_V_vsplat_R(1));
}

inline HVX_Vector rescale_sat16(HVX_Vector x, const LstmRescale& r) {
  const HVX_Vector v = rescale_wide(x, r);
  return Q6_Vw_vmin_VwVw(Q6_Vw_vmax_VwVw(v, Q6_V_vsplat_R(-32768)), Q6_V_vsplat_R(32767));
}

// a * b of lanes in the int16 range (exact: |a * b| <= 2^30): a * (b + 2^15) - a * 2^15, the
// first an int32 x uint16 product.
inline HVX_Vector mul16(HVX_Vector a, HVX_Vector b) {
  const HVX_Vector b_biased = Q6_Vw_vadd_VwVw(b, Q6_V_vsplat_R(32768));
  return Q6_Vw_vsub_VwVw(Q6_Vw_vmpyie_VwVuh(a, b_biased), Q6_Vw_vasl_VwR(a, 15));
}

// The cell and hidden update (the portable update_block) of units [j0, j0 + n), n <= 32, from
// the gate values g32 (int32, channel g * S + j; lanes past n read but unused). The table
// reads use lanes [j0, j0 + 32) of g32 as scratch: read here first, by no later chunk.
void update_chunk(const UnidirectionalSequenceLstmParams& p, int32_t* g32, uint32_t j0,
                  uint32_t n, int8_t* h, int16_t* c, int8_t* out) {
  const uint32_t S = p.state_size;
  auto gate = [&](uint32_t g) { return *reinterpret_cast<const HVX_UVector*>(g32 + g * S + j0); };
  const HVX_Vector gi = gate(kLstmGateInput), gf = gate(kLstmGateForget);
  const HVX_Vector gc = gate(kLstmGateCell), go = gate(kLstmGateOutput);
  const int8_t* c_bytes = reinterpret_cast<const int8_t*>(c + j0);
  const HVX_Vector cell_in = Q6_V_lo_W(Q6_Ww_vunpack_Vh(load_tail(c_bytes, c_bytes + 2 * n)));
  const HVX_Vector kept = rescale_sat16(mul16(gf, cell_in), p.forget_times_cell);
  const HVX_Vector added = rescale_sat16(mul16(gi, gc), p.input_times_gate);
  const int32_t clip = p.cell_clip_enabled != 0 ? p.cell_clip : 32768;
  HVX_Vector cell = Q6_Vw_vadd_VwVw(kept, added);
  cell = Q6_Vw_vmax_VwVw(cell, Q6_V_vsplat_R(clip > 32768 ? -32768 : -clip));
  cell = Q6_Vw_vmin_VwVw(cell, Q6_V_vsplat_R(clip > 32767 ? 32767 : clip));
  store_tail(reinterpret_cast<int8_t*>(c + j0), Q6_Vh_vpack_VwVw_sat(Q6_V_vzero(), cell),
             reinterpret_cast<int8_t*>(c + j0 + n));
  // lstm::lut_scale_input of the cell (|cell * multiplier| < 2^31, multiplier < 2^16).
  const int32_t tanh_round = p.cell_tanh_shift > 0 ? int32_t{1} << (p.cell_tanh_shift - 1) : 0;
  HVX_Vector v = Q6_Vw_vmpyie_VwVuh(cell, Q6_V_vsplat_R(p.cell_tanh_multiplier));
  v = Q6_Vw_vasr_VwR(Q6_Vw_vadd_VwVw(v, Q6_V_vsplat_R(tanh_round)), p.cell_tanh_shift);
  const HVX_Vector all = Q6_V_vzero();
  const HVX_Vector t = lut_block(v, Q6_Q_vcmp_eq_VwVw(all, all), g32 + j0);
  // The rescaled value is clamped to [-65536, 65536] before the zero point is added.
  const LstmRescale& r = p.output_times_tanh;
  HVX_Vector hv = rescale_wide(mul16(t, go), r);
  hv = Q6_Vw_vmin_VwVw(Q6_Vw_vmax_VwVw(hv, Q6_V_vsplat_R(-65536)), Q6_V_vsplat_R(65536));
  hv = Q6_Vw_vadd_VwVw(hv, Q6_V_vsplat_R(p.hidden_zero_point));
  hv = Q6_Vw_vmin_VwVw(Q6_Vw_vmax_VwVw(hv, Q6_V_vsplat_R(-128)), Q6_V_vsplat_R(127));
  const HVX_Vector z = Q6_V_vzero();
  const HVX_Vector bytes = pack_bytes(hv, z, z, z);
  store_tail(h + j0, bytes, h + j0 + n);
  store_tail(out + j0, bytes, out + j0 + n);
}

}  // namespace

void lstm_step_s8(const UnidirectionalSequenceLstmParams& p, const uint8_t* layout,
                  const int8_t* x, int8_t* h, int16_t* c, int8_t* out, uint8_t* temp) {
  const uint32_t S = p.state_size;
  const hvx_layout::LstmShape s = hvx_layout::lstm_shape(p.input_size, S);
  // Gate values, channel c at lane c (hvx_layout::lstm_temp_bytes).
  int32_t* const g32 = reinterpret_cast<int32_t*>((reinterpret_cast<uintptr_t>(temp) + 3u) & ~uintptr_t{3});
  // Input row and hidden state in place, as words (the last word's bytes past the depth meet
  // zero weights); the update below writes h only once every gate has read it.
  const uint32_t* xw = reinterpret_cast<const uint32_t*>(x);
  const uint32_t* hw = reinterpret_cast<const uint32_t*>(h);

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
    int32_t* const lanes = g32 + b * kLanes;  // the block's own lanes: its table scratch
    *reinterpret_cast<HVX_UVector*>(lanes) = lut_block(v, tanh_lanes, lanes);
  }
  static_assert(lstm::kGateLutScale.multiplier == 3 && lstm::kGateLutScale.shift == 0,
                "gate LUT input scaling folded in above");
  for (uint32_t j0 = 0; j0 < S; j0 += kLanes) {
    update_chunk(p, g32, j0, S - j0 < kLanes ? S - j0 : kLanes, h, c, out);
  }
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX
