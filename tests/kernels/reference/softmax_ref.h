// Float reference for SOFTMAX (int8 input): the exact mathematical result quantised to the
// output type, used with TFLite's tolerance (the integer kernel approximates exp and 1/x).
#ifndef LPAI_TESTS_KERNELS_REFERENCE_SOFTMAX_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_SOFTMAX_REF_H

#include <cmath>
#include <cstdint>
#include <vector>

namespace ref {

// Rows of `depth` elements; output zero point -128 (int8) or -32768 (int16), scale 1/256 or
// 1/65536.
inline std::vector<double> softmax_float(const std::vector<int32_t>& x, size_t depth,
                                         float in_scale, float beta, bool out16) {
  std::vector<double> out(x.size());
  for (size_t r = 0; r < x.size() / depth; ++r) {
    int32_t m = -128;
    for (size_t c = 0; c < depth; ++c) m = std::max(m, x[r * depth + c]);
    double sum = 0;
    for (size_t c = 0; c < depth; ++c) sum += std::exp(double(beta) * in_scale * (x[r * depth + c] - m));
    for (size_t c = 0; c < depth; ++c) {
      const double p = std::exp(double(beta) * in_scale * (x[r * depth + c] - m)) / sum;
      out[r * depth + c] = out16 ? p * 65536.0 - 32768.0 : p * 256.0 - 128.0;
    }
  }
  return out;
}

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_SOFTMAX_REF_H
