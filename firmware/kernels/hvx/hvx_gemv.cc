// HVX matrix-vector products over packed weights: see hvx_gemv.h.
#include "kernels/hvx/hvx_gemv.h"

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
#include "kernels/hvx/hvx_gemv_block.h"
#endif

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

namespace lpai {
namespace kernels {
namespace hvx {

void fc_gemv_packed_s8(const int8_t* x, uint32_t rows, const uint8_t* layout, uint32_t n,
                       uint32_t k_len, int32_t zp, int32_t lo, int32_t hi, uint8_t* temp,
                       int8_t* out) {
  const hvx_layout::GemmShape s = hvx_layout::gemm_shape(n, k_len);
  HVX_Vector* xs = reinterpret_cast<HVX_Vector*>(
      (reinterpret_cast<uintptr_t>(temp) + kVec - 1) & ~uintptr_t{kVec - 1});
  const uint8_t* w = layout + s.blocks * sizeof(RequantLanes);
  const OutputVectors o = output_vectors(zp, lo, hi);
  const HVX_Vector z = Q6_V_vzero();
  for (uint32_t i = 0; i < rows; ++i) {
    const int8_t* row = x + static_cast<size_t>(i) * k_len;
    const uint32_t* xw = reinterpret_cast<const uint32_t*>(row);
    if ((reinterpret_cast<uintptr_t>(row) & 3u) != 0) {  // word loads need 4-byte alignment
      stage_row(row, k_len, xs);
      xw = reinterpret_cast<const uint32_t*>(xs);
    }
    int8_t* dst = out + static_cast<size_t>(i) * n;
    // Narrow layouts (n of 8, 16 or 32: one block) have channel l in lane l too.
    for (uint32_t b = 0; b < s.blocks; ++b) {
      const HVX_Vector acc = gemv_block(w + b * s.groups * kVec, xw, s.groups);
      const HVX_Vector r =
          requant(acc, *reinterpret_cast<const RequantLanes*>(layout + b * sizeof(RequantLanes)), o);
      const uint32_t count = n - b * kLanes < kLanes ? n - b * kLanes : kLanes;
      store_tail(dst + b * kLanes, pack_bytes(r, z, z, z), dst + b * kLanes + count);
    }
  }
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX
