// ADD kernel: see kernels/add.h.
#include "kernels/add.h"

#include "kernels/add_sub_impl.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return add_sub::validate(args, "ADD"); }
void eval(const KernelArgs& args) { add_sub::eval<false>(args); }

}  // namespace

const OpKernel kAddKernel = {format::BuiltinOp::kAdd, "ADD", validate, eval};

}  // namespace kernels
}  // namespace lpai
