// Plain restatements of TFLite Micro's ARG_MAX / ARG_MIN (first extreme index) and int8 CUMSUM
// (ADD-style requantisation with left shift 20, accumulator starting at scaled(-zp_in)).
#ifndef LPAI_TESTS_KERNELS_REFERENCE_ARG_CUMSUM_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_ARG_CUMSUM_REF_H

#include <cstdint>
#include <vector>

#include "kernels/reference/fixed_point_ref.h"

namespace ref {

inline std::vector<int32_t> arg_min_max(const std::vector<int32_t>& x, const std::vector<int32_t>& shape,
                                        int axis, bool is_max) {
  if (axis < 0) axis += static_cast<int>(shape.size());
  int64_t outer = 1, inner = 1;
  for (int d = 0; d < axis; ++d) outer *= shape[d];
  for (size_t d = axis + 1; d < shape.size(); ++d) inner *= shape[d];
  const int64_t n = shape[axis];
  std::vector<int32_t> out;
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t j = 0; j < inner; ++j) {
      int32_t best = x[(o * n) * inner + j], bi = 0;
      for (int64_t i = 1; i < n; ++i) {
        const int32_t v = x[(o * n + i) * inner + j];
        if (is_max ? v > best : v < best) { best = v; bi = static_cast<int32_t>(i); }
      }
      out.push_back(bi);
    }
  }
  return out;
}

// QuantizeMultiplierSmallerThanOneExp.
inline void quantize_small(double m, int32_t* q, int* shift) { quantize_multiplier(m, q, shift); }

inline std::vector<int32_t> cumsum_int8(const std::vector<int32_t>& x, const std::vector<int32_t>& shape,
                                        int axis, bool exclusive, bool reverse, float si, int32_t zi,
                                        float so, int32_t zo) {
  if (axis < 0) axis += static_cast<int>(shape.size());
  int32_t qi, qo;
  int shi, sho;
  const double twice = 2 * static_cast<double>(si);
  quantize_small(static_cast<double>(si) / twice, &qi, &shi);
  quantize_small(twice / ((1 << 20) * static_cast<double>(so)), &qo, &sho);
  int64_t outer = 1, inner = 1;
  for (int d = 0; d < axis; ++d) outer *= shape[d];
  for (size_t d = axis + 1; d < shape.size(); ++d) inner *= shape[d];
  const int64_t n = shape[axis];
  std::vector<int32_t> out(x.size());
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t j = 0; j < inner; ++j) {
      int64_t acc = mbqm(-zi * (1 << 20), qi, shi);
      for (int64_t t = 0; t < n; ++t) {
        const int64_t i = reverse ? n - 1 - t : t;
        const int64_t at = (o * n + i) * inner + j;
        const int32_t s = mbqm((x[at] - zi) * (1 << 20), qi, shi);
        int64_t y;
        if (exclusive) { y = acc; acc += s; } else { acc += s; y = acc; }
        acc = static_cast<int32_t>(static_cast<uint32_t>(acc));
        y = static_cast<int32_t>(static_cast<uint32_t>(y));
        out[at] = clamp(mbqm(static_cast<int32_t>(y), qo, sho) + zo, -128, 127);
      }
    }
  }
  return out;
}

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_ARG_CUMSUM_REF_H
