// Stateful models end to end: trained_lstm_int8 and dtln_noise_suppression through the offline
// prepare (import -> plan -> context binary) and the C shim (host::Session), four inferences
// on one finalized graph without reset, as ../shared/golden/README.md prescribes.
//
// trained_lstm_int8: outputs compared byte for byte with TFLite Micro's goldens.
// dtln_noise_suppression: no golden folder exists; outputs are compared byte for byte with a
// chain of independent references (tests/kernels/reference: LSTM x2, FULLY_CONNECTED) and the
// LOGISTIC kernel run on its own, and state carrying / reset are checked.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "kernels/kernel_harness.h"
#include "kernels/reference/lstm_reference.h"
#include "kernels/reference/reference_ops.h"
#include "prepare/prepare.h"
#include "runner/session.h"

namespace {

using lpai::host::Session;
using lpai::host::SessionOptions;
using lpai::prepare::PrepareOutput;
using lpai::prepare::PrepOp;
using lpai::prepare::PrepTensor;

constexpr int kLstmBuiltin =
    static_cast<int>(lpai::format::BuiltinOp::kUnidirectionalSequenceLstm);
constexpr int kFullyConnectedBuiltin = 9;
constexpr int kLogisticBuiltin = 14;

// The golden input rule: xorshift32 seeded with 0x9E3779B9 + k, one byte per step.
std::vector<uint8_t> golden_input(uint32_t k, size_t bytes) {
  uint32_t s = 0x9E3779B9u + k;
  std::vector<uint8_t> v(bytes);
  for (auto& b : v) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    b = static_cast<uint8_t>(s & 0xFF);
  }
  return v;
}

bool prepare_model(const std::string& path, PrepareOutput* out) {
  const std::vector<uint8_t> bytes = lpai_test::read_file(path);
  const lpai::host::HostStatus st =
      lpai::prepare::prepare_tflite(bytes.data(), bytes.size(), lpai::prepare::PlanOptions{}, out);
  EXPECT_TRUE(st.ok()) << st.error();
  return st.ok();
}

std::unique_ptr<Session> open_session(const PrepareOutput& prepared) {
  std::string error;
  std::unique_ptr<Session> s = Session::open(prepared.binary, SessionOptions{}, &error);
  EXPECT_NE(s, nullptr) << error;
  return s;
}

std::vector<uint8_t> run_once(Session* s, const std::vector<uint8_t>& input) {
  std::vector<std::vector<uint8_t>> outputs;
  std::string error;
  EXPECT_TRUE(s->run({input}, &outputs, &error)) << error;
  return outputs.empty() ? std::vector<uint8_t>() : outputs[0];
}

// ---------------------------------------------------------------------------------------------

TEST(LstmStateTrainedLstmInt8, FourInferencesWithoutResetMatchGolden) {
  LPAI_REQUIRE_SHARED(model, "models/trained_lstm_int8.tflite");
  LPAI_REQUIRE_SHARED(golden, "golden/trained_lstm_int8");
  PrepareOutput prepared;
  ASSERT_TRUE(prepare_model(model, &prepared));
  std::unique_ptr<Session> s = open_session(prepared);
  ASSERT_NE(s, nullptr);
  // Two variable tensors: hidden int8 [1, 20] and cell int16 [1, 20], in persistent memory.
  EXPECT_GE(s->persistent_size(), 60u);
  for (int k = 0; k < 4; ++k) {
    const auto in = lpai_test::read_file(golden + "/input_" + std::to_string(k) + "_0.bin");
    const auto want = lpai_test::read_file(golden + "/output_" + std::to_string(k) + "_0.bin");
    ASSERT_FALSE(in.empty());
    ASSERT_FALSE(want.empty());
    EXPECT_EQ(in, golden_input(static_cast<uint32_t>(k), in.size())) << "input rule, k=" << k;
    EXPECT_EQ(run_once(s.get(), in), want) << "inference " << k;
  }
}

TEST(LstmStateTrainedLstmInt8, StateMattersAndResetRestoresIt) {
  LPAI_REQUIRE_SHARED(model, "models/trained_lstm_int8.tflite");
  LPAI_REQUIRE_SHARED(golden, "golden/trained_lstm_int8");
  PrepareOutput prepared;
  ASSERT_TRUE(prepare_model(model, &prepared));
  std::unique_ptr<Session> s = open_session(prepared);
  ASSERT_NE(s, nullptr);
  std::vector<std::vector<uint8_t>> in(4), want(4);
  for (int k = 0; k < 4; ++k) {
    in[k] = lpai_test::read_file(golden + "/input_" + std::to_string(k) + "_0.bin");
    want[k] = lpai_test::read_file(golden + "/output_" + std::to_string(k) + "_0.bin");
  }
  // Inference 2 on a fresh state differs from the golden (which ran after 0 and 1).
  EXPECT_NE(run_once(s.get(), in[2]), want[2]);
  std::string error;
  ASSERT_TRUE(s->reset_state(&error)) << error;
  // After reset the sequence replays exactly; replacing scratch in between keeps the state.
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(run_once(s.get(), in[k]), want[k]) << "inference " << k;
    ASSERT_TRUE(s->replace_scratch(&error)) << error;
  }
}

// ---------------------------------------------------------------------------------------------
// dtln_noise_suppression

