// The HVX requantisation shared by the GEMM and depthwise kernels (HVX builds only): 32 int32
// accumulators through gemm::requantize with the lanes of a layout (hvx_layout.h), read from
// the layout in memory at each use rather than kept in registers, so the kernels' loops do not
// spill six vectors per block to the stack.
#ifndef LPAI_KERNELS_HVX_HVX_REQUANT_H
#define LPAI_KERNELS_HVX_HVX_REQUANT_H

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include <hexagon_protos.h>
#include <hexagon_types.h>

#include "kernels/hvx/hvx_layout.h"

namespace lpai {
namespace kernels {
namespace hvx {

// The output's zero point and clamp range, splatted.
struct OutputVectors {
  HVX_Vector zp, lo, hi;
};

inline OutputVectors output_vectors(int32_t zp, int32_t lo, int32_t hi) {
  return OutputVectors{Q6_V_vsplat_R(zp), Q6_V_vsplat_R(lo), Q6_V_vsplat_R(hi)};
}

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
  v = Q6_Vw_vadd_VwVw(v, o.zp);
  return Q6_Vw_vmin_VwVw(Q6_Vw_vmax_VwVw(v, o.lo), o.hi);
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX

#endif  // LPAI_KERNELS_HVX_HVX_REQUANT_H
