// CUSTOM operators in the importer: the custom code selects the operator (the signal library's
// rows of the operator table), FlexBuffer options, refusals, and the state a signal operator
// keeps (SignalFilterBankSpectralSubtraction's noise estimate: a variable tensor in the
// persistent pool, carried between inferences and restarted by resetPersistent).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "flatbuffers/flexbuffers.h"
#include "prepare/importer.h"
#include "prepare/prepare.h"
#include "runner/session.h"
#include "test_tflite_builder.h"

namespace lpai_test {
namespace {

using lpai::prepare::PrepGraph;

std::vector<uint8_t> flex_map(const std::vector<std::pair<std::string, int64_t>>& kv) {
  flexbuffers::Builder fbb;
  fbb.Map([&]() {
    for (const auto& e : kv) fbb.Int(e.first.c_str(), e.second);
  });
  fbb.Finish();
  return fbb.GetBuffer();
}

TensorSpec plain(const std::string& name, tfl::TensorType type, std::vector<int32_t> shape) {
  TensorSpec s;
  s.name = name;
  s.type = type;
  s.shape = std::move(shape);
  return s;
}

// input int16 [8] -> SignalWindow (weights const [8]) -> output int16 [8].
TfliteBuilder window_model(const std::string& code, const std::vector<uint8_t>& options) {
  TfliteBuilder m;
  const int in = m.tensor(plain("in", tfl::TensorType_INT16, {8}));
  TensorSpec w = plain("w", tfl::TensorType_INT16, {8});
  w.data.assign(16, 0x40);
  const int wt = m.tensor(w);
  const int out = m.tensor(plain("out", tfl::TensorType_INT16, {8}));
  OpSpec op;
  op.builtin = kCustom;
  op.inputs = {in, wt};
  op.outputs = {out};
  m.set_custom(m.op(op), code, options);
  m.io({in}, {out});
  return m;
}

std::string prepare_error(const TfliteBuilder& m) {
  const std::vector<uint8_t> bytes = m.finish();
  lpai::prepare::PrepareOutput out;
  std::string err;
  err = lpai_test::failure(lpai::prepare::prepare_tflite(bytes.data(), bytes.size(),
                                             lpai::prepare::PlanOptions(), &out));
  EXPECT_NE(err, "");
  EXPECT_EQ(err.find('\n'), std::string::npos) << err;
  return err;
}

TEST(CustomOps, UnknownCustomCodeIsRefusedInOneLineNamingIt) {
  EXPECT_EQ(prepare_error(window_model("MyFancyOp", {})),
            "node 0 (CUSTOM): custom operator 'MyFancyOp' is not supported by lpai-rt");
  EXPECT_NE(prepare_error(window_model(std::string("Bad\x01", 4), {})).find("'Bad\\x01'"),
            std::string::npos);
}

TEST(CustomOps, OptionsAreReadFromTheFlexBufferMap) {
  const std::vector<uint8_t> bytes = window_model("SignalWindow", flex_map({{"shift", 6}})).finish();
  PrepGraph g;
  std::string err;
  ASSERT_EQ(lpai_test::failure(lpai::prepare::import_tflite(bytes.data(), bytes.size(), &g)), "");
  ASSERT_EQ(g.ops.size(), 1u);
  EXPECT_EQ(g.ops[0].builtin, static_cast<int>(lpai::format::BuiltinOp::kSignalWindow));
  EXPECT_EQ(g.ops[0].options.custom.at("shift"), 6);
}

TEST(CustomOps, BadOptionsAreRefused) {
  EXPECT_NE(prepare_error(window_model("SignalWindow", {1, 2, 3})).find(
                "node 0 (SignalWindow): custom options: not a valid FlexBuffer"),
            std::string::npos);
  EXPECT_NE(prepare_error(window_model("SignalWindow", flex_map({{"other", 1}}))).find(
                "option 'shift' is missing"),
            std::string::npos);
  EXPECT_NE(prepare_error(window_model("SignalWindow", flex_map({{"shift", 99}}))).find(
                "option 'shift' = 99 is outside [0, 31]"),
            std::string::npos);
}

// input uint32 [8] -> SignalFilterBankSpectralSubtraction -> (signal, noise estimate).
std::vector<uint8_t> spectral_model() {
  TfliteBuilder m;
  const int in = m.tensor(plain("in", tfl::TensorType_UINT32, {8}));
  const int out = m.tensor(plain("out", tfl::TensorType_UINT32, {8}));
  const int noise = m.tensor(plain("noise", tfl::TensorType_UINT32, {8}));
  OpSpec op;
  op.builtin = kCustom;
  op.inputs = {in};
  op.outputs = {out, noise};
  m.set_custom(m.op(op), "SignalFilterBankSpectralSubtraction", flex_map({{"alternate_one_minus_smoothing", 15729},
                                {"alternate_smoothing", 655},
                                {"clamping", 0},
                                {"min_signal_remaining", 1638},
                                {"num_channels", 8},
                                {"one_minus_smoothing", 15729},
                                {"smoothing", 655},
                                {"smoothing_bits", 10},
                                {"spectral_subtraction_bits", 14}}));
  m.io({in}, {out, noise});
  return m.finish();
}

std::vector<uint8_t> frame(uint32_t seed) {
  std::vector<uint32_t> v(8);
  for (uint32_t i = 0; i < 8; ++i) v[i] = (seed * 2654435761u + i * 40503u) % 100000u;
  std::vector<uint8_t> b(32);
  std::memcpy(b.data(), v.data(), 32);
  return b;
}

TEST(CustomOps, NoiseEstimateLivesInThePersistentPoolAndResets) {
  const std::vector<uint8_t> model = spectral_model();
  lpai::prepare::PrepareOutput prepared;
  std::string err;
  ASSERT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(model.data(), model.size(),
                                            lpai::prepare::PlanOptions(), &prepared)), "");
  std::unique_ptr<lpai::host::Session> s =
      lpai::host::Session::open(prepared.binary, lpai::host::SessionOptions(), &err);
  ASSERT_TRUE(s) << err;
  EXPECT_GE(s->persistent_size(), 32u);  // 8 x uint32 noise estimate
  std::vector<std::vector<uint8_t>> first[3], again[3], fresh;
  for (int k = 0; k < 3; ++k) ASSERT_TRUE(s->run({frame(k + 1)}, &first[k], &err)) << err;
  EXPECT_NE(first[1][1], first[0][1]);  // the estimate moves from inference to inference
  ASSERT_TRUE(s->reset_state(&err)) << err;
  for (int k = 0; k < 3; ++k) {
    ASSERT_TRUE(s->run({frame(k + 1)}, &again[k], &err)) << err;
    EXPECT_EQ(again[k], first[k]) << "inference " << k << " after resetPersistent";
  }
  // A fresh graph fed frame 2 first (zero state) differs from frame 2 after frame 1.
  std::unique_ptr<lpai::host::Session> t =
      lpai::host::Session::open(prepared.binary, lpai::host::SessionOptions(), &err);
  ASSERT_TRUE(t) << err;
  ASSERT_TRUE(t->run({frame(2)}, &fresh, &err)) << err;
  EXPECT_NE(fresh[1], first[1][1]);
}

}  // namespace
}  // namespace lpai_test
