// SPACE_TO_DEPTH kernel: see kernels/params/space_to_depth.h.
#include "kernels/params/space_to_depth.h"

#include "kernels/movement_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return movement::validate_strided(args, ops::space_to_depth::kName, 1);
}

}  // namespace

LPAI_DEFINE_KERNEL(space_to_depth, validate, movement::eval_strided);

}  // namespace kernels
}  // namespace lpai
