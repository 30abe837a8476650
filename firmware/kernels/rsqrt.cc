// RSQRT kernel: see kernels/params/rsqrt.h.
#include "kernels/params/rsqrt.h"

#include "kernels/ew_ext_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  return ewx::validate_int8_lut_op(args, ops::rsqrt::kName);
}

void eval(const KernelArgs& args) { ewx::eval_int8_lut_op(args); }

}  // namespace

LPAI_DEFINE_KERNEL(rsqrt, validate, eval);

}  // namespace kernels
}  // namespace lpai
