// Reference STRIDED_SLICE, written from the TensorFlow / NumPy slicing semantics: along each
// axis the selected input indices are those of Python's slice(begin, end, stride) on a
// sequence of that axis' length (None for a masked begin/end), or the single index begin
// (negative counts from the end) for a shrunk axis; the output is every combination of them in
// row-major order. Shrunk axes are dropped from the output shape. One TFLite rule differs from
// TensorFlow's and is followed here: a shrunk axis whose begin_mask bit is set reads index 0.
#ifndef LPAI_TESTS_KERNELS_REFERENCE_STRIDED_SLICE_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_STRIDED_SLICE_REF_H

#include <cstdint>
#include <vector>

namespace ref {

struct SliceSpec {
  std::vector<int32_t> begin, end, strides;
  int begin_mask = 0, end_mask = 0, shrink_axis_mask = 0;
};

// Indices of Python's list(range(n))[begin:end:stride] (begin/end absent when `has_*` false).
inline std::vector<int64_t> python_slice(int64_t n, bool has_begin, int64_t begin, bool has_end,
                                         int64_t end, int64_t stride) {
  // Python's slice.indices(): the same normalisation for both bounds.
  auto norm = [n, stride](int64_t v) {
    if (v < 0) {
      v += n;
      if (v < 0) v = stride < 0 ? -1 : 0;
    } else if (v >= n) {
      v = stride < 0 ? n - 1 : n;
    }
    return v;
  };
  const int64_t b = has_begin ? norm(begin) : (stride > 0 ? 0 : n - 1);
  const int64_t e = has_end ? norm(end) : (stride > 0 ? n : -1);
  std::vector<int64_t> idx;
  for (int64_t i = b; stride > 0 ? i < e : i > e; i += stride) idx.push_back(i);
  return idx;
}

// Returns the output values and fills *out_shape; `in` is row-major with shape `shape`.
template <typename T>
std::vector<T> strided_slice(const std::vector<T>& in, const std::vector<int32_t>& shape,
                             const SliceSpec& s, std::vector<int32_t>* out_shape) {
  const size_t rank = shape.size();
  std::vector<std::vector<int64_t>> sel(rank);
  out_shape->clear();
  for (size_t a = 0; a < rank; ++a) {
    if ((s.shrink_axis_mask >> a) & 1) {
      int64_t i = ((s.begin_mask >> a) & 1) ? 0 : s.begin[a];
      if (i < 0) i += shape[a];
      sel[a] = {i};
      continue;
    }
    sel[a] = python_slice(shape[a], !((s.begin_mask >> a) & 1), s.begin[a],
                          !((s.end_mask >> a) & 1), s.end[a], s.strides[a]);
    out_shape->push_back(static_cast<int32_t>(sel[a].size()));
  }
  std::vector<T> out;
  std::vector<size_t> pos(rank, 0);
  for (size_t a = 0; a < rank; ++a) {
    if (sel[a].empty()) return out;
  }
  while (true) {
    int64_t flat = 0;
    for (size_t a = 0; a < rank; ++a) flat = flat * shape[a] + sel[a][pos[a]];
    out.push_back(in[static_cast<size_t>(flat)]);
    size_t a = rank;
    while (a > 0) {
      --a;
      if (++pos[a] < sel[a].size()) break;
      pos[a] = 0;
      if (a == 0) return out;
    }
    if (rank == 0) return out;
  }
}

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_STRIDED_SLICE_REF_H
