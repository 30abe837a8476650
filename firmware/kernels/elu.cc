// ELU kernel: see kernels/params/elu.h.
#include "kernels/params/elu.h"

#include "kernels/ew_ext_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return ewx::validate_int8_lut_op(args, ops::elu::kName); }

void eval(const KernelArgs& args) { ewx::eval_int8_lut_op(args); }

}  // namespace

LPAI_DEFINE_KERNEL(elu, validate, eval);

}  // namespace kernels
}  // namespace lpai
