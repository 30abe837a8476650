// Several subgraphs, resource variables and control flow (issue 24, class 7): CALL_ONCE runs
// its init subgraph the first time it is reached; VAR_HANDLE / READ_VARIABLE / ASSIGN_VARIABLE
// keep state in the persistent pool across inferences; QnnLpaiGraph_resetPersistent resets it;
// IF and WHILE run their subgraphs inlined.
//
// Expected values follow TFLite Micro's semantics (micro_resource_variable.cc, call_once.cc,
// if.cc, while.cc, micro_interpreter_graph.cc at 90b983c):
//  - a variable's buffer is allocated when the first ASSIGN_VARIABLE is prepared (subgraph 0
//    first, operators in order), sized by that value tensor and filled with its zero point;
//  - CALL_ONCE invokes its subgraph the first time the node is evaluated, never again;
//  - MicroInterpreter::Reset fills every variable with that zero point again and does not
//    re-arm CALL_ONCE;
//  - READ / ASSIGN copy bytes; IF / WHILE copy operands in and results out.
// The models are written with the project's TfliteBuilder; every output is int8. The data ops
// used (CONCATENATION, STRIDED_SLICE, MAXIMUM, LESS with one quantisation throughout) move or
// compare the int8 values unchanged, so the expected bytes are written directly.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "prepare/prepare.h"
#include "prepare/tflite_builder.h"
#include "runner/session.h"

