// Reference CONCATENATION by multi-index: output element -> (input, index within it).
#ifndef LPAI_TESTS_KERNELS_REFERENCE_CONCATENATION_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_CONCATENATION_REF_H

#include <cstdint>
#include <vector>

namespace ref {

inline std::vector<int32_t> concatenation(const std::vector<std::vector<int32_t>>& shapes,
                                          const std::vector<std::vector<int32_t>>& values,
                                          int axis) {
  std::vector<int32_t> os = shapes[0];
  os[axis] = 0;
  for (const auto& s : shapes) os[axis] += s[axis];
  size_t n = 1;
  for (int32_t d : os) n *= d;
  std::vector<int32_t> y(n);
  std::vector<int32_t> idx(os.size(), 0);
  for (size_t k = 0; k < n; ++k) {
    int32_t a = idx[axis];
    size_t which = 0;
    while (a >= shapes[which][axis]) a -= shapes[which++][axis];
    size_t flat = 0;
    for (size_t i = 0; i < os.size(); ++i) flat = flat * shapes[which][i] + (int(i) == axis ? a : idx[i]);
    y[k] = values[which][flat];
    for (size_t i = os.size(); i-- > 0;) {
      if (++idx[i] < os[i]) break;
      idx[i] = 0;
    }
  }
  return y;
}

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_CONCATENATION_REF_H
