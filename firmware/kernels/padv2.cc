// PADV2 kernel: see kernels/params/padv2.h.
#include "kernels/params/padv2.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  if (args.num_inputs != 3 || args.inputs[0].desc == nullptr || args.inputs[2].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "PADV2: needs 3 inputs with a one-element constant_values of the data type");
  }
  LPAI_RETURN_IF_ERROR(checks::require_type(args.inputs[0].desc, ops::padv2::kName, "input",
                                             format::DataType::kInt8, format::DataType::kInt16));
  LPAI_RETURN_IF_ERROR(checks::require_same_type(
      args.inputs[2].desc, args.inputs[0].desc, ops::padv2::kName, "constant_values", "the input"));
  if (element_count(args.inputs[2].desc) != 1) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "PADV2: needs 3 inputs with a one-element constant_values of the data type");
  }
  // The rest is PAD's contract over (data, paddings).
  KernelArgs data_and_paddings = args;
  data_and_paddings.num_inputs = 2;
  return ops::pad::kKernel.validate(data_and_paddings);
}

void eval(const KernelArgs& args) { ops::pad::kKernel.eval(args); }

}  // namespace

LPAI_DEFINE_KERNEL(padv2, validate, eval);

}  // namespace kernels
}  // namespace lpai
