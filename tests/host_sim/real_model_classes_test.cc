// The classes of real-model failures (issue 24), each on a crafted model (the project's TFLite
// writer) prepared by the generator's pipeline and run through host::Session. Expected bytes
// come from TFLite Micro's algorithms written out here (QuantizedMeanOrSum, Requantize,
// QuantizeMultiplier on a negative scale, the per-channel convolution), never from lpai-rt.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "config/input_list.h"
#include "prepare/prepare.h"
#include "prepare/report.h"
#include "prepare/tflite_builder.h"
#include "runner/session.h"

namespace {

namespace tb = lpai::tflite_builder;
namespace tfl = lpai::tflite;
using lpai::format::BuiltinOp;

constexpr int code(BuiltinOp op) { return static_cast<int>(op); }

// ---- TFLite's fixed-point helpers, from their definitions --------------------------------

void tflite_quantize_multiplier(double m, int32_t* q, int* shift) {
  if (m == 0.0) {
    *q = 0;
    *shift = 0;
    return;
  }
  const double frac = std::frexp(m, shift);
  int64_t fixed = static_cast<int64_t>(std::round(frac * (1LL << 31)));
  if (fixed == (1LL << 31)) {
    fixed /= 2;
    ++*shift;
  }
  if (*shift < -31) {
    *shift = 0;
    fixed = 0;
  }
  *q = static_cast<int32_t>(fixed);
}

int32_t srdhm(int32_t a, int32_t b) {
  if (a == b && a == INT32_MIN) return INT32_MAX;
  const int64_t ab = static_cast<int64_t>(a) * b;
  const int64_t nudge = ab >= 0 ? (1 << 30) : (1 - (1 << 30));
  return static_cast<int32_t>((ab + nudge) / (1LL << 31));
}

int32_t rdbp(int32_t x, int e) {
  const int32_t mask = static_cast<int32_t>((1LL << e) - 1);
  const int32_t rem = x & mask;
  const int32_t thr = (mask >> 1) + (x < 0 ? 1 : 0);
  return (x >> e) + (rem > thr ? 1 : 0);
}

int32_t mbqm(int32_t x, int32_t q, int shift) {
  const int left = shift > 0 ? shift : 0, right = shift > 0 ? 0 : -shift;
  return rdbp(srdhm(x * (1 << left), q), right);
}

// ---- helpers -------------------------------------------------------------------------------

bool prepare(const tb::TfliteBuilder& m, lpai::prepare::PrepareOutput* out, std::string* err) {
  const std::vector<uint8_t> model = m.finish();
  const lpai::host::HostStatus st =
      lpai::prepare::prepare_tflite(model.data(), model.size(), lpai::prepare::PlanOptions(), out);
  *err = st.error();
  return st.ok();
}

std::vector<std::vector<uint8_t>> run(const lpai::prepare::PrepareOutput& p,
                                      const std::vector<std::vector<uint8_t>>& inputs) {
  std::string err;
  auto s = lpai::host::Session::open(p.binary, lpai::host::SessionOptions(), &err);
  EXPECT_NE(s, nullptr) << err;
  std::vector<std::vector<uint8_t>> outputs;
  if (s) {
    EXPECT_TRUE(s->run(inputs, &outputs, &err)) << err;
  }
  return outputs;
}

std::vector<uint8_t> pattern(size_t n, uint32_t seed) {
  std::vector<uint8_t> v(n);
  uint32_t s = seed;
  for (uint8_t& b : v) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    b = static_cast<uint8_t>(s);
  }
  return v;
}

bool notes_mention(const lpai::prepare::PrepareOutput& p, const std::string& what) {
  for (const std::string& n : p.graph.compat_notes) {
    if (n.find(what) != std::string::npos) return true;
  }
  return false;
}

template <typename T>
std::vector<uint8_t> bytes_of(const std::vector<T>& v) {
  std::vector<uint8_t> b(v.size() * sizeof(T));
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}

// ---- 1. MEAN with equal input and output quantisation --------------------------------------

