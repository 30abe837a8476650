// LESS kernel: see kernels/params/comparison.h.
#include "kernels/comparison_impl.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return cmp::validate(args, ops::less::kName, false); }

void eval(const KernelArgs& args) { cmp::eval<cmp::Less>(args); }

}  // namespace

LPAI_DEFINE_KERNEL(less, validate, eval);

}  // namespace kernels
}  // namespace lpai
