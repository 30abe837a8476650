// A keyword-spotting model built from SVDF + FULLY_CONNECTED with an int16 input and an int32
// output, in the form TFLite Micro accepts: its integer SVDF takes int8 input only (int8
// weights_feature, int8 or int16 weights_time and state, int8 output) and its FULLY_CONNECTED
// requires output type == input type, so the int16 -> int8 and int8 -> int32 conversions are
// QUANTIZE ops (TFLite Micro's Requantize allows both):
//
//   input int16 [1, 40] -> QUANTIZE int8 -> SVDF (64 filters, rank 2, memory 8, int16 state)
//   -> SVDF (32 filters, rank 1, memory 4, int8 state, non-zero state zero point)
//   -> FULLY_CONNECTED 32 -> 12 -> QUANTIZE int32 -> output int32 [1, 12]
//
// The model is written with the project's TfliteBuilder; the expected outputs come from the
// plain references of tests/kernels/reference/ (requantize, SvdfRef, fully_connected), chained
// in the test with their own state. Several inferences run on one Session: the SVDF states
// live in the persistent pool and carry over; resetting them brings frame 0's output back.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "kernels/reference/matmul_svdf_ref.h"
#include "kernels/reference/reference_ops.h"
#include "kernels/reference/unary_ref.h"
#include "prepare/prepare.h"
#include "prepare/tflite_builder.h"
#include "runner/session.h"
#include "built_model_support.h"

