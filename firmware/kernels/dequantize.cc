// DEQUANTIZE kernel: refused at load, see kernels/params/dequantize.h.
#include "kernels/params/dequantize.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs&) {
  LPAI_FAIL(Status::kNotSupported,
            "DEQUANTIZE: float32 output is not supported (no floating point at run time)");
}
void eval(const KernelArgs&) {}

}  // namespace

LPAI_DEFINE_KERNEL(dequantize, validate, eval);

}  // namespace kernels
}  // namespace lpai
