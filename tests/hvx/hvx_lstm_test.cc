// The HVX int8 LSTM step (kernels/hvx/hvx_lstm.h) against a reference step written here from
// TFLite Micro's integer LSTM (lstm_eval.cc: gate FCs requantised with
// MultiplyByQuantizedMultiplier and saturated to int16, the int16 LUT sigmoid/tanh, the
// element-wise products of MulElementwise, cell clip, hidden clamp), over several time steps
// with the state carried, on odd shapes: input and state sizes not a multiple of 4 or 32, one
// unit, 4S across several vector blocks, every gate FC rescale, cell clip on and off, both
// forms of the cell tanh scaling, non-zero hidden zero points. The layout is built by
// hvx_lstm_layout.h (what prepare writes); the kernel scratch is off the word grid, and guard
// bytes after it, the hidden state, cell state and output check that the vector stores stay
// inside them. Input rows and hidden state on word boundaries (the kernel reads them in
// place). Part of lpai_hvx_test (hvx_kernels_test.cc calls hvx_lstm_cases()).
#include "kernels/fixed_point.h"
#include "kernels/hvx/hvx_lstm.h"
#include "kernels/hvx/hvx_lstm_layout.h"
#include "kernels/lstm_math.h"
#include "kernels/params/unidirectional_sequence_lstm.h"
#include "../common/on_target.h"

