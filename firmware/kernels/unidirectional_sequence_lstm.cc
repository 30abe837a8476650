// UNIDIRECTIONAL_SEQUENCE_LSTM, full-integer: see unidirectional_sequence_lstm.h for the
// contract and the arithmetic.
#include "kernels/unidirectional_sequence_lstm.h"
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
#include "kernels/hvx/hvx_gemm.h"
#include "kernels/hvx/hvx_lstm.h"
#endif
#include "kernels/hvx/hvx_lstm_layout.h"

#include "core/check.h"
#include "core/log.h"
#include "kernels/fixed_point.h"
#include "kernels/int16x8_common.h"
#include "kernels/int8_gemm.h"
#include "kernels/lstm_math.h"
#include "kernels/op_checks.h"
#include "kernels/registry.h"

namespace lpai {
namespace kernels {
namespace {

using format::DataType;
using format::TensorRecord;

const char* const kOp = ops::unidirectional_sequence_lstm::kName;

// The gate dot products run through gemm::dot_1x4, whose depth bound the validated sizes meet.
static_assert(kLstmMaxInputSize <= gemm::kMaxAccumDepth &&
                  kLstmMaxStateSize <= gemm::kMaxAccumDepth,
              "LSTM dot product depth");

// 16x8 gate biases lie in [-kLstm16BiasLimit, kLstm16BiasLimit), as prepare writes them.
constexpr int64_t kLstm16BiasLimit = int64_t{1} << 46;

// The 16x8 variant: an int16 input tensor (types are checked in check_tensors).
bool is_16x8(const KernelArgs& args) {
  return args.num_inputs > kLstmInputTensor && args.inputs[kLstmInputTensor].desc != nullptr &&
         args.inputs[kLstmInputTensor].desc->data_type == static_cast<uint8_t>(DataType::kInt16);
}

bool rescale_ok(const LstmRescale& r) {
  return r.multiplier >= 0 && r.shift >= -31 && r.shift <= 30;
}

bool has_type(const TensorRecord* t, DataType type) {
  return t != nullptr && t->data_type == static_cast<uint8_t>(type);
}

bool has_dims2(const TensorRecord* t, uint32_t d0, uint32_t d1) {
  return t->rank == 2 && t->dims[0] == d0 && t->dims[1] == d1;
}

// Whether the blob carries the HVX layout (hvx_lstm_layout.h) after the portable arrays: an
// int8 LSTM the HVX step takes, with exactly the layout's bytes more (sizes already checked).
bool has_hvx_layout(const KernelArgs& args, const UnidirectionalSequenceLstmParams& p) {
  return !is_16x8(args) && hvx_layout::lstm_takes_hvx(p.input_size, p.state_size) &&
         args.params_size == unidirectional_sequence_lstm_params_size(p.state_size) +
                                 hvx_layout::lstm_layout_bytes(p.input_size, p.state_size);
}

Status check_params(const KernelArgs& args, const UnidirectionalSequenceLstmParams** out) {
  if (args.params == nullptr || args.params_size < sizeof(UnidirectionalSequenceLstmParams)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: parameter blob of %u bytes, expected at least %u", kOp,
              args.params_size, static_cast<uint32_t>(sizeof(UnidirectionalSequenceLstmParams)));
  }
  const auto* p = reinterpret_cast<const UnidirectionalSequenceLstmParams*>(args.params);
  if (p->batch_size == 0 || p->time_steps == 0 || p->input_size == 0 ||
      p->input_size > kLstmMaxInputSize || p->state_size == 0 ||
      p->state_size > kLstmMaxStateSize || p->time_major > 1) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: bad sizes batch %u time %u input %u state %u time_major %u", kOp, p->batch_size,
              p->time_steps, p->input_size, p->state_size, p->time_major);
  }
  if (args.params_size != unidirectional_sequence_lstm_params_size(p->state_size) &&
      !has_hvx_layout(args, *p)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: parameter blob of %u bytes, expected %u for state size %u", kOp,
              args.params_size, unidirectional_sequence_lstm_params_size(p->state_size),
              p->state_size);
  }
  bool rescales_ok = rescale_ok(p->forget_times_cell) && rescale_ok(p->input_times_gate) &&
                     rescale_ok(p->output_times_tanh);
  for (uint32_t g = 0; g < kLstmGateCount; ++g) {
    rescales_ok = rescales_ok && rescale_ok(p->input_fc[g]) && rescale_ok(p->recurrent_fc[g]);
  }
  if (!rescales_ok) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: a rescale multiplier is negative or its shift is outside [-31, 30]", kOp);
  }
  if (p->hidden_zero_point < -128 || p->hidden_zero_point > 127 || p->cell_clip_enabled > 1 ||
      p->cell_clip < 0 || p->cell_clip > 32767 || p->cell_tanh_multiplier < 1 ||
      p->cell_tanh_multiplier > 49152 || p->cell_tanh_shift < 0 || p->cell_tanh_shift > 31 ||
      (p->cell_tanh_shift > 0 && p->cell_tanh_multiplier != 3)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: bad hidden zero point %d, cell clip %u/%d or tanh scaling %d/%d", kOp,
              p->hidden_zero_point, p->cell_clip_enabled, p->cell_clip, p->cell_tanh_multiplier,
              p->cell_tanh_shift);
  }
  if (is_16x8(args)) {
    // The 16x8 gate FC adds its int64 bias to a dot product of at most 2^16 * 2^15 * 2^7 =
    // 2^38 in magnitude; the 64-bit requantisation needs the sum inside [-2^47, 2^47).
    const uint8_t* bias64 = args.params + sizeof(UnidirectionalSequenceLstmParams);
    for (uint32_t k = 0; k < kLstmGateCount * p->state_size; ++k) {
      int64_t b;
      __builtin_memcpy(&b, bias64 + static_cast<size_t>(k) * 8, 8);
      if (b < -kLstm16BiasLimit || b >= kLstm16BiasLimit) {
        LPAI_FAIL(Status::kBinaryBadParams,
                  "%s: 16x8 gate bias %u outside [-2^46, 2^46) (prepare's range)", kOp, k);
      }
    }
  }
  *out = p;
  return Status::kOk;
}

