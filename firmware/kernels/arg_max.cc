// ARG_MAX kernel: see kernels/arg_min_max_common.h.
#include "kernels/arg_min_max_common.h"
#include "kernels/params/arg_max.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return validate_arg_min_max(args, "ARG_MAX"); }

}  // namespace

const OpKernel kArgMaxKernel = {format::BuiltinOp::kArgMax, "ARG_MAX", validate,
                                eval_arg_min_max<true>};

}  // namespace kernels
}  // namespace lpai