TEST(RealModelClasses, MeanWithEqualQuantisationRequantisesAsTfliteMicro) {
  constexpr int kH = 7, kW = 7, kC = 16;
  constexpr float kScale = 0.0235f;
  constexpr int kZp = -5;
  tb::TfliteBuilder m;
  const int in = m.act("in", {1, kH, kW, kC}, kScale, kZp);
  const int axes = m.const_i32("axes", {1, 2});
  const int out = m.act("out", {1, 1, 1, kC}, kScale, kZp);
  tb::OpSpec op;
  op.builtin = code(BuiltinOp::kMean);
  op.inputs = {in, axes};
  op.outputs = {out};
  op.options_type = tfl::BuiltinOptions_ReducerOptions;
  op.options = [](flatbuffers::FlatBufferBuilder& b) {
    return tfl::CreateReducerOptions(b, true).Union();
  };
  m.op(op);
  m.io({in}, {out});
  lpai::prepare::PrepareOutput p;
  std::string err;
  ASSERT_TRUE(prepare(m, &p, &err)) << err;
  const std::vector<uint8_t> x = pattern(kH * kW * kC, 7);
  const auto got = run(p, {x});
  ASSERT_EQ(got.size(), 1u);
  // QuantizedMeanOrSum: multiplier of scale ratio 1, 1/49 folded in, round to nearest.
  int32_t q;
  int shift;
  tflite_quantize_multiplier(1.0, &q, &shift);
  const int64_t n = kH * kW;
  int s = 63 - __builtin_clzll(static_cast<uint64_t>(n));
  s = std::min(s, 32);
  s = std::min(s, 31 + shift);
  q = static_cast<int32_t>((static_cast<int64_t>(q) << s) / n);
  shift -= s;
  std::vector<int8_t> want(kC);
  int truncating_differs = 0;
  for (int c = 0; c < kC; ++c) {
    int32_t sum = 0;
    for (int i = 0; i < kH * kW; ++i) sum += static_cast<int8_t>(x[i * kC + c]);
    const int32_t v = mbqm(sum - kZp * static_cast<int32_t>(n), q, shift) + kZp;
    want[c] = static_cast<int8_t>(std::min(127, std::max(-128, v)));
    truncating_differs += want[c] != static_cast<int8_t>(sum / static_cast<int32_t>(n));
  }
  ASSERT_GT(truncating_differs, 0) << "the input must tell rounding from truncation";
  EXPECT_EQ(got[0], bytes_of(want));
}

// ---- 2. A per-channel bias with a stale quantized_dimension -----------------------------

// in int8 [1,3,3,4] -> DEPTHWISE_CONV_2D 3x3 VALID, per-channel filter (axis 3) and bias
// (rank 1) whose quantized_dimension is `bias_axis` -> out int8 [1,1,1,4].
tb::TfliteBuilder depthwise_model(int32_t bias_axis) {
  tb::TfliteBuilder m;
  const int in = m.act("in", {1, 3, 3, 4}, 0.05f, 2);
  tb::TensorSpec w;
  w.name = "w";
  w.shape = {1, 3, 3, 4};
  w.scales = {0.01f, 0.02f, 0.015f, 0.03f};
  w.zero_points = {0, 0, 0, 0};
  w.quant_axis = 3;
  w.data = pattern(36, 3);
  const int wi = m.tensor(w);
  tb::TensorSpec b;
  b.name = "b";
  b.type = tfl::TensorType_INT32;
  b.shape = {4};
  b.scales = {0.0005f, 0.001f, 0.00075f, 0.0015f};
  b.zero_points = {0, 0, 0, 0};
  b.quant_axis = bias_axis;
  b.data = bytes_of(std::vector<int32_t>{100, -250, 37, 4000});
  const int bi = m.tensor(b);
  const int out = m.act("out", {1, 1, 1, 4}, 0.1f, -1);
  tb::OpSpec op;
  op.builtin = code(BuiltinOp::kDepthwiseConv2d);
  op.inputs = {in, wi, bi};
  op.outputs = {out};
  op.options_type = tfl::BuiltinOptions_DepthwiseConv2DOptions;
  op.options = [](flatbuffers::FlatBufferBuilder& fb) {
    return tfl::CreateDepthwiseConv2DOptions(fb, tfl::Padding_VALID, 1, 1, 1,
                                             tfl::ActivationFunctionType_NONE)
        .Union();
  };
  m.op(op);
  m.io({in}, {out});
  return m;
}

