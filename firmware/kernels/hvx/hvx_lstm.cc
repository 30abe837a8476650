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
    pre[b] = Q6_Vw_vadd_VwVw(v, Q6_Vw_vadd_VwVw(v, v));
  }
  static_assert(lstm::kGateLutScale.multiplier == 3 && lstm::kGateLutScale.shift == 0,
                "gate LUT input scaling folded in above");
  const int32_t* v = reinterpret_cast<const int32_t*>(pre);
  for (uint32_t g = 0; g < kLstmGateCount; ++g) {
    const int32_t* vg = v + g * S;
    int16_t* out = gates + g * S;
    if (g == kLstmGateCell) {
      for (uint32_t j = 0; j < S; ++j) out[j] = lstm::tanh_scaled(vg[j]);
    } else {
      for (uint32_t j = 0; j < S; ++j) out[j] = lstm::sigmoid_scaled(vg[j]);
    }
  }
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX
