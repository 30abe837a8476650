// Float at the graph boundary: the host side (host::Session, used by lpai-net-run and the
// delegate-style API) converts float IO exactly as TFLite Micro's QUANTIZE (round half away
// from zero, saturate) and DEQUANTIZE do. Expected values are worked out by hand below; the
// conformance suite checks the same path against TFLite Micro's own outputs.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "prepare/prepare.h"
#include "prepare/tflite_builder.h"
#include "runner/session.h"

namespace {

using lpai::host::dequantize_to_floats;
using lpai::host::quantize_floats;
namespace tb = lpai::tflite_builder;

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
  ASSERT_TRUE(lpai::prepare::prepare_tflite(model.data(), model.size(),
                                            lpai::prepare::PlanOptions(), &prepared, &err))
      << err;
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

}  // namespace
