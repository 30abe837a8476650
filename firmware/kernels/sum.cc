// SUM kernel: the shared reduction of kernels/reduce_common.h.
#include "kernels/params/sum.h"
#include "kernels/reduce_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return validate_reduce(args, ops::sum::kName, 1u << kReduceRequantize, true);
}

}  // namespace

LPAI_DEFINE_KERNEL(sum, validate, eval_reduce);

}  // namespace kernels
}  // namespace lpai
