// BROADCAST_TO kernel: see kernels/params/broadcast_to.h.
#include "kernels/params/broadcast_to.h"

#include "kernels/movement_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return movement::validate_strided(args, ops::broadcast_to::kName, 2);
}

}  // namespace

LPAI_DEFINE_KERNEL(broadcast_to, validate, movement::eval_strided);

}  // namespace kernels
}  // namespace lpai
