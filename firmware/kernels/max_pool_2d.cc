// MAX_POOL_2D: not implemented yet in this firmware. Nodes with this op are rejected at load
// with Status::kNotSupported (the binary stays unusable rather than computing anything wrong).
#include "core/log.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs&) { return Status::kNotSupported; }
void eval(const KernelArgs&) {}

}  // namespace

const OpKernel kMaxPool2dKernel = {format::BuiltinOp::kMaxPool2d, "MAX_POOL_2D", validate, eval};

}  // namespace kernels
}  // namespace lpai