TEST(RealModelClasses, StaleBiasQuantizedDimensionIsIgnoredAndReported) {
  lpai::prepare::PrepareOutput stale, clean;
  std::string err;
  ASSERT_TRUE(prepare(depthwise_model(3), &stale, &err)) << err;
  ASSERT_TRUE(prepare(depthwise_model(0), &clean, &err)) << err;
  EXPECT_TRUE(notes_mention(stale, "quantized_dimension 3 ignored")) << stale.graph.compat_notes.size();
  EXPECT_TRUE(clean.graph.compat_notes.empty());
  EXPECT_NE(lpai::prepare::report_text(stale, "m").find("as TFLite Micro:"), std::string::npos);
  EXPECT_NE(lpai::prepare::report_json(stale, "m").find("tflm_compat_notes"), std::string::npos);
  const std::vector<uint8_t> x = pattern(36, 11);
  // TFLite Micro never reads the bias's dimension: the stale model computes what the clean does.
  EXPECT_EQ(run(stale, {x}), run(clean, {x}));
}

// ---- 3. uint8 at the graph edges -------------------------------------------------------------

TEST(RealModelClasses, Uint8EdgesRequantiseAsTfliteMicro) {
  // in uint8 (0.02, 128) -> QUANTIZE -> int8 (0.02, 0) -> RELU -> int8 (0.02, 0)
  //   -> QUANTIZE -> out uint8 (0.03, 100)
  tb::TfliteBuilder m;
  tb::TensorSpec u;
  u.name = "in";
  u.type = tfl::TensorType_UINT8;
  u.shape = {1, 64};
  u.scales = {0.02f};
  u.zero_points = {128};
  const int in = m.tensor(u);
  const int a = m.act("a", {1, 64}, 0.02f, 0);
  const int r = m.act("r", {1, 64}, 0.02f, 0);
  u.name = "out";
  u.scales = {0.03f};
  u.zero_points = {100};
  const int out = m.tensor(u);
  tb::OpSpec q1;
  q1.builtin = tb::kQuantize;
  q1.inputs = {in};
  q1.outputs = {a};
  m.op(q1);
  tb::OpSpec relu;
  relu.builtin = tb::kRelu;
  relu.inputs = {a};
  relu.outputs = {r};
  m.op(relu);
  tb::OpSpec q2;
  q2.builtin = tb::kQuantize;
  q2.inputs = {r};
  q2.outputs = {out};
  m.op(q2);
  m.io({in}, {out});
  lpai::prepare::PrepareOutput p;
  std::string err;
  ASSERT_TRUE(prepare(m, &p, &err)) << err;
  std::vector<uint8_t> x(64);
  for (int i = 0; i < 64; ++i) x[i] = static_cast<uint8_t>(i * 4 + (i & 3));
  x[0] = 0;
  x[63] = 255;
  const auto got = run(p, {x});
  ASSERT_EQ(got.size(), 1u);
  // Requantize uint8 -> int8 (scale ratio 1: the zero-point shift), RELU (max with zp 0),
  // Requantize int8 -> uint8 with ratio 0.02 / 0.03.
  int32_t q1m, q2m;
  int q1s, q2s;
  tflite_quantize_multiplier(static_cast<double>(0.02f) / static_cast<double>(0.02f), &q1m, &q1s);
  tflite_quantize_multiplier(static_cast<double>(0.02f) / static_cast<double>(0.03f), &q2m, &q2s);
  std::vector<uint8_t> want(64);
  for (int i = 0; i < 64; ++i) {
    const int32_t a8 = std::min(127, std::max(-128, mbqm(x[i] - 128, q1m, q1s) + 0));
    const int32_t r8 = std::max(a8, 0);
    want[i] = static_cast<uint8_t>(std::min(255, std::max(0, mbqm(r8 - 0, q2m, q2s) + 100)));
  }
  EXPECT_EQ(got[0], want);
  auto s = lpai::host::Session::open(p.binary, lpai::host::SessionOptions(), &err);
  ASSERT_NE(s, nullptr) << err;
  EXPECT_EQ(s->inputs()[0].data_type, QNN_DATATYPE_UFIXED_POINT_8);
  EXPECT_EQ(s->outputs()[0].data_type, QNN_DATATYPE_UFIXED_POINT_8);
}

