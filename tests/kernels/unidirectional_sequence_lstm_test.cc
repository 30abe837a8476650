// UNIDIRECTIONAL_SEQUENCE_LSTM (full-integer): offline prepare + firmware validate/eval.
//
// (a) synthetic shapes against the plain reference in reference/lstm_reference.*;
// (b) data-driven: the LSTM node of trained_lstm_int8 (imported from ../shared/models) on the
//     golden LSTM input with zeroed state, compared byte for byte with TFLite Micro's per-tensor
//     dumps (output and both variable tensors after inference 0); the two LSTM nodes of
//     dtln_noise_suppression against the reference (no per-tensor dumps exist for it).
// Every int8 comparison with the reference runs the firmware kernel and, where the CPU has
// AVX2, the host's x86 LSTM (host_sim/simd/x86_kernels.h) on its own copy of the node.
#include "kernels/params/unidirectional_sequence_lstm.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "format/context_binary_format.h"
#include "kernels/kernel_api.h"
#include "kernels/lstm_math.h"
#include "kernels/reference/lstm_reference.h"
#include "kernels/registry.h"
#include "prepare/op_prepare.h"
#include "simd/kernel_variant.h"
#include "simd/x86_kernels.h"
#if LPAI_LSTM_TEST_HAS_IMPORTER
#include "prepare/graph.h"
#include "prepare/importer.h"
#endif

namespace {

using lpai::Status;
using lpai::format::DataType;
using lpai::format::MemClass;
using lpai::format::TensorRecord;
using lpai::kernels::KernelArgs;
using lpai::kernels::TensorRef;
using lpai::kernels::UnidirectionalSequenceLstmParams;
using lpai::prepare::PrepOp;
using lpai::prepare::PrepResult;
using lpai::prepare::PrepTensor;
namespace ref = lpai_test::ref;

constexpr int kLstmBuiltin =
    static_cast<int>(lpai::format::BuiltinOp::kUnidirectionalSequenceLstm);

// The LSTM's offline prepare, through the prepare registry.
PrepResult prepare_lstm(const PrepOp& op) {
  const lpai::prepare::PrepareFn fn = lpai::prepare::find_prepare(kLstmBuiltin);
  if (fn == nullptr) {
    PrepResult r;
    r.error = "no prepare function registered for UNIDIRECTIONAL_SEQUENCE_LSTM";
    return r;
  }
  return fn(op);
}

// ---------------------------------------------------------------------------------------------
// Running one LSTM node: records + buffers built from a PrepOp, the kernel's validate and eval.

class NodeRunner {
 public:
  NodeRunner(const PrepOp& op, const PrepResult& prep)
      : op_(op), params_words_((prep.params.size() + 3) / 4), temp_(prep.temp_bytes / 2 + 8) {
    if (!prep.params.empty())
      std::memcpy(params_words_.data(), prep.params.data(), prep.params.size());
    params_size_ = static_cast<uint32_t>(prep.params.size());
    temp_size_ = prep.temp_bytes;
    const size_t n_in = op.inputs.size();
    in_records_.resize(n_in);
    in_buffers_.resize(n_in);
    in_refs_.resize(n_in);
    for (size_t i = 0; i < n_in; ++i) fill(op.inputs[i], &in_records_[i], &in_buffers_[i]);
    out_records_.resize(op.outputs.size());
    out_buffers_.resize(op.outputs.size());
    out_refs_.resize(op.outputs.size());
    for (size_t i = 0; i < op.outputs.size(); ++i)
      fill(op.outputs[i], &out_records_[i], &out_buffers_[i]);
  }

  // Byte buffer of a non-constant input / of an output.
  std::vector<uint8_t>& in(size_t i) { return in_buffers_[i]; }
  std::vector<uint8_t>& out(size_t i = 0) { return out_buffers_[i]; }
  TensorRecord& in_record(size_t i) { return in_records_[i]; }
  TensorRecord& out_record(size_t i = 0) { return out_records_[i]; }
  // Forces input i absent (desc null) or present (its record, zeroed when the op has none).
  void set_absent(size_t i, bool absent) {
    absent_override_.resize(in_records_.size(), 0);
    absent_override_[i] = absent ? 1 : 2;
  }
  // Input i reads the bytes of input j's buffer (same address), e.g. two weight tensors
  // sharing one constant; j's buffer must hold at least i's bytes.
  void share_buffer(size_t i, size_t j) {
    shared_with_.resize(in_records_.size(), -1);
    shared_with_[i] = static_cast<int>(j);
  }
  uint32_t& params_size() { return params_size_; }
  uint32_t& temp_size() { return temp_size_; }
  uint32_t& num_inputs() { return num_inputs_; }
  UnidirectionalSequenceLstmParams& header() {
    return *reinterpret_cast<UnidirectionalSequenceLstmParams*>(params_words_.data());
  }

  Status validate() {
    KernelArgs args = make_args(false);
    return lpai::kernels::ops::unidirectional_sequence_lstm::kKernel.validate(args);
  }
  void eval() {
    KernelArgs args = make_args(true);
    lpai::kernels::ops::unidirectional_sequence_lstm::kKernel.eval(args);
  }
  // The host's AVX2 LSTM instead; false when it leaves the node to the firmware kernel.
  bool eval_avx2() {
    KernelArgs args = make_args(true);
    return lpai::host::simd::lstm_s8_avx2(args);
  }

 private:
  static void fill(const PrepTensor* t, TensorRecord* rec, std::vector<uint8_t>* buf) {
    std::memset(rec, 0, sizeof(*rec));
    if (t == nullptr) return;
    rec->data_type = static_cast<uint8_t>(t->type);
    rec->mem_class = static_cast<uint8_t>(t->is_const()    ? MemClass::kConst
                                          : t->is_variable ? MemClass::kPersistent
                                                           : MemClass::kScratch);
    rec->rank = static_cast<uint8_t>(t->shape.size());
    rec->flags = t->is_variable ? lpai::format::kTensorIsVariable : 0;
    for (size_t d = 0; d < t->shape.size(); ++d) rec->dims[d] = static_cast<uint32_t>(t->shape[d]);
    rec->size = static_cast<uint32_t>(t->element_count() * lpai::format::data_type_size(t->type));
    rec->zero_point = t->zero_points.empty() ? 0 : static_cast<int32_t>(t->zero_points[0]);
    rec->quant_index = lpai::format::kNone;
    rec->io_slot = lpai::format::kNone;
    if (t->is_const()) {
      buf->assign(t->data, t->data + t->data_size);
    } else {
      buf->assign(rec->size, 0);
    }
  }

