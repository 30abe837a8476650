// REVERSE_V2 kernel: see kernels/params/reverse_v2.h.
#include "kernels/params/reverse_v2.h"

#include "kernels/movement_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return movement::validate_strided(args, ops::reverse_v2::kName, 2);
}

}  // namespace

LPAI_DEFINE_KERNEL(reverse_v2, validate, movement::eval_strided);

}  // namespace kernels
}  // namespace lpai
