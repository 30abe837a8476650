// SLICE kernel: see kernels/params/slice.h.
#include "kernels/params/slice.h"

#include "kernels/movement_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return movement::validate_strided(args, ops::slice::kName, 3);
}

}  // namespace

LPAI_DEFINE_KERNEL(slice, validate, movement::eval_strided);

}  // namespace kernels
}  // namespace lpai