TEST(RealModelClasses, Uint8DequantizedAtTheBoundaryIsFloatForTheCaller) {
  // in int8 (0.05, -10) -> QUANTIZE -> uint8 (0.05, 118) -> DEQUANTIZE -> out float32: the
  // DEQUANTIZE is folded into the IO description and the host converts as TFLite Micro does.
  tb::TfliteBuilder m;
  const int in = m.act("in", {32}, 0.05f, -10);
  tb::TensorSpec u;
  u.name = "u";
  u.type = tfl::TensorType_UINT8;
  u.shape = {32};
  u.scales = {0.05f};
  u.zero_points = {118};
  const int mid = m.tensor(u);
  tb::TensorSpec f;
  f.name = "out";
  f.type = tfl::TensorType_FLOAT32;
  f.shape = {32};
  const int out = m.tensor(f);
  tb::OpSpec q;
  q.builtin = tb::kQuantize;
  q.inputs = {in};
  q.outputs = {mid};
  m.op(q);
  tb::OpSpec dq;
  dq.builtin = tb::kDequantize;
  dq.inputs = {mid};
  dq.outputs = {out};
  m.op(dq);
  m.io({in}, {out});
  lpai::prepare::PrepareOutput p;
  std::string err;
  ASSERT_TRUE(prepare(m, &p, &err)) << err;
  const std::vector<uint8_t> x = pattern(32, 77);
  const auto got = run(p, {x});
  ASSERT_EQ(got.size(), 1u);
  ASSERT_EQ(got[0].size(), 32u * 4);
  int32_t qm;
  int qs;
  tflite_quantize_multiplier(1.0, &qm, &qs);
  for (int i = 0; i < 32; ++i) {
    const int32_t u8 =
        std::min(255, std::max(0, mbqm(static_cast<int8_t>(x[i]) + 10, qm, qs) + 118));
    const float want = static_cast<float>(static_cast<double>(0.05f) * (u8 - 118));
    float v;
    std::memcpy(&v, got[0].data() + 4 * i, 4);
    EXPECT_EQ(v, want) << i;
  }
}

TEST(RealModelClasses, Uint8ToUint8QuantizeStaysRefused) {
  tb::TfliteBuilder m;
  tb::TensorSpec u;
  u.name = "in";
  u.type = tfl::TensorType_UINT8;
  u.shape = {4};
  u.scales = {0.02f};
  u.zero_points = {128};
  const int in = m.tensor(u);
  u.name = "out";
  const int out = m.tensor(u);
  tb::OpSpec q;
  q.builtin = tb::kQuantize;
  q.inputs = {in};
  q.outputs = {out};
  m.op(q);
  m.io({in}, {out});
  lpai::prepare::PrepareOutput p;
  std::string err;
  EXPECT_FALSE(prepare(m, &p, &err));
  EXPECT_NE(err.find("types uint8 -> uint8 unsupported"), std::string::npos) << err;
}

// ---- 4. Shapes computed at run time --------------------------------------------------------

TEST(RealModelClasses, ShapeChainFoldsToAConstantShape) {
  // in [1,4,4,2] -> SHAPE -> STRIDED_SLICE [0:1] (shrink) -> PACK(batch, 32) -> RESHAPE(in)
  //   -> out [1,32]; the RESHAPE's shape operand is computed from the input's shape.
  tb::TfliteBuilder m;
  const int in = m.act("in", {1, 4, 4, 2}, 0.5f, 0);
  tb::TensorSpec i32;
  i32.type = tfl::TensorType_INT32;
  i32.name = "shape";
  i32.shape = {4};
  const int shape = m.tensor(i32);
  i32.name = "batch";
  i32.shape = {};
  const int batch = m.tensor(i32);
  const int c32 = m.tensor([] {
    tb::TensorSpec s;
    s.name = "c32";
    s.type = tfl::TensorType_INT32;
    s.shape = {};
    s.data = bytes_of(std::vector<int32_t>{32});
    return s;
  }());
  i32.name = "packed";
  i32.shape = {2};
  const int packed = m.tensor(i32);
  const int out = m.act("out", {1, 32}, 0.5f, 0);
  const int begin = m.const_i32("begin", {0});
  const int end = m.const_i32("end", {1});
  const int strides = m.const_i32("strides", {1});
  tb::OpSpec sh;
  sh.builtin = code(BuiltinOp::kShape);
  sh.inputs = {in};
  sh.outputs = {shape};
  sh.options_type = tfl::BuiltinOptions_ShapeOptions;
  sh.options = [](flatbuffers::FlatBufferBuilder& b) {
    return tfl::CreateShapeOptions(b, tfl::TensorType_INT32).Union();
  };
  m.op(sh);
  tb::OpSpec ss;
  ss.builtin = code(BuiltinOp::kStridedSlice);
  ss.inputs = {shape, begin, end, strides};
  ss.outputs = {batch};
  ss.options_type = tfl::BuiltinOptions_StridedSliceOptions;
  ss.options = [](flatbuffers::FlatBufferBuilder& b) {
    return tfl::CreateStridedSliceOptions(b, 0, 0, 0, 0, 1).Union();
  };
  m.op(ss);
  tb::OpSpec pk;
  pk.builtin = code(BuiltinOp::kPack);
  pk.inputs = {batch, c32};
  pk.outputs = {packed};
  pk.options_type = tfl::BuiltinOptions_PackOptions;
  pk.options = [](flatbuffers::FlatBufferBuilder& b) {
    return tfl::CreatePackOptions(b, 2, 0).Union();
  };
  m.op(pk);
  tb::OpSpec rs;
  rs.builtin = tb::kReshape;
  rs.inputs = {in, packed};
  rs.outputs = {out};
  m.op(rs);
  m.io({in}, {out});
  lpai::prepare::PrepareOutput p;
  std::string err;
  ASSERT_TRUE(prepare(m, &p, &err)) << err;
  EXPECT_TRUE(notes_mention(p, "STRIDED_SLICE (node 1): computed at prepare time"));
  EXPECT_TRUE(notes_mention(p, "PACK (node 2): computed at prepare time"));
  EXPECT_EQ(p.graph.ops.size(), 1u);  // the copy of the boundary RESHAPE
  const std::vector<uint8_t> x = pattern(32, 5);
  const auto got = run(p, {x});
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0], x);
}

