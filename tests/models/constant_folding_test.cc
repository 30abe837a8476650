// Constant folding at prepare (prepare::fold_constants): SHAPE, and FILL / ZEROS_LIKE /
// BROADCAST_TO of constants, leave the graph as constants computed by their own kernels; the
// folded graph gives the bytes the unfolded one gives.
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
  if (!lpai::prepare::prepare_tflite(bytes.data(), bytes.size(), lpai::prepare::PlanOptions(),
                                     &p->out, &err)) {
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
