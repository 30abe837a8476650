// SPLIT kernel: see kernels/params/split.h.
#include "kernels/params/split.h"

#include "kernels/movement_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return movement::validate_chunks(args, ops::split::kName, 1, 2);
}

void eval(const KernelArgs& args) { movement::eval_split(args, 1); }

}  // namespace

LPAI_DEFINE_KERNEL(split, validate, eval);

}  // namespace kernels
}  // namespace lpai
