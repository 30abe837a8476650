// MINIMUM kernel: see kernels/params/maximum_minimum.h.
#include "kernels/maximum_minimum_impl.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return maxmin::validate(args, ops::minimum::kName); }

void eval(const KernelArgs& args) { maxmin::eval<false>(args); }

}  // namespace

LPAI_DEFINE_KERNEL(minimum, validate, eval);

}  // namespace kernels
}  // namespace lpai
