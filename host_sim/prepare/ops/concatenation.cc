// CONCATENATION: offline prepare (TFLite's rules for quantised concatenation: equal types,
// scales and zero points; no fused activation).
#include <cstring>

#include "kernels/kernel_api.h"
#include "kernels/params/concatenation.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_concatenation(const PrepOp& op) {
  PrepResult r;
  if (op.inputs.empty() || op.inputs.size() > kernels::kMaxNodeInputs) {
    return PrepResult::reject("expected 1.." + std::to_string(kernels::kMaxNodeInputs) + " inputs, got " +
              std::to_string(op.inputs.size()));
  }
  if (!ew::check_arity(op, op.inputs.size(), 1, &r.error)) return r;
  const PrepTensor& out = *op.outputs[0];
  // int8 / int16 quantised; int32 and bool as plain values (shape arithmetic), as TFLite Micro.
  const bool quantised = out.type == format::DataType::kInt8 || out.type == format::DataType::kInt16;
  if (!quantised && out.type != format::DataType::kInt32 && out.type != format::DataType::kBool) {
    return PrepResult::reject(std::string("output type ") + ew::type_name(out.type) +
              " unsupported (int8, int16, int32 or bool)");
  }
  if (quantised && !ew::check_per_tensor(out, "output", &r.error)) return r;
  if (op.options.activation != 0) {
    return PrepResult::reject("fused activation " + std::to_string(op.options.activation) +
              " is not supported on CONCATENATION");
  }
  const int rank = static_cast<int>(out.shape.size());
  int axis = op.options.axis < 0 ? op.options.axis + rank : op.options.axis;
  if (rank == 0 || rank > static_cast<int>(format::kMaxRank) || axis < 0 || axis >= rank) {
    return PrepResult::reject("axis " + std::to_string(op.options.axis) + " invalid for rank " + std::to_string(rank));
  }
  int64_t sum = 0;
  for (size_t k = 0; k < op.inputs.size(); ++k) {
    const PrepTensor& in = *op.inputs[k];
    const std::string what = "input " + std::to_string(k);
    if (in.type != out.type) {
      return PrepResult::reject(what + " type differs from the output's");
    }
    if (quantised && !ew::check_per_tensor(in, what.c_str(), &r.error)) return r;
    if (quantised && (ew::scale_of(in) != ew::scale_of(out) || ew::zp_of(in) != ew::zp_of(out))) {
      return PrepResult::reject(what + " quantisation differs from the output's (requantising concatenation "
                       "is not supported)");
    }
    if (static_cast<int>(in.shape.size()) != rank) {
      return PrepResult::reject(what + " rank differs from the output's");
    }
    for (int i = 0; i < rank; ++i) {
      if (i != axis && in.shape[i] != out.shape[i]) {
        return PrepResult::reject(what + " dim " + std::to_string(i) + " differs from the output's");
      }
    }
    sum += in.shape[axis];
  }
  if (sum != out.shape[axis]) {
    return PrepResult::reject("input sizes along the axis do not add up to the output's");
  }
  kernels::ConcatenationParams p;
  p.axis = static_cast<uint32_t>(axis);
  p.reserved = 0;
  r.params = ew::blob_of(p);
  return r;
}

host::HostStatus decode_concatenation_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::ConcatenationOptions& p = *op.builtin_options_as_ConcatenationOptions();
  o->axis = p.axis();
  o->activation = p.fused_activation_function();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
