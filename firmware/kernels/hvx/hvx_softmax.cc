// HVX SOFTMAX loops. See hvx_softmax.h.
#include "kernels/hvx/hvx_softmax.h"

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include <hexagon_protos.h>
#include <hexagon_types.h>

#include "kernels/hvx/hvx_common.h"

namespace lpai {
namespace kernels {
namespace hvx {

static_assert(lut256_layout(0) == 0 && lut256_layout(32) == 64 && lut256_layout(64) == 1 &&
                  lut256_layout(96) == 65 && lut256_layout(128) == 128 && lut256_layout(255) == 255,
              "vlut32 table layout");

int32_t max_s8(const int8_t* x, uint32_t n) {
  constexpr uint32_t kVec = 128;
  const HVX_Vector lowest = Q6_Vb_vsplat_R(-128);
  HVX_Vector m = lowest;
  uint32_t i = 0;
  for (; i + kVec <= n; i += kVec) m = Q6_Vb_vmax_VbVb(m, *reinterpret_cast<const HVX_UVector*>(x + i));
  if (i < n) {
    // The tail, -128 past it (it cannot raise the maximum).
    const HVX_Vector t = load_tail(x + i, x + n);
    m = Q6_Vb_vmax_VbVb(m, Q6_V_vmux_QVV(Q6_Q_vsetq_R(static_cast<int32_t>(n - i)), t, lowest));
  }
  for (int32_t s = 64; s >= 1; s >>= 1) m = Q6_Vb_vmax_VbVb(m, Q6_V_vror_VR(m, s));
  return static_cast<int8_t>(Q6_R_vextract_VR(m, 0) & 0xFF);
}

void lut256_map_s8(const int8_t* x, int8_t* y, uint32_t n, int32_t base, const int8_t* laid_out) {
  constexpr uint32_t kVec = 128;
  const HVX_Vector lo = *reinterpret_cast<const HVX_Vector*>(laid_out);         // entries 0..127
  const HVX_Vector hi = *reinterpret_cast<const HVX_Vector*>(laid_out + kVec);  // 128..255
  const HVX_Vector b = Q6_Vb_vsplat_R(base);
  for (uint32_t i = 0; i < n; i += kVec) {
    const bool full = i + kVec <= n;
    const HVX_Vector v = full ? *reinterpret_cast<const HVX_UVector*>(x + i) : load_tail(x + i, x + n);
    const HVX_Vector idx = Q6_Vb_vsub_VbVb(b, v);  // base - x, as unsigned bytes
    HVX_Vector r = Q6_Vb_vlut32_VbVbR(idx, lo, 0);
    r = Q6_Vb_vlut32or_VbVbVbR(r, idx, lo, 1);
    r = Q6_Vb_vlut32or_VbVbVbR(r, idx, lo, 2);
    r = Q6_Vb_vlut32or_VbVbVbR(r, idx, lo, 3);
    r = Q6_Vb_vlut32or_VbVbVbR(r, idx, hi, 4);
    r = Q6_Vb_vlut32or_VbVbVbR(r, idx, hi, 5);
    r = Q6_Vb_vlut32or_VbVbVbR(r, idx, hi, 6);
    r = Q6_Vb_vlut32or_VbVbVbR(r, idx, hi, 7);
    if (full) {
      *reinterpret_cast<HVX_UVector*>(y + i) = r;
    } else {
      store_tail(y + i, r, y + n);
    }
  }
}

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX
