// SPLIT_V kernel: see kernels/split_v.h.
#include "kernels/params/split_v.h"

#include "kernels/movement_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return movement::validate_chunks(args, "SPLIT_V", 0, 3);
}

void eval(const KernelArgs& args) { movement::eval_split(args, 0); }

}  // namespace

const OpKernel kSplitVKernel = {format::BuiltinOp::kSplitV, "SPLIT_V", validate, eval};

}  // namespace kernels
}  // namespace lpai
