// Every operator kernel the firmware knows, one object per op file (kernels/<snake>.cc),
// declared from the operator table.
#ifndef LPAI_KERNELS_REGISTRY_H
#define LPAI_KERNELS_REGISTRY_H

#include "kernels/kernel_api.h"

namespace lpai {
namespace kernels {

// One kernel object per row of the operator table (format/op_table.h).
#define LPAI_DECLARE_KERNEL(Enum, NAME, code, options, snake) extern const OpKernel Enum##Kernel;
LPAI_KERNEL_OPS(LPAI_DECLARE_KERNEL)
#undef LPAI_DECLARE_KERNEL

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_REGISTRY_H
