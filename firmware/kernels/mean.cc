// MEAN kernel: the shared reduction of kernels/reduce_common.h.
#include "kernels/params/mean.h"
#include "kernels/reduce_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return validate_reduce(args, ops::mean::kName, 1u << kReduceRequantize, true);
}

}  // namespace

LPAI_DEFINE_KERNEL(mean, validate, eval_reduce);

}  // namespace kernels
}  // namespace lpai
