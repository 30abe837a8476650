// References for the second element-wise set (ABS, ADD_N, DIV, the comparisons, MAXIMUM /
// MINIMUM, PRELU, SELECT_V2, SQUARED_DIFFERENCE, and float models of ELU, HARD_SWISH, RSQRT,
// L2_NORMALIZATION, LOG_SOFTMAX), written from TFLite Micro's semantics with the arithmetic of
// fixed_point_ref.h and plain N-d index math (no firmware code).
#ifndef LPAI_TESTS_KERNELS_REFERENCE_EW_EXT_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_EW_EXT_REF_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

#include "kernels/reference/fixed_point_ref.h"

namespace ref {

// NumPy broadcast of shapes a and b (right-aligned); empty when they do not broadcast.
inline std::vector<int32_t> broadcast_shape(const std::vector<int32_t>& a,
                                            const std::vector<int32_t>& b) {
  const size_t r = std::max(a.size(), b.size());
  std::vector<int32_t> out(r);
  for (size_t i = 0; i < r; ++i) {
    const int32_t da = i + a.size() >= r ? a[i + a.size() - r] : 1;
    const int32_t db = i + b.size() >= r ? b[i + b.size() - r] : 1;
    if (da != db && da != 1 && db != 1) return {};
    out[i] = std::max(da, db);
  }
  return out;
}

// Flat index into a tensor of shape `s` for the output coordinate `coord` (of the broadcast
// rank), repeating size-1 dims.
inline size_t broadcast_index(const std::vector<int32_t>& s, const std::vector<int32_t>& coord) {
  size_t idx = 0;
  const size_t off = coord.size() - s.size();
  for (size_t i = 0; i < s.size(); ++i) {
    idx = idx * static_cast<size_t>(s[i]) + static_cast<size_t>(s[i] == 1 ? 0 : coord[off + i]);
  }
  return idx;
}

// Calls f(out_index, coord) for every element of `shape` in memory order.
inline void for_each_coord(const std::vector<int32_t>& shape,
                           const std::function<void(size_t, const std::vector<int32_t>&)>& f) {
  size_t n = 1;
  for (int32_t d : shape) n *= static_cast<size_t>(d);
  std::vector<int32_t> c(shape.size(), 0);
  for (size_t i = 0; i < n; ++i) {
    f(i, c);
    for (size_t k = shape.size(); k-- > 0;) {
      if (++c[k] < shape[k]) break;
      c[k] = 0;
    }
  }
}

// out[i] = f(a[ia], b[ib]) over the broadcast of shapes sa and sb.
inline std::vector<int32_t> binary(const std::vector<int32_t>& sa, const std::vector<int32_t>& a,
                                   const std::vector<int32_t>& sb, const std::vector<int32_t>& b,
                                   const std::function<int32_t(int32_t, int32_t)>& f) {
  const std::vector<int32_t> so = broadcast_shape(sa, sb);
  std::vector<int32_t> out;
  for_each_coord(so, [&](size_t, const std::vector<int32_t>& c) {
    out.push_back(f(a[broadcast_index(sa, c)], b[broadcast_index(sb, c)]));
  });
  return out;
}

// TFLite QuantizeMultiplierSmallerThanOneExp.
inline void quantize_small(double m, int32_t* q, int* shift) { quantize_multiplier(m, q, shift); }

// TFLite ComparisonWithScaling's rescaled operand.
inline int32_t comparison_scaled(int32_t x, float scale, int32_t zp) {
  int32_t q;
  int s;
  quantize_small(static_cast<double>(scale), &q, &s);
  return mbqm((x - zp) * 256, q, s);
}

// ABS (quantised): |x - zi| rescaled when the scales differ.
inline int32_t abs_q(int32_t x, float si, int32_t zi, float so, int32_t zo, int32_t lo,
                     int32_t hi) {
  const int32_t v = std::abs(x - zi);
  if (si == so) return clamp(v + zo, lo, hi);
  int32_t q;
  int s;
  quantize_multiplier(double(si) / double(so), &q, &s);
  return clamp(mbqm(v, q, s) + zo, lo, hi);
}

// SQUARED_DIFFERENCE (quantised).
inline std::vector<int32_t> squared_difference(const std::vector<int32_t>& sa,
                                               const std::vector<int32_t>& a, float s1, int32_t z1,
                                               const std::vector<int32_t>& sb,
                                               const std::vector<int32_t>& b, float s2, int32_t z2,
                                               float so, int32_t zo, bool is16) {
  const int ls = is16 ? 0 : 7;
  const double twice_max = 2.0 * static_cast<double>(std::max(s1, s2));
  int32_t q1, q2, qo;
  int e1, e2, eo;
  quantize_small(double(s1) / twice_max, &q1, &e1);
  quantize_small(double(s2) / twice_max, &q2, &e2);
  quantize_multiplier(twice_max * twice_max / double(float(1 << (2 * ls)) * so), &qo, &eo);
  const int32_t lo = is16 ? -32768 : -128, hi = is16 ? 32767 : 127;
  return binary(sa, a, sb, b, [&](int32_t x, int32_t y) {
    const int32_t d = mbqm((x - z1) * (1 << ls), q1, e1) - mbqm((y - z2) * (1 << ls), q2, e2);
    return clamp(mbqm(d * d, qo, eo) + zo, lo, hi);
  });
}

// PRELU (quantised).
inline std::vector<int32_t> prelu(const std::vector<int32_t>& sx, const std::vector<int32_t>& x,
                                  float si, int32_t zi, const std::vector<int32_t>& sa,
                                  const std::vector<int32_t>& alpha, float sal, int32_t zal,
                                  float so, int32_t zo, bool is16) {
  int32_t q1, q2;
  int e1, e2;
  quantize_multiplier(double(si) / double(so), &q1, &e1);
  quantize_multiplier(double(si) * double(sal) / double(so), &q2, &e2);
  const int32_t lo = is16 ? -32768 : -128, hi = is16 ? 32767 : 127;
  return binary(sx, x, sa, alpha, [&](int32_t v, int32_t a) {
    const int32_t d = v - zi;
    const int32_t o = d >= 0 ? mbqm(d, q1, e1) : mbqm(d * (a - zal), q2, e2);
    return clamp(o + zo, lo, hi);
  });
}

// ADD_N (int8): TFLite Micro's sum, which starts from the term of the byte value 0.
inline std::vector<int32_t> add_n(const std::vector<std::vector<int32_t>>& xs, float si,
                                  int32_t zi, float so, int32_t zo) {
  int32_t qi, qo;
  int ei, eo;
  const double twice = 2 * double(si);
  quantize_small(double(si) / twice, &qi, &ei);
  quantize_small(twice / ((1 << 20) * double(so)), &qo, &eo);
  auto term = [&](int32_t x) { return mbqm((x - zi) * (1 << 20), qi, ei); };
  std::vector<int32_t> out;
  for (size_t i = 0; i < xs[0].size(); ++i) {
    int64_t acc = term(0);
    for (const auto& x : xs) acc += term(x[i]);
    out.push_back(clamp(mbqm(static_cast<int32_t>(acc), qo, eo) + zo, -128, 127));
  }
  return out;
}

// The real value of a quantised number.
inline double real(int32_t q, float scale, int32_t zp) { return double(scale) * (q - zp); }

// Quantises a real value onto (scale, zp), clamped to [lo, hi].
inline int32_t quant(double v, float scale, int32_t zp, int32_t lo, int32_t hi) {
  const double q = std::round(v / double(scale)) + zp;
  return static_cast<int32_t>(std::max<double>(lo, std::min<double>(hi, q)));
}

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_EW_EXT_REF_H
