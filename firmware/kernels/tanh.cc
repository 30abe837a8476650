// TANH kernel: see kernels/tanh.h.
#include "kernels/tanh.h"

#include "kernels/registry.h"
#include "kernels/unary_common.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(validate_unary_shape(
      args, "TANH", static_cast<uint32_t>(sizeof(TanhParams)) + kInt8LutSize));
  if (type_of(args.inputs[0].desc) != format::DataType::kInt8 ||
      type_of(args.outputs[0].desc) != format::DataType::kInt8 ||
      args.outputs[0].desc->zero_point != 0) {
    LPAI_LOG_ERROR("TANH: int8 -> int8 with output zero point 0 required, got types %u -> %u, "
                   "zero point %d",
                   args.inputs[0].desc->data_type, args.outputs[0].desc->data_type,
                   args.outputs[0].desc->zero_point);
    return Status::kBinaryBadParams;
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  apply_int8_lut(trailing_lut(args, sizeof(TanhParams)),
                 reinterpret_cast<const int8_t*>(args.inputs[0].data),
                 reinterpret_cast<int8_t*>(args.outputs[0].data), element_count(args.inputs[0].desc));
}

}  // namespace

const OpKernel kTanhKernel = {format::BuiltinOp::kTanh, "TANH", validate, eval};

}  // namespace kernels
}  // namespace lpai
