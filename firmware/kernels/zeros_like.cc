// ZEROS_LIKE kernel: see kernels/params/zeros_like.h.
#include "kernels/params/zeros_like.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/elementwise_common.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(checks::require_node(args, ops::zeros_like::kName, 0, 1, 1, 0b1));
  LPAI_RETURN_IF_ERROR(checks::require_same_type(args.outputs[0].desc, args.inputs[0].desc,
                                                  ops::zeros_like::kName, "output", "the input"));
  if (!same_shape(args.inputs[0].desc, args.outputs[0].desc)) {
    LPAI_FAIL(Status::kBinaryBadParams, "ZEROS_LIKE: output shape differs from the input's");
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  __builtin_memset(args.outputs[0].data, 0, args.outputs[0].desc->size);
}

}  // namespace

LPAI_DEFINE_KERNEL(zeros_like, validate, eval);

}  // namespace kernels
}  // namespace lpai
