// Constant folding at prepare (prepare::fold_constants): SHAPE, and FILL / ZEROS_LIKE /
// BROADCAST_TO of constants, leave the graph as constants computed by their own kernels; the
// folded graph gives the bytes the unfolded one gives (and, for ZEROS_LIKE / BROADCAST_TO, the
// bytes worked out by hand).
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "format/binary_view.h"
#include "prepare/prepare.h"
#include "prepare/tflite_builder.h"
#include "runner/session.h"

namespace {

namespace tb = lpai::tflite_builder;
using lpai::format::BuiltinOp;

constexpr int code(BuiltinOp op) { return static_cast<int>(op); }

struct Prepared {
  lpai::prepare::PrepareOutput out;
  uint32_t nodes = 0;
};

bool prepare(const tb::TfliteBuilder& m, Prepared* p) {
  const std::vector<uint8_t> bytes = m.finish();
  std::string err;
  if (const lpai::host::HostStatus st = lpai::prepare::prepare_tflite(bytes.data(), bytes.size(), lpai::prepare::PlanOptions(),
                                     &p->out); !st.ok()) {
    err = st.error();
    ADD_FAILURE() << err;
    return false;
  }
  lpai::format::BinaryView v;
  if (lpai::format::validate_binary(p->out.binary.data(), p->out.binary.size(), &v) !=
      lpai::Status::kOk) {
    ADD_FAILURE() << "binary does not validate";
    return false;
  }
  p->nodes = v.node_count();
  return true;
}

std::vector<std::vector<uint8_t>> run(const Prepared& p,
                                      const std::vector<std::vector<uint8_t>>& inputs) {
  std::string err;
  auto s = lpai::host::Session::open(p.out.binary, lpai::host::SessionOptions(), &err);
  EXPECT_NE(s, nullptr) << err;
  std::vector<std::vector<uint8_t>> outs;
  if (s) {
    EXPECT_TRUE(s->run(inputs, &outs, &err)) << err;
  }
  return outs;
}

// in + FILL(dims, value): with a constant value FILL folds; with the value as a graph input it
// runs. Both give the same bytes; the folded binary has one node (ADD).
tb::TfliteBuilder fill_add(bool value_is_input) {
  tb::TfliteBuilder m;
  const int in = m.act("in", {2, 3}, 0.5f, -1);
  const int dims = m.const_i32("dims", {2, 3});
  tb::TensorSpec v;
  v.name = "value";
  v.shape = {};
  v.scales = {0.5f};
  v.zero_points = {-1};
  if (!value_is_input) v.data = {static_cast<uint8_t>(int8_t{7})};
  const int value = m.tensor(v);
  const int filled = m.act("filled", {2, 3}, 0.5f, -1);
  const int out = m.act("out", {2, 3}, 0.5f, -1);
  m.op({code(BuiltinOp::kFill), {dims, value}, {filled}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.op({tb::kAdd, {in, filled}, {out}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  if (value_is_input) {
    m.io({in, value}, {out});
  } else {
    m.io({in}, {out});
  }
  return m;
}

TEST(ConstantFolding, FillOfConstantsFoldsAndGivesTheRunningKernelsBytes) {
  Prepared folded, running;
  ASSERT_TRUE(prepare(fill_add(false), &folded));
  ASSERT_TRUE(prepare(fill_add(true), &running));
  EXPECT_EQ(folded.out.folded_ops, 1);
  EXPECT_EQ(folded.nodes, 1u);
  EXPECT_EQ(running.out.folded_ops, 0);
  EXPECT_EQ(running.nodes, 2u);
  const std::vector<uint8_t> x = {1, 2, 3, 0xFC, 5, 0x80};
  const auto a = run(folded, {x});
  const auto b = run(running, {x, {7}});
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(a[0], b[0]);
}

// in + OP(c): `c` an int8 [c_shape] tensor with the bytes `c_data`, constant (OP folds) or a
// second graph input (OP runs); extra_inputs are OP's inputs after c (constant int32 tensors
// added by `add_extra`).
template <typename AddExtra>
tb::TfliteBuilder unary_then_add(BuiltinOp op, const std::vector<int32_t>& c_shape,
                                 const std::vector<uint8_t>& c_data, bool c_is_input,
                                 AddExtra add_extra) {
  tb::TfliteBuilder m;
  const int in = m.act("in", {2, 3}, 0.5f, -1);
  tb::TensorSpec cs;
  cs.name = "c";
  cs.shape = c_shape;
  cs.scales = {0.5f};
  cs.zero_points = {-1};
  if (!c_is_input) cs.data = c_data;
  const int c = m.tensor(cs);
  std::vector<int> op_inputs = {c};
  add_extra(&m, &op_inputs);
  const int mid = m.act("mid", {2, 3}, 0.5f, -1);
  const int out = m.act("out", {2, 3}, 0.5f, -1);
  m.op({code(op), op_inputs, {mid}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.op({tb::kAdd, {in, mid}, {out}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  if (c_is_input) {
    m.io({in, c}, {out});
  } else {
    m.io({in}, {out});
  }
  return m;
}

// Prepares OP's graph both ways; checks the folded one has only the ADD left, and that both
// give the same bytes (and `want`) for one input.
template <typename AddExtra>
void expect_folds(BuiltinOp op, const std::vector<int32_t>& c_shape,
                  const std::vector<uint8_t>& c_data, AddExtra add_extra,
                  const std::vector<uint8_t>& x, const std::vector<uint8_t>& want) {
  Prepared folded, running;
  ASSERT_TRUE(prepare(unary_then_add(op, c_shape, c_data, false, add_extra), &folded));
  ASSERT_TRUE(prepare(unary_then_add(op, c_shape, c_data, true, add_extra), &running));
  EXPECT_EQ(folded.out.folded_ops, 1);
  EXPECT_EQ(folded.nodes, 1u);
  EXPECT_EQ(running.out.folded_ops, 0);
  EXPECT_EQ(running.nodes, 2u);
  const auto a = run(folded, {x});
  const auto b = run(running, {x, c_data});
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(a[0], b[0]);
  EXPECT_EQ(a[0], want);
}

// ZEROS_LIKE of a constant folds to real zeros: in + 0 with scale 0.5, zero point -1 on every
// tensor is in + 1 (0 is the real value 0.5).
TEST(ConstantFolding, ZerosLikeOfAConstantFoldsAndGivesTheRunningKernelsBytes) {
  const std::vector<uint8_t> c = {9, 0x80, 0x7F, 0, 0xFF, 3};
  const std::vector<uint8_t> x = {1, 2, 3, 0xFC, 5, 0x80};
  expect_folds(BuiltinOp::kZerosLike, {2, 3}, c, [](tb::TfliteBuilder*, std::vector<int>*) {},
               x, {2, 3, 4, 0xFD, 6, 0x81});
}

// BROADCAST_TO of a constant [1, 3] row to [2, 3] folds: in + row, real values added, with
// scale 0.5 and zero point -1 everywhere out = in + row + 1.
TEST(ConstantFolding, BroadcastToOfConstantsFoldsAndGivesTheRunningKernelsBytes) {
  const std::vector<uint8_t> row = {4, 0xFF, 0x10};
  const std::vector<uint8_t> x = {1, 2, 3, 0xFC, 5, 0x80};
  expect_folds(
      BuiltinOp::kBroadcastTo, {1, 3}, row,
      [](tb::TfliteBuilder* m, std::vector<int>* ins) { ins->push_back(m->const_i32("to", {2, 3})); },
      x, {6, 2, 0x14, 0x01, 5, 0x91});
}

// SHAPE of an activation folds (shapes are static): CAST then reads the constant {3, 5, 7}.
TEST(ConstantFolding, ShapeOfAnActivationFolds) {
  tb::TfliteBuilder m;
  const int x = m.act("x", {3, 5, 7});
  tb::TensorSpec s;
  s.name = "shape";
  s.type = tb::tfl::TensorType_INT32;
  s.shape = {3};
  const int shape = m.tensor(s);
  tb::TensorSpec o;
  o.name = "out";
  o.type = tb::tfl::TensorType_INT16;
  o.shape = {3};
  const int out = m.tensor(o);
  m.op({code(BuiltinOp::kShape), {x}, {shape}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.op({tb::kCast, {shape}, {out}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.io({x}, {out});
  Prepared p;
  ASSERT_TRUE(prepare(m, &p));
  EXPECT_EQ(p.out.folded_ops, 1);
  EXPECT_EQ(p.nodes, 1u);
  const auto outs = run(p, {std::vector<uint8_t>(105, 0)});
  ASSERT_EQ(outs.size(), 1u);
  const int16_t want[3] = {3, 5, 7};
  ASSERT_EQ(outs[0].size(), 6u);
  EXPECT_EQ(std::memcmp(outs[0].data(), want, 6), 0);
}

// A foldable op whose output is a graph output keeps running (outputs are written at run time).
TEST(ConstantFolding, AGraphOutputIsNeverFolded) {
  tb::TfliteBuilder m;
  const int x = m.act("x", {2, 4});
  tb::TensorSpec s;
  s.name = "shape";
  s.type = tb::tfl::TensorType_INT32;
  s.shape = {2};
  const int shape = m.tensor(s);
  m.op({code(BuiltinOp::kShape), {x}, {shape}, {}, tb::tfl::BuiltinOptions_NONE, nullptr, -1});
  m.io({x}, {shape});
  Prepared p;
  ASSERT_TRUE(prepare(m, &p));
  EXPECT_EQ(p.out.folded_ops, 0);
  EXPECT_EQ(p.nodes, 1u);
  const auto outs = run(p, {std::vector<uint8_t>(8, 0)});
  ASSERT_EQ(outs.size(), 1u);
  const int32_t want[2] = {2, 4};
  ASSERT_EQ(outs[0].size(), 8u);
  EXPECT_EQ(std::memcmp(outs[0].data(), want, 8), 0);
}

}  // namespace