Status check_tensors(const KernelArgs& args, const UnidirectionalSequenceLstmParams& p) {
  if (args.num_inputs != kLstmNumInputs || args.num_outputs != 1) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: %u inputs / %u outputs, expected 24 / 1", kOp,
              args.num_inputs, args.num_outputs);
  }
  // Variants TFLM's integer LSTM does not evaluate.
  static const uint32_t kMustBeAbsent[] = {9, 10, 11, 16, 17, 20, 21, 22, 23};
  for (uint32_t idx : kMustBeAbsent) {
    if (args.inputs[idx].desc != nullptr) {
      LPAI_FAIL(Status::kNotSupported,
                "%s: input %u present: peephole, projection and layer-norm LSTMs are not "
                "supported", kOp, idx);
    }
  }
  const TensorRecord* in = args.inputs[kLstmInputTensor].desc;
  LPAI_RETURN_IF_ERROR(checks::require_type(in, kOp, "input", DataType::kInt8, DataType::kInt16));
  const bool wide = has_type(in, DataType::kInt16);
  const DataType act = wide ? DataType::kInt16 : DataType::kInt8;
  // Data types first (each refusal names the tensor), then shapes.
  for (uint32_t g = 0; g < kLstmGateCount; ++g) {
    const TensorRecord* w = args.inputs[kLstmInputWeights0 + g].desc;
    const TensorRecord* r = args.inputs[kLstmRecurrentWeights0 + g].desc;
    const TensorRecord* bias = args.inputs[kLstmBias0 + g].desc;
    if (w != nullptr) {
      LPAI_RETURN_IF_ERROR(
          checks::require_type(w, kOp, "input weights", DataType::kInt8, DataType::kInt8));
    }
    if (r != nullptr) {
      LPAI_RETURN_IF_ERROR(
          checks::require_type(r, kOp, "recurrent weights", DataType::kInt8, DataType::kInt8));
    }
    if (bias != nullptr) {
      LPAI_RETURN_IF_ERROR(checks::require_type(bias, kOp, "gate bias", DataType::kInt32,
                                                 wide ? DataType::kInt64 : DataType::kInt32));
    }
  }
  if (args.inputs[kLstmHiddenState].desc != nullptr) {
    LPAI_RETURN_IF_ERROR(
        checks::require_type(args.inputs[kLstmHiddenState].desc, kOp, "hidden state", act, act));
  }
  if (args.inputs[kLstmCellState].desc != nullptr) {
    LPAI_RETURN_IF_ERROR(checks::require_type(args.inputs[kLstmCellState].desc, kOp,
                                               "cell state", DataType::kInt16, DataType::kInt16));
  }
  if (args.outputs[0].desc != nullptr) {
    LPAI_RETURN_IF_ERROR(checks::require_type(args.outputs[0].desc, kOp, "output", act, act));
  }
  if (wide) {
    bool fc_ok = p.hidden_zero_point == 0;
    for (uint32_t g = 0; g < kLstmGateCount; ++g) {
      fc_ok = fc_ok && p.input_fc[g].shift <= 7 && p.recurrent_fc[g].shift <= 7;
    }
    if (!fc_ok) {
      LPAI_FAIL(Status::kBinaryBadParams,
                "%s: 16x8 needs hidden zero point 0 and gate FC shifts <= 7", kOp);
    }
  }
  const uint32_t B = p.batch_size, T = p.time_steps, I = p.input_size, S = p.state_size;
  const uint32_t d0 = p.time_major ? T : B;
  const uint32_t d1 = p.time_major ? B : T;
  if (in->rank != 3 || in->dims[0] != d0 || in->dims[1] != d1 || in->dims[2] != I) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: input shape does not match [%u, %u, %u]", kOp, d0, d1,
              I);
  }
  for (uint32_t g = 0; g < kLstmGateCount; ++g) {
    const TensorRecord* w = args.inputs[kLstmInputWeights0 + g].desc;
    const TensorRecord* r = args.inputs[kLstmRecurrentWeights0 + g].desc;
    if (w == nullptr || r == nullptr) {
      LPAI_FAIL(Status::kNotSupported, "%s: gate %u weights absent (CIFG LSTMs are not supported)",
                kOp, g);
    }
    if (!has_type(w, DataType::kInt8) || !has_type(r, DataType::kInt8)) {
      LPAI_FAIL(Status::kNotSupported, "%s: gate %u weights must be int8", kOp, g);
    }
    if (!has_dims2(w, S, I) || !has_dims2(r, S, S) ||
        w->mem_class != static_cast<uint8_t>(format::MemClass::kConst) ||
        r->mem_class != static_cast<uint8_t>(format::MemClass::kConst)) {
      LPAI_FAIL(Status::kBinaryBadTensor,
                "%s: gate %u weights must be constant [%u, %u] and [%u, %u]", kOp, g, S, I, S, S);
    }
    const TensorRecord* bias = args.inputs[kLstmBias0 + g].desc;
    const bool bias_type_ok =
        has_type(bias, DataType::kInt32) || (wide && has_type(bias, DataType::kInt64));
    if (!bias_type_ok || bias->rank != 1 || bias->dims[0] != S) {
      LPAI_FAIL(Status::kBinaryBadTensor,
                "%s: gate %u bias must be int32 (16x8: int64 or int32) [%u]", kOp, g, S);
    }
  }
  const TensorRecord* h = args.inputs[kLstmHiddenState].desc;
  const TensorRecord* c = args.inputs[kLstmCellState].desc;
  const uint64_t state_elements = static_cast<uint64_t>(B) * S;
  if (!has_type(h, act) || !has_type(c, DataType::kInt16) ||
      element_count(h) != state_elements || element_count(c) != state_elements ||
      (h->flags & format::kTensorIsVariable) == 0 || (c->flags & format::kTensorIsVariable) == 0) {
    LPAI_FAIL(Status::kBinaryBadTensor,
              "%s: hidden state must be a variable tensor of the input type and cell state a "
              "variable int16 tensor of %u x %u elements", kOp, B, S);
  }
  const TensorRecord* out = args.outputs[0].desc;
  if (!has_type(out, act) || out->rank != 3 || out->dims[0] != d0 ||
      out->dims[1] != d1 || out->dims[2] != S) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: output must be [%u, %u, %u] of the input type", kOp,
              d0, d1, S);
  }
  if (args.temp_size < unidirectional_sequence_lstm_temp_size(S)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: kernel scratch of %u bytes, needs %u", kOp,
              args.temp_size, unidirectional_sequence_lstm_temp_size(S));
  }
  if (has_hvx_layout(args, p)) {
    if (args.temp_size < hvx_layout::lstm_temp_bytes(I, S)) {
      LPAI_FAIL(Status::kBinaryBadPlan, "%s: kernel scratch smaller than the HVX step needs", kOp);
    }
    const int32_t* bias_in = reinterpret_cast<const int32_t*>(args.params + sizeof(p));
    const int8_t* w_in[kLstmGateCount];
    const int8_t* w_rec[kLstmGateCount];
    for (uint32_t g = 0; g < kLstmGateCount; ++g) {
      w_in[g] = reinterpret_cast<const int8_t*>(args.inputs[kLstmInputWeights0 + g].data);
      w_rec[g] = reinterpret_cast<const int8_t*>(args.inputs[kLstmRecurrentWeights0 + g].data);
    }
    if (!hvx_layout::lstm_layout_matches(p, args.params + unidirectional_sequence_lstm_params_size(S),
                                         bias_in, bias_in + kLstmGateCount * S, w_in, w_rec)) {
      LPAI_FAIL(Status::kBinaryBadParams,
                "%s: HVX layout differs from the weights, biases and rescales", kOp);
    }
  }
  return Status::kOk;
}

// Cell and hidden update of one row from the four gate vectors (Q0.15); Out is the hidden
// state type (int8 or int16). The 16x8 path's; the int8 path updates in unit blocks
// (update_block, below).
template <typename Out>
void update_cell_hidden(const UnidirectionalSequenceLstmParams& p, const int16_t* gates, Out* h,
                        int16_t* c, Out* out) {
  constexpr int32_t kLo = sizeof(Out) == 1 ? -128 : -32768;
  constexpr int32_t kHi = sizeof(Out) == 1 ? 127 : 32767;
  const uint32_t S = p.state_size;
  const int16_t* gi = gates + kLstmGateInput * S;
  const int16_t* gf = gates + kLstmGateForget * S;
  const int16_t* gc = gates + kLstmGateCell * S;
  const int16_t* go = gates + kLstmGateOutput * S;
  for (uint32_t j = 0; j < S; ++j) {
    const int32_t kept = lstm::saturate_int16(
        lstm::mul_rescale(gf[j], c[j], p.forget_times_cell.multiplier, p.forget_times_cell.shift));
    const int32_t added = lstm::saturate_int16(
        lstm::mul_rescale(gi[j], gc[j], p.input_times_gate.multiplier, p.input_times_gate.shift));
    int32_t cell = lstm::saturate_int16(kept + added);
    if (p.cell_clip_enabled != 0) cell = clamp_i32(cell, -p.cell_clip, p.cell_clip);
    c[j] = static_cast<int16_t>(cell);
    const int16_t t =
        lstm::tanh_int16(static_cast<int16_t>(cell), p.cell_tanh_multiplier, p.cell_tanh_shift);
    // The rescaled value is clamped before the zero point is added (same result, no wrap).
    const int32_t hv =
        p.hidden_zero_point +
        clamp_i32(lstm::mul_rescale(t, go[j], p.output_times_tanh.multiplier,
                                    p.output_times_tanh.shift),
                  -65536, 65536);
    const Out hq = static_cast<Out>(clamp_i32(hv, kLo, kHi));
    h[j] = hq;
    out[j] = hq;
  }
}

// ---- int8 time step, in blocks of up to kUnitBlock units ------------------------------------
// Every step below works on fixed-width lane arrays (lane = one unit; W = kUnitBlock, or 8 or
// 4 for a short last block), the form compilers vectorise; each rescale has one multiplier per
// gate, so all lanes share it. Vector builds (SSE2, NEON: the host) take 16 units a block,
// which amortises each block's set-up (x86: 1.12-1.15x on trained_lstm); scalar cores take 8,
// which keeps one block's frame within the 2 KiB execute stack of the Cortex-M image.
#if defined(__SSE2__) || defined(__ARM_NEON)
constexpr bool kVectorBuild = true;   // the compiler vectorises the lane loops
#else
constexpr bool kVectorBuild = false;  // scalar code (Cortex-M; Hexagon: these loops use no HVX)
#endif
constexpr uint32_t kUnitBlock = kVectorBuild ? 16 : 8;

// out[l] = multiply_by_quantized_multiplier(in[l], m, shift) for l < W and every int32 input,
// with one multiplier and shift for all lanes: the left shift and the rounding right shift are
// uniform shifts, the doubling high product an unsigned 32x32->64 product corrected for
// negative inputs (both forms compilers vectorise).
template <uint32_t W>
inline void rescale_lanes(const int32_t* __restrict in, int32_t m, int32_t shift,
                          int32_t* __restrict out) {
  const uint32_t ls = shift > 0 ? static_cast<uint32_t>(shift) : 0u;
  const uint32_t rs = shift > 0 ? 0u : static_cast<uint32_t>(-shift);
  const uint32_t um = static_cast<uint32_t>(m);
  const int32_t mask = static_cast<int32_t>((uint64_t{1} << rs) - 1);
  const int32_t half = mask >> 1;
  for (uint32_t l = 0; l < W; ++l) {
    const uint32_t x = static_cast<uint32_t>(in[l]) << ls;  // wraps, as TFLite's int32 product
    const uint32_t x_neg = static_cast<uint32_t>(static_cast<int32_t>(x) >> 31);
    // (x * m + 2^30) >> 31 for the signed x: the unsigned product of x + 2^32 exceeds it by
    // 2^32 * m, i.e. 2m after the shift.
    const uint64_t pr = static_cast<uint64_t>(x) * um + (uint64_t{1} << 30);
    const int32_t h = static_cast<int32_t>(static_cast<uint32_t>(pr >> 31) - ((um << 1) & x_neg));
    // Rounding divide by 2^rs, ties away from zero (TFLite's RoundingDivideByPOT).
    const int32_t threshold = half + ((h >> 31) & 1);
    out[l] = (h >> rs) + static_cast<int32_t>((h & mask) > threshold);
  }
}

// TFLite's int16 sigmoid (kTanh false) or tanh (true) of lanes whose LUT input is already
// scaled (v = lut_scale_input(x)), lane by lane: the table reads are gathers, and a split into
// vector passes around them measured no faster on x86 (SSE2) and slower on Cortex-M7.
template <uint32_t W, bool kTanh>
inline void lut_lanes(const int32_t* __restrict v, int16_t* __restrict out) {
  for (uint32_t l = 0; l < W; ++l) {
    out[l] = kTanh ? lstm::tanh_scaled(v[l]) : lstm::sigmoid_scaled(v[l]);
  }
}

// acc[g][l] += x . w_g[unit0 + l] over k_len int8 entries for l < n <= W, g < 4 (w_g: [units]
// [k_len]).
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
// HVX dot products (hexagon builds): the same sums, 128 depth bytes per vrmpy.
template <uint32_t W>
void gate_dots(const int8_t* x, uint32_t k_len, const int8_t* const* w, uint32_t unit0,
               uint32_t n, int32_t (*acc)[W]) {
  for (uint32_t l = 0; l < n; ++l) {
    const size_t row = static_cast<size_t>(unit0 + l) * k_len;
    int32_t s[kLstmGateCount];
    hvx::dot_1x4(x, w[0] + row, w[1] + row, w[2] + row, w[3] + row, k_len, s);
    for (uint32_t g = 0; g < kLstmGateCount; ++g) acc[g][l] += s[g];
  }
}
#elif defined(LPAI_HAS_CORTEX_M_DSP)
// Cortex-M DSP extension: the activation row widened once (rows up to kLstmRowMax entries)
// into a stack buffer of the first tier that holds it (2 bytes per entry: 32 or kLstmRowMax;
// out of line, so a small row runs with a small frame), then one 4-row SMLAD step per unit
// over the four gates' weight rows. Longer rows run dsp::dot_1x4 on the int8 bytes.
constexpr uint32_t kLstmRowMax = 128;
constexpr uint32_t kLstmSmallRow = 32;
static_assert(kLstmRowMax <= dsp::kRowMax, "dot_1x4_widened's row limit");

