// Straightforward restatement of TFLite's quantisation arithmetic for the kernel tests, written
// independently of firmware/kernels (64-bit sign-magnitude arithmetic, no shared code).
#ifndef LPAI_TESTS_KERNELS_REFERENCE_FIXED_POINT_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_FIXED_POINT_REF_H

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace ref {

// TFLite QuantizeMultiplier: m = q * 2^shift, q in [2^30, 2^31).
inline void quantize_multiplier(double m, int32_t* q, int* shift) {
  if (m == 0.0) { *q = 0; *shift = 0; return; }
  int e = 0;
  const double frac = std::frexp(m, &e);
  int64_t qq = std::llround(frac * 2147483648.0);
  if (qq == 2147483648LL) { qq /= 2; ++e; }
  if (e < -31) { e = 0; qq = 0; }
  *q = static_cast<int32_t>(qq);
  *shift = e;
}

// round(a * b / 2^31) with halves rounded towards +infinity (TFLite's nudge-and-truncate),
// saturating the one overflow case.
inline int32_t srdhm(int32_t a, int32_t b) {
  if (a == INT32_MIN && b == INT32_MIN) return INT32_MAX;
  const int64_t p = static_cast<int64_t>(a) * b;
  return static_cast<int32_t>((p + (int64_t{1} << 30)) >> 31);
}

// round(x / 2^e), halves away from zero.
inline int32_t rdbp(int32_t x, int e) {
  if (e == 0) return x;
  const int64_t mag = x < 0 ? -static_cast<int64_t>(x) : x;
  const int64_t r = (mag + (int64_t{1} << (e - 1))) >> e;
  return static_cast<int32_t>(x < 0 ? -r : r);
}

// TFLite MultiplyByQuantizedMultiplier (double rounding).
inline int32_t mbqm(int32_t x, int32_t q, int shift) {
  const int left = shift > 0 ? shift : 0;
  const int right = shift > 0 ? 0 : -shift;
  return rdbp(srdhm(static_cast<int32_t>(static_cast<int64_t>(x) * (int64_t{1} << left)), q), right);
}

inline int32_t clamp(int32_t v, int32_t lo, int32_t hi) { return v < lo ? lo : (v > hi ? hi : v); }

// TFLite CalculateActivationRangeQuantized (activation NONE=0 RELU=1 RELU_N1_TO_1=2 RELU6=3).
inline void activation_range(int act, float scale, int32_t zp, int32_t qmin, int32_t qmax,
                             int32_t* lo, int32_t* hi) {
  auto q = [&](float f) { return zp + static_cast<int32_t>(std::round(f / scale)); };
  *lo = qmin;
  *hi = qmax;
  if (act == 1 || act == 3) *lo = std::max(qmin, q(0.0f));
  if (act == 3) *hi = std::min(qmax, q(6.0f));
  if (act == 2) { *lo = std::max(qmin, q(-1.0f)); *hi = std::min(qmax, q(1.0f)); }
}

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_FIXED_POINT_REF_H