namespace {

using lpai::kernels::LstmRescale;
using lpai::kernels::UnidirectionalSequenceLstmParams;
namespace hvx = lpai::kernels::hvx;
namespace hl = lpai::kernels::hvx_layout;
namespace lstm = lpai::kernels::lstm;

constexpr uint32_t kGuard = 160;
constexpr uint32_t kMaxS = 128;
constexpr uint32_t kMaxI = 300;
constexpr uint32_t kMaxT = 3;
int8_t g_w[4 * (kMaxS * kMaxI + kMaxS * kMaxS)];
int32_t g_bias[8 * kMaxS];
alignas(4) int8_t g_x[kMaxT * (kMaxI + 3)];
alignas(4) int8_t g_h[kMaxS + kGuard];
int8_t g_h_ref[kMaxS];
int16_t g_c[kMaxS + kGuard], g_c_ref[kMaxS];
int8_t g_out[kMaxT * kMaxS + kGuard], g_out_ref[kMaxT * kMaxS];
alignas(4) uint8_t g_layout[256 * 1024];
alignas(128) uint8_t g_temp_block[8 * 1024];
uint32_t g_seed = 0x2468ace1u;

uint32_t rnd() { return lpai::on_target::xorshift32(&g_seed); }

int32_t rnd_in(int32_t lo, int32_t hi) {  // [lo, hi]
  return lo + static_cast<int32_t>(rnd() % static_cast<uint32_t>(hi - lo + 1));
}

using lpai::on_target::print;
using lpai::on_target::print_u;

int32_t sat16(int32_t v) { return v < -32768 ? -32768 : v > 32767 ? 32767 : v; }

int32_t mbqm(int32_t x, const LstmRescale& r) {
  return lpai::kernels::multiply_by_quantized_multiplier(x, r.multiplier, r.shift);
}

LstmRescale rnd_rescale(int32_t shift_lo, int32_t shift_hi) {
  return LstmRescale{static_cast<int32_t>((1u << 30) + rnd() % (1u << 30)), rnd_in(shift_lo, shift_hi)};
}

// One reference time step (TFLite Micro's integer LSTM, standard LSTM without peephole,
// projection or layer norm).
void reference_step(const UnidirectionalSequenceLstmParams& p, const int8_t* const* w_in,
                    const int8_t* const* w_rec, const int32_t* bias_in, const int32_t* bias_rec,
                    const int8_t* x, int8_t* h, int16_t* c, int8_t* out) {
  const uint32_t I = p.input_size, S = p.state_size;
  int16_t gate[4][kMaxS];
  for (uint32_t g = 0; g < 4; ++g) {
    for (uint32_t j = 0; j < S; ++j) {
      int32_t acc_in = bias_in[g * S + j], acc_rec = bias_rec[g * S + j];
      for (uint32_t k = 0; k < I; ++k) acc_in += x[k] * w_in[g][j * I + k];
      for (uint32_t k = 0; k < S; ++k) acc_rec += h[k] * w_rec[g][j * S + k];
      const int16_t pre = static_cast<int16_t>(
          sat16(sat16(mbqm(acc_in, p.input_fc[g])) + sat16(mbqm(acc_rec, p.recurrent_fc[g]))));
      gate[g][j] = g == 2 ? lstm::tanh_int16(pre, 3, 0) : lstm::sigmoid_int16(pre, 3, 0);
    }
  }
  for (uint32_t j = 0; j < S; ++j) {
    int32_t cell = sat16(sat16(mbqm(gate[1][j] * c[j], p.forget_times_cell)) +
                         sat16(mbqm(gate[0][j] * gate[2][j], p.input_times_gate)));
    if (p.cell_clip_enabled != 0) {
      cell = cell < -p.cell_clip ? -p.cell_clip : cell > p.cell_clip ? p.cell_clip : cell;
    }
    c[j] = static_cast<int16_t>(cell);
    const int16_t t = lstm::tanh_int16(static_cast<int16_t>(cell), p.cell_tanh_multiplier,
                                       p.cell_tanh_shift);
    int64_t y = int64_t{p.hidden_zero_point} + mbqm(t * gate[3][j], p.output_times_tanh);
    y = y < -128 ? -128 : y > 127 ? 127 : y;
    h[j] = static_cast<int8_t>(y);
    out[j] = static_cast<int8_t>(y);
  }
}

bool lstm_case(uint32_t I, uint32_t S, uint32_t T, bool clip, bool tanh_shifted) {
  UnidirectionalSequenceLstmParams p{};
  p.batch_size = 1;
  p.time_steps = T;
  p.input_size = I;
  p.state_size = S;
  for (uint32_t g = 0; g < 4; ++g) {
    p.input_fc[g] = rnd_rescale(-14, -4);
    p.recurrent_fc[g] = rnd_rescale(-14, -4);
  }
  p.input_fc[1].shift = 1;  // a left shift too
  p.forget_times_cell = rnd_rescale(-16, -14);
  p.input_times_gate = rnd_rescale(-18, -14);
  p.output_times_tanh = rnd_rescale(-25, -20);
  p.hidden_zero_point = rnd_in(-20, 20);
  p.cell_clip_enabled = clip ? 1 : 0;
  p.cell_clip = clip ? rnd_in(2000, 20000) : 0;
  if (tanh_shifted) {
    p.cell_tanh_multiplier = 3;
    p.cell_tanh_shift = rnd_in(1, 4);
  } else {
    p.cell_tanh_multiplier = 3 << rnd_in(0, 3);
    p.cell_tanh_shift = 0;
  }
  const int8_t* w_in[4];
  const int8_t* w_rec[4];
  for (uint32_t g = 0; g < 4; ++g) {
    w_in[g] = g_w + g * S * I;
    w_rec[g] = g_w + 4 * S * I + g * S * S;
  }
  for (uint32_t i = 0; i < 4 * (S * I + S * S); ++i) g_w[i] = static_cast<int8_t>(rnd());
  for (uint32_t i = 0; i < 8 * S; ++i) g_bias[i] = rnd_in(-60000, 60000);
  const uint32_t pitch = (I + 3) & ~3u;  // input rows on word boundaries (the kernel's contract)
  for (uint32_t i = 0; i < T * pitch; ++i) g_x[i] = static_cast<int8_t>(rnd());
  for (uint32_t j = 0; j < S + kGuard; ++j) {
    g_h[j] = static_cast<int8_t>(j < S ? rnd() : 0x5a);
    g_c[j] = static_cast<int16_t>(j < S ? rnd_in(-12000, 12000) : 0x5a5a);
  }
  for (uint32_t i = 0; i < T * S + kGuard; ++i) g_out[i] = 0x5a;
  for (uint32_t j = 0; j < S; ++j) {
    g_h_ref[j] = g_h[j];
    g_c_ref[j] = g_c[j];
  }
  // The kernel scratch at an odd offset, guard bytes right after its lstm_temp_bytes.
  const uint32_t temp_at = 1 + S % 3, temp_end = temp_at + static_cast<uint32_t>(hl::lstm_temp_bytes(I, S));
  bool ok = hl::lstm_layout_bytes(I, S) <= sizeof(g_layout) && temp_end + kGuard <= sizeof(g_temp_block) &&
            hl::build_lstm_layout(p, g_bias, g_bias + 4 * S, w_in, w_rec, g_layout);
  for (uint32_t i = temp_end; ok && i < temp_end + kGuard; ++i) g_temp_block[i] = 0x5a;
  for (uint32_t t = 0; ok && t < T; ++t) {
    reference_step(p, w_in, w_rec, g_bias, g_bias + 4 * S, g_x + t * pitch, g_h_ref, g_c_ref,
                   g_out_ref + t * S);
    hvx::lstm_step_s8(p, g_layout, g_x + t * pitch, g_h, g_c, g_out + t * S, g_temp_block + temp_at);
  }
  for (uint32_t i = temp_end; ok && i < temp_end + kGuard; ++i) ok = g_temp_block[i] == 0x5a;
  for (uint32_t j = 0; ok && j < S; ++j) ok = g_h[j] == g_h_ref[j] && g_c[j] == g_c_ref[j];
  for (uint32_t i = 0; ok && i < T * S; ++i) ok = g_out[i] == g_out_ref[i];
  for (uint32_t j = S; ok && j < S + kGuard; ++j) ok = g_h[j] == 0x5a && g_c[j] == 0x5a5a;
  for (uint32_t i = T * S; ok && i < T * S + kGuard; ++i) ok = g_out[i] == 0x5a;
  print(ok ? "ok   lstm I " : "FAIL lstm I ");
  print_u(I);
  print(" S ");
  print_u(S);
  print(" T ");
  print_u(T);
  print(clip ? " clip" : "");
  print(tanh_shifted ? " tanh-shift\n" : "\n");
  return ok;
}

}  // namespace

bool hvx_lstm_cases() {
  const uint32_t shapes[][3] = {{1, 1, 3},  {3, 5, 2},   {28, 20, 3}, {257, 33, 2},
                                {17, 64, 2}, {40, 100, 2}, {130, 9, 3}, {4, 8, 2}, {300, 64, 1}, {257, 128, 1}};
  bool ok = true;
  uint32_t n = 0;
  for (const auto& s : shapes) {
    ok = lstm_case(s[0], s[1], s[2], (n & 1) != 0, (n & 2) != 0) && ok;
    ok = lstm_case(s[0], s[1], s[2], (n & 1) == 0, (n & 2) == 0) && ok;
    ++n;
  }
  return ok;
}
