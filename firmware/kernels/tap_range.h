// Valid filter taps of a window along one axis, shared by the convolution-like kernels and the
// host's x86 depthwise kernel (host_sim/simd). Integer-only, freestanding.
#ifndef LPAI_KERNELS_TAP_RANGE_H
#define LPAI_KERNELS_TAP_RANGE_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Taps [*first, *last) of a window of k (>= 1) taps, `dilation` (>= 1) apart, starting at input
// coordinate `origin` over an input of `size` (<= 2^31): those with
// 0 <= origin + t * dilation < size (*first == *last when none is). 32-bit arithmetic only (a
// 64-bit division is a library call on 32-bit cores); every intermediate fits in uint32.
inline void tap_range(int32_t origin, uint32_t k, uint32_t dilation, uint32_t size,
                      uint32_t* first, uint32_t* last) {
  uint32_t f = 0;
  if (origin < 0) f = (0u - static_cast<uint32_t>(origin) + dilation - 1) / dilation;
  uint32_t l = k;
  const int32_t last_in = static_cast<int32_t>(size) - 1;
  if (origin > last_in) {
    l = 0;
  } else {
    // Distance to the last input coordinate, in [0, 2^32): last tap t has t * dilation <= room.
    const uint32_t room = static_cast<uint32_t>(last_in) - static_cast<uint32_t>(origin);
    if (room / dilation < k - 1) l = room / dilation + 1;
  }
  *first = f;
  *last = l > f ? l : f;
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_TAP_RANGE_H
