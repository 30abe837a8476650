// Plain reference of TFLite Micro's full-integer UNIDIRECTIONAL_SEQUENCE_LSTM (int8 activations,
// int8 weights, int32 biases, int16 cell state), written from the TFLite semantics, stage by
// stage over whole vectors as TFLM does, without the firmware kernel's tricks (no folded
// biases, no precomputed multipliers: everything is derived here from the float scales).
// Host only, for tests.
#ifndef LPAI_TESTS_KERNELS_REFERENCE_LSTM_REFERENCE_H
#define LPAI_TESTS_KERNELS_REFERENCE_LSTM_REFERENCE_H

#include <cstdint>
#include <vector>

namespace lpai_test {
namespace ref {

struct LstmModel {
  int batch = 1;
  int time = 1;
  int input_size = 1;
  int state_size = 1;
  bool time_major = false;
  float cell_clip = 0.0f;  // <= 0: no clipping
  float input_scale = 1.0f;
  int32_t input_zero_point = 0;
  float hidden_scale = 1.0f;  // output (hidden) state, also the output tensor's
  int32_t hidden_zero_point = 0;
  float cell_scale = 1.0f;  // a power of two
  // Gate order input, forget, cell, output. w_in[g]: [S][I], w_rec[g]: [S][S], bias[g]: [S].
  std::vector<int8_t> w_in[4];
  float w_in_scale[4] = {1, 1, 1, 1};
  std::vector<int8_t> w_rec[4];
  float w_rec_scale[4] = {1, 1, 1, 1};
  std::vector<int32_t> bias[4];
  std::vector<int64_t> bias64[4];  // 16x8 only (lstm16): the int64 gate biases
};

// Runs the whole sequence on `input` (time_major ? [T][B][I] : [B][T][I]); hidden [B][S] and
// cell [B][S] are read and updated in place. Returns the output, laid out like the input with
// S values per row.
std::vector<int8_t> lstm(const LstmModel& m, const std::vector<int8_t>& input,
                         std::vector<int8_t>* hidden, std::vector<int16_t>* cell);

// 16x8 LSTM (TFLite Micro's LstmStep<int16_t, int8_t, int16_t, int64_t>): int16 input,
// hidden state and output (zero points 0), int64 biases (m.bias64), int64 gate FC sums with
// the 64-bit MultiplyByQuantizedMultiplier; the rest as lstm().
std::vector<int16_t> lstm16(const LstmModel& m, const std::vector<int16_t>& input,
                            std::vector<int16_t>* hidden, std::vector<int16_t>* cell);

// The int16 LUT non-linearities (Q3.12 gate input -> Q0.15), exposed for their own tests.
int16_t sigmoid_q312(int16_t x);
int16_t tanh_q312(int16_t x);
// tanh of a cell state whose scale is 2^power (Q0.15 result).
int16_t tanh_cell(int16_t x, int power);

}  // namespace ref
}  // namespace lpai_test

#endif  // LPAI_TESTS_KERNELS_REFERENCE_LSTM_REFERENCE_H
