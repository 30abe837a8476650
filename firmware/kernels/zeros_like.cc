// ZEROS_LIKE kernel: see kernels/zeros_like.h.
#include "kernels/params/zeros_like.h"

#include "core/log.h"
#include "kernels/elementwise_common.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  if (args.params_size != 0 || args.num_inputs != 1 || args.num_outputs != 1 ||
      args.inputs[0].desc == nullptr || args.outputs[0].desc == nullptr) {
    LPAI_LOG_ERROR("ZEROS_LIKE: params %u bytes (want 0), %u inputs, %u outputs (want 1, 1)",
                   args.params_size, args.num_inputs, args.num_outputs);
    return Status::kBinaryBadParams;
  }
  LPAI_RETURN_IF_ERROR(checks::require_same_type(args.outputs[0].desc, args.inputs[0].desc,
                                                  "ZEROS_LIKE", "output", "the input"));
  if (!same_shape(args.inputs[0].desc, args.outputs[0].desc)) {
    LPAI_LOG_ERROR("ZEROS_LIKE: output shape differs from the input's");
    return Status::kBinaryBadParams;
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  __builtin_memset(args.outputs[0].data, 0, args.outputs[0].desc->size);
}

}  // namespace

const OpKernel kZerosLikeKernel = {format::BuiltinOp::kZerosLike, "ZEROS_LIKE", validate, eval};

}  // namespace kernels
}  // namespace lpai
