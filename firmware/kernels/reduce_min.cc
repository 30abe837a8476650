// REDUCE_MIN kernel: the shared reduction of kernels/reduce_common.h.
#include "kernels/params/reduce_min.h"
#include "kernels/reduce_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return validate_reduce(args, ops::reduce_min::kName, 1u << kReduceMinMode, false);
}

}  // namespace

LPAI_DEFINE_KERNEL(reduce_min, validate, eval_reduce);

}  // namespace kernels
}  // namespace lpai