  KernelArgs make_args(bool with_data) {
    for (size_t i = 0; i < in_records_.size(); ++i) {
      bool present = op_.inputs[i] != nullptr;
      if (i < absent_override_.size() && absent_override_[i] != 0)
        present = absent_override_[i] == 2;
      in_refs_[i].desc = present ? &in_records_[i] : nullptr;
      const size_t from =
          i < shared_with_.size() && shared_with_[i] >= 0 ? static_cast<size_t>(shared_with_[i]) : i;
      in_refs_[i].data = present && with_data ? in_buffers_[from].data() : nullptr;
    }
    for (size_t i = 0; i < out_records_.size(); ++i) {
      out_refs_[i].desc = &out_records_[i];
      out_refs_[i].data = with_data ? out_buffers_[i].data() : nullptr;
    }
    KernelArgs a;
    a.params = reinterpret_cast<const uint8_t*>(params_words_.data());
    a.params_size = params_size_;
    a.inputs = in_refs_.data();
    a.num_inputs = num_inputs_ != 0 ? num_inputs_ : static_cast<uint32_t>(in_refs_.size());
    a.outputs = out_refs_.data();
    a.num_outputs = static_cast<uint32_t>(out_refs_.size());
    a.temp = with_data ? reinterpret_cast<uint8_t*>(temp_.data()) : nullptr;
    a.temp_size = temp_size_;
    return a;
  }

  const PrepOp& op_;
  std::vector<uint32_t> params_words_;
  std::vector<uint16_t> temp_;
  uint32_t params_size_ = 0, temp_size_ = 0, num_inputs_ = 0;
  std::vector<TensorRecord> in_records_, out_records_;
  std::vector<std::vector<uint8_t>> in_buffers_, out_buffers_;
  std::vector<TensorRef> in_refs_, out_refs_;
  std::vector<int> absent_override_;
  std::vector<int> shared_with_;
};

template <typename T>
std::vector<T> as(const std::vector<uint8_t>& bytes) {
  std::vector<T> v(bytes.size() / sizeof(T));
  if (!v.empty()) std::memcpy(v.data(), bytes.data(), v.size() * sizeof(T));
  return v;
}
template <typename T>
void put(std::vector<uint8_t>* bytes, const std::vector<T>& v) {
  bytes->resize(v.size() * sizeof(T));
  if (!v.empty()) std::memcpy(bytes->data(), v.data(), bytes->size());
}

uint32_t xorshift(uint32_t* s) {
  *s ^= *s << 13;
  *s ^= *s >> 17;
  *s ^= *s << 5;
  return *s;
}
template <typename T>
std::vector<T> random_values(size_t n, uint32_t seed, int64_t lo, int64_t hi) {
  std::vector<T> v(n);
  uint32_t s = seed * 2654435761u + 12345u;
  for (auto& x : v)
    x = static_cast<T>(lo +
                       static_cast<int64_t>(xorshift(&s) % static_cast<uint32_t>(hi - lo + 1)));
  return v;
}

// ---------------------------------------------------------------------------------------------
// A synthetic LSTM: the reference model plus the PrepTensors/PrepOp describing it.

struct SyntheticLstm {
  ref::LstmModel m;
  std::vector<PrepTensor> t = std::vector<PrepTensor>(25);  // 24 inputs + output at [24]
  std::vector<int8_t> w_in_data[4], w_rec_data[4];
  std::vector<int32_t> bias_data[4];
  PrepOp op;

  SyntheticLstm(int B, int T, int I, int S, bool time_major, uint32_t seed, int cell_power = -11,
                float cell_clip = 1.5f, int32_t input_zp = -5, int32_t hidden_zp = 3,
                int weight_range = 127) {
    m.batch = B;
    m.time = T;
    m.input_size = I;
    m.state_size = S;
    m.time_major = time_major;
    m.cell_clip = cell_clip;
    m.input_scale = 0.0173f;
    m.input_zero_point = input_zp;
    m.hidden_scale = 1.0f / 128.0f * 1.02f;
    m.hidden_zero_point = hidden_zp;
    m.cell_scale = std::ldexp(1.0f, cell_power);
    for (int g = 0; g < 4; ++g) {
      m.w_in[g] = random_values<int8_t>(static_cast<size_t>(S) * I, seed + 10 * g + 1,
                                        -weight_range, weight_range);
      m.w_rec[g] = random_values<int8_t>(static_cast<size_t>(S) * S, seed + 10 * g + 2,
                                         -weight_range, weight_range);
      m.bias[g] = random_values<int32_t>(S, seed + 10 * g + 3, -6000, 6000);
      m.w_in_scale[g] = 0.004f + 0.0011f * g;
      m.w_rec_scale[g] = 0.006f - 0.0007f * g;
      w_in_data[g] = m.w_in[g];
      w_rec_data[g] = m.w_rec[g];
      bias_data[g] = m.bias[g];
    }
    const int d0 = time_major ? T : B, d1 = time_major ? B : T;
    t[0] = tensor(DataType::kInt8, {d0, d1, I}, m.input_scale, input_zp);
    for (int g = 0; g < 4; ++g) {
      t[1 + g] = tensor(DataType::kInt8, {S, I}, m.w_in_scale[g], 0);
      t[1 + g].data = reinterpret_cast<const uint8_t*>(w_in_data[g].data());
      t[1 + g].data_size = w_in_data[g].size();
      t[5 + g] = tensor(DataType::kInt8, {S, S}, m.w_rec_scale[g], 0);
      t[5 + g].data = reinterpret_cast<const uint8_t*>(w_rec_data[g].data());
      t[5 + g].data_size = w_rec_data[g].size();
      t[12 + g] = tensor(DataType::kInt32, {S}, m.input_scale * m.w_in_scale[g], 0);
      t[12 + g].data = reinterpret_cast<const uint8_t*>(bias_data[g].data());
      t[12 + g].data_size = bias_data[g].size() * 4;
    }
    t[18] = tensor(DataType::kInt8, {B, S}, m.hidden_scale, hidden_zp);
    t[18].is_variable = true;
    t[19] = tensor(DataType::kInt16, {B, S}, m.cell_scale, 0);
    t[19].is_variable = true;
    t[24] = tensor(DataType::kInt8, {d0, d1, S}, m.hidden_scale, hidden_zp);
    op.builtin = kLstmBuiltin;
    op.inputs.assign(24, nullptr);
    for (int i : {0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 15, 18, 19}) op.inputs[i] = &t[i];
    op.outputs = {&t[24]};
    op.options.activation = 4;  // TANH
    op.options.cell_clip = cell_clip;
    op.options.time_major = time_major;
  }

