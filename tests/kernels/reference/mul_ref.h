// Reference MUL (TFLite Micro int8 / int16) using the broadcast helpers of add_ref.h.
#ifndef LPAI_TESTS_KERNELS_REFERENCE_MUL_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_MUL_REF_H

#include "kernels/reference/add_ref.h"

namespace ref {

inline std::vector<int32_t> mul(const QTensor& ta, const std::vector<int32_t>& a,
                                const QTensor& tb, const std::vector<int32_t>& b,
                                const QTensor& to, int activation, bool is16) {
  int32_t q;
  int s;
  quantize_multiplier(double(ta.scale) * double(tb.scale) / double(to.scale), &q, &s);
  int32_t lo, hi;
  activation_range(activation, to.scale, to.zp, is16 ? -32768 : -128, is16 ? 32767 : 127, &lo, &hi);
  return broadcast_apply(ta, a, tb, b, [&](int32_t x, int32_t y) {
    return clamp(to.zp + mbqm((x - ta.zp) * (y - tb.zp), q, s), lo, hi);
  });
}

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_MUL_REF_H
