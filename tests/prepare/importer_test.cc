// TFLite importer: supported constructs, aliasing, and every rejection with its message.
#include "prepare/importer.h"

#include <gtest/gtest.h>

#include <cmath>

#include <string>
#include <vector>

#include "common/test_support.h"
#include "prepare/graph.h"
#include "prepare/prepare.h"
#include "test_models.h"
#include "test_tflite_builder.h"

namespace lpai_test {
namespace {

using lpai::format::DataType;
using lpai::prepare::import_tflite;
using lpai::prepare::kCopyBuiltin;
using lpai::prepare::PrepGraph;

bool import(const std::vector<uint8_t>& bytes, PrepGraph* g, std::string* err) {
  const lpai::host::HostStatus st = import_tflite(bytes.data(), bytes.size(), g);
  *err = st.error();
  return st.ok();
}

// Expects the import to fail with a message containing every needle.
void expect_reject(const TfliteBuilder& m, const std::vector<std::string>& needles) {
  PrepGraph g;
  std::string err;
  ASSERT_FALSE(import(m.finish(), &g, &err));
  EXPECT_EQ(err.find('\n'), std::string::npos) << err;
  for (const std::string& n : needles) EXPECT_NE(err.find(n), std::string::npos) << "'" << n << "' not in: " << err;
  EXPECT_TRUE(g.tensors.empty()) << "output touched on failure";
}

// Expects import to succeed and prepare (per-op rules) to fail with every needle.
void expect_prepare_reject(const TfliteBuilder& m, const std::vector<std::string>& needles) {
  const std::vector<uint8_t> bytes = m.finish();
  PrepGraph g;
  std::string err;
  ASSERT_TRUE(import(bytes, &g, &err)) << err;
  lpai::prepare::PrepareOutput out;
  err = lpai_test::failure(lpai::prepare::prepare_tflite(bytes.data(), bytes.size(),
                                             lpai::prepare::PlanOptions(), &out));
  ASSERT_NE(err, "");
  EXPECT_EQ(err.find('\n'), std::string::npos) << err;
  for (const std::string& n : needles) EXPECT_NE(err.find(n), std::string::npos) << "'" << n << "' not in: " << err;
}

// A one-op model: int8 act in[1,4] -> op -> out[1,4] (op inputs/outputs as given).
TfliteBuilder one_op(int builtin) {
  TfliteBuilder m;
  const int in = m.act("in", {1, 4});
  const int out = m.act("out", {1, 4});
  OpSpec s;
  s.builtin = builtin;
  s.inputs = {in};
  s.outputs = {out};
  m.op(s);
  m.io({in}, {out});
  return m;
}

TEST(Importer, ReshapeChainAliasesInsideAndCopiesAtGraphIo) {
  ChainIds id;
  const TfliteBuilder m = reshape_chain_model(&id);
  PrepGraph g;
  std::string err;
  ASSERT_TRUE(import(m.finish(), &g, &err)) << err;
  EXPECT_EQ(g.name, "main");
  ASSERT_EQ(g.ops.size(), 2u);  // in->a and c->out are copies; a->b and b->c are aliases
  EXPECT_EQ(g.ops[0].builtin, kCopyBuiltin);
  EXPECT_EQ(g.ops[0].node_index, 0);
  ASSERT_EQ(g.ops[0].inputs.size(), 1u);
  EXPECT_EQ(g.ops[0].inputs[0]->index, id.in);
  EXPECT_EQ(g.ops[0].outputs[0]->index, id.a);
  EXPECT_EQ(g.ops[1].builtin, kCopyBuiltin);
  EXPECT_EQ(g.ops[1].node_index, 3);
  EXPECT_EQ(g.ops[1].inputs[0]->index, id.c);
  EXPECT_EQ(g.ops[1].outputs[0]->index, id.out);
  EXPECT_EQ(g.alias_root(id.b), id.a);
  EXPECT_EQ(g.alias_root(id.c), id.a);  // chains collapse onto the root
  EXPECT_EQ(g.alias_root(id.a), id.a);
  EXPECT_EQ(g.alias_root(id.in), id.in);
  EXPECT_EQ(g.alias_root(id.out), id.out);
  EXPECT_EQ(g.inputs, std::vector<int>({id.in}));
  EXPECT_EQ(g.outputs, std::vector<int>({id.out}));
  EXPECT_EQ(g.tensors[id.a].shape, std::vector<int32_t>({2, 4}));
  EXPECT_EQ(g.tensors[id.a].scales, std::vector<float>({0.5f}));
  EXPECT_EQ(g.tensors[id.a].zero_points, std::vector<int64_t>({-3}));
}

TEST(Importer, ReshapeOfConstantAndVariableBecomesCopy) {
  int state = -1;
  const TfliteBuilder m = variable_model(&state);
  PrepGraph g;
  std::string err;
  ASSERT_TRUE(import(m.finish(), &g, &err)) << err;
  ASSERT_EQ(g.ops.size(), 2u);
  EXPECT_EQ(g.ops[1].builtin, kCopyBuiltin);
  EXPECT_EQ(g.ops[1].inputs[0]->index, state);
  EXPECT_TRUE(g.tensors[state].is_variable);
  EXPECT_EQ(g.tensors[state].type, DataType::kInt16);

  TfliteBuilder c;
  TensorSpec k;
  k.name = "k";
  k.shape = {2, 2};
  k.scales = {1.0f};
  k.zero_points = {0};
  k.data = {1, 2, 3, 4};
  const int kid = c.tensor(k);
  const int in = c.act("in", {1});
  const int mid = c.act("mid", {4}, 1.0f, 0);
  const int out = c.act("out", {4}, 1.0f, 0);
  c.reshape(kid, mid);
  OpSpec add;
  add.builtin = kAdd;
  add.inputs = {mid, in};
  add.outputs = {out};
  c.op(add);
  c.io({in}, {out});
  ASSERT_TRUE(import(c.finish(), &g, &err)) << err;
  ASSERT_EQ(g.ops.size(), 2u);
  EXPECT_EQ(g.ops[0].builtin, kCopyBuiltin);
  EXPECT_TRUE(g.ops[0].inputs[0]->is_const());
  EXPECT_EQ(g.alias_root(mid), mid);
}

TEST(Importer, ReshapeWithDifferentQuantisationBecomesAReportedCopy) {
  // TFLite Micro's RESHAPE copies the bytes whatever the quantisation: a copy node (never an
  // alias, whose tensors share quantisation), named in the compat notes.
  TfliteBuilder m;
  const int in = m.act("in", {1, 4});
  const int a = m.act("a", {1, 4});
  const int b = m.act("b", {4}, 0.25f, -3);
  const int c = m.act("c", {4}, 0.25f, -3);
  m.op({kRelu, {in}, {a}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
  m.reshape(a, b);
  m.op({kRelu, {b}, {c}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
  m.io({in}, {c});
  PrepGraph g;
  std::string err;
  ASSERT_TRUE(import(m.finish(), &g, &err)) << err;
  ASSERT_EQ(g.ops.size(), 3u);
  EXPECT_EQ(g.ops[1].builtin, lpai::prepare::kCopyBuiltin);
  EXPECT_EQ(g.alias_root(b), b);
  ASSERT_EQ(g.compat_notes.size(), 1u);
  EXPECT_NE(g.compat_notes[0].find("node 1 (RESHAPE): output quantisation differs"),
            std::string::npos)
      << g.compat_notes[0];
}

TEST(Importer, ReshapeWithDifferentByteSizeIsRejected) {
  TfliteBuilder m;
  const int in = m.act("in", {1, 4});
  const int out = m.act("out", {5});
  m.reshape(in, out);
  m.io({in}, {out});
  expect_reject(m, {"node 0 (RESHAPE)", "input has 4 bytes, output 5"});
}

TEST(Importer, BuiltinCodeIsMaxOfDeprecatedAndNewField) {
  for (auto style : {TfliteBuilder::CodeStyle::kBoth, TfliteBuilder::CodeStyle::kDeprecatedOnly,
                     TfliteBuilder::CodeStyle::kPlaceholder}) {
    TfliteBuilder m = one_op(kRelu);
    m.set_code_style(style);
    PrepGraph g;
    std::string err;
    if (style == TfliteBuilder::CodeStyle::kPlaceholder) {
      // deprecated byte 127, real code 19 in builtin_code: max() is 127, an unknown op.
      ASSERT_FALSE(import(m.finish(), &g, &err));
      EXPECT_NE(err.find("node 0 (UNKNOWN(127))"), std::string::npos) << err;
      continue;
    }
    ASSERT_TRUE(import(m.finish(), &g, &err)) << err;
    ASSERT_EQ(g.ops.size(), 1u);
    EXPECT_EQ(g.ops[0].builtin, kRelu);
  }
  // A code >= 127 only lives in builtin_code (deprecated byte = 127 placeholder).
  TfliteBuilder big = one_op(150);
  expect_reject(big, {"node 0 (UNKNOWN(150))", "not supported"});
}

TEST(Importer, OptionalInputsAreNull) {
  TfliteBuilder m;
  const int in = m.act("in", {1, 4});
  TensorSpec w;
  w.name = "w";
  w.shape = {2, 4};
  w.scales = {0.1f};
  w.zero_points = {0};
  w.data.assign(8, 1);
  const int wid = m.tensor(w);
  const int out = m.act("out", {1, 2});
  m.op({kFullyConnected, {in, wid, -1}, {out}, {}, tfl::BuiltinOptions_FullyConnectedOptions,
        fc_options(tfl::ActivationFunctionType_RELU6, true), -1});
  m.io({in}, {out});
  PrepGraph g;
  std::string err;
  ASSERT_TRUE(import(m.finish(), &g, &err)) << err;
  ASSERT_EQ(g.ops[0].inputs.size(), 3u);
  EXPECT_NE(g.ops[0].inputs[1], nullptr);
  EXPECT_TRUE(g.ops[0].inputs[1]->is_const());
  EXPECT_EQ(g.ops[0].inputs[1]->data_size, 8u);
  EXPECT_EQ(g.ops[0].inputs[2], nullptr);
  EXPECT_EQ(g.ops[0].options.activation, 3);
  EXPECT_TRUE(g.ops[0].options.keep_num_dims);
}

TEST(Importer, DecodesBuiltinOptions) {
  TfliteBuilder m;
  const int in = m.act("in", {1, 8, 8, 2});
  TensorSpec f;
  f.name = "filter";
  f.shape = {3, 3, 3, 2};
  f.scales = {0.1f, 0.2f, 0.3f};
  f.zero_points = {0, 0, 0};
  f.quant_axis = 0;
  f.data.assign(54, 2);
  const int fid = m.tensor(f);
  TensorSpec b;
  b.name = "bias";
  b.type = tfl::TensorType_INT32;
  b.shape = {3};
  b.scales = {0.05f, 0.1f, 0.15f};
  b.zero_points = {0, 0, 0};
  b.data.assign(12, 0);
  const int bid = m.tensor(b);
  const int c = m.act("c", {1, 4, 3, 3});
  const int s = m.act("s", {1, 4, 3, 3});
  const int out = m.act("out", {1, 4, 3, 3});
  m.op({kConv2d, {in, fid, bid}, {c}, {}, tfl::BuiltinOptions_Conv2DOptions,
        conv_options(tfl::Padding_VALID, 2, 3, tfl::ActivationFunctionType_RELU, 4, 5), -1});
  m.op({kAdd, {c, c}, {s}, {}, tfl::BuiltinOptions_AddOptions,
        add_options(tfl::ActivationFunctionType_RELU_N1_TO_1, false), -1});
  m.op({kSoftmax, {s}, {out}, {}, tfl::BuiltinOptions_SoftmaxOptions, softmax_options(0.75f), -1});
  m.io({in}, {out});
  PrepGraph g;
  std::string err;
  ASSERT_TRUE(import(m.finish(), &g, &err)) << err;
  ASSERT_EQ(g.ops.size(), 3u);
  const auto& co = g.ops[0].options;
  EXPECT_EQ(co.padding, 1);
  EXPECT_EQ(co.stride_w, 2);
  EXPECT_EQ(co.stride_h, 3);
  EXPECT_EQ(co.activation, 1);
  EXPECT_EQ(co.dilation_w, 4);
  EXPECT_EQ(co.dilation_h, 5);
  EXPECT_EQ(g.ops[0].inputs[1]->scales.size(), 3u);
  EXPECT_EQ(g.ops[0].inputs[1]->quant_axis, 0);
  EXPECT_EQ(g.ops[0].inputs[2]->type, DataType::kInt32);
  EXPECT_EQ(g.ops[1].options.activation, 2);
  EXPECT_FALSE(g.ops[1].options.pot_scale_int16);
  EXPECT_FLOAT_EQ(g.ops[2].options.beta, 0.75f);
}

TEST(Importer, OptionsOfTheWrongTypeAreRejected) {
  TfliteBuilder m = one_op(kSoftmax);
  m.op_spec(0).options_type = tfl::BuiltinOptions_AddOptions;
  m.op_spec(0).options = add_options(tfl::ActivationFunctionType_NONE, true);
  expect_reject(m, {"node 0 (SOFTMAX)", "builtin options of type 11 do not belong"});
}

// The options type set but no table written (found by the prepare fuzzer: the decoder read
// through the null table): the op imports with the defaults.
TEST(Importer, OptionsTypeWithoutItsTableMeansDefaults) {
  TfliteBuilder m = one_op(kSoftmax);
  m.op_spec(0).options_type = tfl::BuiltinOptions_SoftmaxOptions;
  m.op_spec(0).options = nullptr;
  PrepGraph g;
  std::string err;
  ASSERT_TRUE(import(m.finish(), &g, &err)) << err;
  ASSERT_EQ(g.ops.size(), 1u);
  EXPECT_FLOAT_EQ(g.ops[0].options.beta, 1.0f);
}

// Element counts of unchecked model shapes saturate instead of overflowing (found by the prepare
// fuzzer: the no-op detection read a huge SLICE begin tensor's count before the tensor checks).
TEST(Importer, ElementCountSaturates) {
  lpai::prepare::PrepTensor t;
  t.shape = {2, 3, 7};
  EXPECT_EQ(t.element_count(), 42);
  t.shape = {1 << 30, 1 << 30, 1 << 30};
  EXPECT_EQ(t.element_count(), INT64_MAX);
  t.shape = {};
  EXPECT_EQ(t.element_count(), 1);
}

// SLICE, PADV2 and MIRROR_PAD with only their data input (the prepare fuzzer's heap read past
// the input list in the no-op detection): not a no-op, and refused by the op's own rule.
TEST(Importer, ShapeOnlyCandidatesWithoutTheirSecondInputAreRefusedNotRead) {
  for (const lpai::format::BuiltinOp op : {lpai::format::BuiltinOp::kSlice,
                                           lpai::format::BuiltinOp::kPadv2,
                                           lpai::format::BuiltinOp::kMirrorPad}) {
    const TfliteBuilder m = one_op(static_cast<int>(op));
    const std::vector<uint8_t> bytes = m.finish();
    lpai::prepare::PrepareOutput out;
    std::string err;
    err = lpai_test::failure(lpai::prepare::prepare_tflite(bytes.data(), bytes.size(),
                                               lpai::prepare::PlanOptions(), &out));
    EXPECT_NE(err, "");
    EXPECT_NE(err.find(std::string("node 0 (") + lpai::format::op_name(static_cast<uint32_t>(op)) + ")"), std::string::npos)
        << err;
    EXPECT_EQ(err.find('\n'), std::string::npos) << err;
  }
}

TEST(Importer, Int16ActivationsMustBeSymmetric) {
  TfliteBuilder ok = one_op(kRelu);
  for (int id : {0, 1}) {
    ok.spec(id).type = tfl::TensorType_INT16;
    ok.spec(id).zero_points = {0};
  }
  PrepGraph g;
  std::string err;
  ASSERT_TRUE(import(ok.finish(), &g, &err)) << err;
  EXPECT_EQ(g.tensors[0].type, DataType::kInt16);

  // Asymmetric int16 activations import (SOFTMAX's int16 output uses -32768) and are refused
  // by the operator rule in prepare for every op that does not allow them.
  TfliteBuilder bad = one_op(kRelu);
  for (int id : {0, 1}) bad.spec(id).type = tfl::TensorType_INT16;  // zero point -3
  expect_prepare_reject(bad, {"node 0 (RELU)", "tensor 0 'in'",
                              "int16 activation zero point -3 is not supported"});
}

TEST(Importer, PerChannelWeightsAreChecked) {
  auto model = [](std::vector<float> scales, std::vector<int64_t> zps, int axis) {
    TfliteBuilder m;
    const int in = m.act("in", {1, 4});
    TensorSpec w;
    w.name = "w";
    w.shape = {2, 4};
    w.scales = std::move(scales);
    w.zero_points = std::move(zps);
    w.quant_axis = axis;
    w.data.assign(8, 1);
    const int wid = m.tensor(w);
    const int out = m.act("out", {1, 2});
    m.op({kFullyConnected, {in, wid, -1}, {out}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
    m.io({in}, {out});
    return m;
  };
  PrepGraph g;
  std::string err;
  ASSERT_TRUE(import(model({0.1f, 0.2f}, {0, 0}, 0).finish(), &g, &err)) << err;
  expect_reject(model({0.1f, 0.2f, 0.3f}, {0, 0, 0}, 0),
                {"node 0 (FULLY_CONNECTED) input 1", "tensor 1 'w'", "3 scales but dimension 0 has 2"});
  expect_reject(model({0.1f, 0.2f}, {0, 1}, 0), {"tensor 1 'w'", "must be symmetric"});
  expect_reject(model({0.1f, 0.2f}, {0, 0}, 2), {"tensor 1 'w'", "quantized_dimension 2"});
  expect_reject(model({0.1f, 0.2f}, {0}, 0), {"tensor 1 'w'", "2 scales but 1 zero points"});
  expect_reject(model({0.1f, std::nanf("")}, {0, 0}, 0), {"tensor 1 'w'", "not a finite number"});
  // Negative constant scales import (TFLite Micro runs them; prepare makes them positive).
  ASSERT_TRUE(import(model({0.1f, -0.2f}, {0, 0}, 0).finish(), &g, &err)) << err;
}

TEST(Importer, UnsupportedTypesAreRejected) {
  TfliteBuilder f = one_op(kRelu);
  f.spec(0).type = tfl::TensorType_FLOAT32;
  f.spec(0).scales.clear();
  f.spec(0).zero_points.clear();
  expect_reject(f, {"graph input tensor 0 'in'", "type FLOAT32 is not supported for an activation"});

  // uint8 activations import (graph edges); a uint8 zero point outside [0, 255] does not.
  TfliteBuilder u = one_op(kRelu);
  u.spec(1).type = tfl::TensorType_UINT8;
  expect_reject(u, {"graph output tensor 1 'out'", "zero point -3 outside [0, 255]"});

  TfliteBuilder i64 = one_op(kRelu);
  i64.spec(1).type = tfl::TensorType_INT64;
  i64.spec(1).zero_points = {0};
  expect_reject(i64, {"tensor 1 'out'", "type INT64 is not supported for an activation"});

  // ARG_MAX with output_type INT64 (the TensorFlow default): TFLite Micro's ARG_MAX writes
  // int32 only, so the int64 output is refused, naming the tensor and TFLite Micro's rule.
  TfliteBuilder am;
  const int x = am.act("x", {1, 4});
  const int axis = am.const_i32("axis", {1});
  TensorSpec idx;
  idx.name = "idx";
  idx.type = tfl::TensorType_INT64;
  idx.shape = {1};
  const int out = am.tensor(idx);
  OpSpec op;
  op.builtin = code_of(lpai::format::BuiltinOp::kArgMax);
  op.inputs = {x, axis};
  op.outputs = {out};
  op.options_type = tfl::BuiltinOptions_ArgMaxOptions;
  op.options = [](flatbuffers::FlatBufferBuilder& b) {
    return tfl::CreateArgMaxOptions(b, tfl::TensorType_INT64).Union();
  };
  am.op(op);
  am.io({x}, {out});
  expect_reject(am, {"tensor 2 'idx'", "type INT64 is not supported for an activation",
                     "ARG_MAX, ARG_MIN and SHAPE output int32 only"});

  // Plain (unquantised) int8 is data for CAST; RELU needs quantisation: refused at prepare.
  TfliteBuilder noq = one_op(kRelu);
  noq.spec(0).scales.clear();
  noq.spec(0).zero_points.clear();
  expect_prepare_reject(noq, {"node 0 (RELU)", "tensor 0 'in'", "is not quantised"});
}

// float in -> QUANTIZE -> q -> RELU -> r -> DEQUANTIZE -> float out: the boundary ops become
// copies and the float IO tensors take the integer side's type and quantisation, flagged.
TEST(Importer, FloatBoundaryQuantizeAndDequantizeFoldIntoFloatIo) {
  TfliteBuilder m;
  TensorSpec f;
  f.name = "fin";
  f.type = tfl::TensorType_FLOAT32;
  f.shape = {1, 4};
  const int fin = m.tensor(f);
  const int q = m.act("q", {1, 4}, 0.25f, 7);
  const int r = m.act("r", {1, 4}, 0.25f, 7);
  f.name = "fout";
  const int fout = m.tensor(f);
  m.op({kQuantize, {fin}, {q}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
  m.op({kRelu, {q}, {r}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
  m.op({kDequantize, {r}, {fout}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
  m.io({fin}, {fout});
  PrepGraph g;
  std::string err;
  ASSERT_TRUE(import(m.finish(), &g, &err)) << err;
  ASSERT_EQ(g.ops.size(), 3u);
  EXPECT_EQ(g.ops[0].builtin, kCopyBuiltin);
  EXPECT_EQ(g.ops[1].builtin, kRelu);
  EXPECT_EQ(g.ops[2].builtin, kCopyBuiltin);
  for (int id : {fin, fout}) {
    EXPECT_TRUE(g.tensors[id].float_io) << id;
    EXPECT_EQ(g.tensors[id].type, DataType::kInt8) << id;
    ASSERT_EQ(g.tensors[id].scales.size(), 1u);
    EXPECT_EQ(g.tensors[id].scales[0], 0.25f);
    EXPECT_EQ(g.tensors[id].zero_points[0], 7);
  }
  EXPECT_FALSE(g.tensors[q].float_io);
}

TEST(Importer, FloatTensorInsideTheGraphIsRefusedByName) {
  // A float graph input read by RELU (not a QUANTIZE).
  TfliteBuilder m = one_op(kRelu);
  m.spec(0).type = tfl::TensorType_FLOAT32;
  m.spec(0).scales.clear();
  m.spec(0).zero_points.clear();
  expect_reject(m, {"tensor 0 'in'", "FLOAT32", "accepted only at the graph boundary"});

  // A float graph input read by a QUANTIZE and by another operator: not a boundary.
  TfliteBuilder two;
  TensorSpec f;
  f.name = "fin";
  f.type = tfl::TensorType_FLOAT32;
  f.shape = {1, 4};
  const int fin = two.tensor(f);
  const int q = two.act("q", {1, 4});
  const int o = two.act("o", {1, 4});
  two.op({kQuantize, {fin}, {q}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
  two.op({kRelu, {fin}, {o}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
  two.io({fin}, {q, o});
  expect_reject(two, {"tensor 0 'fin'", "accepted only at the graph boundary"});
}

// TFLite Micro ignores quantized_dimension on a per-tensor tensor (older converters left 3 on
// the biases of person_detect): accepted and normalised to 0.
TEST(Importer, StaleQuantizedDimensionOnPerTensorBiasIsIgnored) {
  TfliteBuilder m;
  const int in = m.act("in", {1, 4}, 0.5f, 0);
  TensorSpec w;
  w.name = "w";
  w.shape = {2, 4};
  w.scales = {0.1f};
  w.zero_points = {0};
  w.data.assign(8, 1);
  const int wid = m.tensor(w);
  TensorSpec bias;
  bias.name = "bias";
  bias.type = tfl::TensorType_INT32;
  bias.shape = {2};
  bias.scales = {0.05f};
  bias.zero_points = {0};
  bias.quant_axis = 3;
  bias.data.assign(8, 0);
  const int bid = m.tensor(bias);
  const int out = m.act("out", {1, 2}, 0.5f, 0);
  m.op({kFullyConnected, {in, wid, bid}, {out}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
  m.io({in}, {out});
  const std::vector<uint8_t> bytes = m.finish();
  PrepGraph g;
  std::string err;
  ASSERT_TRUE(import(bytes, &g, &err)) << err;
  EXPECT_EQ(g.tensors[bid].quant_axis, 0);
  lpai::prepare::PrepareOutput prepared;
  EXPECT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(bytes.data(), bytes.size(),
                                            lpai::prepare::PlanOptions(), &prepared)), "");
}

// Subgraphs other than 0 run only where a CALL_ONCE calls them (tests/models/
// subgraphs_test.cc); one nothing calls is not imported, as TFLite Micro never runs it.
TEST(Importer, SubgraphsNothingCallsAreNotImported) {
  TfliteBuilder m = one_op(kRelu);
  m.set_subgraph_count(2);
  PrepGraph g;
  std::string err;
  ASSERT_TRUE(import(m.finish(), &g, &err)) << err;
  EXPECT_EQ(g.ops.size(), 1u);
  EXPECT_EQ(g.tensors.size(), 2u);
  TfliteBuilder none = one_op(kRelu);
  none.set_subgraph_count(0);
  expect_reject(none, {"model: has 0 subgraphs"});
}

TEST(Importer, UnsupportedAndCustomOpsAreRejected) {
  expect_reject(one_op(kFloor), {"node 0 (UNKNOWN(8))", "operator not supported"});
  expect_reject(one_op(kCustom), {"node 0 (CUSTOM)", "custom operator '' is not supported"});
}

TEST(Importer, ExternalBuffersAreRejected) {
  auto with_weights = [](bool offset_size, uint32_t external) {
    TfliteBuilder m;
    const int in = m.act("in", {1, 4});
    TensorSpec w;
    w.name = "w";
    w.shape = {2, 4};
    w.scales = {0.1f};
    w.zero_points = {0};
    w.data.assign(8, 1);
    w.buffer_offset_size = offset_size;
    w.external_buffer = external;
    const int wid = m.tensor(w);
    const int out = m.act("out", {1, 2});
    m.op({kFullyConnected, {in, wid, -1}, {out}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
    m.io({in}, {out});
    return m;
  };
  expect_reject(with_weights(true, 0), {"node 0 (FULLY_CONNECTED) input 1", "tensor 1 'w'", "external buffer"});
  expect_reject(with_weights(false, 3), {"tensor 1 'w'", "external buffer"});
}

TEST(Importer, SparseAndCustomQuantisedTensorsAreRejected) {
  TfliteBuilder s = one_op(kRelu);
  s.spec(1).sparse = true;
  expect_reject(s, {"tensor 1 'out'", "sparse tensors are not supported"});
  TfliteBuilder q = one_op(kRelu);
  q.spec(0).custom_quant = true;
  expect_reject(q, {"tensor 0 'in'", "custom quantisation"});
}

TEST(Importer, TensorBothGraphInputAndOutputIsRejected) {
  TfliteBuilder m = one_op(kRelu);
  m.io({0}, {1, 0});
  expect_reject(m, {"tensor 0 'in'", "both a graph input and a graph output"});
}

TEST(Importer, DataflowErrorsAreRejected) {
  // Reads a tensor nobody writes.
  TfliteBuilder r;
  const int in = r.act("in", {1, 4});
  const int ghost = r.act("ghost", {1, 4});
  const int out = r.act("out", {1, 4});
  r.op({kAdd, {in, ghost}, {out}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
  r.io({in}, {out});
  expect_reject(r, {"node 0 (ADD) input 1", "tensor 1 'ghost'", "read before any operator writes it"});

  // Written twice.
  TfliteBuilder w = one_op(kRelu);
  w.op({kRelu, {0}, {1}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
  expect_reject(w, {"node 1 (RELU) output 0", "already written by node 0"});

  // Graph output never written.
  TfliteBuilder o = one_op(kRelu);
  const int extra = o.act("extra", {2});
  o.io({0}, {1, extra});
  expect_reject(o, {"graph output tensor 2 'extra'", "not written by any operator"});

  // Writing a graph input.
  TfliteBuilder gi = one_op(kRelu);
  gi.op({kRelu, {1}, {0}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
  expect_reject(gi, {"node 1 (RELU) output 0", "is a graph input"});

  // No operators.
  TfliteBuilder none;
  const int x = none.act("x", {1});
  none.io({x}, {});
  expect_reject(none, {"graph: has no outputs"});
}

TEST(Importer, OutOfRangeIndicesAreRejected) {
  TfliteBuilder in_idx = one_op(kRelu);
  in_idx.op_spec(0).inputs = {7};
  expect_reject(in_idx, {"node 0 (RELU): input 0 tensor index 7 is out of range"});
  TfliteBuilder out_idx = one_op(kRelu);
  out_idx.op_spec(0).outputs = {-1};
  expect_reject(out_idx, {"node 0 (RELU): output 0 tensor index -1 is out of range"});
  TfliteBuilder code = one_op(kRelu);
  code.op_spec(0).opcode_override = 5;
  expect_reject(code, {"node 0: opcode index 5 is out of range"});
  TfliteBuilder gio = one_op(kRelu);
  gio.io({9}, {1});
  expect_reject(gio, {"graph input index 9 is out of range (2 tensors)"});
  TfliteBuilder buf = one_op(kRelu);
  buf.spec(0).buffer_override = 40;
  expect_reject(buf, {"tensor 0 'in'", "buffer index 40 is out of range"});
}

TEST(Importer, ShapesAndConstantSizesAreChecked) {
  TfliteBuilder dyn = one_op(kRelu);
  dyn.spec(0).shape = {-1, 4};
  dyn.spec(1).shape = {-1, 4};
  expect_reject(dyn, {"tensor 0 'in'", "dimension -1 is not supported"});
  TfliteBuilder rank = one_op(kRelu);
  rank.spec(1).shape = {1, 1, 1, 1, 1, 1, 4};
  expect_reject(rank, {"tensor 1 'out'", "rank 7 exceeds the supported maximum 6"});

  TfliteBuilder k;
  const int in = k.act("in", {1, 4});
  TensorSpec w;
  w.name = "w";
  w.shape = {2, 4};
  w.scales = {0.1f};
  w.zero_points = {0};
  w.data.assign(7, 1);
  const int wid = k.tensor(w);
  const int out = k.act("out", {1, 2});
  k.op({kFullyConnected, {in, wid, -1}, {out}, {}, tfl::BuiltinOptions_NONE, nullptr, -1});
  k.io({in}, {out});
  expect_reject(k, {"tensor 1 'w'", "constant buffer holds 7 bytes but the shape needs 8"});
}

TEST(Importer, VariableWithInitialDataAndConstantOutputsAreRejected) {
  int state = -1;
  TfliteBuilder m = variable_model(&state);
  m.spec(state).data.assign(32, 0);
  expect_reject(m, {"tensor 2 'state'", "variable tensors with initial data"});

  TfliteBuilder c = one_op(kRelu);
  c.spec(1).data = {1, 2, 3, 4};
  expect_reject(c, {"graph output tensor 1 'out'", "is a constant"});
}

TEST(Importer, SubgraphWithoutNameIsCalledGraph) {
  TfliteBuilder m = one_op(kRelu);
  m.set_name("");
  PrepGraph g;
  std::string err;
  ASSERT_TRUE(import(m.finish(), &g, &err)) << err;
  EXPECT_EQ(g.name, "graph");
}

TEST(Importer, IntermediatesAreKeptForPrepareButNotChecked) {
  TfliteBuilder m = one_op(kRelu);
  TensorSpec f;
  f.name = "intermediate";
  f.type = tfl::TensorType_FLOAT32;
  f.shape = {0};
  const int inter = m.tensor(f);
  m.op_spec(0).intermediates = {inter};
  PrepGraph g;
  std::string err;
  ASSERT_TRUE(import(m.finish(), &g, &err)) << err;
  ASSERT_EQ(g.ops[0].intermediates.size(), 1u);
  EXPECT_EQ(g.ops[0].intermediates[0]->name, "intermediate");
}

TEST(Importer, MalformedBytesAreRejected) {
  PrepGraph g;
  std::string err;
  err = lpai_test::failure(import_tflite(nullptr, 0, &g));
  EXPECT_NE(err, "");
  EXPECT_NE(err.find("too small"), std::string::npos) << err;
  std::vector<uint8_t> bytes = one_op(kRelu).finish();
  std::vector<uint8_t> wrong_id = bytes;
  wrong_id[4] = 'X';
  EXPECT_FALSE(import(wrong_id, &g, &err));
  EXPECT_NE(err.find("file identifier is not \"TFL3\""), std::string::npos) << err;
  std::vector<uint8_t> bad_root = bytes;
  bad_root[0] = 0xF0;
  bad_root[1] = 0xFF;
  EXPECT_FALSE(import(bad_root, &g, &err));
  EXPECT_NE(err.find("flatbuffer verification failed"), std::string::npos) << err;
}

TEST(Importer, TruncatedModelsAreRejectedWithoutCrash) {
  ChainIds id;
  const std::vector<uint8_t> bytes = reshape_chain_model(&id).finish();
  for (size_t len = 0; len < bytes.size(); ++len) {
    const std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(len));
    PrepGraph g;
    std::string err;
    EXPECT_FALSE(import(cut, &g, &err)) << "prefix of " << len << " bytes accepted";
    EXPECT_FALSE(err.empty());
  }
}

TEST(Importer, BitFlippedModelsNeverCrash) {
  ChainIds id;
  const std::vector<uint8_t> bytes = reshape_chain_model(&id).finish();
  size_t rejected = 0, accepted = 0;
  for (size_t bit = 0; bit < bytes.size() * 8; ++bit) {
    std::vector<uint8_t> flipped = bytes;
    flipped[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
    PrepGraph g;
    std::string err;
    if (import(flipped, &g, &err)) {
      ++accepted;
      // Whatever was accepted is internally consistent.
      for (const auto& op : g.ops) {
        for (const auto* t : op.outputs) ASSERT_NE(t, nullptr);
      }
    } else {
      ++rejected;
      EXPECT_FALSE(err.empty());
    }
  }
  EXPECT_GT(rejected, 0u);
  EXPECT_EQ(rejected + accepted, bytes.size() * 8);
}

// SQUEEZE / EXPAND_DIMS (LPAI_IMPORT_OPS) and data-movement ops that provably keep the bytes
// (TRANSPOSE keeping the non-unit dims in order, SLICE of everything) are planned like RESHAPE.
TEST(Importer, ShapeOnlyOpsAliasLikeReshape) {
  TfliteBuilder m;
  const int in = m.act("in", {1, 4});
  const int a = m.act("a", {4});
  const int b = m.act("b", {4, 1});
  const int c = m.act("c", {1, 4});
  const int out = m.act("out", {1, 4});
  OpSpec squeeze;
  squeeze.builtin = 43;
  squeeze.inputs = {in};
  squeeze.outputs = {a};
  m.op(squeeze);
  OpSpec expand;
  expand.builtin = 70;
  expand.inputs = {a, m.const_i32("axis", {1})};
  expand.outputs = {b};
  m.op(expand);
  OpSpec transpose;
  transpose.builtin = static_cast<int>(lpai::format::BuiltinOp::kTranspose);
  transpose.inputs = {b, m.const_i32("perm", {1, 0})};
  transpose.outputs = {c};
  m.op(transpose);
  OpSpec slice;
  slice.builtin = static_cast<int>(lpai::format::BuiltinOp::kSlice);
  slice.inputs = {c, m.const_i32("begin", {0, 0}), m.const_i32("size", {1, -1})};
  slice.outputs = {out};
  m.op(slice);
  m.io({in}, {out});
  PrepGraph g;
  std::string err;
  ASSERT_TRUE(import(m.finish(), &g, &err)) << err;
  ASSERT_EQ(g.ops.size(), 2u);  // copies at the graph input and output; aliases inside
  EXPECT_EQ(g.ops[0].builtin, kCopyBuiltin);
  EXPECT_EQ(g.ops[0].inputs[0]->index, in);
  EXPECT_EQ(g.ops[0].outputs[0]->index, a);
  EXPECT_EQ(g.ops[1].builtin, kCopyBuiltin);
  EXPECT_EQ(g.ops[1].inputs[0]->index, c);
  EXPECT_EQ(g.ops[1].outputs[0]->index, out);
  EXPECT_EQ(g.alias_root(b), a);
  EXPECT_EQ(g.alias_root(c), a);
}

TEST(Importer, RealTransposeStaysAnOperator) {
  TfliteBuilder m;
  const int in = m.act("in", {2, 3});
  const int out = m.act("out", {3, 2});
  OpSpec t;
  t.builtin = static_cast<int>(lpai::format::BuiltinOp::kTranspose);
  t.inputs = {in, m.const_i32("perm", {1, 0})};
  t.outputs = {out};
  m.op(t);
  m.io({in}, {out});
  PrepGraph g;
  std::string err;
  ASSERT_TRUE(import(m.finish(), &g, &err)) << err;
  ASSERT_EQ(g.ops.size(), 1u);
  EXPECT_EQ(g.ops[0].builtin, 39);
  EXPECT_EQ(g.ops[0].inputs.size(), 2u);
}

TEST(Importer, SqueezeChangingBytesIsRejected) {
  TfliteBuilder m;
  const int in = m.act("in", {1, 4});
  const int out = m.act("out", {3});
  OpSpec s;
  s.builtin = 43;
  s.inputs = {in};
  s.outputs = {out};
  m.op(s);
  m.io({in}, {out});
  expect_reject(m, {"node 0 (SQUEEZE)", "input has 4 bytes, output 3"});
}

}  // namespace
}  // namespace lpai_test
