// AVERAGE_POOL_2D int8 / int16: contract in kernels/pool_2d_common.h.
#include "kernels/average_pool_2d.h"

#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) { return pool::validate(args, "AVERAGE_POOL_2D"); }
void eval(const KernelArgs& args) { pool::eval(args, pool::Kind::kAverage); }

}  // namespace

const OpKernel kAveragePool2dKernel = {format::BuiltinOp::kAveragePool2d, "AVERAGE_POOL_2D",
                                       validate, eval};

}  // namespace kernels
}  // namespace lpai