namespace {

namespace tb = lpai::tflite_builder;
namespace tfl = lpai::tflite;
using lpai::prepare::PrepareOutput;

constexpr float kScale = 0.5f;
constexpr int64_t kZp = -3;  // every int8 tensor's zero point: the variables' reset value

std::vector<uint8_t> bytes_of(const std::vector<int8_t>& v) {
  return std::vector<uint8_t>(v.begin(), v.end());
}

int const_i8(tb::TfliteBuilder& m, const std::string& name, std::vector<int32_t> shape,
             const std::vector<int8_t>& values) {
  tb::TensorSpec s;
  s.name = name;
  s.shape = std::move(shape);
  s.scales = {kScale};
  s.zero_points = {kZp};
  s.data = bytes_of(values);
  return m.tensor(s);
}

int concat(tb::TfliteBuilder& m, int a, int b, int out, int axis) {
  tb::OpSpec s;
  s.builtin = tb::code_of(lpai::format::BuiltinOp::kConcatenation);
  s.inputs = {a, b};
  s.outputs = {out};
  s.options_type = tfl::BuiltinOptions_ConcatenationOptions;
  s.options = [axis](flatbuffers::FlatBufferBuilder& fbb) {
    return tfl::CreateConcatenationOptions(fbb, axis, tfl::ActivationFunctionType_NONE).Union();
  };
  return m.op(s);
}

// out = in[:, begin:end] of a [1, n] tensor (STRIDED_SLICE, stride 1).
int slice_cols(tb::TfliteBuilder& m, int in, int out, int begin, int end) {
  tb::OpSpec s;
  s.builtin = tb::code_of(lpai::format::BuiltinOp::kStridedSlice);
  s.inputs = {in, m.const_i32("begin", {0, begin}), m.const_i32("end", {1, end}),
              m.const_i32("strides", {1, 1})};
  s.outputs = {out};
  return m.op(s);
}

int maximum(tb::TfliteBuilder& m, int a, int b, int out) {
  tb::OpSpec s;
  s.builtin = tb::code_of(lpai::format::BuiltinOp::kMaximum);
  s.inputs = {a, b};
  s.outputs = {out};
  return m.op(s);
}

// The test model. Main (subgraph 0): CALL_ONCE(init); "hist" a 4-entry ring buffer and "max"
// a running maximum:
//   cat = concat(read(hist), x)   (output 0, [1,6])    hist <- cat[:, 2:6]
//   mx  = max(read(max), x)       (output 1, [1,2])    max  <- mx
// Init (subgraph `init_index`): hist <- {10,11,12,13}, max <- {-100,-100}.
// With `nested`, the init subgraph assigns hist and calls a third subgraph that assigns max.
tb::TfliteBuilder ring_model(bool nested = false) {
  tb::TfliteBuilder m;
  const int x = m.act("x", {1, 2}, kScale, kZp);
  const int h_hist = m.resource("h_hist");
  const int h_max = m.resource("h_max");
  const int hist = m.act("hist", {1, 4}, kScale, kZp);
  const int cat = m.act("cat", {1, 6}, kScale, kZp);
  const int next = m.act("next", {1, 4}, kScale, kZp);
  const int prev_max = m.act("prev_max", {1, 2}, kScale, kZp);
  const int mx = m.act("mx", {1, 2}, kScale, kZp);
  m.call_once(1);
  m.var_handle(h_hist, "hist");
  m.var_handle(h_max, "max");
  m.read_variable(h_hist, hist);
  concat(m, hist, x, cat, 1);
  slice_cols(m, cat, next, 2, 6);
  m.assign_variable(h_hist, next);
  m.read_variable(h_max, prev_max);
  maximum(m, prev_max, x, mx);
  m.assign_variable(h_max, mx);
  m.io({x}, {cat, mx});

  m.add_subgraph("init");
  const int ih = m.resource("h");
  m.var_handle(ih, "hist");
  m.assign_variable(ih, const_i8(m, "hist_init", {1, 4}, {10, 11, 12, 13}));
  const int im = m.resource("m");
  if (nested) {
    m.call_once(2);
    m.add_subgraph("init_max");
    const int jm = m.resource("m");
    m.var_handle(jm, "max");
    m.assign_variable(jm, const_i8(m, "max_init", {1, 2}, {-100, -100}));
  } else {
    m.var_handle(im, "max");
    m.assign_variable(im, const_i8(m, "max_init", {1, 2}, {-100, -100}));
  }
  m.select_subgraph(0);
  return m;
}

std::unique_ptr<lpai::host::Session> open_session(const tb::TfliteBuilder& m, PrepareOutput* out) {
  const std::vector<uint8_t> model = m.finish();
  std::string error;
  if (const lpai::host::HostStatus st = lpai::prepare::prepare_tflite(model.data(), model.size(), lpai::prepare::PlanOptions(), out); !st.ok()) {
    error = st.error();
    ADD_FAILURE() << "prepare: " << error;
    return nullptr;
  }
  std::unique_ptr<lpai::host::Session> s =
      lpai::host::Session::open(out->binary, lpai::host::SessionOptions(), &error);
  EXPECT_NE(s, nullptr) << error;
  return s;
}

// Runs one inference with x; checks both outputs.
void expect_run(lpai::host::Session& s, const std::vector<int8_t>& x,
                const std::vector<int8_t>& want_cat, const std::vector<int8_t>& want_max) {
  std::vector<std::vector<uint8_t>> outputs;
  std::string error;
  ASSERT_TRUE(s.run({bytes_of(x)}, &outputs, &error)) << error;
  ASSERT_EQ(outputs.size(), 2u);
  EXPECT_EQ(outputs[0], bytes_of(want_cat));
  EXPECT_EQ(outputs[1], bytes_of(want_max));
}

TEST(ResourceVariables, StateCarriesAcrossInferencesAndInitRunsOnce) {
  PrepareOutput p;
  std::unique_ptr<lpai::host::Session> s = open_session(ring_model(), &p);
  ASSERT_NE(s, nullptr);
  // Two variables, each in its own 64-byte persistent slot (4 and 2 bytes).
  EXPECT_EQ(s->persistent_size(), 128u);
  // Inference 0: CALL_ONCE has set hist = {10..13}, max = {-100,-100}.
  expect_run(*s, {1, 2}, {10, 11, 12, 13, 1, 2}, {1, 2});
  // Inference 1: the state of inference 0; CALL_ONCE does nothing.
  expect_run(*s, {5, -7}, {12, 13, 1, 2, 5, -7}, {5, 2});
  expect_run(*s, {-1, 9}, {1, 2, 5, -7, -1, 9}, {5, 9});
}

TEST(ResourceVariables, ResetPersistentRefillsZeroPointsAndDoesNotRerunInit) {
  PrepareOutput p;
  std::unique_ptr<lpai::host::Session> s = open_session(ring_model(), &p);
  ASSERT_NE(s, nullptr);
  expect_run(*s, {1, 2}, {10, 11, 12, 13, 1, 2}, {1, 2});
  std::string error;
  ASSERT_TRUE(s->reset_state(&error)) << error;
  // TFLite Micro's Reset: every variable is its zero point (-3); CALL_ONCE stays done.
  expect_run(*s, {4, -9}, {-3, -3, -3, -3, 4, -9}, {4, -3});
  expect_run(*s, {0, 0}, {-3, -3, 4, -9, 0, 0}, {4, 0});
  // A new graph (finalize) runs the init subgraph again at its first execute.
  PrepareOutput p2;
  std::unique_ptr<lpai::host::Session> fresh = open_session(ring_model(), &p2);
  ASSERT_NE(fresh, nullptr);
  expect_run(*fresh, {1, 2}, {10, 11, 12, 13, 1, 2}, {1, 2});
}

TEST(ResourceVariables, NestedCallOnceBlocksRunOnce) {
  PrepareOutput p;
  std::unique_ptr<lpai::host::Session> s = open_session(ring_model(/*nested=*/true), &p);
  ASSERT_NE(s, nullptr);
  expect_run(*s, {1, 2}, {10, 11, 12, 13, 1, 2}, {1, 2});
  expect_run(*s, {5, -7}, {12, 13, 1, 2, 5, -7}, {5, 2});
}

TEST(ResourceVariables, PlanAndBinaryShape) {
  PrepareOutput p;
  std::unique_ptr<lpai::host::Session> s = open_session(ring_model(/*nested=*/true), &p);
  ASSERT_NE(s, nullptr);
  // Node list: CALL_ONCE [block of 4: COPY (hist), CALL_ONCE [block of 1: COPY (max)], ...]:
  // main CALL_ONCE, init's ASSIGN, nested CALL_ONCE, its ASSIGN, then the main operators.
  const lpai::prepare::PrepGraph& g = p.graph;
  ASSERT_GE(g.ops.size(), 4u);
  using lpai::format::BuiltinOp;
  EXPECT_EQ(g.ops[0].builtin, static_cast<int>(BuiltinOp::kCallOnce));
  EXPECT_EQ(g.ops[0].jump, 3);
  EXPECT_EQ(g.ops[0].once_slot, 0u);
  EXPECT_EQ(g.ops[1].builtin, lpai::prepare::kCopyBuiltin);
  EXPECT_EQ(g.ops[1].subgraph, 1);
  EXPECT_EQ(g.ops[2].builtin, static_cast<int>(BuiltinOp::kCallOnce));
  EXPECT_EQ(g.ops[2].jump, 1);
  EXPECT_EQ(g.ops[2].once_slot, 1u);
  EXPECT_EQ(g.ops[3].subgraph, 2);
  EXPECT_EQ(g.ops[4].subgraph, 0);
  // The variables are persistent, named by their shared_name, their zero point recorded.
  int vars = 0;
  for (size_t i = 0; i < g.tensors.size(); ++i) {
    const lpai::prepare::PrepTensor& t = g.tensors[i];
    if (!t.is_variable) continue;
    ++vars;
    EXPECT_TRUE(t.name == "hist" || t.name == "max") << t.name;
    EXPECT_EQ(p.plan.tensors[i].mem_class, lpai::format::MemClass::kPersistent);
    EXPECT_EQ(t.zero_points, std::vector<int64_t>{kZp});
  }
  EXPECT_EQ(vars, 2);
}

// Import / prepare refusals, each with its exact message.
std::string prepare_error(const tb::TfliteBuilder& m) {
  const std::vector<uint8_t> model = m.finish();
  PrepareOutput out;
  std::string error;
  error = lpai_test::failure(lpai::prepare::prepare_tflite(model.data(), model.size(),
                                             lpai::prepare::PlanOptions(), &out));
  EXPECT_NE(error, "");
  return error;
}

TEST(ResourceVariables, ReadOfAnUnknownVariableIsRefused) {
  tb::TfliteBuilder m;
  const int x = m.act("x", {1, 2}, kScale, kZp);
  const int h = m.resource("h");
  const int v = m.act("v", {1, 2}, kScale, kZp);
  const int out = m.act("out", {1, 2}, kScale, kZp);
  m.read_variable(h, v);  // h: no VAR_HANDLE writes it
  maximum(m, v, x, out);
  m.io({x}, {out});
  EXPECT_EQ(prepare_error(m),
            "node 0 (READ_VARIABLE) input 0: tensor 1 'h' is not the output of a VAR_HANDLE in "
            "this subgraph (unknown resource variable)");
}

TEST(ResourceVariables, ReadOfANeverAssignedVariableIsRefused) {
  tb::TfliteBuilder m;
  const int x = m.act("x", {1, 2}, kScale, kZp);
  const int h = m.resource("h");
  const int v = m.act("v", {1, 2}, kScale, kZp);
  const int out = m.act("out", {1, 2}, kScale, kZp);
  m.var_handle(h, "state");
  m.read_variable(h, v);
  maximum(m, v, x, out);
  m.io({x}, {out});
  EXPECT_EQ(prepare_error(m),
            "node 1 (READ_VARIABLE): resource variable 'state' is never assigned (no "
            "ASSIGN_VARIABLE gives it a type and shape)");
}

TEST(ResourceVariables, AssignOfAnotherShapeOrTypeIsRefused) {
  // The init subgraph assigns 3 entries to the 4-entry "hist" typed by main's ASSIGN.
  {
    tb::TfliteBuilder m = ring_model();
    m.select_subgraph(1);
    m.spec(1).shape = {1, 3};
    m.spec(1).data = bytes_of({10, 11, 12});
    EXPECT_EQ(prepare_error(m),
              "subgraph 1 node 1 (ASSIGN_VARIABLE) input 1: tensor 1 'hist_init' is INT8 [1,3] "
              "but resource variable 'hist' is INT8 [1,4] (type and size must match)");
  }
  // int16 value into the int8 variable "max".
  {
    tb::TfliteBuilder m = ring_model();
    m.select_subgraph(1);
    m.spec(3).type = tfl::TensorType_INT16;
    m.spec(3).zero_points = {0};
    m.spec(3).data = {0x9c, 0xff, 0x9c, 0xff};
    EXPECT_EQ(prepare_error(m),
              "subgraph 1 node 3 (ASSIGN_VARIABLE) input 1: tensor 3 'max_init' is INT16 [1,2] "
              "but resource variable 'max' is INT8 [1,2] (type and size must match)");
  }
  // A READ whose output differs from the variable.
  {
    tb::TfliteBuilder m = ring_model();
    m.spec(3).shape = {1, 5};  // "hist" read into [1,5]
    const std::string e = prepare_error(m);
    EXPECT_EQ(e, "node 3 (READ_VARIABLE) output 0: tensor 3 'hist' is INT8 [1,5] but resource "
                 "variable 'hist' is INT8 [1,4] (type and size must match)");
  }
}

TEST(ResourceVariables, CallOnceSubgraphIndexOutOfRangeIsRefused) {
  tb::TfliteBuilder m = ring_model();
  m.op_spec(0).options = [](flatbuffers::FlatBufferBuilder& fbb) {
    return tfl::CreateCallOnceOptions(fbb, 5).Union();
  };
  EXPECT_EQ(prepare_error(m),
            "node 0 (CALL_ONCE): init subgraph index 5 is out of range (the model has 2 "
            "subgraphs)");
  m.op_spec(0).options = [](flatbuffers::FlatBufferBuilder& fbb) {
    return tfl::CreateCallOnceOptions(fbb, -1).Union();
  };
  EXPECT_EQ(prepare_error(m),
            "node 0 (CALL_ONCE): init subgraph index -1 is out of range (the model has 2 "
            "subgraphs)");
}

TEST(ResourceVariables, RecursionIsRefused) {
  tb::TfliteBuilder self = ring_model();
  self.op_spec(0).options = [](flatbuffers::FlatBufferBuilder& fbb) {
    return tfl::CreateCallOnceOptions(fbb, 0).Union();
  };
  EXPECT_EQ(prepare_error(self),
            "node 0 (CALL_ONCE): init subgraph 0 is already running (recursion: subgraphs 0 -> 0)");
  tb::TfliteBuilder loop = ring_model();
  loop.select_subgraph(1);
  loop.call_once(1);
  EXPECT_EQ(prepare_error(loop),
            "subgraph 1 node 4 (CALL_ONCE): init subgraph 1 is already running (recursion: "
            "subgraphs 0 -> 1 -> 1)");
}

TEST(ResourceVariables, InitSubgraphWithInputsIsRefused) {
  tb::TfliteBuilder m = ring_model();
  m.select_subgraph(1);
  const int in = m.act("in", {1, 2}, kScale, kZp);
  m.io({in}, {});
  EXPECT_EQ(prepare_error(m),
            "node 0 (CALL_ONCE): init subgraph 1 has 1 inputs; CALL_ONCE passes none");
}

TEST(ResourceVariables, ExponentialInliningIsRefused) {
  // Subgraph k calls subgraph k + 1 twice: 2^11 call sites to copy.
  tb::TfliteBuilder m;
  const int x = m.act("x", {1, 2}, kScale, kZp);
  const int y = m.act("y", {1, 2}, kScale, kZp);
  m.call_once(1);
  maximum(m, x, x, y);
  m.io({x}, {y});
  for (int k = 1; k <= 11; ++k) {
    m.add_subgraph("level" + std::to_string(k));
    if (k < 11) {
      m.call_once(k + 1);
      m.call_once(k + 1);
    }
  }
  const std::string e = prepare_error(m);
  EXPECT_NE(e.find("(CALL_ONCE): more than 1024 subgraph calls to inline (each call site is a "
                   "copy of the subgraph)"),
            std::string::npos)
      << e;
}

// ---- IF and WHILE (TFLite Micro's if.cc / while.cc: operands copied into the called
// subgraph's inputs, its outputs copied out; WHILE copies its inputs to its outputs, then runs
// cond on the outputs and, while cond is true, body, whose outputs become the op's outputs).

int less(tb::TfliteBuilder& m, int a, int b, int out) {
  tb::OpSpec s;
  s.builtin = tb::code_of(lpai::format::BuiltinOp::kLess);
  s.inputs = {a, b};
  s.outputs = {out};
  return m.op(s);
}

int bool_tensor(tb::TfliteBuilder& m, const std::string& name, std::vector<int32_t> shape) {
  tb::TensorSpec s;
  s.name = name;
  s.type = tfl::TensorType_BOOL;
  s.shape = std::move(shape);
  return m.tensor(s);
}

tb::OptionsFn if_options(int then_index, int else_index) {
  return [=](flatbuffers::FlatBufferBuilder& fbb) {
    return tfl::CreateIfOptions(fbb, then_index, else_index).Union();
  };
}

tb::OptionsFn while_options(int cond_index, int body_index) {
  return [=](flatbuffers::FlatBufferBuilder& fbb) {
    return tfl::CreateWhileOptions(fbb, cond_index, body_index).Union();
  };
}

// y = IF(c, x): then (subgraph 1) max(x, {5, 5}); else (subgraph 2) x itself (its output is
// its input tensor).
tb::TfliteBuilder if_model() {
  tb::TfliteBuilder m;
  const int c = bool_tensor(m, "c", {1});
  const int x = m.act("x", {1, 2}, kScale, kZp);
  const int y = m.act("y", {1, 2}, kScale, kZp);
  tb::OpSpec s;
  s.builtin = tb::kIf;
  s.inputs = {c, x};
  s.outputs = {y};
  s.options_type = tfl::BuiltinOptions_IfOptions;
  s.options = if_options(1, 2);
  m.op(s);
  m.io({c, x}, {y});
  m.add_subgraph("then");
  const int a = m.act("a", {1, 2}, kScale, kZp);
  const int r = m.act("r", {1, 2}, kScale, kZp);
  maximum(m, a, const_i8(m, "five", {1, 2}, {5, 5}), r);
  m.io({a}, {r});
  m.add_subgraph("else");
  const int e = m.act("e", {1, 2}, kScale, kZp);
  m.io({e}, {e});
  m.select_subgraph(0);
  return m;
}

// (v', w') = WHILE(v, w): cond (subgraph 1) v[0] < 1; body (subgraph 2) v <- v[1:4] ++ {1},
// w <- max(w, v[0:2]). Leading entries below 1 each cost one iteration.
tb::TfliteBuilder while_model() {
  tb::TfliteBuilder m;
  const int v = m.act("v", {1, 4}, kScale, kZp);
  const int w = m.act("w", {1, 2}, kScale, kZp);
  const int v_out = m.act("v_out", {1, 4}, kScale, kZp);
  const int w_out = m.act("w_out", {1, 2}, kScale, kZp);
  tb::OpSpec s;
  s.builtin = tb::kWhile;
  s.inputs = {v, w};
  s.outputs = {v_out, w_out};
  s.options_type = tfl::BuiltinOptions_WhileOptions;
  s.options = while_options(1, 2);
  m.op(s);
  m.io({v, w}, {v_out, w_out});

  m.add_subgraph("cond");
  const int cv = m.act("cv", {1, 4}, kScale, kZp);
  const int cw = m.act("cw", {1, 2}, kScale, kZp);
  const int head = m.act("head", {1, 1}, kScale, kZp);
  const int go = bool_tensor(m, "go", {1, 1});
  slice_cols(m, cv, head, 0, 1);
  less(m, head, const_i8(m, "one", {1, 1}, {1}), go);
  m.io({cv, cw}, {go});

  m.add_subgraph("body");
  const int bv = m.act("bv", {1, 4}, kScale, kZp);
  const int bw = m.act("bw", {1, 2}, kScale, kZp);
  const int rest = m.act("rest", {1, 3}, kScale, kZp);
  const int next = m.act("next", {1, 4}, kScale, kZp);
  const int front = m.act("front", {1, 2}, kScale, kZp);
  const int nw = m.act("nw", {1, 2}, kScale, kZp);
  slice_cols(m, bv, rest, 1, 4);
  concat(m, rest, const_i8(m, "one", {1, 1}, {1}), next, 1);
  slice_cols(m, bv, front, 0, 2);
  maximum(m, bw, front, nw);
  m.io({bv, bw}, {next, nw});
  m.select_subgraph(0);
  return m;
}

std::unique_ptr<lpai::host::Session> open_prepared(const tb::TfliteBuilder& m, PrepareOutput* p) {
  return open_session(m, p);
}

std::vector<std::vector<uint8_t>> run(lpai::host::Session& s,
                                      const std::vector<std::vector<uint8_t>>& inputs) {
  std::vector<std::vector<uint8_t>> outputs;
  std::string error;
  EXPECT_TRUE(s.run(inputs, &outputs, &error)) << error;
  return outputs;
}

TEST(ControlFlow, IfRunsTheBranchItsConditionPicks) {
  PrepareOutput p;
  std::unique_ptr<lpai::host::Session> s = open_prepared(if_model(), &p);
  ASSERT_NE(s, nullptr);
  using V = std::vector<std::vector<uint8_t>>;
  EXPECT_EQ(run(*s, {{1}, bytes_of({3, 9})}), V{bytes_of({5, 9})});   // then: max(x, 5)
  EXPECT_EQ(run(*s, {{0}, bytes_of({3, 9})}), V{bytes_of({3, 9})});   // else: x
  EXPECT_EQ(run(*s, {{1}, bytes_of({-8, 6})}), V{bytes_of({5, 6})});
  EXPECT_EQ(run(*s, {{0}, bytes_of({-8, 6})}), V{bytes_of({-8, 6})});
}

TEST(ControlFlow, WhileLoopsUntilItsConditionIsFalse) {
  PrepareOutput p;
  std::unique_ptr<lpai::host::Session> s = open_prepared(while_model(), &p);
  ASSERT_NE(s, nullptr);
  using V = std::vector<std::vector<uint8_t>>;
  // Three iterations: v {0,0,0,7} -> {0,0,7,1} -> {0,7,1,1} -> {7,1,1,1};
  // w {-9,-9} -> {0,0} -> {0,0} -> {0,7}.
  EXPECT_EQ(run(*s, {bytes_of({0, 0, 0, 7}), bytes_of({-9, -9})}),
            (V{bytes_of({7, 1, 1, 1}), bytes_of({0, 7})}));
  // No iteration: the outputs are the inputs.
  EXPECT_EQ(run(*s, {bytes_of({3, 0, 0, 0}), bytes_of({4, -4})}),
            (V{bytes_of({3, 0, 0, 0}), bytes_of({4, -4})}));
  // Two iterations: v {-2,0,5,5} -> {0,5,5,1} -> {5,5,1,1}; w {-9,-9} -> {-2,0} -> {0,5}.
  EXPECT_EQ(run(*s, {bytes_of({-2, 0, 5, 5}), bytes_of({-9, -9})}),
            (V{bytes_of({5, 5, 1, 1}), bytes_of({0, 5})}));
  // Every scratch buffer touched inside the loop is planned live over the whole loop.
  const auto loops = lpai::prepare::loop_regions(p.graph);
  ASSERT_EQ(loops.size(), 1u);
  int inside = 0;
  for (size_t i = 0; i < p.graph.tensors.size(); ++i) {
    const lpai::prepare::Placement& pl = p.plan.tensors[i];
    if (!p.plan.used[i] || pl.mem_class != lpai::format::MemClass::kScratch) continue;
    if (pl.last_step < loops[0].first || pl.first_step > loops[0].second) continue;
    ++inside;
    EXPECT_LE(pl.first_step, loops[0].first) << p.graph.tensors[i].name;
    EXPECT_GE(pl.last_step, loops[0].second) << p.graph.tensors[i].name;
  }
  EXPECT_GT(inside, 4);
}

TEST(ControlFlow, RefusalsAreExact) {
  {
    tb::TfliteBuilder m = if_model();
    m.op_spec(0).options = if_options(0, 2);
    EXPECT_EQ(prepare_error(m),
              "node 0 (IF): then subgraph 0 is already running (recursion: subgraphs 0 -> 0)");
    m.op_spec(0).options = if_options(1, 7);
    EXPECT_EQ(prepare_error(m),
              "node 0 (IF): else subgraph index 7 is out of range (the model has 3 subgraphs)");
  }
  {
    tb::TfliteBuilder m = if_model();
    m.select_subgraph(2);
    m.io({0}, {0, 0});
    EXPECT_EQ(prepare_error(m),
              "node 0 (IF): else subgraph 2 has 1 inputs and 2 outputs; the IF passes 1 and "
              "takes 1");
  }
  {
    tb::TfliteBuilder m = if_model();
    m.spec(0).type = tfl::TensorType_INT8;  // the condition
    m.spec(0).scales = {kScale};
    m.spec(0).zero_points = {kZp};
    EXPECT_EQ(prepare_error(m), "node 0 (IF) input 0: tensor 0 'c' must be one BOOL (the condition)");
  }
  {
    tb::TfliteBuilder m = while_model();
    m.op_spec(0).options = while_options(1, 1);
    EXPECT_EQ(prepare_error(m),
              "node 0 (WHILE): body subgraph 1 has 2 inputs and 1 outputs; the WHILE passes 2 "
              "and takes 2");
    m.op_spec(0).options = while_options(2, 2);
    EXPECT_EQ(prepare_error(m),
              "node 0 (WHILE) cond subgraph 2 output 0: tensor 3 'next' must be one BOOL (the "
              "condition)");
  }
  {
    tb::TfliteBuilder m = while_model();
    m.spec(2).shape = {1, 5};  // v_out
    EXPECT_EQ(prepare_error(m),
              "node 0 (WHILE) output 0: tensor 0 'v' is INT8 [1,4] but tensor 2 'v_out' is INT8 "
              "[1,5] (type and size must match)");
  }
  {
    // The body calls the WHILE's own subgraph 0 through a CALL_ONCE: recursion.
    tb::TfliteBuilder m = while_model();
    m.select_subgraph(2);
    m.call_once(0);
    EXPECT_EQ(prepare_error(m),
              "subgraph 2 node 4 (CALL_ONCE): init subgraph 0 is already running (recursion: "
              "subgraphs 0 -> 2 -> 0)");
  }
}

}  // namespace
