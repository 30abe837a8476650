// ARG_MAX kernel: see kernels/arg_min_max_common.h.
#include "kernels/arg_min_max_common.h"
#include "kernels/params/arg_max.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return validate_arg_min_max(args, ops::arg_max::kName); }

}  // namespace

LPAI_DEFINE_KERNEL(arg_max, validate, eval_arg_min_max<true>);

}  // namespace kernels
}  // namespace lpai