template <uint32_t W, uint32_t kWords>
__attribute__((noinline)) void gate_dots_widened(const int8_t* x, uint32_t k_len,
                                                 const int8_t* const* w, uint32_t unit0,
                                                 uint32_t n, int32_t (*acc)[W]) {
  int32_t xs[kWords];
  dsp::widen_row_padded(x, k_len, xs);
  for (uint32_t l = 0; l < n; ++l) {
    const size_t row = static_cast<size_t>(unit0 + l) * k_len;
    int32_t s[kLstmGateCount];
    dsp::dot_1x4_widened(xs, w[0] + row, w[1] + row, w[2] + row, w[3] + row, k_len, s);
    for (uint32_t g = 0; g < kLstmGateCount; ++g) acc[g][l] += s[g];
  }
}

template <uint32_t W>
void gate_dots(const int8_t* x, uint32_t k_len, const int8_t* const* w, uint32_t unit0,
               uint32_t n, int32_t (*acc)[W]) {
  if (k_len <= kLstmSmallRow) {
    gate_dots_widened<W, kLstmSmallRow / 2>(x, k_len, w, unit0, n, acc);
    return;
  }
  if (k_len <= kLstmRowMax) {
    gate_dots_widened<W, kLstmRowMax / 2>(x, k_len, w, unit0, n, acc);
    return;
  }
  for (uint32_t l = 0; l < n; ++l) {
    const size_t row = static_cast<size_t>(unit0 + l) * k_len;
    int32_t s[kLstmGateCount];
    dsp::dot_1x4(x, w[0] + row, w[1] + row, w[2] + row, w[3] + row, k_len, s);
    for (uint32_t g = 0; g < kLstmGateCount; ++g) acc[g][l] += s[g];
  }
}
#else
// The activations are widened kLstmChunk entries at a time; each row's dot product runs over
// its whole 16-entry groups (gemm::dot_1x4_chunk). The remainder k_len % 16 runs as one more
// group over the row's last 16 entries, against activations zeroed where that group overlaps
// the whole groups: every read stays inside the row. Where the compiler turns the groups into
// vector code (SSE2, NEON) any remainder is cheaper that way; on scalar cores only one of at
// least half a group (Cortex-M7: fewer instructions on both shared LSTM models than always or
// never). Other remainders, and rows shorter than 16, run scalar.
constexpr uint32_t kMinGroupRemainder = kVectorBuild ? 1 : gemm::kLanes / 2;
constexpr uint32_t kLstmChunk = 128;  // activations widened per chunk (256 bytes of stack)

template <uint32_t W>
void gate_dots(const int8_t* x, uint32_t k_len, const int8_t* const* w, uint32_t unit0,
               uint32_t n, int32_t (*acc)[W]) {
  int16_t xs[kLstmChunk];
  const uint32_t k16 = k_len & ~(gemm::kLanes - 1);
  for (uint32_t k = 0; k < k16; k += kLstmChunk) {
    const uint32_t len = k16 - k < kLstmChunk ? k16 - k : kLstmChunk;
    for (uint32_t i = 0; i < len; i += gemm::kLanes) {
      gemm::widen_i8<gemm::kLanes>(x + k + i, xs + i);
    }
    for (uint32_t l = 0; l < n; ++l) {
      const size_t at = static_cast<size_t>(unit0 + l) * k_len + k;
      int32_t s[4] = {0, 0, 0, 0};
      gemm::dot_1x4_chunk(xs, w[0] + at, w[1] + at, w[2] + at, w[3] + at, len, s);
      for (uint32_t g = 0; g < kLstmGateCount; ++g) acc[g][l] += s[g];
    }
  }
  const uint32_t rem = k_len - k16;
  if (rem == 0) return;
  if (k16 > 0 && rem >= kMinGroupRemainder) {
    // Entries [k_len - 16, k_len): the first 16 - rem are counted above already.
    const uint32_t first = k_len - gemm::kLanes;
    gemm::widen_i8<gemm::kLanes>(x + first, xs);
    for (uint32_t i = 0; i < gemm::kLanes - rem; ++i) xs[i] = 0;
    for (uint32_t l = 0; l < n; ++l) {
      const size_t at = static_cast<size_t>(unit0 + l) * k_len + first;
      int32_t s[4] = {0, 0, 0, 0};
      gemm::dot_1x4_chunk(xs, w[0] + at, w[1] + at, w[2] + at, w[3] + at, gemm::kLanes, s);
      for (uint32_t g = 0; g < kLstmGateCount; ++g) acc[g][l] += s[g];
    }
    return;
  }
  for (uint32_t l = 0; l < n; ++l) {
    const size_t row = static_cast<size_t>(unit0 + l) * k_len;
    for (uint32_t k = k16; k < k_len; ++k) {
      for (uint32_t g = 0; g < kLstmGateCount; ++g) acc[g][l] += x[k] * w[g][row + k];
    }
  }
}
#endif

