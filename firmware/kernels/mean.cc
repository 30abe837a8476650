// MEAN kernel: the shared reduction of kernels/reduce_common.h.
#include "kernels/params/mean.h"
#include "kernels/reduce_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return validate_reduce(args, "MEAN", 1u << kReduceRequantize, true);
}

}  // namespace

const OpKernel kMeanKernel = {format::BuiltinOp::kMean, "MEAN", validate, eval_reduce};

}  // namespace kernels
}  // namespace lpai