  static PrepTensor tensor(DataType type, std::vector<int32_t> shape, float scale, int64_t zp) {
    PrepTensor p;
    p.type = type;
    p.shape = std::move(shape);
    p.scales = {scale};
    p.zero_points = {zp};
    return p;
  }
};

// Runs `runs` invocations (state carried) through the kernel and the reference; expects
// identical outputs and states after each.
// The kernels an int8 node runs through: the firmware's, and the host's AVX2 one if the CPU
// has AVX2.
enum class Int8Path { kFirmware, kAvx2 };

std::vector<Int8Path> int8_paths() {
  std::vector<Int8Path> paths = {Int8Path::kFirmware};
  if (lpai::host::kernel_variant_supported(lpai::host::KernelVariant::kAvx2)) {
    paths.push_back(Int8Path::kAvx2);
  }
  return paths;
}

void expect_path_matches_reference(SyntheticLstm& s, int runs, uint32_t seed,
                                   bool random_initial_state, Int8Path path) {
  SCOPED_TRACE(path == Int8Path::kAvx2 ? "host AVX2 LSTM" : "firmware LSTM");
  const PrepResult prep = prepare_lstm(s.op);
  ASSERT_TRUE(prep.ok()) << prep.error;
  NodeRunner node(s.op, prep);
  ASSERT_EQ(node.validate(), Status::kOk);
  const size_t BS = static_cast<size_t>(s.m.batch) * s.m.state_size;
  std::vector<int8_t> hidden(BS, 0);
  std::vector<int16_t> cell(BS, 0);
  if (random_initial_state) {
    hidden = random_values<int8_t>(BS, seed + 101, -128, 127);
    cell = random_values<int16_t>(BS, seed + 102, -9000, 9000);
  }
  put(&node.in(18), hidden);
  put(&node.in(19), cell);
  for (int r = 0; r < runs; ++r) {
    const auto x = random_values<int8_t>(static_cast<size_t>(s.m.batch) * s.m.time * s.m.input_size,
                                         seed + 200 + r, -128, 127);
    put(&node.in(0), x);
    if (path == Int8Path::kAvx2) {
      ASSERT_TRUE(node.eval_avx2()) << "the AVX2 LSTM must take every int8 node";
    } else {
      node.eval();
    }
    const std::vector<int8_t> expected = ref::lstm(s.m, x, &hidden, &cell);
    EXPECT_EQ(as<int8_t>(node.out()), expected) << "output, run " << r;
    EXPECT_EQ(as<int8_t>(node.in(18)), hidden) << "hidden state, run " << r;
    EXPECT_EQ(as<int16_t>(node.in(19)), cell) << "cell state, run " << r;
  }
}

void expect_matches_reference(SyntheticLstm& s, int runs, uint32_t seed,
                              bool random_initial_state = true) {
  for (Int8Path path : int8_paths()) expect_path_matches_reference(s, runs, seed, random_initial_state, path);
}

// 16x8: the same synthetic LSTM with int16 input / hidden state / output (zero point 0) and
// int64 (or int32) gate biases.
struct SyntheticLstm16 : SyntheticLstm {
  std::vector<int64_t> bias64_data[4];
  std::vector<int32_t> bias32_data[4];