// Gate vectors (Q0.15) of units [unit0, unit0 + n), n <= W, into gates[g * S + unit]: both
// dot products, the zero-point-folded biases, the two rescales, the LUT non-linearity.
// Out of line (as update_block): one block's lane arrays on the stack at a time, which keeps
// the execute stack within the 2 KiB the Cortex-M image budgets.
template <uint32_t W>
__attribute__((noinline)) void gate_block(const UnidirectionalSequenceLstmParams& p,
                                          const int8_t* const* w_in, const int8_t* const* w_rec,
                                          const int32_t* bias_in, const int32_t* bias_rec,
                                          const int8_t* x, const int8_t* h, uint32_t unit0,
                                          uint32_t n, int16_t* gates) {
  const uint32_t S = p.state_size;
  int32_t acc_in[kLstmGateCount][W] = {}, acc_rec[kLstmGateCount][W] = {};
  gate_dots<W>(x, p.input_size, w_in, unit0, n, acc_in);
  gate_dots<W>(h, S, w_rec, unit0, n, acc_rec);
  for (uint32_t g = 0; g < kLstmGateCount; ++g) {
    for (uint32_t l = 0; l < n; ++l) {
      acc_in[g][l] = wrapping_add_i32(acc_in[g][l], bias_in[g * S + unit0 + l]);
      acc_rec[g][l] = wrapping_add_i32(acc_rec[g][l], bias_rec[g * S + unit0 + l]);
    }
  }
  static_assert(lstm::kGateLutScale.multiplier == 3 && lstm::kGateLutScale.shift == 0,
                "gate LUT input scaling folded in below");
  for (uint32_t g = 0; g < kLstmGateCount; ++g) {
    int32_t from_in[W], from_rec[W], v[W];
    rescale_lanes<W>(acc_in[g], p.input_fc[g].multiplier, p.input_fc[g].shift, from_in);
    rescale_lanes<W>(acc_rec[g], p.recurrent_fc[g].multiplier, p.recurrent_fc[g].shift, from_rec);
    // The LUT input of a Q3.12 pre-activation: multiplier 3, shift 0 (kGateLutScale).
    for (uint32_t l = 0; l < W; ++l) {
      v[l] = 3 * lstm::saturate_int16(lstm::saturate_int16(from_in[l]) +
                                      lstm::saturate_int16(from_rec[l]));
    }
    int16_t res[W];
    if (g == kLstmGateCell) {
      lut_lanes<W, true>(v, res);
    } else {
      lut_lanes<W, false>(v, res);
    }
    __builtin_memcpy(gates + g * S + unit0, res, n * sizeof(int16_t));
  }
}

// Cell and hidden update (update_cell_hidden with an int8 hidden state) of units [0, n),
// n <= W: gates points at the block's input-gate entries (the other gates follow at strides
// of S), h, c and out at the block's first unit.
template <uint32_t W>
__attribute__((noinline)) void update_block(const UnidirectionalSequenceLstmParams& p,
                                            const int16_t* gates, uint32_t n, int8_t* h,
                                            int16_t* c, int8_t* out) {
  const uint32_t S = p.state_size;
  int32_t gi[W] = {}, gf[W] = {}, gc[W] = {}, go[W] = {}, cell[W] = {};
  for (uint32_t l = 0; l < n; ++l) {
    gi[l] = gates[kLstmGateInput * S + l];
    gf[l] = gates[kLstmGateForget * S + l];
    gc[l] = gates[kLstmGateCell * S + l];
    go[l] = gates[kLstmGateOutput * S + l];
    cell[l] = c[l];
  }
  // Gate outputs are within [-32767, 32767] and the cell state int16: no product overflows.
  int32_t prod[W], kept[W], added[W];
  for (uint32_t l = 0; l < W; ++l) prod[l] = gf[l] * cell[l];
  rescale_lanes<W>(prod, p.forget_times_cell.multiplier, p.forget_times_cell.shift, kept);
  for (uint32_t l = 0; l < W; ++l) prod[l] = gi[l] * gc[l];
  rescale_lanes<W>(prod, p.input_times_gate.multiplier, p.input_times_gate.shift, added);
  const int32_t clip = p.cell_clip_enabled != 0 ? p.cell_clip : 32768;
  const int32_t tanh_round = p.cell_tanh_shift > 0 ? int32_t{1} << (p.cell_tanh_shift - 1) : 0;
  int32_t v[W];
  for (uint32_t l = 0; l < W; ++l) {
    int32_t x = lstm::saturate_int16(lstm::saturate_int16(kept[l]) +
                                     lstm::saturate_int16(added[l]));
    x = x < -clip ? -clip : x > clip ? clip : x;
    cell[l] = x;
    // lstm::lut_scale_input (|x * multiplier| < 2^31 for multiplier <= 49152).
    v[l] = (x * p.cell_tanh_multiplier + tanh_round) >> p.cell_tanh_shift;
  }
  int16_t t[W];
  lut_lanes<W, true>(v, t);
  for (uint32_t l = 0; l < W; ++l) prod[l] = t[l] * go[l];
  int32_t hv[W];
  rescale_lanes<W>(prod, p.output_times_tanh.multiplier, p.output_times_tanh.shift, hv);
  int8_t hq[W];
  int16_t cq[W];
  for (uint32_t l = 0; l < W; ++l) {
    // hv clamped first (the result is the same) so that adding the zero point cannot wrap.
    const int32_t hc = hv[l] < -65536 ? -65536 : hv[l] > 65536 ? 65536 : hv[l];
    const int32_t y = p.hidden_zero_point + hc;
    hq[l] = static_cast<int8_t>(y < -128 ? -128 : y > 127 ? 127 : y);
    cq[l] = static_cast<int16_t>(cell[l]);
  }
  __builtin_memcpy(c, cq, n * sizeof(int16_t));
  __builtin_memcpy(h, hq, n);
  __builtin_memcpy(out, hq, n);
}

