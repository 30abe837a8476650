// SVDF: offline prepare (TFLite Micro's PrepareSvdf, integer path: effective scales formed in
// float then widened to double, QuantizeMultiplier; weights' zero points are ignored as TFLite
// Micro ignores them; the fused activation is not applied by the integer kernel).
#include <cmath>
#include <cstring>

#include "kernels/params/svdf.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/int8_prep_util.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_svdf(const PrepOp& op) {
  PrepResult r;
  if (op.inputs.size() != 5 || op.outputs.size() != 1 || op.outputs[0] == nullptr) {
    return PrepResult::reject("expects 5 inputs and 1 output");
  }
  for (int i : {0, 1, 2, 4}) {
    if (op.inputs[i] == nullptr) {
      return PrepResult::reject("input " + std::to_string(i) + " is absent");
    }
  }
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& wf = *op.inputs[1];
  const PrepTensor& wt = *op.inputs[2];
  const PrepTensor* bias = op.inputs[3];
  const PrepTensor& state = *op.inputs[4];
  const PrepTensor& out = *op.outputs[0];
  if (in.type != format::DataType::kInt8 || wf.type != format::DataType::kInt8 ||
      out.type != format::DataType::kInt8) {
    return PrepResult::reject("input, weights_feature and output must be int8");
  }
  if ((wt.type != format::DataType::kInt8 && wt.type != format::DataType::kInt16) ||
      state.type != wt.type) {
    return PrepResult::reject("weights_time and state must both be int8 or both int16");
  }
  if (bias != nullptr && bias->type != format::DataType::kInt32) {
    return PrepResult::reject("bias must be int32");
  }
  if (!wf.is_const() || !wt.is_const() || (bias != nullptr && !bias->is_const())) {
    return PrepResult::reject("weights and bias must be constant");
  }
  if (!state.is_variable) {
    return PrepResult::reject("activation state must be a variable tensor");
  }
  if (in.shape.size() != 2 || wf.shape.size() != 2 || wt.shape.size() != 2 ||
      state.shape.size() != 2 || out.shape.size() != 2) {
    return PrepResult::reject("input, weights, state and output must be 2-D");
  }
  const int32_t rank = op.options.rank;
  const int32_t batches = in.shape[0];
  const int32_t input_size = in.shape[1];
  const int32_t filters = wf.shape[0];
  const int32_t memory = wt.shape[1];
  if (rank < 1 || filters % rank != 0) {
    return PrepResult::reject("rank " + std::to_string(rank) + " does not divide " + std::to_string(filters) +
              " filters");
  }
  const int32_t units = filters / rank;
  if (wf.shape[1] != input_size || wt.shape[0] != filters || state.shape[0] != batches ||
      state.shape[1] != memory * filters || out.shape[0] != batches || out.shape[1] != units ||
      (bias != nullptr && (bias->shape.size() != 1 || bias->shape[0] != units)) ||
      batches < 1 || input_size < 1 || memory < 1) {
    return PrepResult::reject("inconsistent shapes");
  }
  if (!ew::check_per_tensor(in, "input", &r.error) ||
      !ew::check_per_tensor(out, "output", &r.error) ||
      !ew::check_per_tensor(state, "state", &r.error) || wf.scales.size() != 1 ||
      wt.scales.size() != 1) {
    return r.error.empty() ? PrepResult::reject("weights must be per-tensor quantised") : r;
  }
  const float s_state = ew::scale_of(state);
  const float s_wt = wt.scales[0];
  if (bias != nullptr && !bias->scales.empty() &&
      !(std::abs(static_cast<double>(bias->scales[0]) - static_cast<double>(s_state * s_wt)) <
        1e-5)) {
    return PrepResult::reject("bias scale differs from state_scale * weights_time_scale");
  }
  kernels::SvdfParams p;
  std::memset(&p, 0, sizeof(p));
  p.batches = batches;
  p.input_size = input_size;
  p.num_filters = filters;
  p.num_units = units;
  p.rank = rank;
  p.memory_size = memory;
  p.input_zero_point = ew::zp_of(in);
  p.state_zero_point = ew::zp_of(state);
  p.output_zero_point = ew::zp_of(out);
  p.has_bias = bias != nullptr ? 1 : 0;
  const double e1 = static_cast<double>(ew::scale_of(in) * wf.scales[0] / s_state);
  const double e2 = static_cast<double>(s_state * s_wt / ew::scale_of(out));
  ew::quantize(e1, &p.feature_multiplier, &p.feature_shift);
  ew::quantize(e2, &p.output_multiplier, &p.output_shift);
  if (p.feature_shift < -31 || p.feature_shift > 30 || p.output_shift < -31 ||
      p.output_shift > 30) {
    return PrepResult::reject("effective scales out of range");
  }
  r.params.resize(sizeof(p));
  std::memcpy(r.params.data(), &p, sizeof(p));
  return r;
}

host::HostStatus decode_svdf_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::SVDFOptions& p = *op.builtin_options_as_SVDFOptions();
  o->rank = p.rank();
  o->activation = p.fused_activation_function();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
