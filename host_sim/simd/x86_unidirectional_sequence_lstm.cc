// x86-64 SIMD UNIDIRECTIONAL_SEQUENCE_LSTM with int8 activations (host simulation only; AVX2
// instructions, run by both x86 variants). Contract in x86_kernels.h.
#include "simd/x86_kernels.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "kernels/lstm_math.h"
#include "kernels/params/unidirectional_sequence_lstm.h"
#include "simd/packed_filter.h"
#include "simd/requant.h"
#include "simd/x86_dot.h"
#include "simd/x86_target.h"

#if defined(LPAI_X86_SIMD)
namespace lpai::host::simd {
namespace {

using kernels::KernelArgs;
// kernels/unidirectional_sequence_lstm.cc's int8 time step, 8 units per vector. Gate dot
// products: over many time steps (kLstmPackedMinSteps) from packed weights (packed_filter,
// kPackAvx2Bytes: [unit block of 8][depth pair][8 units][2] int8, zero past the last unit and
// depth; cached, verified byte for byte once per inference), so one vpmaddwd adds two depth
// entries of 8 units against the broadcast activation pair, without horizontal sums; over few
// steps row by row on the weights as they are, as fc_rows_avx2, where the verification would
// cost more than it saves. Measured both ways: trained_lstm (28 steps) 19 us packed against
// 82 us by rows, dtln (1 step) 25 us by rows against 32 us packed. The rescales are mbqm8 with one multiplier per gate; the LUT non-linearities
// gather from a table of (entry, next entry) pairs. Lanes past the last unit see zero weights
// and biases and are never stored.
using kernels::UnidirectionalSequenceLstmParams;
using kernels::kLstmGateCount;

constexpr uint32_t kLstmPackedMinSteps = 4;  // batch rows x time steps per inference

// lo | hi << 16 with lo = kSigmoidTable[i], hi = kSigmoidTable[i + 1] (i = 255: saturated
// inputs; its value is never used).
const int32_t* lut_pairs() {
  static const std::vector<int32_t> t = [] {
    std::vector<int32_t> v(256);
    for (uint32_t i = 0; i < 256; ++i) {
      const uint32_t lo = kernels::lstm::kSigmoidTable[i];
      const uint32_t hi = kernels::lstm::kSigmoidTable[i < 255 ? i + 1 : 255];
      v[i] = static_cast<int32_t>(lo | (hi << 16));
    }
    return v;
  }();
  return t.data();
}

// kernels::lstm::sigmoid_scaled (kTanh false) or tanh_scaled (true) of 8 lanes, as int32.
template <bool kTanh>
LPAI_TARGET_AVX2 inline __m256i lut8(__m256i v) {
  constexpr int kBits = kTanh ? 8 : 9;  // fraction bits of the table index
  const __m256i a = _mm256_abs_epi32(v);  // as uint32 (|INT32_MIN| = 2^31)
  const __m256i index = _mm256_srli_epi32(a, kBits);
  const __m256i pair = _mm256_i32gather_epi32(lut_pairs(), _mm256_min_epu32(index, _mm256_set1_epi32(255)), 4);
  const __m256i lo = _mm256_and_si256(pair, _mm256_set1_epi32(0xFFFF));
  const __m256i hi = _mm256_srli_epi32(pair, 16);
  const __m256i frac = _mm256_and_si256(a, _mm256_set1_epi32((1 << kBits) - 1));
  __m256i r = _mm256_add_epi32(_mm256_slli_epi32(lo, kBits), _mm256_mullo_epi32(frac, _mm256_sub_epi32(hi, lo)));
  const __m256i saturated = _mm256_cmpgt_epi32(index, _mm256_set1_epi32(254));  // index < 2^23
  r = _mm256_blendv_epi8(r, _mm256_set1_epi32(kTanh ? 0xFFFF << 8 : 0x7FFF << 10), saturated);
  const __m256i negative = _mm256_cmpgt_epi32(_mm256_setzero_si256(), v);
  if (kTanh) {
    const __m256i pos = _mm256_add_epi32(r, _mm256_set1_epi32(-(1 << 23) + (1 << 7)));
    const __m256i neg = _mm256_sub_epi32(_mm256_set1_epi32((1 << 23) + (1 << 7) - 1), r);
    return _mm256_srai_epi32(_mm256_blendv_epi8(pos, neg, negative), 8);
  }
  const __m256i pos = _mm256_add_epi32(r, _mm256_set1_epi32(1 << 9));
  const __m256i neg = _mm256_sub_epi32(_mm256_set1_epi32((1 << 25) + (1 << 9) - 1), r);
  return _mm256_srli_epi32(_mm256_blendv_epi8(pos, neg, negative), 10);
}

LPAI_TARGET_AVX2 inline __m256i sat16(__m256i x) {
  return _mm256_min_epi32(_mm256_max_epi32(x, _mm256_set1_epi32(-32768)), _mm256_set1_epi32(32767));
}

// multiply_by_quantized_multiplier with one multiplier and shift for all lanes (mbqm8).
struct Rescale8 {
  __m256i m, ls, rs;
};

LPAI_TARGET_AVX2 inline Rescale8 rescale8_of(const kernels::LstmRescale& r) {
  return Rescale8{_mm256_set1_epi32(r.multiplier), _mm256_set1_epi32(r.shift > 0 ? r.shift : 0),
                  _mm256_set1_epi32(r.shift > 0 ? 0 : -r.shift)};
}

LPAI_TARGET_AVX2 inline __m256i rescale8(__m256i x, const Rescale8& r) { return mbqm8(x, r.m, r.ls, r.rs); }

// dots[g][8b + lane] = bias[g][8b + lane] + sum over depth pairs q of w_g[b][q][lane] .
// (pairs[q] low, high) for the 4 gates of unit block b (w_g: packed, n_pairs x 16 int8 per
// block); the gates' four sums are independent chains sharing each broadcast pair.
LPAI_TARGET_AVX2 inline void packed_dots(const int8_t* const* w, uint32_t b, const int32_t* pairs,
                                         uint32_t n_pairs, const int32_t* bias, size_t stride,
                                         int32_t* dots) {
  const size_t at = static_cast<size_t>(b) * n_pairs * 16;
  const int8_t *w0 = w[0] + at, *w1 = w[1] + at, *w2 = w[2] + at, *w3 = w[3] + at;
  auto bias8 = [&](uint32_t g) LPAI_TARGET_AVX2 {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bias + g * stride + b * 8));
  };
  __m256i a0 = bias8(0), a1 = bias8(1), a2 = bias8(2), a3 = bias8(3);
  for (uint32_t q = 0; q < n_pairs; ++q) {
    const __m256i xp = _mm256_set1_epi32(pairs[q]);
    auto term = [&](const int8_t* wg) LPAI_TARGET_AVX2 { return _mm256_madd_epi16(wide(wg + q * 16), xp); };
    a0 = _mm256_add_epi32(a0, term(w0));
    a1 = _mm256_add_epi32(a1, term(w1));
    a2 = _mm256_add_epi32(a2, term(w2));
    a3 = _mm256_add_epi32(a3, term(w3));
  }
  int32_t* d = dots + b * 8;
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(d), a0);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + stride), a1);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + 2 * stride), a2);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + 3 * stride), a3);
}