// One time step of one batch row: x (I values), h (S, in/out), c (S, in/out), out (S). All
// four gate vectors come from the previous hidden state before the update overwrites it.
void update_all(const UnidirectionalSequenceLstmParams& p, const int16_t* gates, int8_t* h,
                int16_t* c, int8_t* out);

void lstm_step(const UnidirectionalSequenceLstmParams& p, const int8_t* const* w_in,
               const int8_t* const* w_rec, const int32_t* bias_in, const int32_t* bias_rec,
               const int8_t* x, int8_t* h, int16_t* c, int8_t* out, int16_t* gates) {
  const uint32_t S = p.state_size;
  for (uint32_t j0 = 0; j0 < S; j0 += kUnitBlock) {
    const uint32_t n = S - j0 < kUnitBlock ? S - j0 : kUnitBlock;
    if (n > 8) {
      gate_block<kUnitBlock>(p, w_in, w_rec, bias_in, bias_rec, x, h, j0, n, gates);
    } else if (n > 4) {
      gate_block<8>(p, w_in, w_rec, bias_in, bias_rec, x, h, j0, n, gates);
    } else {
      gate_block<4>(p, w_in, w_rec, bias_in, bias_rec, x, h, j0, n, gates);
    }
  }
  update_all(p, gates, h, c, out);
}

// The cell and hidden update of all S units from the gate vectors.
void update_all(const UnidirectionalSequenceLstmParams& p, const int16_t* gates, int8_t* h,
                int16_t* c, int8_t* out) {
  const uint32_t S = p.state_size;
  for (uint32_t j0 = 0; j0 < S; j0 += kUnitBlock) {
    const uint32_t n = S - j0 < kUnitBlock ? S - j0 : kUnitBlock;
    if (n > 8) {
      update_block<kUnitBlock>(p, gates + j0, n, h + j0, c + j0, out + j0);
    } else if (n > 4) {
      update_block<8>(p, gates + j0, n, h + j0, c + j0, out + j0);
    } else {
      update_block<4>(p, gates + j0, n, h + j0, c + j0, out + j0);
    }
  }
}

// 16x8 time step of one batch row: x (I values), h (S, in/out), c (S, in/out), out (S). Out
// of line: its frame is not on the stack while the int8 path runs.
__attribute__((noinline)) void lstm_step16(const UnidirectionalSequenceLstmParams& p,
                                           const int8_t* const* w_in, const int8_t* const* w_rec,
                                           const uint8_t* bias64, const int16_t* x, int16_t* h,
                                           int16_t* c, int16_t* out, int16_t* gates) {
  const uint32_t I = p.input_size;
  const uint32_t S = p.state_size;
  for (uint32_t g = 0; g < kLstmGateCount; ++g) {
    const LstmRescale qi = p.input_fc[g];
    const LstmRescale qr = p.recurrent_fc[g];
    for (uint32_t j = 0; j < S; ++j) {
      int64_t b;
      __builtin_memcpy(&b, bias64 + (static_cast<size_t>(g) * S + j) * 8, 8);
      const int64_t acc_in = b + w16::dot_long(x, w_in[g] + static_cast<size_t>(j) * I, I);
      const int64_t acc_rec = w16::dot_long(h, w_rec[g] + static_cast<size_t>(j) * S, S);
      const int32_t from_in =
          lstm::saturate_int16(multiply_by_quantized_multiplier_64(acc_in, qi.multiplier, qi.shift));
      const int32_t from_rec =
          lstm::saturate_int16(multiply_by_quantized_multiplier_64(acc_rec, qr.multiplier, qr.shift));
      const int16_t pre = lstm::saturate_int16(from_in + from_rec);
      gates[g * S + j] =
          g == kLstmGateCell
              ? lstm::tanh_int16(pre, lstm::kGateLutScale.multiplier, lstm::kGateLutScale.shift)
              : lstm::sigmoid_int16(pre, lstm::kGateLutScale.multiplier, lstm::kGateLutScale.shift);
    }
  }
  update_cell_hidden(p, gates, h, c, out);
}

}  // namespace