// The reference model of an imported LSTM op (weights and scales read from the graph).
lpai_test::ref::LstmModel reference_lstm(const PrepOp& op) {
  lpai_test::ref::LstmModel m;
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

// The dtln graph evaluated op by op with the references (and the LOGISTIC kernel alone).
class DtlnReferenceChain {
 public:
  explicit DtlnReferenceChain(const lpai::prepare::PrepGraph& g) {
    for (const PrepOp& op : g.ops) {
      if (op.builtin == kLstmBuiltin) {
        lstm_.push_back(reference_lstm(op));
        // Variable tensors start at real zero (TFLite Micro): the hidden state at its zero point.
        hidden_.emplace_back(static_cast<size_t>(lstm_.back().batch) * lstm_.back().state_size,
                             static_cast<int8_t>(lstm_.back().hidden_zero_point));
        cell_.emplace_back(hidden_.back().size(), 0);
      } else if (op.builtin == kFullyConnectedBuiltin) {
        fc_ = &op;
      } else if (op.builtin == kLogisticBuiltin) {
        logistic_ = &op;
      }
    }
  }
  bool complete() const { return lstm_.size() == 2 && fc_ != nullptr && logistic_ != nullptr; }

  std::vector<uint8_t> run(const std::vector<uint8_t>& input) {
    std::vector<int8_t> x(input.begin(), input.end());
    for (size_t i = 0; i < lstm_.size(); ++i)
      x = lpai_test::ref::lstm(lstm_[i], x, &hidden_[i], &cell_[i]);
    // FULLY_CONNECTED [1, 1, 128] x [257, 128]^T + bias -> [1, 1, 257].
    const PrepTensor& w = *fc_->inputs[1];
    const PrepTensor& b = *fc_->inputs[2];
    const PrepTensor& fin = *fc_->inputs[0];
    const PrepTensor& fout = *fc_->outputs[0];
    const int n = w.shape[0], k = w.shape[1];
    std::vector<int8_t> weights(reinterpret_cast<const int8_t*>(w.data),
                                reinterpret_cast<const int8_t*>(w.data) + w.data_size);
    std::vector<int32_t> bias(b.data_size / 4);
    std::memcpy(bias.data(), b.data, b.data_size);
    const std::vector<int8_t> y = ::ref::fully_connected(
        x, {fin.scales[0], static_cast<int32_t>(fin.zero_points[0])},
        static_cast<int>(x.size()) / k, k, weights, w.scales, &bias, n,
        {fout.scales[0], static_cast<int32_t>(fout.zero_points[0])}, fc_->options.activation);
    // LOGISTIC through its kernel (validated against TFLite by its own tests).
    const PrepTensor& lin = *logistic_->inputs[0];
    const PrepTensor& lout = *logistic_->outputs[0];
    lpai_test::TestTensor tin = lpai_test::TestTensor::make(
        lpai::format::DataType::kInt8, lin.shape, y, lin.scales[0], lin.zero_points[0], false);
    lpai_test::TestTensor tout = lpai_test::TestTensor::make<int8_t>(
        lpai::format::DataType::kInt8, lout.shape, {}, lout.scales[0], lout.zero_points[0], false);
    lpai_test::KernelHarness h(kLogisticBuiltin, logistic_->options, {&tin}, {&tout});
    return h.run();
  }

 private:
  std::vector<lpai_test::ref::LstmModel> lstm_;
  std::vector<std::vector<int8_t>> hidden_;
  std::vector<std::vector<int16_t>> cell_;
  const PrepOp* fc_ = nullptr;
  const PrepOp* logistic_ = nullptr;
};

TEST(LstmStateDtln, FourFramesWithoutResetMatchTheReferenceChain) {
  LPAI_REQUIRE_SHARED(model, "models/dtln_noise_suppression.tflite");
  PrepareOutput prepared;
  ASSERT_TRUE(prepare_model(model, &prepared));
  std::unique_ptr<Session> s = open_session(prepared);
  ASSERT_NE(s, nullptr);
  // Four variable tensors: 2 x (hidden int8 [1, 128] + cell int16 [1, 128]).
  EXPECT_GE(s->persistent_size(), 768u);
  DtlnReferenceChain chain(prepared.graph);
  ASSERT_TRUE(chain.complete());
  ASSERT_EQ(s->inputs().size(), 1u);
  for (uint32_t k = 0; k < 4; ++k) {
    const auto in = golden_input(k, s->inputs()[0].bytes);
    const auto want = chain.run(in);
    EXPECT_EQ(run_once(s.get(), in), want) << "frame " << k;
  }
}

TEST(LstmStateDtln, EveryLaterFrameDependsOnStateAndResetReplays) {
  LPAI_REQUIRE_SHARED(model, "models/dtln_noise_suppression.tflite");
  PrepareOutput prepared;
  ASSERT_TRUE(prepare_model(model, &prepared));
  std::unique_ptr<Session> carried = open_session(prepared);
  ASSERT_NE(carried, nullptr);
  const size_t bytes = carried->inputs()[0].bytes;
  std::vector<std::vector<uint8_t>> sequence;
  for (uint32_t k = 0; k < 4; ++k)
    sequence.push_back(run_once(carried.get(), golden_input(k, bytes)));
  std::string error;
  for (uint32_t k = 0; k < 4; ++k) {
    // Fresh state for frame k alone: equal only for k = 0.
    ASSERT_TRUE(carried->reset_state(&error)) << error;
    const auto fresh = run_once(carried.get(), golden_input(k, bytes));
    if (k == 0) {
      EXPECT_EQ(fresh, sequence[0]);
    } else {
      EXPECT_NE(fresh, sequence[k]) << "frame " << k;
    }
  }
  ASSERT_TRUE(carried->reset_state(&error)) << error;
  for (uint32_t k = 0; k < 4; ++k) {
    EXPECT_EQ(run_once(carried.get(), golden_input(k, bytes)), sequence[k]) << "replay " << k;
  }
}

}  // namespace
