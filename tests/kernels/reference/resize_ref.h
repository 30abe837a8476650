// Plain restatements of TFLite Micro's RESIZE_NEAREST_NEIGHBOR (float index math) and int8
// RESIZE_BILINEAR (ResizeBilinearInteger, 10-bit fixed point), NHWC.
#ifndef LPAI_TESTS_KERNELS_REFERENCE_RESIZE_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_RESIZE_REF_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace ref {

inline int32_t nearest_index(int v, int32_t in, int32_t out, bool ac, bool hp) {
  const float scale = (ac && out > 1) ? (in - 1) / static_cast<float>(out - 1) : in / static_cast<float>(out);
  const float off = hp ? 0.5f : 0.0f;
  int32_t r = std::min(ac ? static_cast<int32_t>(std::round((v + off) * scale))
                          : static_cast<int32_t>(std::floor((v + off) * scale)),
                       in - 1);
  return hp ? std::max(0, r) : r;
}

inline std::vector<int32_t> resize_nearest(const std::vector<int32_t>& x, int B, int H, int W, int C,
                                           int OH, int OW, bool ac, bool hp) {
  std::vector<int32_t> out;
  for (int b = 0; b < B; ++b)
    for (int y = 0; y < OH; ++y)
      for (int xx = 0; xx < OW; ++xx) {
        const int iy = nearest_index(y, H, OH, ac, hp), ix = nearest_index(xx, W, OW, ac, hp);
        for (int c = 0; c < C; ++c) out.push_back(x[((b * H + iy) * W + ix) * C + c]);
      }
  return out;
}

inline std::vector<int32_t> resize_bilinear_int8(const std::vector<int32_t>& x, int B, int H, int W, int C,
                                                 int OH, int OW, bool ac, bool hp) {
  auto scale10 = [&](int in, int out) {
    if (ac && out > 1) return ((1 << 10) * (in - 1) + (out - 1) / 2) / (out - 1);
    return ((1 << 10) * in + out / 2) / out;
  };
  const int32_t hs = scale10(H, OH), ws = scale10(W, OW);
  auto interp = [&](int v, int32_t s, int in, int32_t* pos, int32_t* lo, int32_t* hi) {
    *pos = hp ? v * s + s / 2 - (1 << 9) : v * s;
    *lo = std::max(*pos / (1 << 10), 0);
    *hi = std::min((*pos + (1 << 10) - 1) / (1 << 10), in - 1);
  };
  std::vector<int32_t> out;
  for (int b = 0; b < B; ++b)
    for (int y = 0; y < OH; ++y) {
      int32_t iy, y0, y1;
      interp(y, hs, H, &iy, &y0, &y1);
      for (int xx = 0; xx < OW; ++xx) {
        int32_t ix, x0, x1;
        interp(xx, ws, W, &ix, &x0, &x1);
        for (int c = 0; c < C; ++c) {
          auto at = [&](int yy, int xw) { return static_cast<int64_t>(x[((b * H + yy) * W + xw) * C + c]); };
          const int64_t dy = iy - (1 << 10) * y0, dx = ix - (1 << 10) * x0;
          const int64_t o20 = at(y0, x0) * ((1 << 10) - dy) * ((1 << 10) - dx) +
                              at(y1, x0) * dy * ((1 << 10) - dx) + at(y0, x1) * ((1 << 10) - dy) * dx +
                              at(y1, x1) * dy * dx;
          const int64_t round = o20 > 0 ? (1 << 19) : -(1 << 19);
          out.push_back(static_cast<int8_t>((o20 + round) / (1 << 20)));
        }
      }
    }
  return out;
}

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_RESIZE_REF_H
