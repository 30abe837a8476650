// MAX_POOL_2D int8 / int16: contract in kernels/pool_2d_common.h.
#include "kernels/max_pool_2d.h"

#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return pool::validate(args, "MAX_POOL_2D"); }
void eval(const KernelArgs& args) { pool::eval(args, pool::Kind::kMax); }

}  // namespace

const OpKernel kMaxPool2dKernel = {format::BuiltinOp::kMaxPool2d, "MAX_POOL_2D", validate, eval};

}  // namespace kernels
}  // namespace lpai
