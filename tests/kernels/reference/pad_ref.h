// Reference constant PAD: every output index maps back to the input or takes the pad value.
#ifndef LPAI_TESTS_KERNELS_REFERENCE_PAD_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_PAD_REF_H

#include <cstdint>
#include <vector>

namespace ref {

inline std::vector<int32_t> pad(const std::vector<int32_t>& x, const std::vector<int32_t>& shape,
                                const std::vector<std::pair<int32_t, int32_t>>& pads,
                                int32_t value) {
  std::vector<int32_t> os;
  size_t n = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    os.push_back(shape[i] + pads[i].first + pads[i].second);
    n *= os.back();
  }
  std::vector<int32_t> y(n);
  std::vector<int32_t> idx(os.size(), 0);
  for (size_t k = 0; k < n; ++k) {
    bool inside = true;
    size_t flat = 0;
    for (size_t i = 0; i < os.size(); ++i) {
      const int32_t j = idx[i] - pads[i].first;
      if (j < 0 || j >= shape[i]) inside = false;
      flat = flat * shape[i] + (inside ? j : 0);
    }
    y[k] = inside ? x[flat] : value;
    for (size_t i = os.size(); i-- > 0;) {
      if (++idx[i] < os[i]) break;
      idx[i] = 0;
    }
  }
  return y;
}

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_PAD_REF_H
