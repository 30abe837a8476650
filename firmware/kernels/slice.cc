// SLICE kernel: see kernels/slice.h.
#include "kernels/params/slice.h"

#include "kernels/movement_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return movement::validate_strided(args, "SLICE", 3);
}

}  // namespace

const OpKernel kSliceKernel = {format::BuiltinOp::kSlice, "SLICE", validate,
                                movement::eval_strided};

}  // namespace kernels
}  // namespace lpai
