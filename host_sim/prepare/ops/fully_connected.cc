// FULLY_CONNECTED: offline prepare for the int8 and int16x8 kernels
// (firmware/kernels/fully_connected.h).
// Multipliers as TFLite Micro's CalculateOpDataFullyConnected: per-tensor weights use
// GetQuantizedConvolutionMultipler (float product input_scale * weight_scale, then double
// division, with its bias-scale check); per-channel weights use double products per channel.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/hvx/hvx_layout.h"
#include "kernels/int8_gemm.h"
#include "kernels/params/fully_connected.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/conv_family_prep.h"
#include "prepare/ops/int8_prep_util.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_fully_connected(const PrepOp& op) {
  using format::DataType;
  PrepResult r;
  const host::HostResult<util::GemmOperands> operands = util::gemm_operands(op);
  if (!operands.ok()) return PrepResult::reject(operands.status());
  const auto [input, weights, bias, output] = operands.value();
  std::string e;
  if (input == nullptr || (input->type != DataType::kInt8 && input->type != DataType::kInt16)) {
    return PrepResult::reject("only int8 or int16 (16x8) activations are supported");
  }
  const bool wide = input->type == DataType::kInt16;
  if (!rules::check_per_tensor_of_type(input, input->type, "input", &e)) return PrepResult::reject(e);
  if (!rules::check_per_tensor_of_type(output, input->type, "output", &e)) return PrepResult::reject(e);
  if (wide && (input->zero_points[0] != 0 || output->zero_points[0] != 0)) {
    return PrepResult::reject("16x8 input and output zero points must be 0");
  }
  if (weights == nullptr || weights->type != DataType::kInt8 || !weights->is_const()) {
    return PrepResult::reject("weights must be a constant int8 tensor");
  }
  if (weights->shape.size() != 2 || weights->shape[0] <= 0 || weights->shape[1] <= 0) {
    return PrepResult::reject("weights must have shape [N, K], got " + util::shape_string(weights->shape));
  }
  const int n = weights->shape[0];
  const int k = weights->shape[1];
  if (static_cast<uint32_t>(k) > kernels::gemm::kMaxAccumDepth) {
    return PrepResult::reject("accumulation depth " + std::to_string(k) + " exceeds 65536");
  }
  if (weights->scales.empty() || weights->scales.size() != weights->zero_points.size()) {
    return PrepResult::reject("weights are not quantised");
  }
  if (!util::zero_points_all_zero(*weights)) return PrepResult::reject("weights zero point must be 0");
  const bool per_channel = weights->scales.size() > 1;
  if (per_channel && (weights->scales.size() != static_cast<size_t>(n) || weights->quant_axis != 0)) {
    return PrepResult::reject("per-channel weights need N scales along axis 0");
  }
  if (bias != nullptr) {
    const bool type_ok = bias->type == DataType::kInt32 || (wide && bias->type == DataType::kInt64);
    if (!type_ok || !bias->is_const()) {
      return PrepResult::reject(wide ? "bias must be a constant int64 or int32 tensor for 16x8"
                         : "bias must be a constant int32 tensor");
    }
    if (bias->element_count() != n) {
      return PrepResult::reject("bias has " + std::to_string(bias->element_count()) + " elements, expected " +
                    std::to_string(n));
    }
  }
  const int64_t in_count = input->element_count();
  if (in_count <= 0 || in_count % k != 0) {
    return PrepResult::reject("input " + util::shape_string(input->shape) + " is not a multiple of K=" +
                  std::to_string(k));
  }
  const int64_t batches = in_count / k;
  if (output->shape.empty() || output->shape.back() != n || output->element_count() != batches * n) {
    return PrepResult::reject("output " + util::shape_string(output->shape) + " does not match " +
                  std::to_string(batches) + " rows of " + std::to_string(n));
  }
  if (batches > 0x7FFFFFFF) return PrepResult::reject("too many rows");

  // Requantisation multipliers.
  std::vector<int32_t> multiplier, shift;
  if (per_channel) {
    e = util::channel_multipliers(*input, *weights, *output, n, &multiplier, &shift);
    if (!e.empty()) return PrepResult::reject(e);
  } else {
    const float w_scale = weights->scales[0];
    if (!(w_scale > 0.0f)) return PrepResult::reject("weights have a non-positive scale");
    const double input_product_scale = static_cast<double>(input->scales[0] * w_scale);
    if (bias != nullptr && bias->scales.size() >= 1) {
      const double scale_diff =
          std::abs(static_cast<double>(input->scales[0]) * static_cast<double>(w_scale) -
                   static_cast<double>(bias->scales[0]));
      if (scale_diff / static_cast<double>(output->scales[0]) > 0.02) {
        return PrepResult::reject("bias scale differs from input_scale * weight_scale");
      }
    }
    int32_t m = 0;
    int s = 0;
    quantize_multiplier(input_product_scale / static_cast<double>(output->scales[0]), &m, &s);
    if (s > 30) return PrepResult::reject("effective output scale too large (shift > 30)");
    multiplier.assign(n, m);
    shift.assign(n, s);
  }

  int32_t act_min = 0, act_max = 0;
  if (!rules::activation_range(op.options.activation, *output, wide ? -32768 : -128,
                               wide ? 32767 : 127, &act_min, &act_max, &e)) {
    return PrepResult::reject(e);
  }
  if (act_min > act_max) return PrepResult::reject("empty fused activation range");

  if (wide) {
    // TFLite Micro (the oracle's build): int64 bias or none -> int64 accumulator (64-bit
    // requantisation, shift <= 7); int32 bias -> int32 accumulator (32-bit requantisation).
    const bool acc32 = bias != nullptr && bias->type == DataType::kInt32;
    std::vector<int64_t> b64(n, 0);
    for (int o = 0; o < n; ++o) {
      if (bias != nullptr) {
        b64[o] = bias->type == DataType::kInt64 ? util::const_i64(*bias, o) : util::const_i32(*bias, o);
      }
      if (!acc32 && (b64[o] < -(int64_t{1} << 47) || b64[o] >= (int64_t{1} << 47))) {
        return PrepResult::reject("16x8 bias value outside [-2^47, 2^47)");
      }
      if (!acc32 && shift[o] > 7) return PrepResult::reject("effective output scale too large for 16x8 (shift > 7)");
    }
    kernels::FullyConnectedParams p{};
    p.batches = static_cast<uint32_t>(batches);
    p.accum_depth = static_cast<uint32_t>(k);
    p.output_depth = static_cast<uint32_t>(n);
    p.output_zero_point = 0;
    p.act_min = act_min;
    p.act_max = act_max;
    p.flags = (per_channel ? kernels::kFcFlagPerChannel : 0u) |
              (bias != nullptr ? kernels::kFcFlagHasBias : 0u) | kernels::kFcFlagInt16x8 |
              (acc32 ? kernels::kFcFlagAcc32 : 0u);
    append_pod(&r.params, p);
    append_array(&r.params, b64);
    append_array(&r.params, multiplier);
    append_array(&r.params, shift);
    r.temp_bytes = 0;
    return r;
  }

  // Fold bias - input_zero_point * sum(weights row) into one int32 per channel.
  const int64_t input_zp = input->zero_points[0];
  std::vector<int32_t> folded(n);
  for (int o = 0; o < n; ++o) {
    int64_t row_sum = 0;
    for (int i = 0; i < k; ++i) row_sum += util::const_i8(*weights, static_cast<int64_t>(o) * k + i);
    const int64_t b = bias != nullptr ? util::const_i32(*bias, o) : 0;
    folded[o] = static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(b - input_zp * row_sum)));
  }

  kernels::FullyConnectedParams p{};
  p.batches = static_cast<uint32_t>(batches);
  p.accum_depth = static_cast<uint32_t>(k);
  p.output_depth = static_cast<uint32_t>(n);
  p.output_zero_point = static_cast<int32_t>(output->zero_points[0]);
  p.act_min = act_min;
  p.act_max = act_max;
  p.flags = (per_channel ? kernels::kFcFlagPerChannel : 0u) |
            (bias != nullptr ? kernels::kFcFlagHasBias : 0u) |
            (kernels::fully_connected_is_large(p.batches, p.accum_depth, p.output_depth)
                 ? kernels::kFcFlagLarge
                 : 0u);
  p.reserved = 0;
  // The HVX layout, when asked for, on the large products the HVX paths take.
  // Few rows: the packed GEMV where its estimate is cheaper (large or not).
  namespace hl = kernels::hvx_layout;
  const bool packed_gemv = op.layout == KernelLayout::kHvx && p.batches < hl::kMinGemmRows &&
                           hl::fc_prefers_packed_gemv(p.output_depth, p.accum_depth);
  std::vector<uint8_t> layout;
  if (op.layout == KernelLayout::kHvx && ((p.flags & kernels::kFcFlagLarge) != 0 || packed_gemv)) {
    layout = util::hvx_gemm_layout(reinterpret_cast<const int8_t*>(weights->data), p.output_depth,
                                   p.accum_depth, folded, multiplier, shift,
                                   p.batches >= hl::kMinGemmRows || packed_gemv);
  }
  if (!layout.empty()) p.flags |= kernels::kFcFlagHvxLayout;
  if (!layout.empty() && packed_gemv) p.flags |= kernels::kFcFlagHvxPacked;
  auto blob = [&](const kernels::FullyConnectedParams& h) {
    std::vector<uint8_t> b;
    append_pod(&b, h);
    append_array(&b, folded);
    append_array(&b, multiplier);
    append_array(&b, shift);
    if ((h.flags & kernels::kFcFlagHvxLayout) != 0) append_array(&b, layout);
    return b;
  };
  r.params = blob(p);
  r.temp_bytes = layout.empty() ? 0u
                 : packed_gemv
                     ? static_cast<uint32_t>(hl::gemv_packed_temp_bytes(p.batches, p.accum_depth))
                     : static_cast<uint32_t>(hl::fc_temp_bytes(p.batches, p.output_depth, p.accum_depth));
  if (r.temp_bytes != 0) {  // leaner form (same bytes): the portable path, no scratch
    kernels::FullyConnectedParams lean = p;
    lean.flags &= ~(kernels::kFcFlagHvxLayout | kernels::kFcFlagHvxPacked);
    r.leaner.push_back({blob(lean), 0, false});
  }
  return r;
}

host::HostStatus decode_fully_connected_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::FullyConnectedOptions& p = *op.builtin_options_as_FullyConnectedOptions();
  if (p.weights_format() != tflite::FullyConnectedOptionsWeightsFormat_DEFAULT) {
    return host::HostStatus::fail("shuffled weights format is not supported");
  }
  o->activation = p.fused_activation_function();
  o->keep_num_dims = p.keep_num_dims();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
