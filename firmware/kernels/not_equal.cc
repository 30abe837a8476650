// NOT_EQUAL kernel: see kernels/params/comparison.h.
#include "kernels/comparison_impl.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return cmp::validate(args, ops::not_equal::kName, true); }

void eval(const KernelArgs& args) { cmp::eval<cmp::NotEqual>(args); }

}  // namespace

LPAI_DEFINE_KERNEL(not_equal, validate, eval);

}  // namespace kernels
}  // namespace lpai
