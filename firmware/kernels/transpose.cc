// TRANSPOSE kernel: see kernels/params/transpose.h.
#include "kernels/params/transpose.h"

#include "kernels/movement_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return movement::validate_strided(args, ops::transpose::kName, 2);
}

}  // namespace

LPAI_DEFINE_KERNEL(transpose, validate, movement::eval_strided);

}  // namespace kernels
}  // namespace lpai
