// GREATER_EQUAL kernel: see kernels/params/comparison.h.
#include "kernels/comparison_impl.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return cmp::validate(args, ops::greater_equal::kName, false);
}

void eval(const KernelArgs& args) { cmp::eval<cmp::GreaterEqual>(args); }

}  // namespace

LPAI_DEFINE_KERNEL(greater_equal, validate, eval);

}  // namespace kernels
}  // namespace lpai
