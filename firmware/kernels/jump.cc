// JUMP (project op, BuiltinOp::kJump): see control_flow.h. The executor moves to node
// index + 1 + offset; eval does nothing.
#include "core/check.h"
#include "core/log.h"
#include "kernels/control_flow.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

// Log arguments: uint32_t is unsigned long on some targets (arm-none-eabi).

Status validate(const KernelArgs& a) {
  if (a.num_inputs != 0 || a.num_outputs != 0 || a.params_size != sizeof(JumpParams)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "JUMP: takes no inputs and no outputs and a %u-byte offset, got %u / %u and "
              "%u bytes", fmt_u(sizeof(JumpParams)), fmt_u(a.num_inputs), fmt_u(a.num_outputs),
              fmt_u(a.params_size));
  }
  return Status::kOk;
}

void eval(const KernelArgs&) {}

}  // namespace

LPAI_DEFINE_KERNEL(jump, validate, eval);

}  // namespace kernels
}  // namespace lpai
