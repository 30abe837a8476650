// Reference full-integer LSTM: see lstm_reference.h.
#include "kernels/reference/lstm_reference.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "kernels/lstm_math.h"  // only for the LUT constants (kSigmoidTable)

namespace lpai_test {
namespace ref {
namespace {

// floor(a / b) for b > 0.
int64_t floor_div(int64_t a, int64_t b) {
  const int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

struct Q {
  int32_t m = 0;
  int e = 0;
};

// TFLite QuantizeMultiplier: real = m * 2^(e - 31), m in [2^30, 2^31).
Q quantize(double real) {
  Q q;
  if (real == 0.0) return q;
  int e = 0;
  const double frac = std::frexp(real, &e);
  int64_t m = std::llround(frac * 2147483648.0);
  if (m == (int64_t{1} << 31)) {
    m /= 2;
    ++e;
  }
  if (e < -31) {
    e = 0;
    m = 0;
  }
  if (e > 30) {
    e = 30;
    m = 2147483647;
  }
  q.m = static_cast<int32_t>(m);
  q.e = e;
  return q;
}

// TFLite MultiplyByQuantizedMultiplier (double rounding): x * 2^max(e,0), then the high half
// of the doubled product rounded half up, then a right shift by max(-e,0) rounded half away
// from zero.
int32_t mbqm(int32_t x, Q q) {
  const int left = q.e > 0 ? q.e : 0;
  const int right = q.e > 0 ? 0 : -q.e;
  const int32_t xs = static_cast<int32_t>(static_cast<uint32_t>(x) << left);
  int64_t high;
  if (xs == INT32_MIN && q.m == INT32_MIN) {
    high = INT32_MAX;
  } else {
    high = floor_div(static_cast<int64_t>(xs) * q.m + (int64_t{1} << 30), int64_t{1} << 31);
  }
  if (right == 0) return static_cast<int32_t>(high);
  const int64_t half = int64_t{1} << (right - 1);
  const int64_t mag = high >= 0 ? high : -high;
  const int64_t rounded = (mag + half) >> right;
  return static_cast<int32_t>(high >= 0 ? rounded : -rounded);
}

int32_t clamp(int32_t v, int32_t lo, int32_t hi) { return std::min(hi, std::max(lo, v)); }

// TFLite MultiplyByQuantizedMultiplier for int64 x: the multiplier rounded to 16 bits (half up,
// capped at 0x7FFF), then x * m16 / 2^(15 - e) rounded half up.
int32_t mbqm64(int64_t x, Q q) {
  const int64_t m16 = q.m < 0x7FFF0000 ? (int64_t{q.m} + 32768) / 65536 : 0x7FFF;
  const int sh = 15 - q.e;
  return static_cast<int32_t>(floor_div(x * m16 + (int64_t{1} << (sh - 1)), int64_t{1} << sh));
}

const uint16_t* table() { return lpai::kernels::lstm::kSigmoidTable; }

// sigmoid of a scaled input v (table position |v| / 512, in steps of 1/24).
int16_t sigmoid_scaled(int32_t v) {
  const int64_t a = v < 0 ? -static_cast<int64_t>(v) : v;
  const int64_t i = a / 512;
  const int64_t f = a % 512;
  const int64_t num = i >= 255 ? (int64_t{32767} << 10)
                               : table()[i] * int64_t{512} + f * (table()[i + 1] - table()[i]);
  // num: sigmoid(|x|) in units of 2^-25; Q0.15 is units of 2^-15.
  const int64_t q =
      v >= 0 ? floor_div(num + 512, 1024) : floor_div((int64_t{1} << 25) - num + 511, 1024);
  return static_cast<int16_t>(q);
}

// tanh of a scaled input v: 2 * sigmoid(2 y) - 1 with table position |v| / 256.
int16_t tanh_scaled(int32_t v) {
  const int64_t a = v < 0 ? -static_cast<int64_t>(v) : v;
  const int64_t i = a / 256;
  const int64_t f = a % 256;
  const int64_t num = i >= 255 ? (int64_t{65535} << 8)
                               : table()[i] * int64_t{256} + f * (table()[i + 1] - table()[i]);
  // num: sigmoid(2|y|) in units of 2^-24; tanh = (num - 2^23) * 2^-23, Q0.15 = units of 2^-15.
  const int64_t q = v >= 0 ? floor_div(num - (int64_t{1} << 23) + 128, 256)
                           : floor_div((int64_t{1} << 23) - num + 127, 256);
  return static_cast<int16_t>(q);
}

}  // namespace

int16_t sigmoid_q312(int16_t x) { return sigmoid_scaled(3 * static_cast<int32_t>(x)); }
int16_t tanh_q312(int16_t x) { return tanh_scaled(3 * static_cast<int32_t>(x)); }

int16_t tanh_cell(int16_t x, int power) {
  // Bring the cell value (scale 2^power) to Q3.12 units times 3, i.e. multiply by 3 * 2^(power
  // + 12), rounding half up when that is a right shift.
  const int s = power + 12;
  const int64_t v3 = 3 * static_cast<int64_t>(x);
  const int64_t v =
      s >= 0 ? v3 * (int64_t{1} << s) : floor_div(v3 + (int64_t{1} << (-s - 1)), int64_t{1} << -s);
  return tanh_scaled(static_cast<int32_t>(v));
}

std::vector<int8_t> lstm(const LstmModel& m, const std::vector<int8_t>& input,
                         std::vector<int8_t>* hidden, std::vector<int16_t>* cell) {
  const int B = m.batch, T = m.time, I = m.input_size, S = m.state_size;
  const double gate_scale = 1.0 / 4096.0;  // Q3.12
  Q q_in[4], q_rec[4];
  for (int g = 0; g < 4; ++g) {
    // TFLite multiplies the two float scales in float before widening.
    const float pin = m.input_scale * m.w_in_scale[g];
    const float prec = m.hidden_scale * m.w_rec_scale[g];
    q_in[g] = quantize(static_cast<double>(pin) / gate_scale);
    q_rec[g] = quantize(static_cast<double>(prec) / gate_scale);
  }
  const double q15 = 1.0 / 32768.0;
  const Q q_forget_cell = quantize(q15);
  const Q q_input_gate = quantize(q15 * q15 / m.cell_scale);
  const Q q_hidden = quantize(q15 * q15 / m.hidden_scale);
  const int power = static_cast<int>(std::lround(std::log2(m.cell_scale)));
  const bool clip = m.cell_clip > 0.0f;
  const int32_t qclip =
      clip
          ? static_cast<int32_t>(std::min(static_cast<double>(m.cell_clip) / m.cell_scale, 32767.0))
          : 0;

  std::vector<int8_t> out(static_cast<size_t>(B) * T * S);
  std::vector<int16_t> gate[4];
  for (auto& g : gate) g.resize(S);
  for (int b = 0; b < B; ++b) {
    for (int t = 0; t < T; ++t) {
      const int row = m.time_major ? t * B + b : b * T + t;
      const int8_t* x = &input[static_cast<size_t>(row) * I];
      int8_t* h = &(*hidden)[static_cast<size_t>(b) * S];
      int16_t* c = &(*cell)[static_cast<size_t>(b) * S];
      for (int g = 0; g < 4; ++g) {
        for (int j = 0; j < S; ++j) {
          int32_t acc_in = m.bias[g][j];
          for (int k = 0; k < I; ++k) {
            acc_in += m.w_in[g][j * I + k] * (x[k] - m.input_zero_point);
          }
          int32_t acc_rec = 0;
          for (int k = 0; k < S; ++k) {
            acc_rec += m.w_rec[g][j * S + k] * (h[k] - m.hidden_zero_point);
          }
          const int32_t a = clamp(mbqm(acc_in, q_in[g]), -32768, 32767);
          const int32_t r = clamp(mbqm(acc_rec, q_rec[g]), -32768, 32767);
          const int16_t pre = static_cast<int16_t>(clamp(a + r, -32768, 32767));
          gate[g][j] = g == 2 ? tanh_q312(pre) : sigmoid_q312(pre);
        }
      }
      for (int j = 0; j < S; ++j) {
        const int32_t kept = clamp(mbqm(gate[1][j] * c[j], q_forget_cell), -32768, 32767);
        const int32_t added = clamp(mbqm(gate[0][j] * gate[2][j], q_input_gate), -32768, 32767);
        int32_t nc = clamp(kept + added, -32768, 32767);
        if (clip) nc = clamp(nc, -qclip, qclip);
        c[j] = static_cast<int16_t>(nc);
      }
      for (int j = 0; j < S; ++j) {
        const int16_t th = tanh_cell(c[j], power);
        const int32_t hv = clamp(m.hidden_zero_point + mbqm(th * gate[3][j], q_hidden), -128, 127);
        h[j] = static_cast<int8_t>(hv);
        out[static_cast<size_t>(row) * S + j] = static_cast<int8_t>(hv);
      }
    }
  }
  return out;
}

std::vector<int16_t> lstm16(const LstmModel& m, const std::vector<int16_t>& input,
                            std::vector<int16_t>* hidden, std::vector<int16_t>* cell) {
  const int B = m.batch, T = m.time, I = m.input_size, S = m.state_size;
  const double gate_scale = 1.0 / 4096.0;
  Q q_in[4], q_rec[4];
  for (int g = 0; g < 4; ++g) {
    const float pin = m.input_scale * m.w_in_scale[g];
    const float prec = m.hidden_scale * m.w_rec_scale[g];
    q_in[g] = quantize(static_cast<double>(pin) / gate_scale);
    q_rec[g] = quantize(static_cast<double>(prec) / gate_scale);
  }
  const double q15 = 1.0 / 32768.0;
  const Q q_forget_cell = quantize(q15);
  const Q q_input_gate = quantize(q15 * q15 / m.cell_scale);
  const Q q_hidden = quantize(q15 * q15 / m.hidden_scale);
  const int power = static_cast<int>(std::lround(std::log2(m.cell_scale)));
  const bool clip = m.cell_clip > 0.0f;
  const int32_t qclip =
      clip ? static_cast<int32_t>(std::min(static_cast<double>(m.cell_clip) / m.cell_scale, 32767.0))
           : 0;
  std::vector<int16_t> out(static_cast<size_t>(B) * T * S);
  std::vector<int16_t> gate[4];
  for (auto& g : gate) g.resize(S);
  for (int b = 0; b < B; ++b) {
    for (int t = 0; t < T; ++t) {
      const int row = m.time_major ? t * B + b : b * T + t;
      const int16_t* x = &input[static_cast<size_t>(row) * I];
      int16_t* h = &(*hidden)[static_cast<size_t>(b) * S];
      int16_t* c = &(*cell)[static_cast<size_t>(b) * S];
      for (int g = 0; g < 4; ++g) {
        for (int j = 0; j < S; ++j) {
          int64_t acc_in = m.bias64[g][j];
          for (int k = 0; k < I; ++k) acc_in += int64_t{m.w_in[g][j * I + k]} * x[k];
          int64_t acc_rec = 0;
          for (int k = 0; k < S; ++k) acc_rec += int64_t{m.w_rec[g][j * S + k]} * h[k];
          const int32_t a = clamp(mbqm64(acc_in, q_in[g]), -32768, 32767);
          const int32_t r = clamp(mbqm64(acc_rec, q_rec[g]), -32768, 32767);
          const int16_t pre = static_cast<int16_t>(clamp(a + r, -32768, 32767));
          gate[g][j] = g == 2 ? tanh_q312(pre) : sigmoid_q312(pre);
        }
      }
      for (int j = 0; j < S; ++j) {
        const int32_t kept = clamp(mbqm(gate[1][j] * c[j], q_forget_cell), -32768, 32767);
        const int32_t added = clamp(mbqm(gate[0][j] * gate[2][j], q_input_gate), -32768, 32767);
        int32_t nc = clamp(kept + added, -32768, 32767);
        if (clip) nc = clamp(nc, -qclip, qclip);
        c[j] = static_cast<int16_t>(nc);
      }
      for (int j = 0; j < S; ++j) {
        const int16_t th = tanh_cell(c[j], power);
        const int32_t hv = clamp(mbqm(th * gate[3][j], q_hidden), -32768, 32767);
        h[j] = static_cast<int16_t>(hv);
        out[static_cast<size_t>(row) * S + j] = static_cast<int16_t>(hv);
      }
    }
  }
  return out;
}

}  // namespace ref
}  // namespace lpai_test
