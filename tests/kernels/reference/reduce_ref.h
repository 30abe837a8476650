// Plain restatement of TFLite Micro's MEAN / SUM / REDUCE_MAX / REDUCE_MIN for int8/int16
// (reference_ops::Mean, QuantizedMeanOrSum, ReduceGeneric): N-d index walk, no flattening.
#ifndef LPAI_TESTS_KERNELS_REFERENCE_REDUCE_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_REDUCE_REF_H

#include <cstdint>
#include <vector>

#include "kernels/reference/fixed_point_ref.h"

namespace ref {

// Resolved, de-duplicated axes (negative counted from the end).
inline std::vector<bool> reduced_axes(const std::vector<int32_t>& shape, const std::vector<int32_t>& axes) {
  std::vector<bool> red(shape.size(), false);
  for (int32_t a : axes) red[a < 0 ? a + static_cast<int32_t>(shape.size()) : a] = true;
  return red;
}

// Sums (int64, then wrapped to int32 like TFLite's int32 accumulator) per output element in
// row-major order of the kept dims; *count = elements per output.
inline std::vector<int32_t> reduce_sums(const std::vector<int32_t>& x, const std::vector<int32_t>& shape,
                                        const std::vector<int32_t>& axes, int64_t* count) {
  const std::vector<bool> red = reduced_axes(shape, axes);
  int64_t outs = 1;
  *count = 1;
  for (size_t d = 0; d < shape.size(); ++d) (red[d] ? *count : outs) *= shape[d];
  std::vector<int64_t> acc(static_cast<size_t>(outs), 0);
  std::vector<int32_t> idx(shape.size(), 0);
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t o = 0;
    for (size_t d = 0; d < shape.size(); ++d) {
      if (!red[d]) o = o * shape[d] + idx[d];
    }
    acc[static_cast<size_t>(o)] += x[i];
    for (size_t d = shape.size(); d-- > 0;) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
  std::vector<int32_t> r(acc.size());
  for (size_t i = 0; i < acc.size(); ++i) r[i] = static_cast<int32_t>(static_cast<uint32_t>(acc[i]));
  return r;
}

// MEAN (mean=true) or SUM, int8 (qmin -128) or int16.
inline std::vector<int32_t> mean_or_sum(const std::vector<int32_t>& x, const std::vector<int32_t>& shape,
                                        const std::vector<int32_t>& axes, bool mean, float si, int32_t zi,
                                        float so, int32_t zo, int32_t qmin, int32_t qmax) {
  int64_t n = 0;
  const std::vector<int32_t> sums = reduce_sums(x, shape, axes, &n);
  std::vector<int32_t> out(sums.size(), 0);
  if (n == 0) return out;
  // TFLite Micro's QuantizedMeanOrSum, also for equal input and output quantisation.
  int32_t q;
  int shift;
  quantize_multiplier(static_cast<double>(si) / static_cast<double>(so), &q, &shift);
  if (mean) {
    int s = 0;
    while ((int64_t{1} << (s + 1)) <= n) ++s;
    s = std::min(s, 32);
    s = std::min(s, 31 + shift);
    q = static_cast<int32_t>((static_cast<int64_t>(q) << s) / n);
    shift -= s;
  }
  for (size_t i = 0; i < sums.size(); ++i) {
    const int32_t shifted = static_cast<int32_t>(static_cast<uint32_t>(
        static_cast<int64_t>(sums[i]) - static_cast<int64_t>(zi) * n));
    out[i] = clamp(mbqm(shifted, q, shift) + zo, qmin, qmax);
  }
  return out;
}

// REDUCE_MAX (is_max) / REDUCE_MIN on int8.
inline std::vector<int32_t> reduce_extreme(const std::vector<int32_t>& x, const std::vector<int32_t>& shape,
                                           const std::vector<int32_t>& axes, bool is_max) {
  const std::vector<bool> red = reduced_axes(shape, axes);
  int64_t outs = 1;
  for (size_t d = 0; d < shape.size(); ++d) if (!red[d]) outs *= shape[d];
  std::vector<int32_t> out(static_cast<size_t>(outs), is_max ? -128 : 127);
  std::vector<int32_t> idx(shape.size(), 0);
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t o = 0;
    for (size_t d = 0; d < shape.size(); ++d) if (!red[d]) o = o * shape[d] + idx[d];
    int32_t& y = out[static_cast<size_t>(o)];
    y = is_max ? std::max(y, x[i]) : std::min(y, x[i]);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
  return out;
}

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_REDUCE_REF_H