// dots[g][u] = bias[g][u] + x . w_g[u] for the 4 gates and every unit u < n (w_g: [n][k],
// as in the tensor).
LPAI_TARGET_AVX2 void row_dots(const int8_t* x, uint32_t k, const int8_t* const* w, uint32_t n,
                               const int32_t* bias, size_t stride, int32_t* dots) {
  for (uint32_t u = 0; u < n; ++u) {
    const int8_t* wr[kLstmGateCount];
    for (uint32_t g = 0; g < kLstmGateCount; ++g) wr[g] = w[g] + static_cast<size_t>(u) * k;
    int32_t d[kLstmGateCount];
    dot4_avx2(x, wr, k, d);
    for (uint32_t g = 0; g < kLstmGateCount; ++g) {
      dots[g * stride + u] = static_cast<int32_t>(static_cast<uint32_t>(d[g]) + static_cast<uint32_t>(bias[g * stride + u]));
    }
  }
}

// The int8 activations x[0, len) as int16 pairs (x[2p] low, x[2p + 1] high; zero past len).
void activation_pairs(const int8_t* x, uint32_t len, int32_t* pairs) {
  for (uint32_t p = 0; 2 * p < len; ++p) {
    const uint32_t lo = static_cast<uint16_t>(static_cast<int16_t>(x[2 * p]));
    const uint32_t hi = 2 * p + 1 < len ? static_cast<uint16_t>(static_cast<int16_t>(x[2 * p + 1])) : 0u;
    pairs[p] = static_cast<int32_t>(lo | (hi << 16));
  }
}

struct Lstm8 {
  const UnidirectionalSequenceLstmParams* p;
  uint32_t blocks;                       // unit blocks of 8; lanes = 8 * blocks
  bool packed;                           // packed dot products (else row by row)
  const int8_t* w_in[kLstmGateCount];    // packed [blocks][in_pairs][8][2], or the tensors
  const int8_t* w_rec[kLstmGateCount];
  uint32_t in_pairs, rec_pairs;
  const int32_t* bias_in;   // [4][lanes], zero past S
  const int32_t* bias_rec;
  int32_t* dots_in;         // [4][lanes]: bias + dot product per gate and unit
  int32_t* dots_rec;
  int32_t* x_pairs;         // [in_pairs] (packed path)
  int32_t* h_pairs;         // [rec_pairs]
  int32_t* gates;           // [4][lanes], Q0.15 gate outputs as int32
};

