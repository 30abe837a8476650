// HARD_SWISH kernel: see kernels/hard_swish.h.
#include "kernels/params/hard_swish.h"

#include "kernels/ew_ext_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return ewx::validate_int8_lut_op(args, "HARD_SWISH"); }

void eval(const KernelArgs& args) { ewx::eval_int8_lut_op(args); }

}  // namespace

const OpKernel kHardSwishKernel = {format::BuiltinOp::kHardSwish, "HARD_SWISH", validate, eval};

}  // namespace kernels
}  // namespace lpai
