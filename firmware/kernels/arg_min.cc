// ARG_MIN kernel: see kernels/arg_min_max_common.h.
#include "kernels/arg_min_max_common.h"
#include "kernels/params/arg_min.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return validate_arg_min_max(args, ops::arg_min::kName); }

}  // namespace

LPAI_DEFINE_KERNEL(arg_min, validate, eval_arg_min_max<false>);

}  // namespace kernels
}  // namespace lpai
