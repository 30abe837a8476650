// MAXIMUM / MINIMUM (int8, int16, int32) as TFLite Micro's maximum_minimum.cc: the raw stored
// values are compared (no requantisation; TFLite Micro does not rescale either), with NumPy
// broadcasting up to 6-D.
#ifndef LPAI_KERNELS_PARAMS_MAXIMUM_MINIMUM_H
#define LPAI_KERNELS_PARAMS_MAXIMUM_MINIMUM_H

#include <stdint.h>

#include "kernels/params/broadcast.h"

namespace lpai {
namespace kernels {

// Parameter blob: exactly sizeof(MaxMinParams) bytes.
struct MaxMinParams {
  uint32_t broadcast;    // 0: equal shapes (flat loop); 1: use `shape`
  BroadcastShape shape;  // broadcast == 1: compute_broadcast(in1, in2); else zeros
};
static_assert(sizeof(MaxMinParams) == 76, "MaxMinParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_MAXIMUM_MINIMUM_H
