// Reference data-movement ops, written from the TFLite operator definitions with plain
// multi-index loops (every output element computes its source index from scratch), on int32
// value vectors in row-major order. Independent of the firmware kernels.
#ifndef LPAI_TESTS_KERNELS_REFERENCE_MOVEMENT_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_MOVEMENT_REF_H

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ref {

using Shape = std::vector<int32_t>;
using Values = std::vector<int32_t>;

inline int64_t count(const Shape& s) {
  int64_t n = 1;
  for (int32_t d : s) n *= d;
  return n;
}

// Multi-index of flat index k in shape s.
inline std::vector<int64_t> unflatten(int64_t k, const Shape& s) {
  std::vector<int64_t> idx(s.size());
  for (size_t i = s.size(); i-- > 0;) {
    idx[i] = k % s[i];
    k /= s[i];
  }
  return idx;
}

inline int64_t flatten(const std::vector<int64_t>& idx, const Shape& s) {
  int64_t k = 0;
  for (size_t i = 0; i < s.size(); ++i) k = k * s[i] + idx[i];
  return k;
}

inline int64_t norm_axis(int64_t a, size_t rank) { return a < 0 ? a + static_cast<int64_t>(rank) : a; }

// out[i] = in[i permuted]: output dim k is input dim perm[k].
inline Values transpose(const Values& x, const Shape& s, const std::vector<int>& perm) {
  Shape os;
  for (int p : perm) os.push_back(s[norm_axis(p, s.size())]);
  Values y(count(os));
  for (int64_t k = 0; k < count(os); ++k) {
    const auto o = unflatten(k, os);
    std::vector<int64_t> i(s.size());
    for (size_t d = 0; d < perm.size(); ++d) i[norm_axis(perm[d], s.size())] = o[d];
    y[k] = x[flatten(i, s)];
  }
  return y;
}

// NHWC DEPTH_TO_SPACE.
inline Values depth_to_space(const Values& x, const Shape& s, int bs) {
  const Shape os = {s[0], s[1] * bs, s[2] * bs, s[3] / (bs * bs)};
  Values y(count(os));
  for (int64_t k = 0; k < count(os); ++k) {
    const auto o = unflatten(k, os);
    const int64_t d = o[3] + ((o[1] % bs) * bs + o[2] % bs) * os[3];
    y[k] = x[flatten({o[0], o[1] / bs, o[2] / bs, d}, s)];
  }
  return y;
}

// NHWC SPACE_TO_DEPTH.
inline Values space_to_depth(const Values& x, const Shape& s, int bs) {
  const Shape os = {s[0], s[1] / bs, s[2] / bs, s[3] * bs * bs};
  Values y(count(os));
  for (int64_t k = 0; k < count(os); ++k) {
    const auto o = unflatten(k, os);
    const int64_t c = o[3] % s[3];
    const int64_t blk = o[3] / s[3];
    y[k] = x[flatten({o[0], o[1] * bs + blk / bs, o[2] * bs + blk % bs, c}, s)];
  }
  return y;
}

inline Values reverse(const Values& x, const Shape& s, const std::vector<int>& axes) {
  Values y(x.size());
  for (int64_t k = 0; k < count(s); ++k) {
    auto i = unflatten(k, s);
    for (int a : axes) {
      const int64_t ax = norm_axis(a, s.size());
      i[ax] = s[ax] - 1 - i[ax];
    }
    y[k] = x[flatten(i, s)];
  }
  return y;
}

inline Values broadcast_to(const Values& x, const Shape& s, const Shape& os) {
  Values y(count(os));
  const size_t lead = os.size() - s.size();
  for (int64_t k = 0; k < count(os); ++k) {
    const auto o = unflatten(k, os);
    std::vector<int64_t> i(s.size());
    for (size_t d = 0; d < s.size(); ++d) i[d] = s[d] == 1 ? 0 : o[lead + d];
    y[k] = x[flatten(i, s)];
  }
  return y;
}

// size -1: to the end.
inline Values slice(const Values& x, const Shape& s, const std::vector<int>& begin,
                    const std::vector<int>& size, Shape* out_shape) {
  Shape os;
  for (size_t d = 0; d < s.size(); ++d) os.push_back(size[d] == -1 ? s[d] - begin[d] : size[d]);
  Values y(count(os));
  for (int64_t k = 0; k < count(os); ++k) {
    auto i = unflatten(k, os);
    for (size_t d = 0; d < s.size(); ++d) i[d] += begin[d];
    y[k] = x[flatten(i, s)];
  }
  *out_shape = os;
  return y;
}

// Parts of x along axis with the given sizes.
inline std::vector<Values> split(const Values& x, const Shape& s, int axis,
                                 const std::vector<int>& sizes) {
  const int64_t ax = norm_axis(axis, s.size());
  std::vector<Values> parts;
  int64_t start = 0;
  for (int sz : sizes) {
    Shape ps = s;
    ps[ax] = sz;
    Values y(count(ps));
    for (int64_t k = 0; k < count(ps); ++k) {
      auto i = unflatten(k, ps);
      i[ax] += start;
      y[k] = x[flatten(i, s)];
    }
    parts.push_back(y);
    start += sz;
  }
  return parts;
}

inline Values pack(const std::vector<Values>& xs, const Shape& s, int axis) {
  const int64_t ax = norm_axis(axis, s.size() + 1);
  Shape os = s;
  os.insert(os.begin() + ax, static_cast<int32_t>(xs.size()));
  Values y(count(os));
  for (int64_t k = 0; k < count(os); ++k) {
    auto o = unflatten(k, os);
    const int64_t which = o[ax];
    o.erase(o.begin() + ax);
    y[k] = xs[which][flatten(o, s)];
  }
  return y;
}

// GATHER with batch_dims; indices in range.
inline Values gather(const Values& x, const Shape& s, const std::vector<int64_t>& idx,
                     const Shape& is, int axis, int batch_dims, Shape* out_shape) {
  const int64_t ax = norm_axis(axis, s.size());
  const int64_t bd = batch_dims < 0 ? batch_dims + static_cast<int64_t>(is.size()) : batch_dims;
  Shape os(s.begin(), s.begin() + ax);
  os.insert(os.end(), is.begin() + bd, is.end());
  os.insert(os.end(), s.begin() + ax + 1, s.end());
  Values y(count(os));
  const size_t ni = is.size() - bd;
  for (int64_t k = 0; k < count(os); ++k) {
    const auto o = unflatten(k, os);
    std::vector<int64_t> ii(is.size());
    for (int64_t d = 0; d < bd; ++d) ii[d] = o[d];
    for (size_t d = 0; d < ni; ++d) ii[bd + d] = o[ax + d];
    std::vector<int64_t> i(s.size());
    for (int64_t d = 0; d < ax; ++d) i[d] = o[d];
    i[ax] = idx[flatten(ii, is)];
    for (size_t d = ax + 1; d < s.size(); ++d) i[d] = o[d - 1 + ni];
    y[k] = x[flatten(i, s)];
  }
  *out_shape = os;
  return y;
}

inline Values gather_nd(const Values& x, const Shape& s, const std::vector<int64_t>& idx,
                        const Shape& is, Shape* out_shape) {
  const size_t depth = is.back();
  Shape os(is.begin(), is.end() - 1);
  os.insert(os.end(), s.begin() + depth, s.end());
  Values y(count(os));
  const size_t lead = is.size() - 1;
  for (int64_t k = 0; k < count(os); ++k) {
    const auto o = unflatten(k, os);
    std::vector<int64_t> slice_idx(o.begin(), o.begin() + lead);
    const int64_t slice = flatten(slice_idx, Shape(is.begin(), is.end() - 1));
    std::vector<int64_t> i(s.size());
    for (size_t d = 0; d < depth; ++d) i[d] = idx[slice * depth + d];
    for (size_t d = depth; d < s.size(); ++d) i[d] = o[lead + d - depth];
    y[k] = x[flatten(i, s)];
  }
  *out_shape = os;
  return y;
}

// MIRROR_PAD: reflect = true excludes the edge.
inline Values mirror_pad(const Values& x, const Shape& s,
                         const std::vector<std::pair<int, int>>& pads, bool reflect) {
  Shape os;
  for (size_t d = 0; d < s.size(); ++d) os.push_back(s[d] + pads[d].first + pads[d].second);
  Values y(count(os));
  for (int64_t k = 0; k < count(os); ++k) {
    const auto o = unflatten(k, os);
    std::vector<int64_t> i(s.size());
    for (size_t d = 0; d < s.size(); ++d) {
      int64_t j = o[d] - pads[d].first;  // position relative to the input
      if (j < 0) j = reflect ? -j : -j - 1;
      if (j >= s[d]) j = reflect ? 2 * (s[d] - 1) - j : 2 * s[d] - 1 - j;
      i[d] = j;
    }
    y[k] = x[flatten(i, s)];
  }
  return y;
}

// SPACE_TO_BATCH_ND on NHWC: pads = {top, bottom, left, right}.
inline Values space_to_batch(const Values& x, const Shape& s, int bh, int bw,
                             const std::vector<int>& pads, int32_t pad_value, Shape* out_shape) {
  const int32_t ph = s[1] + pads[0] + pads[1], pw = s[2] + pads[2] + pads[3];
  const Shape os = {s[0] * bh * bw, ph / bh, pw / bw, s[3]};
  Values y(count(os));
  for (int64_t k = 0; k < count(os); ++k) {
    const auto o = unflatten(k, os);
    const int64_t b = o[0] % s[0], blk = o[0] / s[0];
    const int64_t h = o[1] * bh + blk / bw - pads[0], w = o[2] * bw + blk % bw - pads[2];
    y[k] = (h < 0 || h >= s[1] || w < 0 || w >= s[2]) ? pad_value
                                                       : x[flatten({b, h, w, o[3]}, s)];
  }
  *out_shape = os;
  return y;
}

// BATCH_TO_SPACE_ND on NHWC: crops = {top, bottom, left, right}.
inline Values batch_to_space(const Values& x, const Shape& s, int bh, int bw,
                             const std::vector<int>& crops, Shape* out_shape) {
  const Shape os = {s[0] / (bh * bw), s[1] * bh - crops[0] - crops[1],
                    s[2] * bw - crops[2] - crops[3], s[3]};
  Values y(count(os));
  for (int64_t k = 0; k < count(os); ++k) {
    const auto o = unflatten(k, os);
    const int64_t h = o[1] + crops[0], w = o[2] + crops[2];
    const int64_t blk = (h % bh) * bw + (w % bw);
    y[k] = x[flatten({blk * os[0] + o[0], h / bh, w / bw, o[3]}, s)];
  }
  *out_shape = os;
  return y;
}

// DYNAMIC_UPDATE_SLICE with start clamped to [0, dim - update_dim].
inline Values dynamic_update_slice(const Values& x, const Shape& s, const Values& u,
                                   const Shape& us, const std::vector<int64_t>& start) {
  Values y = x;
  std::vector<int64_t> st(s.size());
  for (size_t d = 0; d < s.size(); ++d) {
    st[d] = std::min<int64_t>(std::max<int64_t>(start[d], 0), s[d] - us[d]);
  }
  for (int64_t k = 0; k < count(us); ++k) {
    auto i = unflatten(k, us);
    for (size_t d = 0; d < s.size(); ++d) i[d] += st[d];
    y[flatten(i, s)] = u[k];
  }
  return y;
}

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_MOVEMENT_REF_H
