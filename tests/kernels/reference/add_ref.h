// Reference ADD / SUB (TFLite Micro general int8/int16 path) written from the TFLite semantics:
// parameters derived from the scales here, NumPy broadcasting by index arithmetic.
#ifndef LPAI_TESTS_KERNELS_REFERENCE_ADD_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_ADD_REF_H

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernels/reference/fixed_point_ref.h"

namespace ref {

struct QTensor {
  std::vector<int32_t> shape;
  float scale;
  int32_t zp;
};

// Multiplier of m < 1 as TFLite's QuantizeMultiplierSmallerThanOneExp.
inline void small_multiplier(double m, int32_t* q, int* s) { quantize_multiplier(m, q, s); }

inline std::vector<int32_t> broadcast_shape(const std::vector<int32_t>& a,
                                            const std::vector<int32_t>& b) {
  const size_t r = std::max(a.size(), b.size());
  std::vector<int32_t> out(r);
  for (size_t i = 0; i < r; ++i) {
    const int32_t da = i + a.size() >= r ? a[i + a.size() - r] : 1;
    const int32_t db = i + b.size() >= r ? b[i + b.size() - r] : 1;
    out[i] = std::max(da, db);
  }
  return out;
}

// Flat index into `shape` (right-aligned against out_shape) of output multi-index `idx`.
inline size_t broadcast_index(const std::vector<int32_t>& shape, const std::vector<int32_t>& out_shape,
                              const std::vector<int32_t>& idx) {
  size_t flat = 0;
  const size_t off = out_shape.size() - shape.size();
  for (size_t i = 0; i < shape.size(); ++i) {
    const int32_t d = shape[i];
    flat = flat * d + (d == 1 ? 0 : idx[i + off]);
  }
  return flat;
}

// Applies f(a, b) over the broadcast of a and b; returns outputs in memory order.
template <typename F>
std::vector<int32_t> broadcast_apply(const QTensor& ta, const std::vector<int32_t>& a,
                                     const QTensor& tb, const std::vector<int32_t>& b, F f) {
  const std::vector<int32_t> os = broadcast_shape(ta.shape, tb.shape);
  size_t n = 1;
  for (int32_t d : os) n *= d;
  std::vector<int32_t> out(n);
  std::vector<int32_t> idx(os.size(), 0);
  for (size_t k = 0; k < n; ++k) {
    out[k] = f(a[broadcast_index(ta.shape, os, idx)], b[broadcast_index(tb.shape, os, idx)]);
    for (size_t i = os.size(); i-- > 0;) {
      if (++idx[i] < os[i]) break;
      idx[i] = 0;
    }
  }
  return out;
}

// int16: is16 true. subtract: SUB (TFLite Micro computes SUB's scale ratios in float).
inline std::vector<int32_t> add_sub(const QTensor& ta, const std::vector<int32_t>& a,
                                    const QTensor& tb, const std::vector<int32_t>& b,
                                    const QTensor& to, int activation, bool is16, bool subtract) {
  const int left_shift = is16 ? 15 : 20;
  double r1, r2, ro;
  if (subtract) {
    const float tm = 2 * std::max(ta.scale, tb.scale);
    r1 = ta.scale / tm;
    r2 = tb.scale / tm;
    ro = tm / (static_cast<float>(1 << left_shift) * to.scale);
  } else {
    const double tm = 2.0 * std::max(ta.scale, tb.scale);
    r1 = ta.scale / tm;
    r2 = tb.scale / tm;
    ro = tm / ((1 << left_shift) * static_cast<double>(to.scale));
  }
  int32_t q1, q2, qo;
  int s1, s2, so;
  small_multiplier(r1, &q1, &s1);
  small_multiplier(r2, &q2, &s2);
  small_multiplier(ro, &qo, &so);
  const int32_t qmin = is16 ? -32768 : -128;
  const int32_t qmax = is16 ? 32767 : 127;
  int32_t lo, hi;
  activation_range(activation, to.scale, to.zp, qmin, qmax, &lo, &hi);
  return broadcast_apply(ta, a, tb, b, [&](int32_t x, int32_t y) {
    const int32_t sx = mbqm((x - ta.zp) * (1 << left_shift), q1, s1);
    const int32_t sy = mbqm((y - tb.zp) * (1 << left_shift), q2, s2);
    const int32_t raw = subtract ? sx - sy : sx + sy;
    return clamp(mbqm(raw, qo, so) + to.zp, lo, hi);
  });
}

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_ADD_REF_H
