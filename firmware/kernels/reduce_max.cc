// REDUCE_MAX kernel: the shared reduction of kernels/reduce_common.h.
#include "kernels/params/reduce_max.h"
#include "kernels/reduce_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return validate_reduce(args, ops::reduce_max::kName, 1u << kReduceMaxMode, false);
}

}  // namespace

LPAI_DEFINE_KERNEL(reduce_max, validate, eval_reduce);

}  // namespace kernels
}  // namespace lpai
