// The taps of a pooling window that lie inside the input (padded taps are skipped, never
// counted): shared by the portable pooling kernels and their vector paths.
#ifndef LPAI_KERNELS_POOL_WINDOW_H
#define LPAI_KERNELS_POOL_WINDOW_H

#include <stdint.h>

namespace lpai {
namespace kernels {
namespace pool {

// Valid tap range [first, last) of a window of k taps starting at `origin` (dilation 1) over
// an input of `size`: the taps inside the input (first == last when none is).
inline void tap_range(int32_t origin, uint32_t k, uint32_t size, uint32_t* first, uint32_t* last) {
  const int32_t f = origin < 0 ? -origin : 0;
  int64_t l = static_cast<int64_t>(size) - origin;
  if (l > static_cast<int64_t>(k)) l = k;
  *first = static_cast<uint32_t>(f);
  *last = l > f ? static_cast<uint32_t>(l) : static_cast<uint32_t>(f);
}

}  // namespace pool
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_POOL_WINDOW_H
