// SPLIT kernel: see kernels/split.h.
#include "kernels/params/split.h"

#include "kernels/movement_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return movement::validate_chunks(args, "SPLIT", 1, 2);
}

void eval(const KernelArgs& args) { movement::eval_split(args, 1); }

}  // namespace

const OpKernel kSplitKernel = {format::BuiltinOp::kSplit, "SPLIT", validate, eval};

}  // namespace kernels
}  // namespace lpai
