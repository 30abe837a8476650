// Parameter blob of AVERAGE_POOL_2D and MAX_POOL_2D (the kernels: kernels/pool_2d_common.h).
// Node tensors: inputs {0: input [batches, in_h, in_w, channels]}; outputs
// {0: output [batches, out_h, out_w, channels]}, same type.
// Parameter blob: exactly one Pool2dParams (64 bytes). No kernel scratch.
#ifndef LPAI_KERNELS_PARAMS_POOL_2D_H
#define LPAI_KERNELS_PARAMS_POOL_2D_H

#include <stdint.h>

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

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_POOL_2D_H
