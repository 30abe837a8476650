// WHILE: see control_flow.h. The executor leaves the loop (skips the body block) when the
// condition is false; eval does nothing. Also holds the validator IF shares.
#include "core/check.h"
#include "core/log.h"
#include "kernels/branch_common.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

// Log arguments: uint32_t is unsigned long on some targets (arm-none-eabi).

Status validate(const KernelArgs& a) { return validate_branch(ops::while_op::kName, a); }
void eval(const KernelArgs&) {}

}  // namespace

Status validate_branch(const char* name, const KernelArgs& a) {
  if (a.num_inputs != 1 || a.num_outputs != 0 || a.inputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: needs 1 input (the condition) and no outputs, got %u / %u", name,
              fmt_u(a.num_inputs), fmt_u(a.num_outputs));
  }
  const format::TensorRecord& c = *a.inputs[0].desc;
  if (c.data_type != static_cast<uint8_t>(format::DataType::kBool) || c.size != 1) {
    LPAI_FAIL(Status::kBinaryBadTensor,
              "%s: the condition must be one bool, got data type %u of %u bytes", name,
              fmt_u(c.data_type), fmt_u(c.size));
  }
  if (a.params_size != sizeof(BranchParams)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: parameter blob is %u bytes, expected %u", name,
              fmt_u(a.params_size), fmt_u(sizeof(BranchParams)));
  }
  return Status::kOk;
}

LPAI_DEFINE_KERNEL(while_op, validate, eval);

}  // namespace kernels
}  // namespace lpai
