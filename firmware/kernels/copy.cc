// COPY (project op, BuiltinOp::kCopy): output bytes = input bytes.
// Contract: exactly 1 input (present) and 1 output, equal byte sizes, no parameter blob.
// Types and shapes may differ (a raw byte copy). eval is overlap-safe (memmove semantics)
// and does nothing when input and output share one address.
#include "core/check.h"
#include "core/log.h"
#include "kernels/copy_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

// Log arguments: uint32_t is unsigned long on some targets (arm-none-eabi), so
// every %u argument goes through fmt_u to match the format exactly.

Status validate(const KernelArgs& a) {
  if (a.num_inputs != 1 || a.num_outputs != 1 || a.inputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams, "COPY: needs 1 input and 1 output, got %u / %u",
              fmt_u(a.num_inputs), fmt_u(a.num_outputs));
  }
  if (a.params_size != 0) {
    LPAI_FAIL(Status::kBinaryBadParams, "COPY: takes no parameters, got %u bytes",
              fmt_u(a.params_size));
  }
  if (a.inputs[0].desc->size != a.outputs[0].desc->size) {
    LPAI_FAIL(Status::kBinaryBadTensor, "COPY: input %u bytes, output %u bytes",
              fmt_u(a.inputs[0].desc->size), fmt_u(a.outputs[0].desc->size));
  }
  return Status::kOk;
}

}  // namespace

LPAI_DEFINE_KERNEL(copy, validate, eval_byte_copy);

}  // namespace kernels
}  // namespace lpai
