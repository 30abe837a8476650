// UNIDIRECTIONAL_SEQUENCE_LSTM: offline prepare for the full-integer kernel
// (firmware/kernels/unidirectional_sequence_lstm.h).
//
// Accepts exactly the LSTMs TFLite Micro's integer kernel evaluates (int8 activations, int8
// per-tensor weights, int32 biases, int16 cell state, all four gates, no peephole / projection /
// layer norm, TANH cell activation) and derives every constant the way TFLM's Prepare does
// (lstm_eval_common.cc): gate pre-activations at the fixed scale 2^-12, gate outputs at 2^-15,
// FC multipliers from float(input_scale * weight_scale) / 2^-12, element-wise products through
// QuantizeMultiplier, cell clip truncated to int16, tanh(cell) scaling from the rounded log2 of
// the cell scale. 16x8 (int16 input): TFLM's LstmStep<int16_t, int8_t, int16_t, int64_t>:
// int16 input / hidden state / output with zero point 0, int64 gate biases (int32 widened),
// the same scales; the gate FC shifts must stay <= 7 (64-bit requantisation).
// The operator's intermediates (gate and hidden "intermediate" tensors) are not
// used by that kernel and are ignored here.
#include "kernels/params/unidirectional_sequence_lstm.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "kernels/hvx/hvx_lstm_layout.h"
#include "kernels/lstm_math.h"
#include "prepare/op_prepare.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {
namespace {

using format::DataType;
using kernels::LstmRescale;
using kernels::UnidirectionalSequenceLstmParams;

const char* const kGateNames[4] = {"input", "forget", "cell", "output"};

std::string shape_str(const std::vector<int32_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

const char* type_name(DataType t) {
  switch (t) {
    case DataType::kInt8:
      return "int8";
    case DataType::kUint8:
      return "uint8";
    case DataType::kInt16:
      return "int16";
    case DataType::kInt32:
      return "int32";
    case DataType::kInt64:
      return "int64";
    case DataType::kFloat32:
      return "float32";
    default:
      return "invalid";
  }
}

// TFLite QuantizeMultiplier, including its saturation of exponents above 30.
LstmRescale rescale_of(double real) {
  int32_t m = 0;
  int shift = 0;
  quantize_multiplier(real, &m, &shift);
  if (shift > 30) {
    shift = 30;
    m = INT32_MAX;
  }
  return LstmRescale{m, shift};
}

// TFLite's CheckedLog2 as TFLM's CreateLstmCellStateInfo uses it (result rounded, the
// "is a power of two" verdict ignored).
int rounded_log2(float x) {
  const float x_log2 = std::log(x) * (1.0f / std::log(2.0f));
  return static_cast<int>(std::round(x_log2));
}

bool is_per_tensor(const PrepTensor& t) {
  return t.scales.size() == 1 && t.zero_points.size() <= 1;
}
int64_t zero_point_of(const PrepTensor& t) { return t.zero_points.empty() ? 0 : t.zero_points[0]; }

int32_t wrap_i32(int64_t v) {
  return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(v)));
}

}  // namespace

