// ADD/MUL/DIV on plain int32: see int32_arith_prep.h.
#include "prepare/ops/int32_arith_prep.h"

#include <cstring>
#include <limits>

#include "kernels/params/int32_arith.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

bool prepare_int32_arith(const PrepOp& op, Int32ArithKind kind, PrepResult* r) {
  if (op.outputs.size() != 1 || op.outputs[0] == nullptr ||
      op.outputs[0]->type != format::DataType::kInt32) {
    return false;
  }
  if (!ew::check_arity(op, 2, 1, &r->error)) return true;
  const PrepTensor& in1 = *op.inputs[0];
  const PrepTensor& in2 = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  if (in1.type != format::DataType::kInt32 || in2.type != format::DataType::kInt32) {
    r->error = std::string("types ") + ew::type_name(in1.type) + ", " + ew::type_name(in2.type) +
               " -> int32 unsupported (all int32)";
    return true;
  }
  for (const PrepTensor* t : {&in1, &in2, &out}) {
    if (!t->scales.empty()) {
      r->error = "int32 operands must not be quantised (TFLite Micro runs plain int32 only)";
      return true;
    }
  }
  kernels::Int32ArithParams p;
  std::memset(&p, 0, sizeof(p));
  p.activation_min = std::numeric_limits<int32_t>::min();
  p.activation_max = std::numeric_limits<int32_t>::max();
  if (kind != Int32ArithKind::kAdd) {
    switch (op.options.activation) {
      case 1: p.activation_min = 0; break;                              // RELU
      case 2: p.activation_min = -1; p.activation_max = 1; break;       // RELU_N1_TO_1
      case 3: p.activation_min = 0; p.activation_max = 6; break;        // RELU6
      default: break;
    }
  }
  if (kind == Int32ArithKind::kDiv && in2.is_const()) {
    for (int64_t i = 0; i < in2.element_count(); ++i) {
      int32_t v;
      std::memcpy(&v, in2.data + 4 * i, 4);
      if (v == 0) {
        r->error = "constant divisor holds 0 at element " + std::to_string(i);
        return true;
      }
    }
  }
  if (!ew::plan_broadcast(in1, in2, out, &p.broadcast, &p.shape, &r->error)) return true;
  r->params = ew::blob_of(p);
  return true;
}

}  // namespace prepare
}  // namespace lpai