// One time step of one batch row: x (I), h (S, in/out), c (S, in/out), out (S).
LPAI_TARGET_AVX2 void lstm_step_avx2(const Lstm8& l, const int8_t* x, int8_t* h, int16_t* c, int8_t* out) {
  const UnidirectionalSequenceLstmParams& p = *l.p;
  const uint32_t S = p.state_size;
  const size_t lanes = static_cast<size_t>(l.blocks) * 8;
  if (l.packed) {
    activation_pairs(x, p.input_size, l.x_pairs);
    activation_pairs(h, S, l.h_pairs);
    for (uint32_t b = 0; b < l.blocks; ++b) {
      packed_dots(l.w_in, b, l.x_pairs, l.in_pairs, l.bias_in, lanes, l.dots_in);
      packed_dots(l.w_rec, b, l.h_pairs, l.rec_pairs, l.bias_rec, lanes, l.dots_rec);
    }
  } else {
    row_dots(x, p.input_size, l.w_in, S, l.bias_in, lanes, l.dots_in);
    row_dots(h, S, l.w_rec, S, l.bias_rec, lanes, l.dots_rec);
  }
  // Gate by gate, the blocks are independent: their chains overlap.
  const __m256i three = _mm256_set1_epi32(3);
  for (uint32_t g = 0; g < kLstmGateCount; ++g) {
    const Rescale8 r_in = rescale8_of(p.input_fc[g]), r_rec = rescale8_of(p.recurrent_fc[g]);
    for (size_t i = g * lanes; i < (g + 1) * lanes; i += 8) {
      const __m256i acc_in = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(l.dots_in + i));
      const __m256i acc_rec = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(l.dots_rec + i));
      const __m256i pre = sat16(_mm256_add_epi32(sat16(rescale8(acc_in, r_in)), sat16(rescale8(acc_rec, r_rec))));
      const __m256i v = _mm256_mullo_epi32(pre, three);  // kGateLutScale: multiplier 3, shift 0
      const __m256i gate = g == kernels::kLstmGateCell ? lut8<true>(v) : lut8<false>(v);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(l.gates + i), gate);
    }
  }
  // Every gate comes from the previous hidden state: the update follows for all blocks.
  const Rescale8 fc = rescale8_of(p.forget_times_cell), ig = rescale8_of(p.input_times_gate),
                 ot = rescale8_of(p.output_times_tanh);
  const int32_t clip = p.cell_clip_enabled != 0 ? p.cell_clip : 32768;
  const __m256i clip_hi = _mm256_set1_epi32(clip), clip_lo = _mm256_set1_epi32(-clip);
  const __m256i tanh_mul = _mm256_set1_epi32(p.cell_tanh_multiplier);
  const __m256i tanh_round = _mm256_set1_epi32(p.cell_tanh_shift > 0 ? 1 << (p.cell_tanh_shift - 1) : 0);
  const __m128i tanh_shift = _mm_cvtsi32_si128(p.cell_tanh_shift);
  const __m256i zp = _mm256_set1_epi32(p.hidden_zero_point);
  for (uint32_t b = 0; b < l.blocks; ++b) {
    const uint32_t u0 = b * 8, n = S - u0 < 8 ? S - u0 : 8;
    auto gate = [&](uint32_t g) LPAI_TARGET_AVX2 {
      return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(l.gates + g * lanes + u0));
    };
    int16_t c16[8] = {};
    std::memcpy(c16, c + u0, n * sizeof(int16_t));
    const int16_t* cp = n == 8 ? c + u0 : c16;  // a whole block is read in place
    const __m256i cell_in = _mm256_cvtepi16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(cp)));
    // Gate outputs within [-32767, 32767], cell state int16: the products fit int32.
    const __m256i kept = sat16(rescale8(_mm256_mullo_epi32(gate(kernels::kLstmGateForget), cell_in), fc));
    const __m256i added = sat16(
        rescale8(_mm256_mullo_epi32(gate(kernels::kLstmGateInput), gate(kernels::kLstmGateCell)), ig));
    const __m256i cell = _mm256_min_epi32(_mm256_max_epi32(sat16(_mm256_add_epi32(kept, added)), clip_lo), clip_hi);
    // lstm::lut_scale_input (|cell * multiplier| < 2^31 for multiplier <= 49152).
    const __m256i v = _mm256_sra_epi32(_mm256_add_epi32(_mm256_mullo_epi32(cell, tanh_mul), tanh_round), tanh_shift);
    const __m256i t = lut8<true>(v);
    __m256i y = _mm256_add_epi32(zp, rescale8(_mm256_mullo_epi32(t, gate(kernels::kLstmGateOutput)), ot));
    y = _mm256_min_epi32(_mm256_max_epi32(y, _mm256_set1_epi32(-128)), _mm256_set1_epi32(127));
    int32_t cs[8], ys[8];
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(cs), cell);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(ys), y);
    for (uint32_t i = 0; i < n; ++i) {
      c[u0 + i] = static_cast<int16_t>(cs[i]);
      h[u0 + i] = static_cast<int8_t>(ys[i]);
      out[u0 + i] = static_cast<int8_t>(ys[i]);
    }
  }
}

