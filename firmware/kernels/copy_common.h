// The evaluation COPY and RESHAPE share.
#ifndef LPAI_KERNELS_COPY_COMMON_H
#define LPAI_KERNELS_COPY_COMMON_H

#include "kernels/kernel_api.h"

namespace lpai {
namespace kernels {

// Output = the input's bytes (output size); nothing to do when the plan placed both at one
// address.
inline void eval_byte_copy(const KernelArgs& a) {
  uint8_t* dst = a.outputs[0].data;
  const uint8_t* src = a.inputs[0].data;
  if (dst != src) __builtin_memmove(dst, src, a.outputs[0].desc->size);
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_COPY_COMMON_H
