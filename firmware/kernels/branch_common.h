// The load-time validator IF and WHILE share (control_flow.h): one bool condition of one
// element, no outputs, a BranchParams blob.
#ifndef LPAI_KERNELS_BRANCH_COMMON_H
#define LPAI_KERNELS_BRANCH_COMMON_H

#include "kernels/control_flow.h"
#include "kernels/kernel_api.h"

namespace lpai {
namespace kernels {

Status validate_branch(const char* name, const KernelArgs& a);

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_BRANCH_COMMON_H
