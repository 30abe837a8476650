// SVDF: offline prepare (TFLite Micro's PrepareSvdf, integer path: effective scales formed in
// float then widened to double, QuantizeMultiplier; weights' zero points are ignored as TFLite
// Micro ignores them; the fused activation is not applied by the integer kernel).
#include <cmath>
#include <cstring>

#include "kernels/params/svdf.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/int8_prep_util.h"

namespace lpai {
namespace prepare {

PrepResult prepare_svdf(const PrepOp& op) {
  PrepResult r;
  if (op.inputs.size() != 5 || op.outputs.size() != 1 || op.outputs[0] == nullptr) {
    r.error = "expects 5 inputs and 1 output";
    return r;
  }
  for (int i : {0, 1, 2, 4}) {
    if (op.inputs[i] == nullptr) {
      r.error = "input " + std::to_string(i) + " is absent";
      return r;
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
    r.error = "input, weights_feature and output must be int8";
    return r;
  }
  if ((wt.type != format::DataType::kInt8 && wt.type != format::DataType::kInt16) ||
      state.type != wt.type) {
    r.error = "weights_time and state must both be int8 or both int16";
    return r;
  }
  if (bias != nullptr && bias->type != format::DataType::kInt32) {
    r.error = "bias must be int32";
    return r;
  }
  if (!wf.is_const() || !wt.is_const() || (bias != nullptr && !bias->is_const())) {
    r.error = "weights and bias must be constant";
    return r;
  }
  if (!state.is_variable) {
    r.error = "activation state must be a variable tensor";
    return r;
  }
  if (in.shape.size() != 2 || wf.shape.size() != 2 || wt.shape.size() != 2 ||
      state.shape.size() != 2 || out.shape.size() != 2) {
    r.error = "input, weights, state and output must be 2-D";
    return r;
  }
  const int32_t rank = op.options.rank;
  const int32_t batches = in.shape[0];
  const int32_t input_size = in.shape[1];
  const int32_t filters = wf.shape[0];
  const int32_t memory = wt.shape[1];
  if (rank < 1 || filters % rank != 0) {
    r.error = "rank " + std::to_string(rank) + " does not divide " + std::to_string(filters) +
              " filters";
    return r;
  }
  const int32_t units = filters / rank;
  if (wf.shape[1] != input_size || wt.shape[0] != filters || state.shape[0] != batches ||
      state.shape[1] != memory * filters || out.shape[0] != batches || out.shape[1] != units ||
      (bias != nullptr && (bias->shape.size() != 1 || bias->shape[0] != units)) ||
      batches < 1 || input_size < 1 || memory < 1) {
    r.error = "inconsistent shapes";
    return r;
  }
  if (!ew::check_per_tensor(in, "input", &r.error) ||
      !ew::check_per_tensor(out, "output", &r.error) ||
      !ew::check_per_tensor(state, "state", &r.error) || wf.scales.size() != 1 ||
      wt.scales.size() != 1) {
    if (r.error.empty()) r.error = "weights must be per-tensor quantised";
    return r;
  }
  const float s_state = ew::scale_of(state);
  const float s_wt = wt.scales[0];
  if (bias != nullptr && !bias->scales.empty() &&
      !(std::abs(static_cast<double>(bias->scales[0]) - static_cast<double>(s_state * s_wt)) <
        1e-5)) {
    r.error = "bias scale differs from state_scale * weights_time_scale";
    return r;
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
    r.error = "effective scales out of range";
    return r;
  }
  r.params.resize(sizeof(p));
  std::memcpy(r.params.data(), &p, sizeof(p));
  return r;
}

}  // namespace prepare
}  // namespace lpai
