// IF: see control_flow.h. The executor skips the then block when the condition is false;
// eval does nothing.
#include "kernels/branch_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& a) { return validate_branch(ops::if_op::kName, a); }
void eval(const KernelArgs&) {}

}  // namespace

LPAI_DEFINE_KERNEL(if_op, validate, eval);

}  // namespace kernels
}  // namespace lpai
