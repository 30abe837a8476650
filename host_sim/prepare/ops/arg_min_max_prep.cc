// ARG_MAX / ARG_MIN prepare: see arg_min_max_prep.h.
#include "prepare/ops/arg_min_max_prep.h"

#include <cstring>

#include "kernels/params/arg_min_max.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/int8_prep_util.h"

namespace lpai {
namespace prepare {

PrepResult prepare_arg_min_max(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 2, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& axis = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  if (in.type != format::DataType::kInt8) {
    return PrepResult::reject(std::string("input type ") + ew::type_name(in.type) + " unsupported (int8)");
  }
  if (out.type != format::DataType::kInt32) {
    return PrepResult::reject(std::string("output type ") + ew::type_name(out.type) +
              " unsupported (int32, as TFLite Micro)");
  }
  const int rank = static_cast<int>(in.shape.size());
  const host::HostResult<int32_t> axis_value = ew::constant_axis(axis, rank);
  if (!axis_value.ok()) return PrepResult::reject(axis_value.status());
  const int32_t a = axis_value.value();
  std::vector<int32_t> want;
  int64_t outer = 1, inner = 1;
  for (int k = 0; k < rank; ++k) {
    if (k < a) outer *= in.shape[k];
    if (k > a) inner *= in.shape[k];
    if (k != a) want.push_back(in.shape[k]);
  }
  if (out.shape != want) {
    return PrepResult::reject("output shape " + util::shape_string(out.shape) + ", want " +
              util::shape_string(want));
  }
  if (in.shape[a] < 1) {
    return PrepResult::reject("empty reduction axis");
  }
  kernels::ArgMinMaxParams p;
  p.outer = static_cast<int32_t>(outer);
  p.axis_size = in.shape[a];
  p.inner = static_cast<int32_t>(inner);
  r.params.resize(sizeof(p));
  std::memcpy(r.params.data(), &p, sizeof(p));
  return r;
}

}  // namespace prepare
}  // namespace lpai
