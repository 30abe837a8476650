// UNPACK kernel: see kernels/unpack.h.
#include "kernels/params/unpack.h"

#include "kernels/movement_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return movement::validate_chunks(args, "UNPACK", 0, 1);
}

void eval(const KernelArgs& args) { movement::eval_split(args, 0); }

}  // namespace

const OpKernel kUnpackKernel = {format::BuiltinOp::kUnpack, "UNPACK", validate, eval};

}  // namespace kernels
}  // namespace lpai
