// MAXIMUM kernel: see kernels/params/maximum_minimum.h.
#include "kernels/maximum_minimum_impl.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return maxmin::validate(args, ops::maximum::kName); }

void eval(const KernelArgs& args) { maxmin::eval<true>(args); }

}  // namespace

LPAI_DEFINE_KERNEL(maximum, validate, eval);

}  // namespace kernels
}  // namespace lpai
