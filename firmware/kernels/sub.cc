// SUB kernel: see kernels/sub.h.
#include "kernels/sub.h"

#include "kernels/add_sub_impl.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return add_sub::validate(args, "SUB"); }
void eval(const KernelArgs& args) { add_sub::eval<true>(args); }

}  // namespace

const OpKernel kSubKernel = {format::BuiltinOp::kSub, "SUB", validate, eval};

}  // namespace kernels
}  // namespace lpai
