// ELU kernel: see kernels/elu.h.
#include "kernels/params/elu.h"

#include "kernels/ew_ext_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return ewx::validate_int8_lut_op(args, "ELU"); }

void eval(const KernelArgs& args) { ewx::eval_int8_lut_op(args); }

}  // namespace

const OpKernel kEluKernel = {format::BuiltinOp::kElu, "ELU", validate, eval};

}  // namespace kernels
}  // namespace lpai
