// SPLIT_V kernel: see kernels/params/split_v.h.
#include "kernels/params/split_v.h"

#include "kernels/movement_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return movement::validate_chunks(args, ops::split_v::kName, 0, 3);
}

void eval(const KernelArgs& args) { movement::eval_split(args, 0); }

}  // namespace

LPAI_DEFINE_KERNEL(split_v, validate, eval);

}  // namespace kernels
}  // namespace lpai
