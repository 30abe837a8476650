// CAST: offline prepare. Plain integer types only (int8, int16, int32, bool); the kernel reads
// both types from the tensor records, so there is no parameter blob.
#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {
namespace {

bool castable(format::DataType t) {
  return t == format::DataType::kInt8 || t == format::DataType::kInt16 ||
         t == format::DataType::kInt32 || t == format::DataType::kBool ||
         t == format::DataType::kUint32;
}

}  // namespace

PrepResult prepare_cast(const PrepOp& op) {
  PrepResult r;
  if (op.inputs.size() != 1 || op.outputs.size() != 1 || op.inputs[0] == nullptr) {
    return PrepResult::reject("expects 1 input and 1 output");
  }
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (!castable(in.type) || !castable(out.type)) {
    return PrepResult::reject("types " + std::to_string(static_cast<int>(in.type)) + " -> " +
              std::to_string(static_cast<int>(out.type)) +
              " unsupported (int8, int16, int32, uint32, bool; float32 only as a graph output)");
  }
  if (in.shape != out.shape) return PrepResult::reject("input and output shapes differ");
  return r;
}

}  // namespace prepare
}  // namespace lpai
