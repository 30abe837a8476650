// Comparisons: offline prepare (see kernels/params/comparison.h). int8: the rescaled value of every
// input byte, as ComparisonWithScaling computes it, for both operands.
#include "prepare/ops/comparison_prep.h"

#include <cstring>

#include "kernels/fixed_point.h"
#include "kernels/params/comparison.h"
#include "prepare/ops/elementwise_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_comparison(const PrepOp& op, bool allow_bool) {
  PrepResult r;
  if (!ew::check_arity(op, 2, 1, &r.error)) return r;
  const PrepTensor& in1 = *op.inputs[0];
  const PrepTensor& in2 = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  if (out.type != format::DataType::kBool) {
    return PrepResult::reject(std::string("output type ") + ew::type_name(out.type) + " is not bool");
  }
  kernels::ComparisonParams p;
  std::memset(&p, 0, sizeof(p));
  if (in1.type != in2.type) {
    return PrepResult::reject("input types differ");
  }
  if (in1.type == format::DataType::kInt8) {
    p.mode = kernels::kCompareInt8Scaled;
  } else if (in1.type == format::DataType::kInt32) {
    p.mode = kernels::kCompareInt32;
  } else if (allow_bool && in1.type == format::DataType::kBool) {
    p.mode = kernels::kCompareBool;
  } else {
    return PrepResult::reject(std::string("input type ") + ew::type_name(in1.type) + " unsupported (int8, int32" +
              (allow_bool ? ", bool)" : ")"));
  }
  if (!ew::plan_broadcast(in1, in2, out, &p.broadcast, &p.shape, &r.error)) return r;
  r.params = ew::blob_of(p);
  if (p.mode != kernels::kCompareInt8Scaled) return r;
  if (!ew::check_per_tensor(in1, "input 0", &r.error) ||
      !ew::check_per_tensor(in2, "input 1", &r.error)) {
    return r;
  }
  for (const PrepTensor* t : {&in1, &in2}) {
    int32_t m = 0, shift = 0;
    if (!ew::quantize_smaller_than_one(static_cast<double>(ew::scale_of(*t)), &m, &shift,
                                       "input scale", &r.error)) {
      return r;
    }
    const int32_t zp = ew::zp_of(*t);
    for (int i = 0; i < 256; ++i) {
      const int32_t x = static_cast<int8_t>(static_cast<uint8_t>(i));
      const int32_t s = kernels::multiply_by_quantized_multiplier((x - zp) * (1 << 8), m, shift);
      append_pod(&r.params, s);
    }
  }
  return r;
}

}  // namespace prepare
}  // namespace lpai
