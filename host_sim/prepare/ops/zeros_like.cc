// ZEROS_LIKE: offline prepare (no parameters; see kernels/params/zeros_like.h).
#include "kernels/params/zeros_like.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_zeros_like(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 1, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  const format::DataType t = in.type;
  if ((t != format::DataType::kInt8 && t != format::DataType::kInt16 &&
       t != format::DataType::kInt32 && t != format::DataType::kBool) ||
      out.type != t || out.shape != in.shape) {
    return PrepResult::reject(std::string("types ") + ew::type_name(t) + " -> " + ew::type_name(out.type) +
              " unsupported (int8, int16, int32 or bool; output like the input)");
  }
  return r;
}

}  // namespace prepare
}  // namespace lpai
