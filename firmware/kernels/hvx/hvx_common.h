// Pieces the HVX kernels share (HVX builds only): the requantisation of 32 int32 accumulators
// with the lanes of a layout (hvx_layout.h), read from the layout in memory at each use rather
// than kept in registers, so the kernels' loops do not spill six vectors per block to the
// stack; packing four result vectors to bytes; partial vector loads and stores at the end of a
// buffer without staging buffers or calls.
#ifndef LPAI_KERNELS_HVX_HVX_COMMON_H
#define LPAI_KERNELS_HVX_HVX_COMMON_H

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include <hexagon_protos.h>
#include <hexagon_types.h>

#include "kernels/hvx/hvx_layout.h"

namespace lpai {
namespace kernels {
namespace hvx {

using hvx_layout::kLanes;  // int32 lanes per vector
using hvx_layout::kVec;    // bytes per vector
using hvx_layout::RequantLanes;

// The output's zero point and clamp range, splatted where used (scalars keep them out of the
// vector registers of the kernels' loops).
struct OutputVectors {
  int32_t zp, lo, hi;
};

inline OutputVectors output_vectors(int32_t zp, int32_t lo, int32_t hi) { return OutputVectors{zp, lo, hi}; }

// requantize() of 32 accumulators (one block of lanes), clamped to [lo, hi].
// Every step is the general sequence of gemm::requantize (no precondition on the accumulator):
// wrapping add of the bias, wrapping left shift, SaturatingRoundingDoublingHighMul, which for
// m >= 0 never saturates and equals floor((x * m + 2^30) / 2^31) for every sign of x (TFLite's
// nudge of 1 - 2^30 for negative products, with truncating division, gives the same value),
// RoundingDivideByPOT, wrapping add of the zero point, clamp.
__attribute__((always_inline)) inline HVX_Vector requant(HVX_Vector acc,
                                                         const hvx_layout::RequantLanes& r,
                                                         const OutputVectors& o) {
  auto lane = [](const int32_t* row) { return *reinterpret_cast<const HVX_UVector*>(row); };
  const HVX_Vector x = Q6_Vw_vasl_VwVw(Q6_Vw_vadd_VwVw(acc, lane(r.bias)), lane(r.left));
  // floor((x * m + 2^30) / 2^31): vmpye + vmpyo:<<1:rnd:sat:shift (checked against that formula
  // over the full int32 range of x and m in [0, 2^31) under qemu-hexagon).
  const HVX_Vector m = lane(r.mult);
  const HVX_Vector h = Q6_Vw_vmpyoacc_VwVwVh_s1_rnd_sat_shift(Q6_Vw_vmpye_VwVuh(x, m), x, m);
  // RoundingDivideByPOT(h, rs).
  const HVX_Vector rem = Q6_V_vand_VV(h, lane(r.mask));
  const HVX_Vector thr = Q6_Vw_vsub_VwVw(lane(r.half), Q6_Vw_vasr_VwR(h, 31));
  HVX_Vector v = Q6_Vw_vasr_VwVw(h, lane(r.right));
  v = Q6_Vw_condacc_QVwVw(Q6_Q_vcmp_gt_VwVw(rem, thr), v, Q6_V_vsplat_R(1));
  v = Q6_Vw_vadd_VwVw(v, Q6_V_vsplat_R(o.zp));
  return Q6_Vw_vmin_VwVw(Q6_Vw_vmax_VwVw(v, Q6_V_vsplat_R(o.lo)), Q6_V_vsplat_R(o.hi));
}

// One block's requantisation lanes held in registers, for kernels that requantise several
// accumulators with the same block (loaded once instead of once per accumulator).
struct LaneVectors {
  HVX_Vector bias, left, mult, right, mask, half;
};

__attribute__((always_inline)) inline LaneVectors lane_vectors(const hvx_layout::RequantLanes& r) {
  auto lane = [](const int32_t* row) { return *reinterpret_cast<const HVX_UVector*>(row); };
  return LaneVectors{lane(r.bias), lane(r.left), lane(r.mult), lane(r.right), lane(r.mask), lane(r.half)};
}

// requant() with the lanes already loaded: the same sequence, the same results.
__attribute__((always_inline)) inline HVX_Vector requant(HVX_Vector acc, const LaneVectors& r,
                                                         const OutputVectors& o) {
  const HVX_Vector x = Q6_Vw_vasl_VwVw(Q6_Vw_vadd_VwVw(acc, r.bias), r.left);
  const HVX_Vector h = Q6_Vw_vmpyoacc_VwVwVh_s1_rnd_sat_shift(Q6_Vw_vmpye_VwVuh(x, r.mult), x, r.mult);
  const HVX_Vector rem = Q6_V_vand_VV(h, r.mask);
  const HVX_Vector thr = Q6_Vw_vsub_VwVw(r.half, Q6_Vw_vasr_VwR(h, 31));
  HVX_Vector v = Q6_Vw_vasr_VwVw(h, r.right);
  v = Q6_Vw_condacc_QVwVw(Q6_Q_vcmp_gt_VwVw(rem, thr), v, Q6_V_vsplat_R(1));
  v = Q6_Vw_vadd_VwVw(v, Q6_V_vsplat_R(o.zp));
  return Q6_Vw_vmin_VwVw(Q6_Vw_vmax_VwVw(v, Q6_V_vsplat_R(o.lo)), Q6_V_vsplat_R(o.hi));
}

// Four vectors of 32 int32 results (in [-128, 127] after the clamp) as 128 bytes, in order.
inline HVX_Vector pack_bytes(HVX_Vector r0, HVX_Vector r1, HVX_Vector r2, HVX_Vector r3) {
  return Q6_Vb_vpack_VhVh_sat(Q6_Vh_vpack_VwVw_sat(r3, r2), Q6_Vh_vpack_VwVw_sat(r1, r0));
}

// dst[0, end - dst) = the first end - dst (< 128) bytes of v, nothing else written: v rotated
// to dst's offset in its 128-byte block, then one or two predicated aligned stores. No call
// and no staging buffer (a call would make every live vector a spill: HVX registers are
// caller-saved).
__attribute__((always_inline)) inline void store_tail(int8_t* dst, HVX_Vector v, const int8_t* end) {
  const uint32_t count = static_cast<uint32_t>(end - dst);
  if (count == 0) return;
  const uint32_t off = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(dst) & 127u);
  HVX_Vector* const block = reinterpret_cast<HVX_Vector*>(reinterpret_cast<uintptr_t>(dst) & ~uintptr_t{127});
  const HVX_Vector rotated = Q6_V_vror_VR(v, static_cast<int32_t>((128u - off) & 127u));  // v[0] at off
  const uint32_t stop = off + count;  // <= 254
  const HVX_VectorPred first =
      Q6_Q_and_QQn(Q6_Q_vsetq2_R(static_cast<int32_t>(stop < 128u ? stop : 128u)), Q6_Q_vsetq_R(static_cast<int32_t>(off)));
  Q6_vmem_QRIV(first, block, rotated);
  if (stop > 128u) Q6_vmem_QRIV(Q6_Q_vsetq_R(static_cast<int32_t>(stop - 128u)), block + 1, rotated);
}

// The bytes src[0, end - src) (< 128 of them), zero after: the aligned block(s) holding them,
// aligned to src, the rest masked. Reads only the 128-byte blocks that hold src's bytes.
__attribute__((always_inline)) inline HVX_Vector load_tail(const int8_t* src, const int8_t* end) {
  const uint32_t count = static_cast<uint32_t>(end - src);
  if (count == 0) return Q6_V_vzero();
  const uint32_t off = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(src) & 127u);
  const HVX_Vector* const block =
      reinterpret_cast<const HVX_Vector*>(reinterpret_cast<uintptr_t>(src) & ~uintptr_t{127});
  const HVX_Vector lo = block[0];
  const HVX_Vector hi = off + count > 128u ? block[1] : lo;
  const HVX_Vector v = Q6_V_valign_VVR(hi, lo, static_cast<int32_t>(off));
  return Q6_V_vmux_QVV(Q6_Q_vsetq_R(static_cast<int32_t>(count)), v, Q6_V_vzero());
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX

#endif  // LPAI_KERNELS_HVX_HVX_COMMON_H