  SyntheticLstm16(int B, int T, int I, int S, bool time_major, uint32_t seed, bool bias32,
                  int cell_power = -11, float cell_clip = 1.5f)
      : SyntheticLstm(B, T, I, S, time_major, seed, cell_power, cell_clip, 0, 0) {
    m.input_scale = 0.00013f;
    m.hidden_scale = 3.1e-5f;
    const int d0 = time_major ? T : B, d1 = time_major ? B : T;
    t[0] = tensor(DataType::kInt16, {d0, d1, I}, m.input_scale, 0);
    for (int g = 0; g < 4; ++g) {
      bias32_data[g] = random_values<int32_t>(S, seed + 10 * g + 7, -2000000, 2000000);
      bias64_data[g].assign(bias32_data[g].begin(), bias32_data[g].end());
      if (!bias32) {
        for (auto& v : bias64_data[g]) v *= 301;
      }
      m.bias64[g] = bias64_data[g];
      t[12 + g] = tensor(bias32 ? DataType::kInt32 : DataType::kInt64, {S},
                         m.input_scale * m.w_in_scale[g], 0);
      t[12 + g].data = bias32 ? reinterpret_cast<const uint8_t*>(bias32_data[g].data())
                              : reinterpret_cast<const uint8_t*>(bias64_data[g].data());
      t[12 + g].data_size = static_cast<size_t>(S) * (bias32 ? 4 : 8);
    }
    t[18] = tensor(DataType::kInt16, {B, S}, m.hidden_scale, 0);
    t[18].is_variable = true;
    t[24] = tensor(DataType::kInt16, {d0, d1, S}, m.hidden_scale, 0);
  }
};

void expect_16x8_matches_reference(SyntheticLstm16& s, int runs, uint32_t seed) {
  const PrepResult prep = prepare_lstm(s.op);
  ASSERT_TRUE(prep.ok()) << prep.error;
  NodeRunner node(s.op, prep);
  ASSERT_EQ(node.validate(), Status::kOk);
  const size_t BS = static_cast<size_t>(s.m.batch) * s.m.state_size;
  std::vector<int16_t> hidden = random_values<int16_t>(BS, seed + 101, -32768, 32767);
  std::vector<int16_t> cell = random_values<int16_t>(BS, seed + 102, -9000, 9000);
  put(&node.in(18), hidden);
  put(&node.in(19), cell);
  for (int r = 0; r < runs; ++r) {
    const auto x = random_values<int16_t>(
        static_cast<size_t>(s.m.batch) * s.m.time * s.m.input_size, seed + 200 + r, -32768, 32767);
    put(&node.in(0), x);
    node.eval();
    const std::vector<int16_t> expected = ref::lstm16(s.m, x, &hidden, &cell);
    EXPECT_EQ(as<int16_t>(node.out()), expected) << "output, run " << r;
    EXPECT_EQ(as<int16_t>(node.in(18)), hidden) << "hidden state, run " << r;
    EXPECT_EQ(as<int16_t>(node.in(19)), cell) << "cell state, run " << r;
  }
}

TEST(UnidirectionalSequenceLstm16x8, MatchesReference) {
  for (bool bias32 : {false, true}) {
    SyntheticLstm16 a(2, 3, 13, 5, true, 71, bias32);
    expect_16x8_matches_reference(a, 3, 710);
    SyntheticLstm16 b(2, 2, 3, 8, false, 72, bias32, -12, 0.0f);
    expect_16x8_matches_reference(b, 3, 720);
    SyntheticLstm16 c(1, 4, 40, 17, false, 73, bias32, -9, 0.7f);
    expect_16x8_matches_reference(c, 2, 730);
  }
}

TEST(UnidirectionalSequenceLstm16x8, PrepareAndValidateReject) {
  {
    SyntheticLstm16 s(1, 1, 4, 3, false, 80, false);
    s.t[18].zero_points = {5};  // asymmetric int16 hidden state
    EXPECT_NE(prepare_lstm(s.op).error.find("zero points must be 0"), std::string::npos);
  }
  {
    SyntheticLstm16 s(1, 1, 4, 3, false, 81, false);
    s.t[24].type = DataType::kInt8;
    EXPECT_NE(prepare_lstm(s.op).error.find("like the input"), std::string::npos);
  }
  {
    SyntheticLstm16 s(1, 1, 4, 3, false, 82, false);
    s.t[0].scales = {40.0f};  // gate FC scale 2^8 and more: beyond the 64-bit requantisation
    EXPECT_NE(prepare_lstm(s.op).error.find("shift > 7"), std::string::npos);
  }
  {
    SyntheticLstm16 s(1, 1, 4, 3, false, 83, false);
    const PrepResult prep = prepare_lstm(s.op);
    ASSERT_TRUE(prep.ok()) << prep.error;
    NodeRunner node(s.op, prep);
    ASSERT_EQ(node.validate(), Status::kOk);
    lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
    node.in_record(18).data_type = static_cast<uint8_t>(DataType::kInt8);
    node.in_record(18).size /= 2;
    EXPECT_EQ(node.validate(), Status::kBinaryTensorTypeRefused);
  }
}

// ---------------------------------------------------------------------------------------------
// (a) synthetic shapes

TEST(LstmMath, SigmoidAndTanhMatchReferenceForEveryInt16) {
  for (int32_t x = -32768; x <= 32767; ++x) {
    const int16_t v = static_cast<int16_t>(x);
    ASSERT_EQ(lpai::kernels::lstm::sigmoid_int16(v, 3, 0), ref::sigmoid_q312(v)) << x;
    ASSERT_EQ(lpai::kernels::lstm::tanh_int16(v, 3, 0), ref::tanh_q312(v)) << x;
  }
}

TEST(LstmMath, CellTanhScalingMatchesReferenceForEveryPower) {
  for (int power = -20; power <= 0; ++power) {
    const auto sc = lpai::kernels::lstm::cell_tanh_scale(power);
    for (int32_t x = -32768; x <= 32767; x += 7) {
      const int16_t v = static_cast<int16_t>(x);
      ASSERT_EQ(lpai::kernels::lstm::tanh_int16(v, sc.multiplier, sc.shift),
                ref::tanh_cell(v, power))
          << "power " << power << " x " << x;
    }
  }
}

TEST(LstmMath, NonLinearitiesApproximateTheRealFunctions) {
  // Q3.12 in, Q0.15 out: the LUT interpolation stays within a few LSB of the real functions.
  for (int32_t x = -32768; x <= 32767; x += 3) {
    const double real = x / 4096.0;
    const double s = 32768.0 / (1.0 + std::exp(-real));
    const double t = 32768.0 * std::tanh(real);
    EXPECT_NEAR(lpai::kernels::lstm::sigmoid_int16(static_cast<int16_t>(x), 3, 0),
                std::min(s, 32767.0), 4.0)
        << x;
    EXPECT_NEAR(lpai::kernels::lstm::tanh_int16(static_cast<int16_t>(x), 3, 0),
                std::max(std::min(t, 32767.0), -32767.0), 4.0)
        << x;
  }
  // By hand: sigmoid(0) = 0.5, tanh(0) = 0. Beyond the table (|x| * multiplier >= 255 * 512
  // resp. 255 * 256, reachable with a doubled multiplier) the results saturate to 32767 and
  // to 1 (sigmoid) / -32767 (tanh).
  EXPECT_EQ(lpai::kernels::lstm::sigmoid_int16(0, 3, 0), 16384);
  EXPECT_EQ(lpai::kernels::lstm::tanh_int16(0, 3, 0), 0);
  EXPECT_EQ(lpai::kernels::lstm::sigmoid_int16(32767, 6, 0), 32767);
  EXPECT_EQ(lpai::kernels::lstm::sigmoid_int16(-32768, 6, 0), 1);
  EXPECT_EQ(lpai::kernels::lstm::tanh_int16(32767, 6, 0), 32767);
  EXPECT_EQ(lpai::kernels::lstm::tanh_int16(-32768, 6, 0), -32767);
}

TEST(LstmMath, TableIsSigmoidOfIOver24) {
  for (int i = 0; i < 256; ++i) {
    const double real = 65536.0 / (1.0 + std::exp(-i / 24.0));
    EXPECT_NEAR(lpai::kernels::lstm::kSigmoidTable[i], std::min(real, 65535.0), 1.2) << i;
    if (i > 0) {
      EXPECT_GE(lpai::kernels::lstm::kSigmoidTable[i], lpai::kernels::lstm::kSigmoidTable[i - 1]);
    }
  }
}

TEST(UnidirectionalSequenceLstm, BatchMajorMatchesReference) {
  SyntheticLstm s(/*B=*/2, /*T=*/3, /*I=*/37, /*S=*/20, /*time_major=*/false, 1);
  expect_matches_reference(s, 3, 11);
}

TEST(UnidirectionalSequenceLstm, TimeMajorMatchesReference) {
  SyntheticLstm s(/*B=*/3, /*T=*/4, /*I=*/16, /*S=*/9, /*time_major=*/true, 2);
  expect_matches_reference(s, 2, 22);
}

TEST(UnidirectionalSequenceLstm, ZeroStateSingleStepMatchesReference) {
  SyntheticLstm s(1, 1, 5, 3, false, 3, -12, 10.0f, -128, 0);
  expect_matches_reference(s, 4, 33, /*random_initial_state=*/false);
}

TEST(UnidirectionalSequenceLstm, CellScalesOnBothSidesOfTheTanhShiftMatchReference) {
  // power -9: tanh scaling by left shift (multiplier 24); power -16: by rounding right shift.
  for (int power : {-9, -12, -16}) {
    SCOPED_TRACE(power);
    SyntheticLstm s(2, 5, 11, 7, false, 4 + power, power, 0.0f /*no clip*/, 7, -20);
    expect_matches_reference(s, 2, 44);
  }
}

TEST(UnidirectionalSequenceLstm, SaturatingGatesMatchReference) {
  SyntheticLstm s(1, 6, 64, 17, true, 5, -11, 0.25f, 100, -100, 127);
  for (int g = 0; g < 4; ++g) {
    s.m.w_in_scale[g] = 0.2f;
    s.t[1 + g].scales = {0.2f};
  }
  expect_matches_reference(s, 2, 55);
}

TEST(UnidirectionalSequenceLstm, ShapeZooMatchesReference) {
  // The kernel works in blocks of 8 units and 16-entry depth groups: state sizes around the
  // block size, depths below, at and around multiples of 16 and past one 128-entry chunk. The
  // AVX2 LSTM packs its weights for 2 x 3 steps and takes them row by row for 1 x 1 (dtln's
  // case): both of its dot-product paths, around its 8-unit blocks and depth pairs.
  const int shapes[][2] = {{1, 1},  {15, 8},  {16, 9},  {17, 16}, {31, 24},
                           {32, 33}, {48, 2}, {129, 12}, {140, 40}, {3, 130}};
  uint32_t seed = 70;
  for (const auto& is : shapes) {
    for (int steps : {3, 1}) {
      SCOPED_TRACE(::testing::Message() << "input " << is[0] << " state " << is[1] << " steps " << steps);
      SyntheticLstm s(steps == 1 ? 1 : 2, steps, is[0], is[1], false, seed++);
      expect_matches_reference(s, 2, seed++);
    }
  }
}

TEST(UnidirectionalSequenceLstm, ExtremeBiasesAndLeftShiftingGateScalesMatchReference) {
  // Gate accumulators near the int32 limits (the rescale's whole input range) and gate rescales
  // with a left shift (input scale x weight scale > 2^-12). The biases keep 2^21 of margin:
  // the dot products reach 40 x 127 x 255 < 2^21, and past int32 the sum is undefined in
  // TFLite's arithmetic as in the reference's.
  constexpr int32_t kMargin = 1 << 21;
  SyntheticLstm s(1, 4, 40, 19, false, 91);
  for (int g = 0; g < 4; ++g) {
    s.bias_data[g] =
        random_values<int32_t>(19, 300 + g, -2147483647 + kMargin, 2147483647 - kMargin);
    s.bias_data[g][0] = 2147483647 - kMargin;
    s.bias_data[g][1] = -2147483647 + kMargin;
    s.m.bias[g] = s.bias_data[g];
    s.t[12 + g].data = reinterpret_cast<const uint8_t*>(s.bias_data[g].data());
    if (g % 2 == 0) {
      s.m.w_in_scale[g] = 1.5f + g;
      s.t[1 + g].scales = {1.5f + g};
    }
  }
  expect_matches_reference(s, 2, 92);
}

TEST(UnidirectionalSequenceLstm, WeightsSharingOneAddressWithDifferentShapesMatchReference) {
  // Gate 0's input weights [S, I] are the first S * I bytes of its recurrent weights [S, S],
  // read through one address (two weight inputs on one constant): the host AVX2 path packs
  // both (8 steps) and must keep one packed copy per shape, not re-pack the entry the node is
  // reading (its cache was keyed by address only).
  constexpr int kI = 6, kS = 10;
  SyntheticLstm s(2, 4, kI, kS, false, 95);
  s.w_in_data[0].assign(s.w_rec_data[0].begin(), s.w_rec_data[0].begin() + kS * kI);
  s.m.w_in[0] = s.w_in_data[0];
  s.t[1].data = reinterpret_cast<const uint8_t*>(s.w_in_data[0].data());
  for (Int8Path path : int8_paths()) {
    SCOPED_TRACE(path == Int8Path::kAvx2 ? "host AVX2 LSTM" : "firmware LSTM");
    const PrepResult prep = prepare_lstm(s.op);
    ASSERT_TRUE(prep.ok()) << prep.error;
    NodeRunner node(s.op, prep);
    node.share_buffer(1, 5);
    ASSERT_EQ(node.validate(), Status::kOk);
    const size_t BS = static_cast<size_t>(s.m.batch) * s.m.state_size;
    std::vector<int8_t> hidden(BS, 0);
    std::vector<int16_t> cell(BS, 0);
    for (int r = 0; r < 2; ++r) {
      const auto x = random_values<int8_t>(static_cast<size_t>(2 * 4 * kI), 960 + r, -128, 127);
      put(&node.in(0), x);
      if (path == Int8Path::kAvx2) {
        ASSERT_TRUE(node.eval_avx2());
      } else {
        node.eval();
      }
      const std::vector<int8_t> expected = ref::lstm(s.m, x, &hidden, &cell);
      EXPECT_EQ(as<int8_t>(node.out()), expected) << "output, run " << r;
      EXPECT_EQ(as<int16_t>(node.in(19)), cell) << "cell state, run " << r;
    }
  }
}

TEST(UnidirectionalSequenceLstm, PrepareDerivesTheGateConstants) {
  // Hand-computed: input 1/256 x weights 1/128 -> 2^-15 / 2^-12 = 2^-3 = 0.5 * 2^-2;
  // cell 2^-11: forget*cell 2^-15 -> (2^30, -14); input*gate 2^-30 / 2^-11 = 2^-19 -> (2^30,
  // -18); hidden 2^-7: 2^-30 / 2^-7 = 2^-23 -> (2^30, -22); tanh(cell): 3 << 1; clip 10 / 2^-11.
  SyntheticLstm s(1, 2, 3, 2, false, 6, -11, 10.0f, 4, -2);
  for (int g = 0; g < 4; ++g) {
    s.t[1 + g].scales = {1.0f / 128};
    s.t[5 + g].scales = {1.0f / 64};
  }
  s.t[0].scales = {1.0f / 256};
  s.t[18].scales = {1.0f / 128};
  const int8_t w[6] = {1, 2, 3, -4, 5, -6};  // rows sum to 6 and -5
  const int8_t r[4] = {7, -1, 0, 2};         // rows sum to 6 and 2
  const int32_t b[2] = {100, -200};
  for (int g = 0; g < 4; ++g) {
    s.t[1 + g].data = reinterpret_cast<const uint8_t*>(w);
    s.t[5 + g].data = reinterpret_cast<const uint8_t*>(r);
    s.t[12 + g].data = reinterpret_cast<const uint8_t*>(b);
  }
  const PrepResult prep = prepare_lstm(s.op);
  ASSERT_TRUE(prep.ok()) << prep.error;
  ASSERT_EQ(prep.params.size(), lpai::kernels::unidirectional_sequence_lstm_params_size(2));
  EXPECT_EQ(prep.temp_bytes, 16u);
  UnidirectionalSequenceLstmParams p;
  std::memcpy(&p, prep.params.data(), sizeof(p));
  EXPECT_EQ(p.batch_size, 1u);
  EXPECT_EQ(p.time_steps, 2u);
  EXPECT_EQ(p.input_size, 3u);
  EXPECT_EQ(p.state_size, 2u);
  EXPECT_EQ(p.time_major, 0u);
  for (int g = 0; g < 4; ++g) {
    EXPECT_EQ(p.input_fc[g].multiplier, 1 << 30);
    EXPECT_EQ(p.input_fc[g].shift, -2);
    // hidden 2^-7 x 2^-6 / 2^-12 = 2^-1
    EXPECT_EQ(p.recurrent_fc[g].multiplier, 1 << 30);
    EXPECT_EQ(p.recurrent_fc[g].shift, 0);
  }
  EXPECT_EQ(p.forget_times_cell.multiplier, 1 << 30);
  EXPECT_EQ(p.forget_times_cell.shift, -14);
  EXPECT_EQ(p.input_times_gate.multiplier, 1 << 30);
  EXPECT_EQ(p.input_times_gate.shift, -18);
  EXPECT_EQ(p.output_times_tanh.multiplier, 1 << 30);
  EXPECT_EQ(p.output_times_tanh.shift, -22);
  EXPECT_EQ(p.hidden_zero_point, -2);
  EXPECT_EQ(p.cell_clip_enabled, 1u);
  EXPECT_EQ(p.cell_clip, 20480);
  EXPECT_EQ(p.cell_tanh_multiplier, 6);
  EXPECT_EQ(p.cell_tanh_shift, 0);
  std::vector<int32_t> folded(16);
  std::memcpy(folded.data(), prep.params.data() + sizeof(p), 64);
  for (int g = 0; g < 4; ++g) {
    EXPECT_EQ(folded[g * 2 + 0], 100 - 4 * 6);  // bias - zp_in * rowsum(W)
    EXPECT_EQ(folded[g * 2 + 1], -200 - 4 * -5);
    EXPECT_EQ(folded[8 + g * 2 + 0], 2 * 6);  // -zp_h * rowsum(R), zp_h = -2
    EXPECT_EQ(folded[8 + g * 2 + 1], 2 * 2);
  }
}

TEST(UnidirectionalSequenceLstm, CellClipAboveInt16SaturatesAndZeroClipDisables) {
  SyntheticLstm s(1, 1, 2, 2, false, 7, -12, 10.0f);  // 10 / 2^-12 = 40960 -> 32767
  PrepResult prep = prepare_lstm(s.op);
  ASSERT_TRUE(prep.ok()) << prep.error;
  UnidirectionalSequenceLstmParams p;
  std::memcpy(&p, prep.params.data(), sizeof(p));
  EXPECT_EQ(p.cell_clip_enabled, 1u);
  EXPECT_EQ(p.cell_clip, 32767);
  EXPECT_EQ(p.cell_tanh_multiplier, 3);
  s.op.options.cell_clip = 0.0f;
  prep = prepare_lstm(s.op);
  ASSERT_TRUE(prep.ok()) << prep.error;
  std::memcpy(&p, prep.params.data(), sizeof(p));
  EXPECT_EQ(p.cell_clip_enabled, 0u);
}

// Prepare rejections: one reason each.
struct PrepareRejection {
  const char* name;
  void (*mutate)(SyntheticLstm*);
  const char* needle;
};

TEST(UnidirectionalSequenceLstm, PrepareRejectsWhatTflmDoesNotEvaluate) {
  static PrepTensor extra = SyntheticLstm::tensor(DataType::kInt16, {4}, 1.0f, 0);
  static const uint8_t extra_data[8] = {};
  extra.data = extra_data;
  extra.data_size = 8;
  const PrepareRejection cases[] = {
      {"peephole", [](SyntheticLstm* s) { s->op.inputs[10] = &extra; }, "peephole"},
      {"projection", [](SyntheticLstm* s) { s->op.inputs[16] = &extra; }, "projection"},
      {"layer norm", [](SyntheticLstm* s) { s->op.inputs[21] = &extra; }, "layer-norm"},
      {"cifg",
       [](SyntheticLstm* s) {
         s->op.inputs[1] = nullptr;
         s->op.inputs[5] = nullptr;
       },
       "CIFG"},
      {"int16 input with int8 state", [](SyntheticLstm* s) { s->t[0].type = DataType::kInt16; },
       "like the input"},
      {"float input", [](SyntheticLstm* s) { s->t[0].type = DataType::kFloat32; },
       "int8 or int16 (16x8) activations"},
      {"float cell", [](SyntheticLstm* s) { s->t[19].type = DataType::kFloat32; },
       "cell state type float32"},
      {"sigmoid/relu cell activation", [](SyntheticLstm* s) { s->op.options.activation = 1; },
       "TANH only"},
      {"per-channel weights",
       [](SyntheticLstm* s) { s->t[2].scales = std::vector<float>(4, 0.01f); }, "per tensor"},
      {"asymmetric weights", [](SyntheticLstm* s) { s->t[6].zero_points = {3}; }, "symmetric"},
      {"state not variable", [](SyntheticLstm* s) { s->t[19].is_variable = false; },
       "variable tensors"},
      {"weights not constant", [](SyntheticLstm* s) { s->t[7].data = nullptr; },
       "must be constant"},
      {"bad weight shape",
       [](SyntheticLstm* s) {
         s->t[3].shape = {4, 4};
       },
       "do not match [S, I]"},
      {"bad output shape",
       [](SyntheticLstm* s) {
         s->t[24].shape = {1, 2, 5};
       },
       "output shape"},
      {"rank-2 input",
       [](SyntheticLstm* s) {
         s->t[0].shape = {2, 3};
       },
       "rank 3"},
      {"23 inputs", [](SyntheticLstm* s) { s->op.inputs.pop_back(); }, "expects 24 inputs"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    SyntheticLstm s(1, 2, 3, 4, false, 8);
    c.mutate(&s);
    const PrepResult prep = prepare_lstm(s.op);
    EXPECT_FALSE(prep.ok());
    EXPECT_NE(prep.error.find(c.needle), std::string::npos) << prep.error;
  }
}

// Load-time validation: every rejection has its own status and one log line.
TEST(UnidirectionalSequenceLstm, ValidateRejectsInconsistentNodes) {
  SyntheticLstm s(2, 2, 5, 4, false, 9);
  const PrepResult prep = prepare_lstm(s.op);
  ASSERT_TRUE(prep.ok()) << prep.error;
  struct Case {
    const char* name;
    void (*mutate)(NodeRunner*);
    Status expected;
  };
  const Case cases[] = {
      {"blob too short", [](NodeRunner* n) { n->params_size() = 64; }, Status::kBinaryBadParams},
      {"blob size mismatch", [](NodeRunner* n) { n->params_size() -= 4; },
       Status::kBinaryBadParams},
      {"zero state size", [](NodeRunner* n) { n->header().state_size = 0; },
       Status::kBinaryBadParams},
      {"time_major 2", [](NodeRunner* n) { n->header().time_major = 2; }, Status::kBinaryBadParams},
      {"shift 31", [](NodeRunner* n) { n->header().input_fc[2].shift = 31; },
       Status::kBinaryBadParams},
      {"negative multiplier", [](NodeRunner* n) { n->header().output_times_tanh.multiplier = -1; },
       Status::kBinaryBadParams},
      {"hidden zp 128", [](NodeRunner* n) { n->header().hidden_zero_point = 128; },
       Status::kBinaryBadParams},
      {"tanh shift with big multiplier",
       [](NodeRunner* n) {
         n->header().cell_tanh_shift = 2;
         n->header().cell_tanh_multiplier = 6;
       },
       Status::kBinaryBadParams},
      {"23 inputs", [](NodeRunner* n) { n->num_inputs() = 23; }, Status::kBinaryBadParams},
      {"temp too small", [](NodeRunner* n) { n->temp_size() -= 2; }, Status::kBinaryBadParams},
      {"peephole present", [](NodeRunner* n) { n->set_absent(9, false); }, Status::kNotSupported},
      {"layer norm present", [](NodeRunner* n) { n->set_absent(23, false); },
       Status::kNotSupported},
      {"cifg", [](NodeRunner* n) { n->set_absent(1, true); }, Status::kNotSupported},
      {"float input",
       [](NodeRunner* n) { n->in_record(0).data_type = static_cast<uint8_t>(DataType::kFloat32); },
       Status::kBinaryTensorTypeRefused},
      {"int16 input on an int8 blob (hidden zero point, state types)",
       [](NodeRunner* n) { n->in_record(0).data_type = static_cast<uint8_t>(DataType::kInt16); },
       Status::kBinaryTensorTypeRefused},
      {"input dims", [](NodeRunner* n) { n->in_record(0).dims[2] = 6; }, Status::kBinaryBadTensor},
      {"weights not const",
       [](NodeRunner* n) { n->in_record(6).mem_class = static_cast<uint8_t>(MemClass::kScratch); },
       Status::kBinaryBadTensor},
      {"weights dims", [](NodeRunner* n) { n->in_record(4).dims[1] = 4; },
       Status::kBinaryBadTensor},
      {"bias type",
       [](NodeRunner* n) { n->in_record(13).data_type = static_cast<uint8_t>(DataType::kInt16); },
       Status::kBinaryTensorTypeRefused},
      {"hidden not variable", [](NodeRunner* n) { n->in_record(18).flags = 0; },
       Status::kBinaryBadTensor},
      {"cell state int8",
       [](NodeRunner* n) { n->in_record(19).data_type = static_cast<uint8_t>(DataType::kInt8); },
       Status::kBinaryTensorTypeRefused},
      {"output dims", [](NodeRunner* n) { n->out_record().dims[2] = 3; }, Status::kBinaryBadTensor},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    NodeRunner node(s.op, prep);
    ASSERT_EQ(node.validate(), Status::kOk);
    c.mutate(&node);
    lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
    EXPECT_EQ(node.validate(), c.expected);
    EXPECT_EQ(logs.count("UNIDIRECTIONAL_SEQUENCE_LSTM"), 1u);
  }
}

// ---------------------------------------------------------------------------------------------
// (b) data-driven

#if LPAI_LSTM_TEST_HAS_IMPORTER

// The reference model of an imported LSTM op.
ref::LstmModel reference_model_of(const PrepOp& op) {
  ref::LstmModel m;
  const PrepTensor& x = *op.inputs[0];
  m.time_major = op.options.time_major;
  m.batch = m.time_major ? x.shape[1] : x.shape[0];
  m.time = m.time_major ? x.shape[0] : x.shape[1];
  m.input_size = x.shape[2];
  m.state_size = op.inputs[18]->shape[1];
  m.cell_clip = op.options.cell_clip;
  m.input_scale = x.scales[0];
  m.input_zero_point = static_cast<int32_t>(x.zero_points[0]);
  m.hidden_scale = op.inputs[18]->scales[0];
  m.hidden_zero_point = static_cast<int32_t>(op.inputs[18]->zero_points[0]);
  m.cell_scale = op.inputs[19]->scales[0];
  for (int g = 0; g < 4; ++g) {
    const PrepTensor& w = *op.inputs[1 + g];
    const PrepTensor& r = *op.inputs[5 + g];
    const PrepTensor& b = *op.inputs[12 + g];
    m.w_in[g].assign(reinterpret_cast<const int8_t*>(w.data),
                     reinterpret_cast<const int8_t*>(w.data) + w.data_size);
    m.w_rec[g].assign(reinterpret_cast<const int8_t*>(r.data),
                      reinterpret_cast<const int8_t*>(r.data) + r.data_size);
    m.bias[g].resize(b.data_size / 4);
    std::memcpy(m.bias[g].data(), b.data, b.data_size);
    m.w_in_scale[g] = w.scales[0];
    m.w_rec_scale[g] = r.scales[0];
  }
  return m;
}

bool import_model(const std::string& path, lpai::prepare::PrepGraph* g) {
  const std::vector<uint8_t> bytes = lpai_test::read_file(path);
  const lpai::host::HostStatus st = lpai::prepare::import_tflite(bytes.data(), bytes.size(), g);
  EXPECT_TRUE(st.ok()) << st.error();
  return st.ok();
}

TEST(UnidirectionalSequenceLstmGolden, TrainedLstmInt8MatchesTflmDumpsAfterInference0) {
  LPAI_REQUIRE_SHARED(model, "models/trained_lstm_int8.tflite");
  LPAI_REQUIRE_SHARED(dumps, "golden/trained_lstm_int8/tensors");
  lpai::prepare::PrepGraph g;
  ASSERT_TRUE(import_model(model, &g));
  const PrepOp* lstm = nullptr;
  for (const auto& op : g.ops) {
    if (op.builtin == kLstmBuiltin) lstm = &op;
  }
  ASSERT_NE(lstm, nullptr);
  const int in_id = lstm->inputs[0]->index, out_id = lstm->outputs[0]->index;
  const int h_id = lstm->inputs[18]->index, c_id = lstm->inputs[19]->index;
  const auto golden_in = lpai_test::read_file(dumps + "/t" + std::to_string(in_id) + ".bin");
  const auto golden_out = lpai_test::read_file(dumps + "/t" + std::to_string(out_id) + ".bin");
  const auto golden_h = lpai_test::read_file(dumps + "/t" + std::to_string(h_id) + ".bin");
  const auto golden_c = lpai_test::read_file(dumps + "/t" + std::to_string(c_id) + ".bin");
  ASSERT_FALSE(golden_in.empty());
  ASSERT_FALSE(golden_out.empty());
  ASSERT_FALSE(golden_h.empty());
  ASSERT_FALSE(golden_c.empty());

  const PrepResult prep = prepare_lstm(*lstm);
  ASSERT_TRUE(prep.ok()) << prep.error;
  NodeRunner node(*lstm, prep);
  ASSERT_EQ(node.validate(), Status::kOk);
  ASSERT_EQ(node.in(0).size(), golden_in.size());
  node.in(0) = golden_in;  // state buffers start zeroed
  node.eval();
  EXPECT_EQ(node.out(), golden_out) << "LSTM output t" << out_id;
  EXPECT_EQ(node.in(18), golden_h) << "hidden state t" << h_id;
  EXPECT_EQ(node.in(19), golden_c) << "cell state t" << c_id;

  // The reference agrees with TFLM too (so the synthetic tests check against TFLM semantics).
  const ref::LstmModel m = reference_model_of(*lstm);
  std::vector<int8_t> h(golden_h.size(), 0);
  std::vector<int16_t> c(golden_c.size() / 2, 0);
  const auto out = ref::lstm(m, as<int8_t>(golden_in), &h, &c);
  EXPECT_EQ(out, as<int8_t>(golden_out));
  EXPECT_EQ(h, as<int8_t>(golden_h));
  EXPECT_EQ(c, as<int16_t>(golden_c));
}

TEST(UnidirectionalSequenceLstmGolden, DtlnLstmsMatchReferenceOverFourFrames) {
  LPAI_REQUIRE_SHARED(model, "models/dtln_noise_suppression.tflite");
  lpai::prepare::PrepGraph g;
  ASSERT_TRUE(import_model(model, &g));
  std::vector<const PrepOp*> lstms;
  for (const auto& op : g.ops) {
    if (op.builtin == kLstmBuiltin) lstms.push_back(&op);
  }
  ASSERT_EQ(lstms.size(), 2u);
  std::vector<PrepResult> preps;
  std::vector<std::unique_ptr<NodeRunner>> nodes;
  std::vector<ref::LstmModel> models;
  std::vector<std::vector<int8_t>> ref_h;
  std::vector<std::vector<int16_t>> ref_c;
  for (const PrepOp* op : lstms) {
    preps.push_back(prepare_lstm(*op));
    ASSERT_TRUE(preps.back().ok()) << preps.back().error;
  }
  for (size_t i = 0; i < lstms.size(); ++i) {
    nodes.push_back(std::make_unique<NodeRunner>(*lstms[i], preps[i]));
    ASSERT_EQ(nodes.back()->validate(), Status::kOk);
    models.push_back(reference_model_of(*lstms[i]));
    ref_h.emplace_back(nodes.back()->in(18).size(), 0);
    ref_c.emplace_back(nodes.back()->in(19).size() / 2, 0);
  }
  // Four frames of the golden input rule (xorshift32, seed 0x9E3779B9 + k), state carried.
  for (uint32_t k = 0; k < 4; ++k) {
    uint32_t st = 0x9E3779B9u + k;
    std::vector<uint8_t> frame(nodes[0]->in(0).size());
    for (auto& byte : frame) byte = static_cast<uint8_t>(xorshift(&st) & 0xFF);
    nodes[0]->in(0) = frame;
    nodes[0]->eval();
    nodes[1]->in(0) = nodes[0]->out();
    nodes[1]->eval();
    std::vector<int8_t> x = as<int8_t>(frame);
    for (size_t i = 0; i < 2; ++i) {
      SCOPED_TRACE("frame " + std::to_string(k) + " lstm " + std::to_string(i));
      const auto out = ref::lstm(models[i], x, &ref_h[i], &ref_c[i]);
      EXPECT_EQ(as<int8_t>(nodes[i]->out()), out);
      EXPECT_EQ(as<int8_t>(nodes[i]->in(18)), ref_h[i]);
      EXPECT_EQ(as<int16_t>(nodes[i]->in(19)), ref_c[i]);
      x = out;
    }
  }
}

#endif  // LPAI_LSTM_TEST_HAS_IMPORTER

}  // namespace
