// References for the one-input activations and requantisation (RELU, RELU6, LEAKY_RELU,
// QUANTIZE), written from TFLite Micro's semantics with the arithmetic of fixed_point_ref.h.
#ifndef LPAI_TESTS_KERNELS_REFERENCE_UNARY_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_UNARY_REF_H

#include <cmath>
#include <cstdint>
#include <vector>

#include "kernels/reference/fixed_point_ref.h"

namespace ref {

inline int32_t qmin_of(bool is16) { return is16 ? -32768 : -128; }
inline int32_t qmax_of(bool is16) { return is16 ? 32767 : 127; }

// RELU: requantise then clamp below at the output zero point.
inline std::vector<int32_t> relu(const std::vector<int32_t>& x, float si, int32_t zi, float so,
                                 int32_t zo, bool is16) {
  int32_t q;
  int s;
  quantize_multiplier(double(si) / double(so), &q, &s);
  std::vector<int32_t> y;
  for (int32_t v : x) {
    y.push_back(clamp(zo + mbqm(v - zi, q, s), std::max(qmin_of(is16), zo), qmax_of(is16)));
  }
  return y;
}

// RELU6 (TFLite Micro): clamp in the input's quantisation to [zi, zi + round(6 / si)].
inline std::vector<int32_t> relu6(const std::vector<int32_t>& x, float si, int32_t zi, bool is16) {
  const int32_t six = clamp(zi + static_cast<int32_t>(std::lround(6.0 / si)), qmin_of(is16), qmax_of(is16));
  std::vector<int32_t> y;
  for (int32_t v : x) y.push_back(clamp(v, zi, six));
  return y;
}

// LEAKY_RELU: separate multipliers for the non-negative and negative sides.
inline std::vector<int32_t> leaky_relu(const std::vector<int32_t>& x, float si, int32_t zi,
                                       float so, int32_t zo, float alpha, bool is16) {
  int32_t qa, qi;
  int sa, sid;
  quantize_multiplier(static_cast<double>(si * alpha / so), &qa, &sa);
  quantize_multiplier(static_cast<double>(si / so), &qi, &sid);
  std::vector<int32_t> y;
  for (int32_t v : x) {
    const int32_t d = v - zi;
    y.push_back(clamp(zo + (d >= 0 ? mbqm(d, qi, sid) : mbqm(d, qa, sa)), qmin_of(is16), qmax_of(is16)));
  }
  return y;
}

// QUANTIZE (integer -> integer): Requantize.
inline std::vector<int32_t> requantize(const std::vector<int32_t>& x, float si, int32_t zi,
                                       float so, int32_t zo, bool out16) {
  int32_t q;
  int s;
  quantize_multiplier(double(si) / double(so), &q, &s);
  std::vector<int32_t> y;
  for (int32_t v : x) y.push_back(clamp(mbqm(v - zi, q, s) + zo, qmin_of(out16), qmax_of(out16)));
  return y;
}

// QUANTIZE with the output range given explicitly (e.g. int32: [INT32_MIN, INT32_MAX]).
inline std::vector<int32_t> requantize_range(const std::vector<int32_t>& x, float si, int32_t zi,
                                             float so, int32_t zo, int32_t lo, int32_t hi) {
  int32_t q;
  int s;
  quantize_multiplier(double(si) / double(so), &q, &s);
  std::vector<int32_t> y;
  for (int32_t v : x) y.push_back(clamp(mbqm(v - zi, q, s) + zo, lo, hi));
  return y;
}

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_UNARY_REF_H