Status validate_unidirectional_sequence_lstm(const KernelArgs& args) {
  const UnidirectionalSequenceLstmParams* p = nullptr;
  LPAI_RETURN_IF_ERROR(check_params(args, &p));
  return check_tensors(args, *p);
}

void eval_unidirectional_sequence_lstm(const KernelArgs& args) {
  const auto& p = *reinterpret_cast<const UnidirectionalSequenceLstmParams*>(args.params);
  const uint32_t B = p.batch_size, T = p.time_steps, I = p.input_size, S = p.state_size;
  const int32_t* bias_in = reinterpret_cast<const int32_t*>(args.params + sizeof(p));
  const int32_t* bias_rec = bias_in + kLstmGateCount * S;
  const int8_t* w_in[kLstmGateCount];
  const int8_t* w_rec[kLstmGateCount];
  for (uint32_t g = 0; g < kLstmGateCount; ++g) {
    w_in[g] = reinterpret_cast<const int8_t*>(args.inputs[kLstmInputWeights0 + g].data);
    w_rec[g] = reinterpret_cast<const int8_t*>(args.inputs[kLstmRecurrentWeights0 + g].data);
  }
  int16_t* gates = reinterpret_cast<int16_t*>(args.temp);
  if (args.inputs[kLstmInputTensor].desc->data_type == static_cast<uint8_t>(DataType::kInt16)) {
    const uint8_t* bias64 = args.params + sizeof(p);
    const int16_t* input16 = reinterpret_cast<const int16_t*>(args.inputs[kLstmInputTensor].data);
    int16_t* hidden16 = reinterpret_cast<int16_t*>(args.inputs[kLstmHiddenState].data);
    int16_t* cell16 = reinterpret_cast<int16_t*>(args.inputs[kLstmCellState].data);
    int16_t* output16 = reinterpret_cast<int16_t*>(args.outputs[0].data);
    for (uint32_t b = 0; b < B; ++b) {
      for (uint32_t t = 0; t < T; ++t) {
        const uint32_t row = p.time_major ? t * B + b : b * T + t;
        lstm_step16(p, w_in, w_rec, bias64, input16 + static_cast<size_t>(row) * I,
                    hidden16 + static_cast<size_t>(b) * S, cell16 + static_cast<size_t>(b) * S,
                    output16 + static_cast<size_t>(row) * S, gates);
      }
    }
    return;
  }
  const int8_t* input = reinterpret_cast<const int8_t*>(args.inputs[kLstmInputTensor].data);
  int8_t* hidden = reinterpret_cast<int8_t*>(args.inputs[kLstmHiddenState].data);
  int16_t* cell = reinterpret_cast<int16_t*>(args.inputs[kLstmCellState].data);
  int8_t* output = reinterpret_cast<int8_t*>(args.outputs[0].data);
  // Batch rows are independent; each row's time steps run in order. This equals TFLM's
  // batched time-major evaluation because every operation is row-wise.
#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
  if (args.params_size > unidirectional_sequence_lstm_params_size(S)) {
    const uint8_t* layout = args.params + unidirectional_sequence_lstm_params_size(S);
    for (uint32_t b = 0; b < B; ++b) {
      for (uint32_t t = 0; t < T; ++t) {
        const uint32_t row = p.time_major ? t * B + b : b * T + t;
        const int8_t* x = input + row * I;
        // The HVX step reads x and h in place as words; a row off the word grid (a depth not a
        // multiple of 4, a caller's unaligned buffer) runs the portable step: same bytes.
        if (((reinterpret_cast<uintptr_t>(x) | reinterpret_cast<uintptr_t>(hidden + b * S)) & 3u) == 0) {
          hvx::lstm_step_s8(p, layout, x, hidden + b * S, cell + b * S, output + row * S, args.temp);
        } else {
          lstm_step(p, w_in, w_rec, bias_in, bias_rec, x, hidden + b * S, cell + b * S,
                    output + row * S, gates);
        }
      }
    }
    return;
  }
#endif
  for (uint32_t b = 0; b < B; ++b) {
    for (uint32_t t = 0; t < T; ++t) {
      const uint32_t row = p.time_major ? t * B + b : b * T + t;
      lstm_step(p, w_in, w_rec, bias_in, bias_rec, input + row * I, hidden + b * S, cell + b * S,
                output + row * S, gates);
    }
  }
}

LPAI_DEFINE_KERNEL(unidirectional_sequence_lstm, validate_unidirectional_sequence_lstm,
                   eval_unidirectional_sequence_lstm);

}  // namespace kernels
}  // namespace lpai
