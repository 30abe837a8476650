// SUM kernel: the shared reduction of kernels/reduce_common.h.
#include "kernels/params/sum.h"
#include "kernels/reduce_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return validate_reduce(args, "SUM", 1u << kReduceRequantize, true);
}

}  // namespace

const OpKernel kSumKernel = {format::BuiltinOp::kSum, "SUM", validate, eval_reduce};

}  // namespace kernels
}  // namespace lpai