PrepResult prepare_unidirectional_sequence_lstm(const PrepOp& op) {
  PrepResult r;
  if (op.inputs.size() != kernels::kLstmNumInputs || op.outputs.size() != 1) {
    return PrepResult::reject("expects 24 inputs and 1 output, got " + std::to_string(op.inputs.size()) + " / " +
                std::to_string(op.outputs.size()));
  }
  const auto in = [&op](uint32_t i) { return op.inputs[i]; };
  for (uint32_t i : {9u, 10u, 11u}) {
    if (in(i))
      return PrepResult::reject("peephole (cell-to-gate) weights are not supported (input " + std::to_string(i) +
                  ")");
  }
  for (uint32_t i : {16u, 17u}) {
    if (in(i))
      return PrepResult::reject("projection weights/bias are not supported (input " + std::to_string(i) + ")");
  }
  for (uint32_t i : {20u, 21u, 22u, 23u}) {
    if (in(i)) return PrepResult::reject("layer-norm LSTM is not supported (input " + std::to_string(i) + ")");
  }
  for (uint32_t g = 0; g < 4; ++g) {
    if (!in(1 + g) || !in(5 + g)) {
      return PrepResult::reject(std::string("missing ") + kGateNames[g] +
                  " gate weights: CIFG (coupled input-forget gate) LSTM is not supported");
    }
    if (!in(12 + g)) return PrepResult::reject(std::string("missing ") + kGateNames[g] + " gate bias");
  }
  const PrepTensor* input = in(0);
  const PrepTensor* hidden = in(kernels::kLstmHiddenState);
  const PrepTensor* cell = in(kernels::kLstmCellState);
  const PrepTensor* output = op.outputs[0];
  if (!input || !hidden || !cell || !output)
    return PrepResult::reject("input, hidden state, cell state and output are required");
  if (input->type != DataType::kInt8 && input->type != DataType::kInt16) {
    return PrepResult::reject(std::string("input type ") + type_name(input->type) +
                " is not supported: only the integer LSTMs with int8 or int16 (16x8) activations");
  }
  const bool wide = input->type == DataType::kInt16;
  if (hidden->type != input->type || output->type != input->type) {
    return PrepResult::reject(std::string("hidden state and output must be ") + type_name(input->type) +
                " like the input");
  }
  if (cell->type != DataType::kInt16) {
    return PrepResult::reject(std::string("cell state type ") + type_name(cell->type) +
                " is not supported: int16 only");
  }
  if (!hidden->is_variable || !cell->is_variable) {
    return PrepResult::reject("hidden state (input 18) and cell state (input 19) must be variable tensors");
  }
  if (op.options.activation != 4) {
    return PrepResult::reject("cell gate activation " + std::to_string(op.options.activation) +
                " is not supported: TANH only");
  }

  // Sizes, as TFLM's CreateLstmSizeInfo / ValidateTensorSize.
  if (input->shape.size() != 3) return PrepResult::reject("input must be rank 3, got " + shape_str(input->shape));
  if (hidden->shape.size() != 2)
    return PrepResult::reject("hidden state must be rank 2, got " + shape_str(hidden->shape));
  const bool time_major = op.options.time_major;
  const int64_t B = time_major ? input->shape[1] : input->shape[0];
  const int64_t T = time_major ? input->shape[0] : input->shape[1];
  const int64_t I = input->shape[2];
  const int64_t S = hidden->shape[1];
  if (B < 1 || T < 1 || I < 1 || S < 1)
    return PrepResult::reject("empty input or state: input " + shape_str(input->shape) + ", hidden " +
                shape_str(hidden->shape));
  if (I > kernels::kLstmMaxInputSize || S > kernels::kLstmMaxStateSize) {
    return PrepResult::reject("input size " + std::to_string(I) + " / state size " + std::to_string(S) +
                " above the kernel limits " + std::to_string(kernels::kLstmMaxInputSize) + " / " +
                std::to_string(kernels::kLstmMaxStateSize));
  }
  for (uint32_t g = 0; g < 4; ++g) {
    const PrepTensor* w = in(1 + g);
    const PrepTensor* rw = in(5 + g);
    const PrepTensor* bias = in(12 + g);
    const std::string gate = kGateNames[g];
    if (w->type != DataType::kInt8 || rw->type != DataType::kInt8) {
      return PrepResult::reject(gate + " gate weights must be int8 (got " + type_name(w->type) + " / " +
                  type_name(rw->type) + ")");
    }
    if (w->shape != std::vector<int32_t>{static_cast<int32_t>(S), static_cast<int32_t>(I)} ||
        rw->shape != std::vector<int32_t>{static_cast<int32_t>(S), static_cast<int32_t>(S)}) {
      return PrepResult::reject(gate + " gate weights " + shape_str(w->shape) + " / " + shape_str(rw->shape) +
                  " do not match [S, I] / [S, S] with S = " + std::to_string(S) +
                  ", I = " + std::to_string(I));
    }
    if (!w->is_const() || !rw->is_const() || w->data_size != static_cast<size_t>(S * I) ||
        rw->data_size != static_cast<size_t>(S * S)) {
      return PrepResult::reject(gate + " gate weights must be constant");
    }
    if (!is_per_tensor(*w) || !is_per_tensor(*rw)) {
      return PrepResult::reject(gate +
                  " gate weights must be quantised per tensor (per-channel LSTM weights are not "
                  "supported)");
    }
    if (zero_point_of(*w) != 0 || zero_point_of(*rw) != 0) {
      return PrepResult::reject(gate + " gate weights must be symmetric (zero point 0)");
    }
    if (!(w->scales[0] > 0.0f) || !(rw->scales[0] > 0.0f))
      return PrepResult::reject(gate + " gate weight scale must be positive");
    const bool bias_type_ok =
        bias->type == DataType::kInt32 || (wide && bias->type == DataType::kInt64);
    const size_t bias_bytes = bias->type == DataType::kInt64 ? 8 : 4;
    if (!bias_type_ok || bias->shape != std::vector<int32_t>{static_cast<int32_t>(S)} ||
        !bias->is_const() || bias->data_size != bias_bytes * static_cast<size_t>(S)) {
      return PrepResult::reject(gate + " gate bias must be a constant " + (wide ? "int64 or int32" : "int32") +
                  " [" + std::to_string(S) + "], got " + type_name(bias->type) + " " +
                  shape_str(bias->shape));
    }
  }
  if (hidden->element_count() != B * S || cell->element_count() != B * S) {
    return PrepResult::reject("state tensors must hold batch * state = " + std::to_string(B * S) +
                " elements (hidden " + shape_str(hidden->shape) + ", cell " +
                shape_str(cell->shape) + ")");
  }
  if (output->shape.size() != 3 || output->shape[0] != input->shape[0] ||
      output->shape[1] != input->shape[1] || output->shape[2] != S) {
    return PrepResult::reject("output shape " + shape_str(output->shape) + " does not match the input " +
                shape_str(input->shape) + " with state size " + std::to_string(S));
  }
  if (!is_per_tensor(*input) || !is_per_tensor(*hidden) || !is_per_tensor(*cell) ||
      !(input->scales[0] > 0.0f) || !(hidden->scales[0] > 0.0f) || !(cell->scales[0] > 0.0f)) {
    return PrepResult::reject("input, hidden state and cell state need one positive scale each");
  }
  const int64_t input_zp = zero_point_of(*input);
  const int64_t hidden_zp = zero_point_of(*hidden);
  if (input_zp < -128 || input_zp > 127 || hidden_zp < -128 || hidden_zp > 127) {
    return PrepResult::reject("input/hidden zero point outside the int8 range");
  }
  if (wide && (input_zp != 0 || hidden_zp != 0 || zero_point_of(*output) != 0)) {
    return PrepResult::reject("16x8 input, hidden state and output zero points must be 0");
  }

  const float cell_scale = cell->scales[0];
  const int cell_power = rounded_log2(cell_scale);
  if (cell_power < -43 || cell_power > 2) {
    return PrepResult::reject("cell state scale 2^" + std::to_string(cell_power) +
                " outside the supported range 2^-43 .. 2^2");
  }

  UnidirectionalSequenceLstmParams p{};
  p.batch_size = static_cast<uint32_t>(B);
  p.time_steps = static_cast<uint32_t>(T);
  p.input_size = static_cast<uint32_t>(I);
  p.state_size = static_cast<uint32_t>(S);
  p.time_major = time_major ? 1u : 0u;
  // Gate FC outputs at 2^-12 (Q3.12); gate outputs at 2^-15 (Q0.15).
  const float gate_in_scale = std::ldexp(1.0f, -12);
  const float gate_out_scale = std::ldexp(1.0f, -15);
  for (uint32_t g = 0; g < 4; ++g) {
    const float in_product = input->scales[0] * in(1 + g)->scales[0];
    const float rec_product = hidden->scales[0] * in(5 + g)->scales[0];
    p.input_fc[g] =
        rescale_of(static_cast<double>(in_product) / static_cast<double>(gate_in_scale));
    p.recurrent_fc[g] =
        rescale_of(static_cast<double>(rec_product) / static_cast<double>(gate_in_scale));
  }
  const double g_out = static_cast<double>(gate_out_scale);
  p.forget_times_cell =
      rescale_of(g_out * static_cast<double>(cell_scale) / static_cast<double>(cell_scale));
  p.input_times_gate = rescale_of(g_out * g_out / static_cast<double>(cell_scale));
  p.output_times_tanh = rescale_of(g_out * g_out / static_cast<double>(hidden->scales[0]));
  p.hidden_zero_point = static_cast<int32_t>(hidden_zp);
  if (op.options.cell_clip > 0.0f) {
    p.cell_clip_enabled = 1;
    p.cell_clip = static_cast<int16_t>(std::min(
        std::max(static_cast<double>(op.options.cell_clip) / static_cast<double>(cell_scale),
                 -32768.0),
        32767.0));
  }
  const kernels::lstm::LutInputScale tanh_scale = kernels::lstm::cell_tanh_scale(cell_power);
  p.cell_tanh_multiplier = tanh_scale.multiplier;
  p.cell_tanh_shift = tanh_scale.shift;

  if (wide) {
    for (uint32_t g = 0; g < 4; ++g) {
      if (p.input_fc[g].shift > 7 || p.recurrent_fc[g].shift > 7) {
        return PrepResult::reject(std::string(kGateNames[g]) +
                    " gate FC scale too large for the 16x8 LSTM (shift > 7)");
      }
    }
    std::vector<int64_t> bias64(4 * S);
    for (uint32_t g = 0; g < 4; ++g) {
      const PrepTensor* bias = in(12 + g);
      for (int64_t j = 0; j < S; ++j) {
        if (bias->type == DataType::kInt64) {
          std::memcpy(&bias64[g * S + j], bias->data + 8 * j, 8);
        } else {
          int32_t b = 0;
          std::memcpy(&b, bias->data + 4 * j, 4);
          bias64[g * S + j] = b;
        }
        if (bias64[g * S + j] < -(int64_t{1} << 46) || bias64[g * S + j] >= (int64_t{1} << 46)) {
          return PrepResult::reject(std::string(kGateNames[g]) + " gate bias value outside [-2^46, 2^46)");
        }
      }
    }
    append_pod(&r.params, p);
    append_array(&r.params, bias64);
    r.temp_bytes = kernels::unidirectional_sequence_lstm_temp_size(p.state_size);
    return r;
  }

  // Zero-point-folded biases: bias - zp_in * rowsum(W), and -zp_hidden * rowsum(R).
  std::vector<int32_t> bias_in(4 * S), bias_rec(4 * S);
  for (uint32_t g = 0; g < 4; ++g) {
    const int8_t* w = reinterpret_cast<const int8_t*>(in(1 + g)->data);
    const int8_t* rw = reinterpret_cast<const int8_t*>(in(5 + g)->data);
    const uint8_t* braw = in(12 + g)->data;
    for (int64_t j = 0; j < S; ++j) {
      int64_t sum_w = 0, sum_r = 0;
      for (int64_t k = 0; k < I; ++k) sum_w += w[j * I + k];
      for (int64_t k = 0; k < S; ++k) sum_r += rw[j * S + k];
      int32_t b = 0;
      std::memcpy(&b, braw + 4 * j, 4);
      bias_in[g * S + j] = wrap_i32(static_cast<int64_t>(b) - input_zp * sum_w);
      bias_rec[g * S + j] = wrap_i32(-hidden_zp * sum_r);
    }
  }
  append_pod(&r.params, p);
  append_array(&r.params, bias_in);
  append_array(&r.params, bias_rec);
  r.temp_bytes = kernels::unidirectional_sequence_lstm_temp_size(p.state_size);
  namespace hl = kernels::hvx_layout;
  if (op.layout == KernelLayout::kHvx && hl::lstm_takes_hvx(p.input_size, p.state_size)) {
    // The HVX layout (firmware/kernels/hvx/hvx_lstm_layout.h) after the portable arrays.
    const int8_t* w_in[4];
    const int8_t* w_rec[4];
    for (uint32_t g = 0; g < 4; ++g) {
      w_in[g] = reinterpret_cast<const int8_t*>(in(1 + g)->data);
      w_rec[g] = reinterpret_cast<const int8_t*>(in(5 + g)->data);
    }
    std::vector<uint32_t> words(hl::lstm_layout_bytes(p.input_size, p.state_size) / 4);
    // A rescale outside the HVX requantisation keeps the portable blob.
    if (hl::build_lstm_layout(p, bias_in.data(), bias_rec.data(), w_in, w_rec,
                              reinterpret_cast<uint8_t*>(words.data()))) {
      append_array(&r.params, words);
      r.temp_bytes = static_cast<uint32_t>(hl::lstm_temp_bytes(p.input_size, p.state_size));
    }
  }
  return r;
}

host::HostStatus decode_unidirectional_sequence_lstm_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::UnidirectionalSequenceLSTMOptions& p = *op.builtin_options_as_UnidirectionalSequenceLSTMOptions();
  o->activation = p.fused_activation_function();
  o->cell_clip = p.cell_clip();
  o->proj_clip = p.proj_clip();
  o->time_major = p.time_major();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
