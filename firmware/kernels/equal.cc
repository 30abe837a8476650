// EQUAL kernel: see kernels/params/comparison.h.
#include "kernels/comparison_impl.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return cmp::validate(args, ops::equal::kName, true); }

void eval(const KernelArgs& args) { cmp::eval<cmp::Equal>(args); }

}  // namespace

LPAI_DEFINE_KERNEL(equal, validate, eval);

}  // namespace kernels
}  // namespace lpai
