// Shared parameter layout and kernels of AVERAGE_POOL_2D and MAX_POOL_2D (int8 or int16
// activations, input and output with the same quantisation), TFLite semantics: windows clipped
// to the input (padded taps are skipped, never counted), average rounded half away from zero
// over the taps actually inside, fused activation as a clamp range.
//
// Node tensors: inputs {0: input [batches, in_h, in_w, channels]}; outputs
// {0: output [batches, out_h, out_w, channels]}, same type.
// Parameter blob: exactly one Pool2dParams (64 bytes). No kernel scratch.
#ifndef LPAI_KERNELS_POOL_2D_COMMON_H
#define LPAI_KERNELS_POOL_2D_COMMON_H

#include <stdint.h>

#include "kernels/kernel_api.h"

namespace lpai {
namespace kernels {

constexpr uint32_t kPoolMaxDim = 1u << 16;   // every size, stride and pad
constexpr uint32_t kPoolMaxTaps = 1u << 15;  // k_h * k_w (sums stay inside int32)

struct Pool2dParams {
  uint32_t batches, in_h, in_w, channels;
  uint32_t out_h, out_w;
  uint32_t k_h, k_w;
  uint32_t stride_h, stride_w;
  uint32_t pad_h, pad_w;   // leading padding
  int32_t act_min, act_max;
  uint32_t data_type;      // format::DataType: kInt8 or kInt16
  uint32_t reserved;       // 0
};
static_assert(sizeof(Pool2dParams) == 64, "Pool2dParams layout");

namespace pool {

enum class Kind { kAverage, kMax };

// Valid tap range [first, last) of a window of k taps starting at `origin` (dilation 1) over
// an input of `size`: the taps inside the input (first == last when none is).
inline void tap_range(int32_t origin, uint32_t k, uint32_t size, uint32_t* first, uint32_t* last) {
  const int32_t f = origin < 0 ? -origin : 0;
  int64_t l = static_cast<int64_t>(size) - origin;
  if (l > static_cast<int64_t>(k)) l = k;
  *first = static_cast<uint32_t>(f);
  *last = l > f ? static_cast<uint32_t>(l) : static_cast<uint32_t>(f);
}

// Load-time checks shared by both ops (op: name for the log line).
Status validate(const KernelArgs& args, const char* op);
void eval(const KernelArgs& args, Kind kind);

}  // namespace pool
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_POOL_2D_COMMON_H
