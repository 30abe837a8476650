// PADV2 kernel: see kernels/padv2.h.
#include "kernels/params/padv2.h"

#include "core/log.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  if (args.num_inputs != 3 || args.inputs[0].desc == nullptr || args.inputs[2].desc == nullptr) {
    LPAI_LOG_ERROR("PADV2: needs 3 inputs with a one-element constant_values of the data type");
    return Status::kBinaryBadParams;
  }
  LPAI_RETURN_IF_ERROR(checks::require_type(args.inputs[0].desc, "PADV2", "input",
                                             format::DataType::kInt8, format::DataType::kInt16));
  LPAI_RETURN_IF_ERROR(checks::require_same_type(args.inputs[2].desc, args.inputs[0].desc,
                                                  "PADV2", "constant_values", "the input"));
  if (element_count(args.inputs[2].desc) != 1) {
    LPAI_LOG_ERROR("PADV2: needs 3 inputs with a one-element constant_values of the data type");
    return Status::kBinaryBadParams;
  }
  // The rest is PAD's contract over (data, paddings).
  KernelArgs pad = args;
  pad.num_inputs = 2;
  return kPadKernel.validate(pad);
}

void eval(const KernelArgs& args) { kPadKernel.eval(args); }

}  // namespace

const OpKernel kPadv2Kernel = {format::BuiltinOp::kPadv2, "PADV2", validate, eval};

}  // namespace kernels
}  // namespace lpai
