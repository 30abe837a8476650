// CALL_ONCE: see control_flow.h. The executor runs or skips the block; eval does nothing.
#include "core/check.h"
#include "core/log.h"
#include "kernels/control_flow.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

// Log arguments: uint32_t is unsigned long on some targets (arm-none-eabi).

Status validate(const KernelArgs& a) {
  if (a.num_inputs != 0 || a.num_outputs != 0) {
    LPAI_FAIL(Status::kBinaryBadParams, "CALL_ONCE: takes no inputs and no outputs, got %u / %u",
              fmt_u(a.num_inputs), fmt_u(a.num_outputs));
  }
  if (a.params_size != sizeof(CallOnceParams)) {
    LPAI_FAIL(Status::kBinaryBadParams, "CALL_ONCE: parameter blob is %u bytes, expected %u",
              fmt_u(a.params_size), fmt_u(sizeof(CallOnceParams)));
  }
  const CallOnceParams& p = *reinterpret_cast<const CallOnceParams*>(a.params);
  if (p.once_slot >= kMaxCallOnceNodes) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "CALL_ONCE: run-once flag %u is out of range (at most %u CALL_ONCE nodes)",
              fmt_u(p.once_slot), fmt_u(kMaxCallOnceNodes));
  }
  return Status::kOk;
}

void eval(const KernelArgs&) {}

}  // namespace

LPAI_DEFINE_KERNEL(call_once, validate, eval);

}  // namespace kernels
}  // namespace lpai