namespace {

namespace tb = lpai::tflite_builder;
namespace tfl = lpai::tflite;
using lpai::format::BuiltinOp;

constexpr int code(BuiltinOp op) { return static_cast<int>(op); }

using lpai::test::raw;
using lpai::test::Rng;
template <typename T>
std::vector<T> narrow(const std::vector<int32_t>& v) {
  return std::vector<T>(v.begin(), v.end());
}
std::vector<int32_t> random_ints(Rng* rng, size_t n, int32_t lo, int32_t hi) {
  std::vector<int32_t> v(n);
  for (auto& x : v) x = rng->uniform(lo, hi);
  return v;
}

constexpr int kFeatures = 40, kClasses = 12;

// Quantisation of the chain (scales chosen so every stage keeps a spread of values: see the
// comments at each stage).
constexpr float kInScale = 1.0f / 2048.0f;  // int16 features, real about +-10
constexpr float kQScale = 0.08f;            // int8 features after QUANTIZE
constexpr int32_t kQZp = 2;

struct SvdfSpec {
  int input_size, filters, rank, memory;
  bool state16;
  float s_in, s_state, s_out;
  int32_t z_in, z_state, z_out;
  float s_wf, s_wt;
  int32_t wt_lo, wt_hi, bias_range;
};

// Stage 1: dot of 40 int8 inputs (|x - zp| ~ 70) with weights ~ U[-127, 127] has a standard
// deviation of ~32000; s_in * s_wf / s_state ~ 0.09 puts the int16 state at ~3000. Time weights
// in [-3000, 3000] over rank * memory = 16 terms keep the int32 accumulator below 2^31 for any
// state; s_state * s_wt / s_out ~ 1.5e-6 maps its ~2.8e7 spread to ~40 output steps.
const SvdfSpec kSvdf1 = {kFeatures, 64, 2, 8, true, kQScale, 0.01f, 0.05f, kQZp, 0, 4,
                         0.0117f, 7.5e-6f, -3000, 3000, 10000000};
// Stage 2 (int8 state with zero point -3): dot std ~ 73 * sqrt(32) * 30 ~ 12400,
// e1 ~ 0.0032 -> state spread ~40; time acc ~ 2 * 73 * 40 ~ 5800, e2 ~ 0.0052 -> ~30 steps.
const SvdfSpec kSvdf2 = {32, 32, 1, 4, false, 0.05f, 0.1f, 0.06f, 4, -3, -2,
                         0.0065f, 0.0031f, -127, 127, 3000};
constexpr float kFcScale = 0.1f;
constexpr int32_t kFcZp = -5;
constexpr float kOutScale = kFcScale / 256.0f;  // int32 logits with 8 more bits

struct KwsModel {
  std::vector<uint8_t> tflite;
  ref::SvdfRef svdf1, svdf2;  // reference state: zero (real) before the first frame
  std::vector<int8_t> fc_w;
  std::vector<int32_t> fc_bias;
  float fc_ws = 0;
  int state1 = -1, state2 = -1;  // tensor indices of the variable states
};

ref::SvdfRef add_svdf(tb::TfliteBuilder* b, Rng* rng, const SvdfSpec& s, int in, int out,
                      const std::string& name, int* state_id) {
  ref::SvdfRef r;
  r.B = 1;
  r.I = s.input_size;
  r.F = s.filters;
  r.M = s.memory;
  r.rank = s.rank;
  r.s_in = s.s_in;
  r.s_wf = s.s_wf;
  r.s_wt = s.s_wt;
  r.s_state = s.s_state;
  r.s_out = s.s_out;
  r.z_in = s.z_in;
  r.z_state = s.z_state;
  r.z_out = s.z_out;
  r.state16 = s.state16;
  r.wf = random_ints(rng, static_cast<size_t>(s.filters) * s.input_size, -127, 127);
  r.wt = random_ints(rng, static_cast<size_t>(s.filters) * s.memory, s.wt_lo, s.wt_hi);
  r.bias = random_ints(rng, static_cast<size_t>(s.filters / s.rank), -s.bias_range, s.bias_range);
  // TFLite Micro starts variable tensors at real zero: int8 state at its zero point.
  r.state.assign(static_cast<size_t>(s.filters) * s.memory, s.z_state);

  tb::TensorSpec wf;
  wf.name = name + "/weights_feature";
  wf.shape = {s.filters, s.input_size};
  wf.scales = {s.s_wf};
  wf.zero_points = {0};
  wf.data = raw(narrow<int8_t>(r.wf));
  const int wf_id = b->tensor(wf);
  tb::TensorSpec wt;
  wt.name = name + "/weights_time";
  wt.type = s.state16 ? tfl::TensorType_INT16 : tfl::TensorType_INT8;
  wt.shape = {s.filters, s.memory};
  wt.scales = {s.s_wt};
  wt.zero_points = {0};
  wt.data = s.state16 ? raw(narrow<int16_t>(r.wt)) : raw(narrow<int8_t>(r.wt));
  const int wt_id = b->tensor(wt);
  tb::TensorSpec bias;
  bias.name = name + "/bias";
  bias.type = tfl::TensorType_INT32;
  bias.shape = {s.filters / s.rank};
  bias.scales = {s.s_state * s.s_wt};
  bias.zero_points = {0};
  bias.data = raw(r.bias);
  const int bias_id = b->tensor(bias);
  tb::TensorSpec st;
  st.name = name + "/state";
  st.type = s.state16 ? tfl::TensorType_INT16 : tfl::TensorType_INT8;
  st.shape = {1, s.filters * s.memory};
  st.scales = {s.s_state};
  st.zero_points = {s.z_state};
  st.variable = true;
  *state_id = b->tensor(st);

  tb::OpSpec op;
  op.builtin = code(BuiltinOp::kSvdf);
  op.inputs = {in, wf_id, wt_id, bias_id, *state_id};
  op.outputs = {out};
  op.options_type = tfl::BuiltinOptions_SVDFOptions;
  const int rank = s.rank;
  // RELU as keyword models carry it; TFLite Micro's integer SVDF does not apply it.
  op.options = [rank](flatbuffers::FlatBufferBuilder& fbb) {
    return tfl::CreateSVDFOptions(fbb, rank, tfl::ActivationFunctionType_RELU, false).Union();
  };
  b->op(op);
  return r;
}

KwsModel build_kws() {
  KwsModel m;
  Rng rng(0x5EED0012u);
  tb::TfliteBuilder b;
  b.set_name("kws_svdf");
  tb::TensorSpec in;
  in.name = "features";
  in.type = tfl::TensorType_INT16;
  in.shape = {1, kFeatures};
  in.scales = {kInScale};
  in.zero_points = {0};
  const int x16 = b.tensor(in);
  const int x8 = b.act("features_int8", {1, kFeatures}, kQScale, kQZp);
  b.op({tb::kQuantize, {x16}, {x8}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
  const int h1 = b.act("svdf1", {1, kSvdf1.filters / kSvdf1.rank}, kSvdf1.s_out, kSvdf1.z_out);
  m.svdf1 = add_svdf(&b, &rng, kSvdf1, x8, h1, "svdf1", &m.state1);
  const int h2 = b.act("svdf2", {1, kSvdf2.filters / kSvdf2.rank}, kSvdf2.s_out, kSvdf2.z_out);
  m.svdf2 = add_svdf(&b, &rng, kSvdf2, h1, h2, "svdf2", &m.state2);

  // FC 32 -> 12: acc std ~ 73 * sqrt(32) * 30 ~ 12400 -> ~30 output steps.
  const int k = kSvdf2.filters / kSvdf2.rank;
  m.fc_w = narrow<int8_t>(random_ints(&rng, static_cast<size_t>(kClasses) * k, -127, 127));
  m.fc_bias = random_ints(&rng, kClasses, -6000, 6000);
  m.fc_ws = 30.0f * kFcScale / (kSvdf2.s_out * 12400.0f);
  tb::TensorSpec w;
  w.name = "fc/weights";
  w.shape = {kClasses, k};
  w.scales = {m.fc_ws};
  w.zero_points = {0};
  w.data = raw(m.fc_w);
  const int w_id = b.tensor(w);
  tb::TensorSpec bias;
  bias.name = "fc/bias";
  bias.type = tfl::TensorType_INT32;
  bias.shape = {kClasses};
  bias.scales = {kSvdf2.s_out * m.fc_ws};
  bias.zero_points = {0};
  bias.data = raw(m.fc_bias);
  const int bias_id = b.tensor(bias);
  const int logits8 = b.act("logits_int8", {1, kClasses}, kFcScale, kFcZp);
  tb::OpSpec fc;
  fc.builtin = tb::kFullyConnected;
  fc.inputs = {h2, w_id, bias_id};
  fc.outputs = {logits8};
  fc.options_type = tfl::BuiltinOptions_FullyConnectedOptions;
  fc.options = tb::fc_options(tfl::ActivationFunctionType_NONE, false);
  b.op(fc);

  tb::TensorSpec out;
  out.name = "logits";
  out.type = tfl::TensorType_INT32;
  out.shape = {1, kClasses};
  out.scales = {kOutScale};
  out.zero_points = {0};
  const int logits32 = b.tensor(out);
  b.op({tb::kQuantize, {logits8}, {logits32}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
  b.io({x16}, {logits32});
  m.tflite = b.finish();
  return m;
}

// One frame through the reference chain (updates the reference SVDF states).
std::vector<int32_t> reference_frame(KwsModel* m, const std::vector<int16_t>& frame) {
  const std::vector<int32_t> x(frame.begin(), frame.end());
  const std::vector<int32_t> q = ref::requantize(x, kInScale, 0, kQScale, kQZp, false);
  const std::vector<int32_t> h1 = m->svdf1.step(q);
  const std::vector<int32_t> h2 = m->svdf2.step(h1);
  const std::vector<int8_t> logits8 =
      ref::fully_connected(narrow<int8_t>(h2), {kSvdf2.s_out, kSvdf2.z_out}, 1,
                           static_cast<int>(h2.size()), m->fc_w, {m->fc_ws}, &m->fc_bias,
                           kClasses, {kFcScale, kFcZp}, 0);
  return ref::requantize_range(std::vector<int32_t>(logits8.begin(), logits8.end()), kFcScale,
                               kFcZp, kOutScale, 0, INT32_MIN, INT32_MAX);
}

std::vector<int16_t> frame_input(uint32_t k) {
  Rng rng(0xF00D0000u + k);
  return narrow<int16_t>(random_ints(&rng, kFeatures, -20000, 20000));
}

std::vector<int32_t> as_int32(const std::vector<uint8_t>& bytes) {
  std::vector<int32_t> v(bytes.size() / 4);
  std::memcpy(v.data(), bytes.data(), v.size() * 4);
  return v;
}

TEST(KwsSvdfModel, Int16InInt32OutMatchesTheReferenceChainOverFramesWithState) {
  KwsModel m = build_kws();
  lpai::prepare::PrepareOutput p;
  std::string error;
  ASSERT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(m.tflite.data(), m.tflite.size(),
                                            lpai::prepare::PlanOptions{}, &p)), "");
  // Both states in the persistent pool, each in its own 64-byte aligned slot:
  // int16 [1, 8 * 64] = 1024 bytes and int8 [1, 4 * 32] = 128 bytes.
  ASSERT_EQ(p.plan.tensors[m.state1].mem_class, lpai::format::MemClass::kPersistent);
  ASSERT_EQ(p.plan.tensors[m.state2].mem_class, lpai::format::MemClass::kPersistent);
  EXPECT_EQ(p.plan.persistent_size, 1024u + 128u);
  std::printf("kws_svdf: %zu ops, plan scratch %llu bytes, persistent %llu bytes\n",
              p.graph.ops.size(), static_cast<unsigned long long>(p.plan.scratch_size),
              static_cast<unsigned long long>(p.plan.persistent_size));

  std::unique_ptr<lpai::host::Session> s =
      lpai::host::Session::open(p.binary, lpai::host::SessionOptions{}, &error);
  ASSERT_NE(s, nullptr) << error;
  ASSERT_EQ(s->inputs().size(), 1u);
  ASSERT_EQ(s->inputs()[0].bytes, kFeatures * 2u);
  ASSERT_EQ(s->outputs().size(), 1u);
  ASSERT_EQ(s->outputs()[0].data_type, QNN_DATATYPE_SFIXED_POINT_32);  // quantised int32
  ASSERT_EQ(s->outputs()[0].bytes, kClasses * 4u);

  const KwsModel fresh = m;  // reference states at zero, for the reset check
  constexpr uint32_t kFrames = 12;
  std::vector<std::vector<int32_t>> got;
  std::set<int32_t> values;
  for (uint32_t k = 0; k < kFrames; ++k) {
    const std::vector<int16_t> frame = frame_input(k);
    std::vector<std::vector<uint8_t>> outs;
    ASSERT_TRUE(s->run({raw(frame)}, &outs, &error)) << error;
    ASSERT_EQ(outs.size(), 1u);
    got.push_back(as_int32(outs[0]));
    EXPECT_EQ(got.back(), reference_frame(&m, frame)) << "frame " << k;
    values.insert(got.back().begin(), got.back().end());
  }
  // Outputs have spread, and the state matters: frame 7 on a zero state gives other logits.
  EXPECT_GE(values.size(), 40u);
  KwsModel zero = fresh;
  EXPECT_NE(reference_frame(&zero, frame_input(7)), got[7]);

  // Resetting the persistent state brings frame 0's output back, then frame 1's.
  ASSERT_TRUE(s->reset_state(&error)) << error;
  for (uint32_t k = 0; k < 2; ++k) {
    std::vector<std::vector<uint8_t>> outs;
    ASSERT_TRUE(s->run({raw(frame_input(k))}, &outs, &error)) << error;
    ASSERT_EQ(outs.size(), 1u);
    EXPECT_EQ(as_int32(outs[0]), got[k]) << "frame " << k << " after reset";
  }
}

}  // namespace