TEST(RealModelClasses, Int32StridedSliceAndConcatenationRunWhenNotFolded) {
  // Graph input int32 [6] -> STRIDED_SLICE [1:5:2] -> int32 [2]; CONCATENATION with itself.
  tb::TfliteBuilder m;
  tb::TensorSpec i32;
  i32.type = tfl::TensorType_INT32;
  i32.name = "in";
  i32.shape = {6};
  const int in = m.tensor(i32);
  i32.name = "sliced";
  i32.shape = {2};
  const int sliced = m.tensor(i32);
  i32.name = "out";
  i32.shape = {4};
  const int out = m.tensor(i32);
  const int begin = m.const_i32("begin", {1});
  const int end = m.const_i32("end", {5});
  const int strides = m.const_i32("strides", {2});
  tb::OpSpec ss;
  ss.builtin = code(BuiltinOp::kStridedSlice);
  ss.inputs = {in, begin, end, strides};
  ss.outputs = {sliced};
  ss.options_type = tfl::BuiltinOptions_StridedSliceOptions;
  ss.options = [](flatbuffers::FlatBufferBuilder& b) {
    return tfl::CreateStridedSliceOptions(b).Union();
  };
  m.op(ss);
  tb::OpSpec cc;
  cc.builtin = code(BuiltinOp::kConcatenation);
  cc.inputs = {sliced, in};
  cc.outputs = {out};
  cc.options_type = tfl::BuiltinOptions_ConcatenationOptions;
  cc.options = [](flatbuffers::FlatBufferBuilder& b) {
    return tfl::CreateConcatenationOptions(b, 0).Union();
  };
  // out [8] = sliced ++ in
  m.spec(out).shape = {8};
  m.op(cc);
  m.io({in}, {out});
  lpai::prepare::PrepareOutput p;
  std::string err;
  ASSERT_TRUE(prepare(m, &p, &err)) << err;
  const std::vector<int32_t> x = {-70000, 11, 1 << 30, -3, 99999, 5};
  const auto got = run(p, {bytes_of(x)});
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0], bytes_of(std::vector<int32_t>{11, -3, -70000, 11, 1 << 30, -3, 99999, 5}));
}

// ---- 5. Negative per-channel weight scales ---------------------------------------------------

TEST(RealModelClasses, NegativeFilterScalesComputeAsTfliteMicro) {
  // in int8 [1,2,2,3] -> CONV_2D 1x1, 4 output channels, per-channel scales two of which are
  // negative (with their biases' scales) -> out int8 [1,2,2,4].
  constexpr float kIn = 0.04f, kOut = 0.07f;
  constexpr int kInZp = -6, kOutZp = 4;
  const std::vector<float> ws = {0.011f, -0.023f, 0.017f, -0.0042f};
  const std::vector<int32_t> bias = {300, -1200, 50, 777};
  tb::TfliteBuilder m;
  const int in = m.act("in", {1, 2, 2, 3}, kIn, kInZp);
  tb::TensorSpec w;
  w.name = "w";
  w.shape = {4, 1, 1, 3};
  w.scales = ws;
  w.zero_points = {0, 0, 0, 0};
  std::vector<uint8_t> wd = pattern(12, 9);
  for (uint8_t& b : wd) b = b == 0x80 ? 0x81 : b;  // TFLite's symmetric range [-127, 127]
  w.data = wd;
  const int wi = m.tensor(w);
  tb::TensorSpec b;
  b.name = "b";
  b.type = tfl::TensorType_INT32;
  b.shape = {4};
  for (float s : ws) b.scales.push_back(s * kIn);
  b.zero_points = {0, 0, 0, 0};
  b.data = bytes_of(bias);
  const int bi = m.tensor(b);
  const int out = m.act("out", {1, 2, 2, 4}, kOut, kOutZp);
  tb::OpSpec op;
  op.builtin = tb::kConv2d;
  op.inputs = {in, wi, bi};
  op.outputs = {out};
  op.options_type = tfl::BuiltinOptions_Conv2DOptions;
  op.options = tb::conv_options(tfl::Padding_VALID, 1, 1, tfl::ActivationFunctionType_NONE);
  m.op(op);
  m.io({in}, {out});
  lpai::prepare::PrepareOutput p;
  std::string err;
  ASSERT_TRUE(prepare(m, &p, &err)) << err;
  EXPECT_TRUE(notes_mention(p, "2 output channels with negative filter scales"));
  const std::vector<uint8_t> x = pattern(12, 21);
  const auto got = run(p, {x});
  ASSERT_EQ(got.size(), 1u);
  // TFLite Micro: per channel QuantizeMultiplier(in * w / out) (negative for negative w),
  // acc = bias + sum w * (x - in_zp), out = clamp(MBQM(acc) + out_zp).
  std::vector<int8_t> want;
  for (int px = 0; px < 4; ++px) {
    for (int c = 0; c < 4; ++c) {
      int32_t q;
      int sh;
      tflite_quantize_multiplier(static_cast<double>(kIn) * static_cast<double>(ws[c]) /
                                     static_cast<double>(kOut),
                                 &q, &sh);
      int32_t acc = bias[c];
      for (int k = 0; k < 3; ++k) {
        acc += static_cast<int8_t>(wd[c * 3 + k]) * (static_cast<int8_t>(x[px * 3 + k]) - kInZp);
      }
      want.push_back(static_cast<int8_t>(std::min(127, std::max(-128, mbqm(acc, q, sh) + kOutZp))));
    }
  }
  EXPECT_EQ(got[0], bytes_of(want));
}

