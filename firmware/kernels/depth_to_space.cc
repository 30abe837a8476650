// DEPTH_TO_SPACE kernel: see kernels/params/depth_to_space.h.
#include "kernels/params/depth_to_space.h"

#include "kernels/movement_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return movement::validate_strided(args, ops::depth_to_space::kName, 1);
}

}  // namespace

LPAI_DEFINE_KERNEL(depth_to_space, validate, movement::eval_strided);

}  // namespace kernels
}  // namespace lpai
