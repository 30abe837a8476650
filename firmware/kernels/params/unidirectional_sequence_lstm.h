// UNIDIRECTIONAL_SEQUENCE_LSTM, full-integer (int8 activations and weights, int32 biases,
// int16 cell state), bit-exact with the TensorFlow Lite Micro reference kernel
// (kernels/unidirectional_sequence_lstm.cc + lstm_eval.{h,cc}, 8x8->16 path).
//
// 16x8 variant (the input tensor is int16): int16 input, hidden state and output (zero point
// 0), int8 weights, int64 gate biases (an int32 bias is widened), int16 cell state; TFLM's
// LstmStep<int16_t, int8_t, int16_t, int64_t>: the gate FCs accumulate in int64 (input FC with
// its bias, recurrent FC without) and requantise with the 64-bit MultiplyByQuantizedMultiplier
// (fc shifts <= 7); the hidden update clamps to int16. Everything else as below.
//
// Supported variant (exactly what TFLM's integer LSTM evaluates): the standard LSTM with all
// four gates (no CIFG), no peephole, no projection, no layer normalisation, cell gate
// activation TANH, per-tensor symmetric weights. time_major 0 or 1, any batch/time.
//
// Node tensors (TFLite input order, 24 inputs, absent = kNone):
//   0  input int8 [T, B, I] (time_major) or [B, T, I]
//   1-4   input-to-{input,forget,cell,output} weights int8 [S, I], constant
//   5-8   recurrent-to-{input,forget,cell,output} weights int8 [S, S], constant
//   9-11  peephole weights: absent
//   12-15 {input,forget,cell,output} gate biases int32 [S] (folded into the blob; unread at run
//         time)
//   16-17 projection weights / bias: absent
//   18 output (hidden) state int8, B*S elements, variable (persistent memory), read and
//      written in place
//   19 cell state int16, B*S elements, variable, read and written in place
//   20-23 layer-norm coefficients: absent
//   output 0: int8 with the input's first two dims and S as last dim.
//
// Per time step and batch row (gate g in {input, forget, cell, output}):
//   pre_g = sat16( clamp16(MBQM(W_g x + in_bias_g, input_fc[g]))
//                + clamp16(MBQM(R_g h + rec_bias_g, recurrent_fc[g])) )      Q3.12
//   gate_g = sigmoid(pre_g) (tanh for the cell gate)                          Q0.15
//   c = sat16(clamp16(MBQM(f * c, forget_times_cell)) + clamp16(MBQM(i * g, input_times_gate)))
//   c = clip(c, -cell_clip, cell_clip) when cell_clip_enabled
//   h = clamp8(hidden_zero_point + MBQM(tanh_cell(c) * o, output_times_tanh))
//   output[row] = h
// where MBQM is TFLite's MultiplyByQuantizedMultiplier. in_bias_g folds the input zero point
// (bias - zp_in * rowsum(W_g)), rec_bias_g the hidden zero point (-zp_h * rowsum(R_g)).
//
// Parameter blob (little-endian, 4-byte aligned), size exactly
// unidirectional_sequence_lstm_params_size(state_size):
//   UnidirectionalSequenceLstmParams        header below
//   int8:  int32_t input_bias[4][state_size]       gate order input, forget, cell, output
//          int32_t recurrent_bias[4][state_size]
//   16x8:  int64_t input_bias[4][state_size] (same byte count; two 32-bit words each)
// Kernel scratch (temp): exactly unidirectional_sequence_lstm_temp_size(state_size) bytes, at
// least 2-byte aligned: four int16 gate vectors of state_size.
#ifndef LPAI_KERNELS_PARAMS_UNIDIRECTIONAL_SEQUENCE_LSTM_H
#define LPAI_KERNELS_PARAMS_UNIDIRECTIONAL_SEQUENCE_LSTM_H

#include <stdint.h>

namespace lpai {
namespace kernels {

constexpr uint32_t kLstmGateCount = 4;
// Gate order used by every per-gate array (the TFLite tensor order).
constexpr uint32_t kLstmGateInput = 0;
constexpr uint32_t kLstmGateForget = 1;
constexpr uint32_t kLstmGateCell = 2;
constexpr uint32_t kLstmGateOutput = 3;

// Node input positions.
constexpr uint32_t kLstmInputTensor = 0;
constexpr uint32_t kLstmInputWeights0 = 1;      // 1..4
constexpr uint32_t kLstmRecurrentWeights0 = 5;  // 5..8
constexpr uint32_t kLstmBias0 = 12;             // 12..15
constexpr uint32_t kLstmHiddenState = 18;
constexpr uint32_t kLstmCellState = 19;
constexpr uint32_t kLstmNumInputs = 24;

// Upper bounds the validator enforces (dot products stay far from int32 overflow).
constexpr uint32_t kLstmMaxInputSize = 1u << 16;
constexpr uint32_t kLstmMaxStateSize = 1u << 14;

// A Q31 multiplier (>= 0) and its power-of-two exponent in [-31, 30] (TFLite convention).
struct LstmRescale {
  int32_t multiplier;
  int32_t shift;
};

struct UnidirectionalSequenceLstmParams {
  uint32_t batch_size;                       // B >= 1
  uint32_t time_steps;                       // T >= 1
  uint32_t input_size;                       // I in [1, kLstmMaxInputSize]
  uint32_t state_size;                       // S in [1, kLstmMaxStateSize]
  uint32_t time_major;                       // 0: input [B, T, I]; 1: input [T, B, I]
  LstmRescale input_fc[kLstmGateCount];      // input_scale * w_scale / 2^-12
  LstmRescale recurrent_fc[kLstmGateCount];  // hidden_scale * r_scale / 2^-12
  LstmRescale forget_times_cell;             // 2^-15 * cell_scale / cell_scale
  LstmRescale input_times_gate;              // 2^-15 * 2^-15 / cell_scale
  LstmRescale output_times_tanh;             // 2^-15 * 2^-15 / hidden_scale
  int32_t hidden_zero_point;                 // in [-128, 127]; 16x8: 0
  uint32_t cell_clip_enabled;                // 0 or 1
  int32_t cell_clip;                         // quantised clip in [0, 32767] (used when enabled)
  int32_t cell_tanh_multiplier;  // LUT input scaling of tanh(cell): multiplier in [1, 49152]
  int32_t cell_tanh_shift;       // and shift in [0, 31]
};
static_assert(sizeof(UnidirectionalSequenceLstmParams) == 128, "LSTM params layout");

// Bytes of the whole parameter blob for a state size S.
constexpr uint32_t unidirectional_sequence_lstm_params_size(uint32_t state_size) {
  return static_cast<uint32_t>(sizeof(UnidirectionalSequenceLstmParams)) +
         2u * kLstmGateCount * 4u * state_size;
}

// Bytes of kernel scratch for a state size S.
constexpr uint32_t unidirectional_sequence_lstm_temp_size(uint32_t state_size) {
  return kLstmGateCount * 2u * state_size;
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_UNIDIRECTIONAL_SEQUENCE_LSTM_H
