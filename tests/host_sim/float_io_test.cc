// Float at the graph boundary: the host side (host::Session, used by lpai-net-run and the
// delegate-style API) converts float IO exactly as TFLite Micro's QUANTIZE (round half away
// from zero, saturate) and DEQUANTIZE do. Expected values are worked out by hand below; the
// conformance suite checks the same path against TFLite Micro's own outputs.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "host_sim/host_sim_support.h"
#include "prepare/prepare.h"
#include "prepare/tflite_builder.h"
#include "runner/session.h"

namespace {

using lpai::host::dequantize_to_floats;
using lpai::host::quantize_floats;
namespace tb = lpai::tflite_builder;
namespace hs = lpai_test::host_sim;

// The QUANTIZE.float32_int8.00 conformance case's output quantisation.
constexpr float kHalfStepScale = 0.515735447f;
constexpr int32_t kHalfStepZp = 123;

// TFLite Micro's AffineQuantize, written out: TfLiteRound(value / float(scale)) in float
// (round half away from zero), + zero point, clamp to int8.
int8_t tflm_quantize_int8(float x, float scale, int32_t zp) {
  const float q = std::round(x / scale);
  int32_t v = static_cast<int32_t>(q) + zp;
  v = v < -128 ? -128 : v > 127 ? 127 : v;
  return static_cast<int8_t>(v);
}

// The same step computed in double (what a double-precision division would give).
int8_t double_quantize_int8(float x, float scale, int32_t zp) {
  const double q = std::round(static_cast<double>(x) / static_cast<double>(scale));
  int64_t v = static_cast<int64_t>(q) + zp;
  v = v < -128 ? -128 : v > 127 ? 127 : v;
  return static_cast<int8_t>(v);
}

// Inputs straddling the half steps (k + 0.5) * scale for k in [-40, 3]: the float product
// and its neighbours a few ulps either side. Chosen so the results stay inside int8 after
// the zero point 123.
std::vector<float> half_step_inputs(float scale) {
  std::vector<float> xs;
  for (int k = -40; k <= 3; ++k) {
    const float base = (static_cast<float>(k) + 0.5f) * scale;
    float lo = base, hi = base;
    xs.push_back(base);
    for (int u = 0; u < 3; ++u) {
      lo = std::nextafter(lo, -1e30f);
      hi = std::nextafter(hi, 1e30f);
      xs.push_back(lo);
      xs.push_back(hi);
    }
  }
  return xs;
}

// float in [1, n] -> QUANTIZE (scale, zp) -> int8 out [1, n]: the whole graph folds into the
// input's float IO description.
std::vector<uint8_t> quantize_model(size_t n, float scale, int32_t zp) {
  tb::TfliteBuilder m;
  tb::TensorSpec f;
  f.name = "fin";
  f.type = tb::tfl::TensorType_FLOAT32;
  f.shape = {1, static_cast<int32_t>(n)};
  const int fin = m.tensor(f);
  const int q = m.act("q", {1, static_cast<int32_t>(n)}, scale, zp);
  m.op({tb::kQuantize, {fin}, {q}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.io({fin}, {q});
  return m.finish();
}

// int8 in [1, 256] -> DEQUANTIZE (scale, zp) -> float out.
std::vector<uint8_t> dequantize_model(float scale, int32_t zp) {
  tb::TfliteBuilder m;
  const int q = m.act("q", {1, 256}, scale, zp);
  tb::TensorSpec f;
  f.name = "fout";
  f.type = tb::tfl::TensorType_FLOAT32;
  f.shape = {1, 256};
  const int fout = m.tensor(f);
  m.op({tb::kDequantize, {q}, {fout}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.io({q}, {fout});
  return m.finish();
}

std::unique_ptr<lpai::host::Session> open_session(const std::vector<uint8_t>& model,
                                                  std::string* err) {
  lpai::prepare::PrepareOutput prepared;
  if (const lpai::host::HostStatus st = lpai::prepare::prepare_tflite(model.data(), model.size(), lpai::prepare::PlanOptions(),
                                     &prepared); !st.ok()) {
    *err = st.error();
    return nullptr;
  }
  return lpai::host::Session::open(prepared.binary, lpai::host::SessionOptions(), err);
}

std::vector<uint8_t> float_bytes(const std::vector<float>& xs) {
  std::vector<uint8_t> b(xs.size() * sizeof(float));
  std::memcpy(b.data(), xs.data(), b.size());
  return b;
}

// The reference bytes for `xs`; also counts how many differ from a double division (so the
// inputs are known to exercise the float-vs-double difference).
std::vector<uint8_t> tflm_quantized(const std::vector<float>& xs, size_t* differ_from_double) {
  std::vector<uint8_t> want;
  *differ_from_double = 0;
  for (float x : xs) {
    const int8_t t = tflm_quantize_int8(x, kHalfStepScale, kHalfStepZp);
    if (t != double_quantize_int8(x, kHalfStepScale, kHalfStepZp)) ++*differ_from_double;
    want.push_back(static_cast<uint8_t>(t));
  }
  return want;
}

TEST(FloatIo, QuantizeRoundsHalfAwayFromZeroAndSaturates) {
  const float in[6] = {0.25f, -0.25f, 0.74f, 1000.0f, -1000.0f, 0.0f};
  int8_t out[6];
  quantize_floats(in, 6, 0.5f, 1, QNN_DATATYPE_SFIXED_POINT_8, reinterpret_cast<uint8_t*>(out));
  // 0.25/0.5 = 0.5 -> 1 (+1 = 2); -0.5 -> -1 (+1 = 0); 1.48 -> 1 (2); saturated; saturated; 1.
  const int8_t want[6] = {2, 0, 2, 127, -128, 1};
  EXPECT_EQ(std::memcmp(out, want, 6), 0);

  const float in16[3] = {0.5f, -40.0f, 0.0009765625f};
  int16_t out16[3];
  quantize_floats(in16, 3, 1.0f / 1024.0f, 0, QNN_DATATYPE_SFIXED_POINT_16,
                  reinterpret_cast<uint8_t*>(out16));
  const int16_t want16[3] = {512, -32768, 1};
  EXPECT_EQ(std::memcmp(out16, want16, 6), 0);
}

TEST(FloatIo, DequantizeIsScaleTimesOffsetValue) {
  const int8_t in[3] = {-128, 0, 127};
  float out[3];
  dequantize_to_floats(reinterpret_cast<const uint8_t*>(in), 3, 0.5f, 1,
                       QNN_DATATYPE_SFIXED_POINT_8, out);
  EXPECT_EQ(out[0], -64.5f);
  EXPECT_EQ(out[1], -0.5f);
  EXPECT_EQ(out[2], 63.0f);
}

// float in -> QUANTIZE (0.25, 7) -> RELU -> DEQUANTIZE -> float out, through prepare and the
// C shim: x = {-1, 0.3, 2, 100} quantises to {3, 8, 15, 127}, RELU clamps at the zero point
// to {7, 8, 15, 127}, and 0.25 * (v - 7) gives {0, 0.25, 2, 30}.
TEST(FloatIo, SessionRunsAFloatBoundaryModel) {
  tb::TfliteBuilder m;
  tb::TensorSpec f;
  f.name = "fin";
  f.type = tb::tfl::TensorType_FLOAT32;
  f.shape = {1, 4};
  const int fin = m.tensor(f);
  const int q = m.act("q", {1, 4}, 0.25f, 7);
  const int r = m.act("r", {1, 4}, 0.25f, 7);
  f.name = "fout";
  const int fout = m.tensor(f);
  m.op({tb::kQuantize, {fin}, {q}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.op({tb::kRelu, {q}, {r}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.op({tb::kDequantize, {r}, {fout}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.io({fin}, {fout});
  const std::vector<uint8_t> model = m.finish();
  lpai::prepare::PrepareOutput prepared;
  std::string err;
  ASSERT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(model.data(), model.size(),
                                            lpai::prepare::PlanOptions(), &prepared)), "");
  auto s = lpai::host::Session::open(prepared.binary, lpai::host::SessionOptions(), &err);
  ASSERT_NE(s, nullptr) << err;
  ASSERT_EQ(s->inputs().size(), 1u);
  EXPECT_TRUE(s->inputs()[0].float_io);
  EXPECT_EQ(s->inputs()[0].data_type, QNN_DATATYPE_FLOAT_32);
  EXPECT_EQ(s->inputs()[0].bytes, 16u);
  EXPECT_EQ(s->inputs()[0].device_bytes, 4u);
  const float x[4] = {-1.0f, 0.3f, 2.0f, 100.0f};
  std::vector<std::vector<uint8_t>> ins(1, std::vector<uint8_t>(16)), outs;
  std::memcpy(ins[0].data(), x, 16);
  ASSERT_TRUE(s->run(ins, &outs, &err)) << err;
  ASSERT_EQ(outs.size(), 1u);
  ASSERT_EQ(outs[0].size(), 16u);
  float y[4];
  std::memcpy(y, outs[0].data(), 16);
  EXPECT_EQ(y[0], 0.0f);
  EXPECT_EQ(y[1], 0.25f);
  EXPECT_EQ(y[2], 2.0f);
  EXPECT_EQ(y[3], 30.0f);
}

TEST(FloatIo, QuantizeDividesInFloatLikeTfliteMicroAtHalfSteps) {
  const std::vector<float> xs = half_step_inputs(kHalfStepScale);
  size_t differ = 0;
  const std::vector<uint8_t> want = tflm_quantized(xs, &differ);
  EXPECT_GT(differ, 0u) << "the inputs do not separate float from double division";
  std::vector<uint8_t> got(xs.size());
  quantize_floats(xs.data(), xs.size(), kHalfStepScale, kHalfStepZp, QNN_DATATYPE_SFIXED_POINT_8,
                  got.data());
  EXPECT_EQ(got, want);
}

TEST(FloatIo, SessionQuantizesHalfStepsLikeTfliteMicro) {
  const std::vector<float> xs = half_step_inputs(kHalfStepScale);
  size_t differ = 0;
  const std::vector<uint8_t> want = tflm_quantized(xs, &differ);
  ASSERT_GT(differ, 0u);
  std::string err;
  auto s = open_session(quantize_model(xs.size(), kHalfStepScale, kHalfStepZp), &err);
  ASSERT_NE(s, nullptr) << err;
  ASSERT_TRUE(s->inputs()[0].float_io);
  std::vector<std::vector<uint8_t>> outs;
  ASSERT_TRUE(s->run({float_bytes(xs)}, &outs, &err)) << err;
  ASSERT_EQ(outs.size(), 1u);
  EXPECT_EQ(outs[0], want);
}

TEST(FloatIo, NetRunQuantizesAFloatInputFileLikeTfliteMicro) {
  const std::vector<float> xs = half_step_inputs(kHalfStepScale);
  size_t differ = 0;
  const std::vector<uint8_t> want = tflm_quantized(xs, &differ);
  ASSERT_GT(differ, 0u);
  hs::TempDir dir;
  ASSERT_FALSE(dir.path().empty());
  ASSERT_TRUE(hs::write_file(dir / "q.tflite", quantize_model(xs.size(), kHalfStepScale,
                                                              kHalfStepZp)));
  const hs::CommandResult g = hs::run_generator(dir / "q.tflite", dir.path(), "q");
  ASSERT_EQ(g.exit_code, 0) << g.output;
  ASSERT_TRUE(hs::write_file(dir / "x.raw", float_bytes(xs)));
  ASSERT_TRUE(hs::write_text(dir / "list.txt", "x.raw\n"));
  const hs::CommandResult r = hs::net_run(dir / "q.bin", dir / "list.txt", dir / "out");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(hs::read_bytes(dir / "out/Result_0/q.raw"), want);
}

// TFLite Micro's Dequantize, written out: float(double(scale) * (q - zero point)), for every
// int8 value. (A float scale times a 9-bit integer is exact in double, so this equals the
// correctly rounded float product too.)
TEST(FloatIo, SessionDequantizesEveryInt8LikeTfliteMicro) {
  const float scale = kHalfStepScale;
  std::vector<uint8_t> in(256);
  std::vector<float> want(256);
  for (int i = 0; i < 256; ++i) {
    const int32_t q = i - 128;
    in[static_cast<size_t>(i)] = static_cast<uint8_t>(static_cast<int8_t>(q));
    want[static_cast<size_t>(i)] =
        static_cast<float>(static_cast<double>(scale) * static_cast<double>(q - kHalfStepZp));
  }
  std::string err;
  auto s = open_session(dequantize_model(scale, kHalfStepZp), &err);
  ASSERT_NE(s, nullptr) << err;
  ASSERT_TRUE(s->outputs()[0].float_io);
  std::vector<std::vector<uint8_t>> outs;
  ASSERT_TRUE(s->run({in}, &outs, &err)) << err;
  ASSERT_EQ(outs.size(), 1u);
  EXPECT_EQ(outs[0], float_bytes(want));
}

}  // namespace
