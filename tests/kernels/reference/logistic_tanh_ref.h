// References for LOGISTIC and TANH.
//  - int8: float functions, used with TFLite's 1-LSB tolerance (the integer kernel approximates
//    them in fixed point).
//  - int16: TFLite's interpolated sigmoid look-up table, written here from its description in
//    64-bit arithmetic (floor divisions instead of shifts): input scaled to units of 1/(3*4096)
//    (times 2^k for a 2^k-scaled table position), table position |v| / 512 (sigmoid) or
//    |v| / 256 (tanh = 2 sigmoid(2x) - 1), linear interpolation between entries, Q0.15 result.
//    Only the table constants come from the firmware (lstm::kSigmoidTable).
#ifndef LPAI_TESTS_KERNELS_REFERENCE_LOGISTIC_TANH_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_LOGISTIC_TANH_REF_H

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "kernels/lstm_math.h"  // only for the table constants (kSigmoidTable)

namespace ref {

// Real-valued output in output LSBs: logistic (scale 1/256, zp -128), tanh (1/128, zp 0),
// clamped to the int8 range.
inline double logistic_lsb(int32_t q, float scale, int32_t zp) {
  const double x = double(scale) * (q - zp);
  return std::min(127.0, std::max(-128.0, 256.0 / (1.0 + std::exp(-x)) - 128.0));
}
inline double tanh_lsb(int32_t q, float scale, int32_t zp) {
  const double x = double(scale) * (q - zp);
  return std::min(127.0, std::max(-128.0, 128.0 * std::tanh(x)));
}

// floor(a / b) for b > 0.
inline int64_t floor_div64(int64_t a, int64_t b) {
  const int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

// TFLite's int16 input scaling for the LUT functions, from the input scale:
//  - scale exactly 2^-12 (LOGISTIC, TANH) or 2^-11 (TANH only): v = 3 * 2^(12 + log2 scale) * x;
//  - otherwise: m = scale * 3 * 4096 doubled k times (k <= 31) until it exceeds 16383.5,
//    truncated; v = floor((x * m + 2^(k-1)) / 2^k) (no rounding term for k == 0).
// Returns v for input x.
inline int64_t lut_input(int16_t x, float scale, bool tanh) {
  const double l2 = std::log2(static_cast<double>(scale));
  const double r = std::round(l2);
  const bool pot = std::fabs(l2 - r) < 1e-3;
  if (pot && (r == -12.0 || (tanh && r == -11.0))) {
    return int64_t{3} * (r == -11.0 ? 2 : 1) * x;
  }
  double m = static_cast<double>(scale) * 12288.0;
  int k = 0;
  while (m <= 16383.5 && k <= 30) {
    m *= 2.0;
    ++k;
  }
  const int64_t mi = static_cast<int64_t>(m);
  const int64_t round = k > 0 ? (int64_t{1} << (k - 1)) : 0;
  return floor_div64(int64_t{x} * mi + round, int64_t{1} << k);
}

// sigmoid(x * scale) in Q0.15 as TFLite's int16 LOGISTIC.
inline int16_t logistic_int16(int16_t x, float scale) {
  const uint16_t* t = lpai::kernels::lstm::kSigmoidTable;
  const int64_t v = lut_input(x, scale, false);
  const int64_t a = v < 0 ? -v : v;
  const int64_t i = a / 512, f = a % 512;
  // sigmoid(|x|) in units of 2^-25
  const int64_t num = i >= 255 ? (int64_t{32767} << 10) : t[i] * int64_t{512} + f * (t[i + 1] - t[i]);
  return static_cast<int16_t>(v >= 0 ? floor_div64(num + 512, 1024)
                                     : floor_div64((int64_t{1} << 25) - num + 511, 1024));
}

// tanh(x * scale) in Q0.15 as TFLite's int16 TANH.
inline int16_t tanh_int16(int16_t x, float scale) {
  const uint16_t* t = lpai::kernels::lstm::kSigmoidTable;
  const int64_t v = lut_input(x, scale, true);
  const int64_t a = v < 0 ? -v : v;
  const int64_t i = a / 256, f = a % 256;
  // sigmoid(2|x|) in units of 2^-24; tanh = 2 sigmoid - 1 = (num - 2^23) / 2^23
  const int64_t num = i >= 255 ? (int64_t{65535} << 8) : t[i] * int64_t{256} + f * (t[i + 1] - t[i]);
  return static_cast<int16_t>(v >= 0 ? floor_div64(num - (int64_t{1} << 23) + 128, 256)
                                     : floor_div64((int64_t{1} << 23) - num + 127, 256));
}

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_LOGISTIC_TANH_REF_H
