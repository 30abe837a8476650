// Float references for LOGISTIC and TANH on int8 (used with TFLite's 1-LSB tolerance; the
// integer kernel approximates the functions in fixed point).
#ifndef LPAI_TESTS_KERNELS_REFERENCE_LOGISTIC_TANH_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_LOGISTIC_TANH_REF_H

#include <cmath>
#include <cstdint>

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

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_LOGISTIC_TANH_REF_H
