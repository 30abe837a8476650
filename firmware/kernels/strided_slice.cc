// STRIDED_SLICE: not implemented yet in this firmware. Nodes with this op are rejected at load
// with Status::kNotSupported (the binary stays unusable rather than computing anything wrong).
#include "core/log.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs&) { return Status::kNotSupported; }
void eval(const KernelArgs&) {}

}  // namespace

const OpKernel kStridedSliceKernel = {format::BuiltinOp::kStridedSlice, "STRIDED_SLICE", validate, eval};

}  // namespace kernels
}  // namespace lpai
