// Valid filter taps of a window along one axis, shared by the convolution-like kernels and the
// host's x86 depthwise kernel (host_sim/simd). Integer-only, freestanding.
#ifndef LPAI_KERNELS_TAP_RANGE_H
#define LPAI_KERNELS_TAP_RANGE_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Taps [*first, *last) of a window of k taps, `dilation` (>= 1) apart, starting at input
// coordinate `origin` over an input of `size`: those with 0 <= origin + t * dilation < size
// (*first == *last when none is).
inline void tap_range(int32_t origin, uint32_t k, uint32_t dilation, uint32_t size,
                      uint32_t* first, uint32_t* last) {
  uint32_t f = 0;
  if (origin < 0) f = (static_cast<uint32_t>(-origin) + dilation - 1) / dilation;
  uint32_t l = k;
  // Last tap t with origin + t * dilation <= size - 1.
  const int64_t room = static_cast<int64_t>(size) - 1 - origin;
  if (room < 0) {
    l = 0;
  } else if (room / dilation + 1 < k) {
    l = static_cast<uint32_t>(room / dilation + 1);
  }
  *first = f;
  *last = l > f ? l : f;
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_TAP_RANGE_H
