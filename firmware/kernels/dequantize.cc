// DEQUANTIZE kernel: refused at load, see kernels/dequantize.h.
#include "kernels/params/dequantize.h"

#include "core/log.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs&) {
  LPAI_LOG_ERROR("DEQUANTIZE: float32 output is not supported (no floating point at run time)");
  return Status::kNotSupported;
}
void eval(const KernelArgs&) {}

}  // namespace

const OpKernel kDequantizeKernel = {format::BuiltinOp::kDequantize, "DEQUANTIZE", validate, eval};

}  // namespace kernels
}  // namespace lpai