bool lstm_impl(const KernelArgs& args) {
  using kernels::kLstmInputTensor;
  const auto& p = *reinterpret_cast<const UnidirectionalSequenceLstmParams*>(args.params);
  if (args.inputs[kLstmInputTensor].desc->data_type != static_cast<uint8_t>(format::DataType::kInt8)) {
    return false;  // 16x8: portable
  }
  const uint32_t B = p.batch_size, T = p.time_steps, I = p.input_size, S = p.state_size;
  Lstm8 l;
  l.p = &p;
  l.blocks = (S + 7) / 8;
  l.packed = static_cast<uint64_t>(B) * T >= kLstmPackedMinSteps;
  l.in_pairs = (I + 1) / 2;
  l.rec_pairs = (S + 1) / 2;
  if (l.packed) trim_packed_cache();
  for (uint32_t g = 0; g < kLstmGateCount; ++g) {
    l.w_in[g] = reinterpret_cast<const int8_t*>(args.inputs[kernels::kLstmInputWeights0 + g].data);
    l.w_rec[g] = reinterpret_cast<const int8_t*>(args.inputs[kernels::kLstmRecurrentWeights0 + g].data);
    if (l.packed) {
      l.w_in[g] = packed_filter(l.w_in[g], S, I, kPackAvx2Bytes, false).data.data();
      l.w_rec[g] = packed_filter(l.w_rec[g], S, S, kPackAvx2Bytes, false).data.data();
    }
  }
  // Per-thread working set: biases padded to whole blocks, the dot products, the gate outputs
  // and the activation pairs.
  thread_local std::vector<int32_t> buf;
  const size_t lanes = static_cast<size_t>(l.blocks) * 8;
  buf.resize(5 * kLstmGateCount * lanes + l.in_pairs + l.rec_pairs);
  int32_t* at = buf.data();
  auto take = [&at](size_t n) {
    int32_t* r = at;
    at += n;
    return r;
  };
  int32_t* bias_in = take(kLstmGateCount * lanes);
  int32_t* bias_rec = take(kLstmGateCount * lanes);
  const int32_t* blob_bias = reinterpret_cast<const int32_t*>(args.params + sizeof(p));
  int32_t* dots_in = take(kLstmGateCount * lanes);
  int32_t* dots_rec = take(kLstmGateCount * lanes);
  for (uint32_t g = 0; g < kLstmGateCount; ++g) {
    std::memcpy(bias_in + g * lanes, blob_bias + g * S, S * sizeof(int32_t));
    std::memcpy(bias_rec + g * lanes, blob_bias + (kLstmGateCount + g) * S, S * sizeof(int32_t));
    // Lanes past S: zero (the row path writes only units < S).
    for (int32_t* v : {bias_in, bias_rec, dots_in, dots_rec}) {
      std::fill(v + g * lanes + S, v + (g + 1) * lanes, 0);
    }
  }
  l.bias_in = bias_in;
  l.bias_rec = bias_rec;
  l.dots_in = dots_in;
  l.dots_rec = dots_rec;
  l.gates = take(kLstmGateCount * lanes);
  l.x_pairs = take(l.in_pairs);
  l.h_pairs = take(l.rec_pairs);
  const int8_t* input = reinterpret_cast<const int8_t*>(args.inputs[kLstmInputTensor].data);
  int8_t* hidden = reinterpret_cast<int8_t*>(args.inputs[kernels::kLstmHiddenState].data);
  int16_t* cell = reinterpret_cast<int16_t*>(args.inputs[kernels::kLstmCellState].data);
  int8_t* output = reinterpret_cast<int8_t*>(args.outputs[0].data);
  for (uint32_t b = 0; b < B; ++b) {
    for (uint32_t t = 0; t < T; ++t) {
      const size_t row = p.time_major ? static_cast<size_t>(t) * B + b : static_cast<size_t>(b) * T + t;
      lstm_step_avx2(l, input + row * I, hidden + static_cast<size_t>(b) * S,
                     cell + static_cast<size_t>(b) * S, output + row * S);
    }
  }
  return true;
}

}  // namespace

bool lstm_s8_avx2(const kernels::KernelArgs& args) { return lstm_impl(args); }

}  // namespace lpai::host::simd
#endif  // LPAI_X86_SIMD
