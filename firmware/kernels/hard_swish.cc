// HARD_SWISH kernel: see kernels/params/hard_swish.h.
#include "kernels/params/hard_swish.h"

#include "kernels/ew_ext_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return ewx::validate_int8_lut_op(args, ops::hard_swish::kName);
}

void eval(const KernelArgs& args) { ewx::eval_int8_lut_op(args); }

}  // namespace

LPAI_DEFINE_KERNEL(hard_swish, validate, eval);

}  // namespace kernels
}  // namespace lpai