TEST(RealModelClasses, AZeroFilterScaleGivesTheZeroPoint) {
  // A pruned channel (scale 0): TFLite Micro's multiplier is 0, the output its zero point.
  tb::TfliteBuilder m;
  const int in = m.act("in", {1, 1, 2, 2}, 0.04f, 0);
  tb::TensorSpec w;
  w.name = "w";
  w.shape = {2, 1, 1, 2};
  w.scales = {0.01f, 0.0f};
  w.zero_points = {0, 0};
  w.data = {10, 20, 30, 40};
  const int wi = m.tensor(w);
  const int out = m.act("out", {1, 1, 2, 2}, 0.01f, 7);
  tb::OpSpec op;
  op.builtin = tb::kConv2d;
  op.inputs = {in, wi, -1};
  op.outputs = {out};
  op.options_type = tfl::BuiltinOptions_Conv2DOptions;
  op.options = tb::conv_options(tfl::Padding_VALID, 1, 1, tfl::ActivationFunctionType_NONE);
  m.op(op);
  m.io({in}, {out});
  lpai::prepare::PrepareOutput p;
  std::string err;
  ASSERT_TRUE(prepare(m, &p, &err)) << err;
  const std::vector<uint8_t> x = {1, 2, 0xFF, 5};  // pixels (1, 2) and (-1, 5)
  const auto got = run(p, {x});
  ASSERT_EQ(got.size(), 1u);
  int32_t q;
  int sh;
  tflite_quantize_multiplier(static_cast<double>(0.04f) * static_cast<double>(0.01f) /
                                 static_cast<double>(0.01f),
                             &q, &sh);
  const std::vector<int8_t> want = {
      static_cast<int8_t>(mbqm(10 * 1 + 20 * 2, q, sh) + 7), 7,
      static_cast<int8_t>(mbqm(10 * -1 + 20 * 5, q, sh) + 7), 7};
  EXPECT_EQ(got[0], bytes_of(want));
}

TEST(RealModelClasses, NegativeScaleOnAMinusOneTwentyEightWeightIsRefused) {
  tb::TfliteBuilder m;
  const int in = m.act("in", {1, 1, 1, 2}, 0.04f, 0);
  tb::TensorSpec w;
  w.name = "w";
  w.shape = {2, 1, 1, 2};
  w.scales = {0.01f, -0.01f};
  w.zero_points = {0, 0};
  w.data = {1, 2, 3, 0x80};  // channel 1 holds -128
  const int wi = m.tensor(w);
  const int out = m.act("out", {1, 1, 1, 2}, 0.07f, 0);
  tb::OpSpec op;
  op.builtin = tb::kConv2d;
  op.inputs = {in, wi, -1};
  op.outputs = {out};
  op.options_type = tfl::BuiltinOptions_Conv2DOptions;
  op.options = tb::conv_options(tfl::Padding_VALID, 1, 1, tfl::ActivationFunctionType_NONE);
  m.op(op);
  m.io({in}, {out});
  lpai::prepare::PrepareOutput p;
  std::string err;
  EXPECT_FALSE(prepare(m, &p, &err));
  EXPECT_EQ(err, "CONV_2D (node 0): output channel 1 has a negative scale and a weight of -128 "
                 "(cannot be negated exactly)");
}

