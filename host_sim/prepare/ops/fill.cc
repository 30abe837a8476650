// FILL: offline prepare (see kernels/params/fill.h): the dims input must be constant and equal the
// output shape; the value is a one-element tensor of the output's type.
#include "kernels/params/fill.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/int8_prep_util.h"

namespace lpai {
namespace prepare {

PrepResult prepare_fill(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 2, 1, &r.error)) return r;
  const PrepTensor& dims = *op.inputs[0];
  const PrepTensor& value = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  const format::DataType t = out.type;
  if ((t != format::DataType::kInt8 && t != format::DataType::kInt16 &&
       t != format::DataType::kInt32 && t != format::DataType::kBool) ||
      value.type != t || value.element_count() != 1) {
    return PrepResult::reject(std::string("value ") + ew::type_name(value.type) + " -> " + ew::type_name(t) +
              " unsupported (one element of the output's type: int8, int16, int32 or bool)");
  }
  if (!dims.is_const() || dims.shape.size() != 1 ||
      (dims.type != format::DataType::kInt32 && dims.type != format::DataType::kInt64)) {
    return PrepResult::reject("dims must be a constant 1-D int32/int64 tensor");
  }
  std::vector<int32_t> want;
  for (int64_t i = 0; i < dims.element_count(); ++i) {
    const int64_t d = dims.type == format::DataType::kInt32 ? util::const_i32(dims, i)
                                                             : util::const_i64(dims, i);
    want.push_back(static_cast<int32_t>(d));
  }
  if (want != out.shape) {
    return PrepResult::reject("dims " + util::shape_string(want) + " differ from the output shape " +
              util::shape_string(out.shape));
  }
  return r;
}

}  // namespace prepare
}  // namespace lpai