// ---- 6. RESHAPE whose output quantisation differs -----------------------------------------

TEST(RealModelClasses, RequantisingReshapeCopiesBytesAndIsReported) {
  tb::TfliteBuilder m;
  const int in = m.act("in", {1, 2, 8}, 0.5f, 3);
  const int mid = m.act("mid", {1, 2, 8}, 0.5f, 3);
  const int out = m.act("out", {1, 16}, 0.25f, -9);
  tb::OpSpec relu;
  relu.builtin = tb::kRelu;
  relu.inputs = {in};
  relu.outputs = {mid};
  m.op(relu);
  m.reshape(mid, out);
  m.io({in}, {out});
  lpai::prepare::PrepareOutput p;
  std::string err;
  ASSERT_TRUE(prepare(m, &p, &err)) << err;
  EXPECT_TRUE(notes_mention(p, "output quantisation differs from its input's"));
  const std::vector<uint8_t> x = pattern(16, 13);
  std::vector<uint8_t> want(16);
  for (int i = 0; i < 16; ++i) {
    want[i] = static_cast<uint8_t>(std::max<int8_t>(static_cast<int8_t>(x[i]), 3));  // RELU: zp 3
  }
  const auto got = run(p, {x});
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0], want);  // TFLite Micro's RESHAPE copies the bytes
}

// ---- 9. Many graph inputs and outputs (streaming models' state tensors) -----------------

TEST(RealModelClasses, ThirtyTwoGraphInputsAndOutputsRun) {
  tb::TfliteBuilder m;
  std::vector<int32_t> ins, outs;
  for (int k = 0; k < 16; ++k) {
    const int i = m.act("i" + std::to_string(k), {4}, 0.5f, 0);
    const int o = m.act("o" + std::to_string(k), {4}, 0.5f, 0);
    tb::OpSpec relu;
    relu.builtin = tb::kRelu;
    relu.inputs = {i};
    relu.outputs = {o};
    m.op(relu);
    ins.push_back(i);
    outs.push_back(o);
  }
  m.io(ins, outs);
  lpai::prepare::PrepareOutput p;
  std::string err;
  ASSERT_TRUE(prepare(m, &p, &err)) << err;
  std::vector<std::vector<uint8_t>> x;
  for (int k = 0; k < 16; ++k) x.push_back(pattern(4, 40 + k));
  const auto got = run(p, x);
  ASSERT_EQ(got.size(), 16u);
  for (int k = 0; k < 16; ++k) {
    for (int e = 0; e < 4; ++e) {
      EXPECT_EQ(static_cast<int8_t>(got[k][e]), std::max<int8_t>(static_cast<int8_t>(x[k][e]), 0));
    }
  }
}

TEST(RealModelClasses, AnUnnamedOutputIsWrittenAsTensorIndex) {
  // The README's rule: prepare names an unnamed TFLite tensor "tensor_<index>", so net-run
  // writes it as tensor_<index>.raw.
  tb::TfliteBuilder m;
  const int in = m.act("in", {4}, 0.5f, 0);
  const int out = m.act("", {4}, 0.5f, 0);
  tb::OpSpec relu;
  relu.builtin = tb::kRelu;
  relu.inputs = {in};
  relu.outputs = {out};
  m.op(relu);
  m.io({in}, {out});
  lpai::prepare::PrepareOutput p;
  std::string err;
  ASSERT_TRUE(prepare(m, &p, &err)) << err;
  auto s = lpai::host::Session::open(p.binary, lpai::host::SessionOptions(), &err);
  ASSERT_NE(s, nullptr) << err;
  ASSERT_EQ(s->outputs().size(), 1u);
  EXPECT_EQ(s->outputs()[0].name, "tensor_1");
  EXPECT_EQ(lpai::host::output_file_names({s->outputs()[0].name}),
            std::vector<std::string>{"tensor_1.raw"});
}

}  // namespace
