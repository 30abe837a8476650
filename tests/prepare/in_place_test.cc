// In-place execution (host_sim/prepare/in_place.h, format/in_place_ops.h) and PAD folded into
// the following convolution (host_sim/prepare/fold_pad.h):
//  - which outputs the pass plans over which inputs on hand-built graphs (dying vs live input,
//    broadcast, graph IO, an op outside the table, a kernel temp, the same input twice, chains),
//    and that the plan shares the bytes and passes the independent plan checker;
//  - the loader accepts an in-place pair only for an op of the table reading a tensor of the
//    output's dims at the output's bytes;
//  - the conformance cases of the ops in the table, with a COPY before and after the op so its
//    input dies there, run in place and give TFLite Micro's bytes (with and without the pass);
//  - the zoo models: the plan with in-place execution passes the checker and its peak is at
//    most the plan without (bit-exactness of the default plan: lpai_zoo); with PADs folded
//    they run bit-exact on their goldens;
//  - which PADs are folded on hand-built graphs, and PAD -> CONV_2D / DEPTHWISE_CONV_2D models
//    with asymmetric paddings give the same bytes folded and unfolded.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "common/graph_builder.h"
#include "common/test_support.h"
#include "format/binary_view.h"
#include "prepare/concat_views.h"
#include "prepare/fold_pad.h"
#include "prepare/importer.h"
#include "prepare/tflite_builder.h"
#include "prepare/in_place.h"
#include "prepare/plan_checker.h"
#include "prepare/planner.h"
#include "prepare/prepare.h"
#include "runner/session.h"

namespace {

using lpai::format::BuiltinOp;
using lpai::format::DataType;
using namespace lpai::prepare;  // NOLINT

int code(BuiltinOp op) { return static_cast<int>(op); }

// A hand-built int8 graph: tensors by shape, ops by builtin code.
struct Graph {
  PrepGraph g;
  int act(const std::vector<int32_t>& shape) {
    PrepTensor& t = g.add_tensor();
    t.name = "t" + std::to_string(t.index);
    t.type = DataType::kInt8;
    t.shape = shape;
    t.scales = {0.5f};
    t.zero_points = {0};
    return t.index;
  }
  void op(BuiltinOp builtin, const std::vector<int>& in, int out) {
    PrepOp o;
    o.builtin = code(builtin);
    o.node_index = static_cast<int>(g.ops.size());
    for (int id : in) o.inputs.push_back(&g.tensors[static_cast<size_t>(id)]);
    o.outputs = {&g.tensors[static_cast<size_t>(out)]};
    g.ops.push_back(std::move(o));
  }
  int in_place_of(int id) const {
    return static_cast<size_t>(id) < g.in_place_of.size() ? g.in_place_of[static_cast<size_t>(id)] : -1;
  }
};

const std::vector<int32_t> kShape = {1, 4, 4, 8};  // 128 bytes

MemoryPlan plan_checked(const PrepGraph& g) {
  MemoryPlan p;
  EXPECT_TRUE(plan_memory(g, {}, PlanOptions{}, &p).ok());
  EXPECT_EQ(check_plan(g, {}, PlanOptions{}, p), "");
  return p;
}

// x (input) -RELU-> a -LOGISTIC-> b -ADD(b, x)-> c -RELU-> out (output): b over a, c over b
// (root a); a is written over nothing (x is graph IO), out is graph output.
TEST(InPlace, ChainOverDyingInputsSharesOneBuffer) {
  Graph t;
  const int x = t.act(kShape), a = t.act(kShape), b = t.act(kShape), c = t.act(kShape),
            out = t.act(kShape);
  t.op(BuiltinOp::kRelu, {x}, a);
  t.op(BuiltinOp::kLogistic, {a}, b);
  t.op(BuiltinOp::kAdd, {b, x}, c);
  t.op(BuiltinOp::kRelu, {c}, out);
  t.g.inputs = {x};
  t.g.outputs = {out};
  MemoryPlan before = plan_checked(t.g);
  const std::vector<InPlaceOp> taken = plan_in_place(&t.g, {});
  ASSERT_EQ(taken.size(), 2u);
  EXPECT_EQ(taken[0].step, 1);
  EXPECT_EQ(taken[0].input, 0);
  EXPECT_EQ(taken[1].step, 2);
  EXPECT_EQ(taken[1].root, a);
  EXPECT_EQ(t.in_place_of(a), -1);
  EXPECT_EQ(t.in_place_of(b), a);
  EXPECT_EQ(t.in_place_of(c), a);
  EXPECT_EQ(t.in_place_of(out), -1);
  const MemoryPlan p = plan_checked(t.g);
  EXPECT_EQ(p.tensors[b].offset, p.tensors[a].offset);
  EXPECT_EQ(p.tensors[c].offset, p.tensors[a].offset);
  EXPECT_EQ(p.tensors[a].last_step, 3);
  // Before: x, a, b live at step 1 (and x, b, c at step 2): 3 x 128. After: x + a's buffer + out.
  EXPECT_EQ(before.scratch_lower_bound, 384u);
  EXPECT_EQ(p.scratch_lower_bound, 256u);  // x (to step 2) and a's buffer, then it and out
  EXPECT_EQ(describe_in_place(t.g, taken[0]), "LOGISTIC_1 output 't2' over input 0 't1' (128 bytes)");
}

// An input read again later stays; the op takes the other input when that one dies.
TEST(InPlace, LiveInputIsNotOverwritten) {
  Graph t;
  const int x = t.act(kShape), a = t.act(kShape), b = t.act(kShape), c = t.act(kShape),
            out = t.act(kShape);
  t.op(BuiltinOp::kRelu, {x}, a);
  t.op(BuiltinOp::kRelu6, {a}, b);    // a is read again at step 2
  t.op(BuiltinOp::kSub, {b, a}, c);   // both die: input 0 taken
  t.op(BuiltinOp::kTanh, {c}, out);
  t.g.inputs = {x};
  t.g.outputs = {out};
  plan_in_place(&t.g, {});
  EXPECT_EQ(t.in_place_of(b), -1);
  EXPECT_EQ(t.in_place_of(c), b);
  plan_checked(t.g);
}

// Broadcast: the full-shape input can be overwritten, the broadcast one never.
TEST(InPlace, BroadcastInputIsNeverOverwritten) {
  Graph t;
  const int x = t.act(kShape), s = t.act({1, 1, 1, 8}), a = t.act(kShape), m = t.act(kShape),
            out = t.act(kShape);
  t.op(BuiltinOp::kRelu, {x}, a);
  t.op(BuiltinOp::kMul, {s, a}, m);   // s dies here but is broadcast; a dies: input 1
  t.op(BuiltinOp::kRelu, {m}, out);
  t.g.inputs = {x, s};
  t.g.outputs = {out};
  plan_in_place(&t.g, {});
  EXPECT_EQ(t.in_place_of(m), a);

  Graph u;
  const int y = u.act(kShape), sy = u.act({1, 1, 1, 8}), small = u.act({1, 1, 1, 8}),
            big = u.act(kShape), o2 = u.act(kShape);
  u.op(BuiltinOp::kRelu, {sy}, small);
  u.op(BuiltinOp::kAdd, {small, y}, big);  // small dies but is broadcast; y is graph input
  u.op(BuiltinOp::kRelu, {big}, o2);
  u.g.inputs = {y, sy};
  u.g.outputs = {o2};
  EXPECT_TRUE(plan_in_place(&u.g, {}).empty());
}

// Graph IO on either side, an op outside the table, a kernel temp, the same input twice,
// a constant input: nothing in place.
TEST(InPlace, RefusedCases) {
  {
    Graph t;  // input and output are graph IO
    const int x = t.act(kShape), out = t.act(kShape);
    t.op(BuiltinOp::kRelu, {x}, out);
    t.g.inputs = {x};
    t.g.outputs = {out};
    EXPECT_TRUE(plan_in_place(&t.g, {}).empty());
  }
  {
    Graph t;  // SOFTMAX, MAX_POOL_2D are not in the table; RELU with a temp; ADD a, a
    const int x = t.act(kShape), a = t.act(kShape), b = t.act(kShape), c = t.act(kShape),
              d = t.act(kShape), e = t.act(kShape), out = t.act(kShape);
    t.op(BuiltinOp::kRelu, {x}, a);
    t.op(BuiltinOp::kSoftmax, {a}, b);
    t.op(BuiltinOp::kMaxPool2d, {b}, c);
    t.op(BuiltinOp::kRelu, {c}, d);
    t.op(BuiltinOp::kAdd, {d, d}, e);
    t.op(BuiltinOp::kRelu, {e}, out);
    t.g.inputs = {x};
    t.g.outputs = {out};
    EXPECT_TRUE(plan_in_place(&t.g, {0, 0, 0, 16, 0, 0}).empty());
    const std::vector<InPlaceOp> without_temp = plan_in_place(&t.g, {});
    ASSERT_EQ(without_temp.size(), 1u);  // RELU c -> d once it has no temp
    EXPECT_EQ(t.in_place_of(d), c);
    EXPECT_EQ(t.in_place_of(b), -1);
    EXPECT_EQ(t.in_place_of(c), -1);
    EXPECT_EQ(t.in_place_of(e), -1);
  }
  {
    Graph t;  // QUANTIZE int8 -> int16: different byte sizes
    const int x = t.act(kShape), a = t.act(kShape), q = t.act(kShape), out = t.act(kShape);
    t.g.tensors[static_cast<size_t>(q)].type = DataType::kInt16;
    t.g.tensors[static_cast<size_t>(out)].type = DataType::kInt16;
    t.op(BuiltinOp::kRelu, {x}, a);
    t.op(BuiltinOp::kQuantize, {a}, q);
    t.op(BuiltinOp::kRelu, {q}, out);
    t.g.inputs = {x};
    t.g.outputs = {out};
    EXPECT_TRUE(plan_in_place(&t.g, {}).empty());
    t.g.tensors[static_cast<size_t>(q)].type = DataType::kInt8;  // int8 -> int8 requantize
    EXPECT_EQ(plan_in_place(&t.g, {}).size(), 1u);
    EXPECT_EQ(t.in_place_of(q), a);
  }
}

// The loader: in -COPY-> A; A -OP-> B at A's bytes; B -COPY-> out.
std::vector<uint8_t> pair_binary(BuiltinOp op, bool same_dims) {
  lpai::writer::GraphBuilder b;
  b.set_alignment(4, 16);
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {1, 4, 2, 1});
  const uint32_t a = b.add_scratch("A", DataType::kInt8, {1, 4, 2, 1});
  const uint32_t y = b.add_scratch("B", DataType::kInt8, {1, 4, 2, 1});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {1, 4, 2, 1});
  b.add_node(BuiltinOp::kCopy, {in}, {a});
  b.add_node(op, {a}, {y});
  b.add_node(BuiltinOp::kCopy, {y}, {out});
  b.set_inputs({in});
  b.set_outputs({out});
  lpai::writer::GraphDesc g = b.build();
  g.tensors[y].offset = g.tensors[a].offset;
  if (!same_dims) g.tensors[a].dims = {1, 8};
  lpai::host::HostResult<std::vector<uint8_t>> r = lpai::writer::serialize_context_binary(g);
  EXPECT_TRUE(r.ok()) << r.error();
  return r.ok() ? r.value() : std::vector<uint8_t>();
}

// validate_binary on a copy of `bin` in 16-byte aligned storage.
lpai::Status validate(const std::vector<uint8_t>& bin) {
  std::vector<uint64_t> words(bin.size() / 8 + 3, 0);
  uint8_t* aligned = reinterpret_cast<uint8_t*>(words.data());
  aligned += (16 - reinterpret_cast<uintptr_t>(aligned) % 16) % 16;
  std::copy(bin.begin(), bin.end(), aligned);
  lpai::format::BinaryView view;
  return lpai::format::validate_binary(aligned, bin.size(), &view);
}

TEST(InPlace, LoaderAcceptsPairsOfTableOpsOnly) {
  EXPECT_EQ(validate(pair_binary(BuiltinOp::kRelu, true)), lpai::Status::kOk);
  EXPECT_EQ(validate(pair_binary(BuiltinOp::kCopy, true)), lpai::Status::kBinaryBadPlan);
  EXPECT_EQ(validate(pair_binary(BuiltinOp::kRelu, false)), lpai::Status::kBinaryBadPlan);
}

std::vector<uint8_t> read_bytes(const std::string& path, bool* ok) {
  std::ifstream f(path, std::ios::binary);
  *ok = static_cast<bool>(f);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// A tensor like `src` (integer, no graph IO flag), named name.
int clone_tensor(PrepGraph* g, int src, const std::string& name) {
  PrepTensor& t = g->add_tensor();
  const PrepTensor& s = g->tensors[static_cast<size_t>(src)];
  t.name = name;
  t.type = s.type;
  t.shape = s.shape;
  t.scales = s.scales;
  t.zero_points = s.zero_points;
  t.quant_axis = s.quant_axis;
  return t.index;
}

// Puts a COPY after every graph input and before every graph output, so the model's ops read
// and write scratch activations that die at them.
void wrap_in_copies(PrepGraph* g) {
  std::vector<PrepOp> ops;
  for (int x : g->inputs) {
    const int c = clone_tensor(g, x, g->tensors[static_cast<size_t>(x)].name + "_copy");
    for (PrepOp& op : g->ops) {
      for (const PrepTensor*& t : op.inputs) {
        if (t != nullptr && t->index == x) t = &g->tensors[static_cast<size_t>(c)];
      }
    }
    PrepOp copy;
    copy.builtin = kCopyBuiltin;
    copy.inputs = {&g->tensors[static_cast<size_t>(x)]};
    copy.outputs = {&g->tensors[static_cast<size_t>(c)]};
    ops.push_back(std::move(copy));
  }
  std::vector<PrepOp> tail;
  for (int y : g->outputs) {
    const int c = clone_tensor(g, y, g->tensors[static_cast<size_t>(y)].name + "_copy");
    for (PrepOp& op : g->ops) {
      for (auto* list : {&op.inputs, &op.outputs}) {
        for (const PrepTensor*& t : *list) {
          if (t != nullptr && t->index == y) t = &g->tensors[static_cast<size_t>(c)];
        }
      }
    }
    PrepOp copy;
    copy.builtin = kCopyBuiltin;
    copy.inputs = {&g->tensors[static_cast<size_t>(c)]};
    copy.outputs = {&g->tensors[static_cast<size_t>(y)]};
    tail.push_back(std::move(copy));
  }
  for (PrepOp& op : g->ops) ops.push_back(std::move(op));
  for (PrepOp& op : tail) ops.push_back(std::move(op));
  g->ops = std::move(ops);
}

// Prepares the case wrapped in copies (in place on or off) and compares every output with
// TFLite Micro's. Returns "" when exact; *in_place gets the ops planned in place.
std::string run_wrapped(const std::string& dir, const nlohmann::json& c, bool in_place_on,
                        size_t* in_place) {
  bool ok = false;
  const std::vector<uint8_t> model = read_bytes(dir + "/model.tflite", &ok);
  if (!ok) return "cannot read model.tflite";
  PrepGraph g;
  if (lpai::host::HostStatus st = import_tflite(model.data(), model.size(), &g); !st.ok()) return st.error();
  wrap_in_copies(&g);
  PlanOptions options;
  options.in_place = in_place_on;
  PrepareOutput prepared;
  if (lpai::host::HostStatus st = prepare_graph(std::move(g), options, &prepared); !st.ok()) {
    return st.error();
  }
  *in_place = prepared.in_place.size();
  const std::string checked = check_plan(prepared.graph, prepared.temp_bytes, prepared.options, prepared.plan);
  if (!checked.empty()) return "plan: " + checked;
  std::string why;
  std::unique_ptr<lpai::host::Session> s =
      lpai::host::Session::open(prepared.binary, lpai::host::SessionOptions(), &why);
  if (!s) return why;
  std::vector<std::vector<uint8_t>> inputs;
  for (const auto& f : c.at("files").at("inputs")) {
    inputs.push_back(read_bytes(dir + "/" + f.get<std::string>(), &ok));
    if (!ok) return "cannot read an input";
  }
  std::vector<std::vector<uint8_t>> outputs;
  if (!s->run(inputs, &outputs, &why)) return why;
  const auto& names = c.at("files").at("outputs");
  if (outputs.size() != names.size()) return "output count";
  for (size_t j = 0; j < outputs.size(); ++j) {
    const std::vector<uint8_t> want = read_bytes(dir + "/" + names.at(j).get<std::string>(), &ok);
    if (!ok) return "cannot read an output";
    if (outputs[j] != want) return names.at(j).get<std::string>() + " differs";
  }
  return "";
}

TEST(InPlace, ConformanceCasesRunInPlaceBitExact) {
  LPAI_REQUIRE_SHARED(root, "conformance");
  std::ifstream mf(root + "/manifest.json");
  ASSERT_TRUE(mf);
  const nlohmann::json manifest = nlohmann::json::parse(mf);
  const std::set<std::string> ops = {"ADD",  "SUB",      "MUL",  "RELU",       "RELU6",
                                     "LEAKY_RELU", "LOGISTIC", "TANH", "HARD_SWISH", "QUANTIZE"};
  int cases = 0, in_place_cases = 0;
  std::set<std::string> ops_in_place;
  for (const auto& c : manifest.at("cases")) {
    const std::string op = c.at("op").get<std::string>();
    if (ops.count(op) == 0 || c.at("inferences").get<int>() != 1) continue;
    const std::string id = c.at("id").get<std::string>();
    const std::string dir = root + "/" + c.at("dir").get<std::string>();
    size_t on = 0, off = 0;
    EXPECT_EQ(run_wrapped(dir, c, true, &on), "") << id << " in place";
    EXPECT_EQ(run_wrapped(dir, c, false, &off), "") << id << " not in place";
    EXPECT_EQ(off, 0u) << id;
    ++cases;
    if (on > 0) {
      ++in_place_cases;
      ops_in_place.insert(op);
    }
  }
  std::printf("%d cases, %d run in place, ops:", cases, in_place_cases);
  for (const std::string& op : ops_in_place) std::printf(" %s", op.c_str());
  std::printf("\n");
  EXPECT_GT(cases, 60);
  // Every op of the table has a case without broadcast, run in place.
  EXPECT_EQ(ops_in_place, ops);
}

TEST(InPlace, ZooPlansPassTheCheckerAndNeverGrow) {
  LPAI_REQUIRE_SHARED(root, "zoo");
  std::ifstream idx(root + "/index.json");
  ASSERT_TRUE(idx);
  const nlohmann::json index = nlohmann::json::parse(idx);
  int with_in_place = 0;
  for (const auto& e : index.at("models").items()) {
    const std::string dir = root + "/" + e.key();
    std::ifstream mf(dir + "/manifest.json");
    ASSERT_TRUE(mf);
    const nlohmann::json m = nlohmann::json::parse(mf);
    bool ok = false;
    const std::vector<uint8_t> model = read_bytes(dir + "/" + m.at("files").at("model").get<std::string>(), &ok);
    ASSERT_TRUE(ok) << e.key();
    PrepareOutput on, off;
    PlanOptions o;
    if (!prepare_tflite(model.data(), model.size(), o, &on).ok()) continue;  // refused: lpai_zoo
    o.in_place = false;
    ASSERT_TRUE(prepare_tflite(model.data(), model.size(), o, &off).ok()) << e.key();
    EXPECT_EQ(check_plan(on.graph, on.temp_bytes, on.options, on.plan), "") << e.key();
    EXPECT_TRUE(off.in_place.empty());
    EXPECT_LE(on.plan.scratch_lower_bound, off.plan.scratch_lower_bound) << e.key();
    uint64_t bytes = 0;
    for (const InPlaceOp& op : on.in_place) bytes += op.bytes;
    std::printf("%-36s in place %3zu ops (%8llu bytes); scratch %8llu -> %8llu, bound %8llu -> %8llu\n",
                e.key().c_str(), on.in_place.size(), static_cast<unsigned long long>(bytes),
                static_cast<unsigned long long>(off.plan.scratch_size),
                static_cast<unsigned long long>(on.plan.scratch_size),
                static_cast<unsigned long long>(off.plan.scratch_lower_bound),
                static_cast<unsigned long long>(on.plan.scratch_lower_bound));
    if (!on.in_place.empty()) ++with_in_place;
  }
  EXPECT_GT(with_in_place, 0);
}

}  // namespace

namespace {

// ---- PAD folded into the following convolution ----------------------------------------------

// The bytes of every output of `model` run once on `inputs` (prepared with `options`); empty
// on a failure, reported.
std::vector<std::vector<uint8_t>> run_model(const std::vector<uint8_t>& model, const PlanOptions& options,
                                            const std::vector<std::vector<uint8_t>>& inputs,
                                            PrepareOutput* prepared) {
  if (lpai::host::HostStatus st = prepare_tflite(model.data(), model.size(), options, prepared); !st.ok()) {
    ADD_FAILURE() << st.error();
    return {};
  }
  EXPECT_EQ(check_plan(prepared->graph, prepared->temp_bytes, prepared->options, prepared->plan), "");
  std::string why;
  std::unique_ptr<lpai::host::Session> s =
      lpai::host::Session::open(prepared->binary, lpai::host::SessionOptions(), &why);
  if (!s) {
    ADD_FAILURE() << why;
    return {};
  }
  std::vector<std::vector<uint8_t>> outputs;
  if (!s->run(inputs, &outputs, &why)) ADD_FAILURE() << why;
  return outputs;
}

namespace tb = lpai::tflite_builder;

// in [1,h,w,4] (zero point -3) -PAD(pads)-> p -CONV_2D or DEPTHWISE_CONV_2D (3x3, VALID,
// stride)-> out [1,oh,ow,c].
std::vector<uint8_t> pad_conv_model(bool depthwise, int h, int w, const std::vector<int32_t>& pads,
                                    int stride) {
  tb::TfliteBuilder m;
  const int in_c = 4, pc = in_c + pads[6] + pads[7], out_c = depthwise ? pc : 5;
  const int ph = h + pads[2] + pads[3], pw = w + pads[4] + pads[5];
  const int oh = (ph - 3) / stride + 1, ow = (pw - 3) / stride + 1;
  const int in = m.act("in", {1, h, w, in_c}, 0.5f, -3);
  tb::TensorSpec ps;
  ps.name = "pads";
  ps.type = lpai::tflite::TensorType_INT32;
  ps.shape = {4, 2};
  ps.data.resize(32);
  std::memcpy(ps.data.data(), pads.data(), 32);
  const int pid = m.tensor(ps);
  const int padded = m.act("padded", {1, ph, pw, pc}, 0.5f, -3);
  tb::TensorSpec f;
  f.name = "filter";
  f.shape = depthwise ? std::vector<int32_t>{1, 3, 3, out_c} : std::vector<int32_t>{out_c, 3, 3, pc};
  f.scales.assign(static_cast<size_t>(out_c), 0.02f);
  for (int c = 0; c < out_c; ++c) f.scales[static_cast<size_t>(c)] += 0.005f * c;
  f.zero_points.assign(static_cast<size_t>(out_c), 0);
  f.quant_axis = depthwise ? 3 : 0;
  for (int i = 0; i < 9 * out_c * (depthwise ? 1 : pc); ++i) f.data.push_back(static_cast<uint8_t>((i * 37 + 11) % 251 - 125));
  const int fid = m.tensor(f);
  const int out = m.act("out", {1, oh, ow, out_c}, 0.25f, 2);
  tb::OpSpec pad;
  pad.builtin = static_cast<int>(BuiltinOp::kPad);
  pad.inputs = {in, pid};
  pad.outputs = {padded};
  m.op(pad);
  if (depthwise) {
    m.op({tb::kDepthwiseConv2d, {padded, fid}, {out}, {}, lpai::tflite::BuiltinOptions_DepthwiseConv2DOptions,
          [=](flatbuffers::FlatBufferBuilder& fbb) {
            return lpai::tflite::CreateDepthwiseConv2DOptions(fbb, lpai::tflite::Padding_VALID, stride, stride, 1,
                                                              lpai::tflite::ActivationFunctionType_NONE, 1, 1)
                .Union();
          },
          -1});
  } else {
    m.op({tb::kConv2d, {padded, fid}, {out}, {}, lpai::tflite::BuiltinOptions_Conv2DOptions,
          tb::conv_options(lpai::tflite::Padding_VALID, stride, stride, lpai::tflite::ActivationFunctionType_NONE),
          -1});
  }
  m.io({in}, {out});
  return m.finish();
}

TEST(FoldPad, AsymmetricPaddingsGiveTheUnfoldedBytes) {
  struct Case {
    bool depthwise;
    int h, w;
    std::vector<int32_t> pads;
    int stride;
    size_t folded;
  };
  const std::vector<Case> cases = {
      {false, 7, 6, {0, 0, 0, 1, 1, 0, 0, 0}, 2, 1},   // bottom / left only, stride 2
      {false, 6, 6, {0, 0, 2, 0, 0, 2, 0, 0}, 1, 1},   // top 2, right 2
      {true, 7, 6, {0, 0, 1, 2, 0, 1, 0, 0}, 2, 1},    // depthwise, mixed
      {true, 5, 5, {0, 0, 1, 1, 1, 1, 0, 0}, 1, 1},    // depthwise, symmetric
      {false, 5, 5, {0, 0, 3, 0, 0, 0, 0, 0}, 1, 0},   // top 3 >= the 3-row filter: stays
      {true, 5, 5, {0, 0, 0, 4, 0, 0, 0, 0}, 1, 0},    // last windows all padding: stays
      {false, 5, 5, {0, 0, 1, 1, 1, 1, 0, 1}, 1, 0},   // channel padding: stays
  };
  for (const Case& c : cases) {
    const std::vector<uint8_t> model = pad_conv_model(c.depthwise, c.h, c.w, c.pads, c.stride);
    std::vector<uint8_t> input(static_cast<size_t>(c.h * c.w * 4));
    for (size_t i = 0; i < input.size(); ++i) input[i] = static_cast<uint8_t>(i * 91 + 7);
    PlanOptions plain, folding;
    folding.fold_pad = true;
    PrepareOutput a, b;
    const std::vector<std::vector<uint8_t>> want = run_model(model, plain, {input}, &a);
    const std::vector<std::vector<uint8_t>> got = run_model(model, folding, {input}, &b);
    const std::string what = std::string(c.depthwise ? "depthwise" : "conv") + " h " + std::to_string(c.h);
    EXPECT_TRUE(a.folded_pads.empty()) << what;
    EXPECT_EQ(b.folded_pads.size(), c.folded) << what;
    ASSERT_EQ(want.size(), 1u) << what;
    EXPECT_EQ(got, want) << what;
    if (c.folded == 1) {
      EXPECT_EQ(b.graph.ops.size(), 1u) << what;
      EXPECT_LT(b.plan.scratch_size, a.plan.scratch_size) << what;
      EXPECT_EQ(b.folded_pads[0].top, c.pads[2]);
      EXPECT_EQ(b.folded_pads[0].left, c.pads[4]);
    }
  }
}

// PAD -> conv on hand-built graphs: a second reader, graph IO, SAME padding or a convolution
// reading the PAD's output as its filter keep the PAD.
TEST(FoldPad, RefusedCases) {
  std::vector<int32_t> pad_data = {0, 0, 1, 1, 1, 1, 0, 0};
  std::vector<int8_t> filter_data(9 * 4, 1);
  auto build = [&](Graph* t, int* padded, int* conv_out) {
    const int x = t->act({1, 5, 5, 4});
    const int a = t->act({1, 5, 5, 4});
    PrepTensor& pads = t->g.add_tensor();
    pads.type = DataType::kInt32;
    pads.shape = {4, 2};
    pads.data = reinterpret_cast<const uint8_t*>(pad_data.data());
    pads.data_size = 32;
    PrepTensor& f = t->g.add_tensor();
    f.type = DataType::kInt8;
    f.shape = {1, 3, 3, 4};
    f.scales = {0.1f};
    f.zero_points = {0};
    f.data = reinterpret_cast<const uint8_t*>(filter_data.data());
    f.data_size = filter_data.size();
    *padded = t->act({1, 7, 7, 4});
    *conv_out = t->act({1, 5, 5, 4});
    t->op(BuiltinOp::kRelu, {x}, a);
    t->op(BuiltinOp::kPad, {a, pads.index}, *padded);
    t->op(BuiltinOp::kDepthwiseConv2d, {*padded, f.index}, *conv_out);
    t->g.ops.back().options.padding = 1;  // VALID
    t->g.inputs = {x};
    t->g.outputs = {*conv_out};
  };
  {
    Graph t;
    int p = 0, y = 0;
    build(&t, &p, &y);
    const std::vector<FoldedPad> f = fold_pads(&t.g);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(t.g.ops.size(), 2u);
    EXPECT_EQ(t.g.ops[1].inputs[0]->index, 1);  // the PAD's input
    EXPECT_EQ(t.g.ops[1].options.explicit_pad_h, 1);
    EXPECT_EQ(t.g.ops[1].options.explicit_pad_w, 1);
    EXPECT_EQ(describe_folded_pad(f[0]), "PAD_1 into DEPTHWISE_CONV_2D_2 (pads t/b/l/r 1/1/1/1, 196 bytes of copy gone)");
  }
  {
    Graph t;  // a second reader of the padded tensor
    int p = 0, y = 0;
    build(&t, &p, &y);
    const int z = t.act({1, 7, 7, 4});
    t.op(BuiltinOp::kRelu, {p}, z);
    t.g.outputs.push_back(z);
    EXPECT_TRUE(fold_pads(&t.g).empty());
  }
  {
    Graph t;  // the padded tensor is a graph output
    int p = 0, y = 0;
    build(&t, &p, &y);
    t.g.outputs.push_back(p);
    EXPECT_TRUE(fold_pads(&t.g).empty());
  }
  {
    Graph t;  // SAME padding
    int p = 0, y = 0;
    build(&t, &p, &y);
    t.g.ops.back().options.padding = 0;
    EXPECT_TRUE(fold_pads(&t.g).empty());
  }
  {
    Graph t;  // batch padding
    int p = 0, y = 0;
    pad_data = {0, 1, 1, 1, 1, 1, 0, 0};
    build(&t, &p, &y);
    EXPECT_TRUE(fold_pads(&t.g).empty());
    pad_data = {0, 0, 1, 1, 1, 1, 0, 0};
  }
}

// Every zoo model with PADs folded and CONCATENATIONs in views, all its inferences on one
// session (state carried), against TFLite Micro's outputs; the peak never grows.
TEST(FoldPad, ZooModelsRewrittenAreBitExact) {
  LPAI_REQUIRE_SHARED(root, "zoo");
  std::ifstream idx(root + "/index.json");
  ASSERT_TRUE(idx);
  const nlohmann::json index = nlohmann::json::parse(idx);
  size_t pads = 0, concats = 0;
  for (const auto& e : index.at("models").items()) {
    const std::string name = e.key(), dir = root + "/" + name;
    std::ifstream mf(dir + "/manifest.json");
    ASSERT_TRUE(mf) << name;
    const nlohmann::json m = nlohmann::json::parse(mf);
    bool ok = false;
    const std::vector<uint8_t> model = read_bytes(dir + "/" + m.at("files").at("model").get<std::string>(), &ok);
    ASSERT_TRUE(ok) << name;
    PlanOptions o;
    PrepareOutput plain, rewritten;
    if (!prepare_tflite(model.data(), model.size(), o, &plain).ok()) continue;  // refused: lpai_zoo
    o.fold_pad = true;
    o.concat_views = true;
    ASSERT_TRUE(prepare_tflite(model.data(), model.size(), o, &rewritten).ok()) << name;
    EXPECT_EQ(check_plan(rewritten.graph, rewritten.temp_bytes, rewritten.options, rewritten.plan), "") << name;
    std::string why;
    std::unique_ptr<lpai::host::Session> s =
        lpai::host::Session::open(rewritten.binary, lpai::host::SessionOptions(), &why);
    ASSERT_TRUE(s) << name << ": " << why;
    const int inferences = m.at("inferences").get<int>();
    for (int k = 0; k < inferences; ++k) {
      std::vector<std::vector<uint8_t>> inputs, outputs;
      for (const auto& f : m.at("files").at("inputs").at(k)) {
        inputs.push_back(read_bytes(dir + "/" + f.get<std::string>(), &ok));
        ASSERT_TRUE(ok) << name;
      }
      ASSERT_TRUE(s->run(inputs, &outputs, &why)) << name << ": " << why;
      const auto& names = m.at("files").at("outputs").at(k);
      ASSERT_EQ(outputs.size(), names.size()) << name;
      for (size_t j = 0; j < outputs.size(); ++j) {
        EXPECT_TRUE(outputs[j] == read_bytes(dir + "/" + names.at(j).get<std::string>(), &ok))
            << name << " inference " << k << " output " << j;
      }
    }
    EXPECT_LE(rewritten.plan.scratch_lower_bound, plain.plan.scratch_lower_bound) << name;
    pads += rewritten.folded_pads.size();
    concats += rewritten.concats.size();
    std::printf("%-36s %2zu PADs folded, %zu CONCATENATIONs in views; scratch %llu -> %llu\n",
                name.c_str(), rewritten.folded_pads.size(), rewritten.concats.size(),
                static_cast<unsigned long long>(plain.plan.scratch_size),
                static_cast<unsigned long long>(rewritten.plan.scratch_size));
  }
  EXPECT_GT(pads, 0u);
  std::printf("%zu CONCATENATIONs in views (kept only where the plan is not larger)\n", concats);
}

// x1 [1,3,4,1] -CONV 1x1-> a [1,3,4,16]; x2 [1,5,4,1] -CONV 1x1-> b [1,5,4,16];
// CONCATENATION(a, b, axis) -> y; y -CONV 1x1-> out (1 channel). With views the two CONV write
// rows 0..3 and 3..8 of y.
std::vector<uint8_t> concat_model(int axis) {
  tb::TfliteBuilder m;
  auto filter = [&](const std::string& name, std::vector<int32_t> shape, int n) {
    tb::TensorSpec f;
    f.name = name;
    f.shape = std::move(shape);
    f.scales = {0.03f};
    f.zero_points = {0};
    for (int i = 0; i < n; ++i) f.data.push_back(static_cast<uint8_t>((i * 53 + 5) % 201 - 100));
    return m.tensor(f);
  };
  const int x1 = m.act("x1", {1, 3, 4, 1}), x2 = m.act("x2", {1, 5, 4, 1});
  const int f1 = filter("f1", {16, 1, 1, 1}, 16), f2 = filter("f2", {16, 1, 1, 1}, 16);
  const int f3 = filter("f3", {1, 1, 1, 16}, 16);
  const int a = m.act("a", {1, 3, 4, 16}), b = m.act("b", {1, 5, 4, 16});
  const int y = m.act("y", {1, 8, 4, 16}), out = m.act("out", {1, 8, 4, 1}, 0.25f, 1);
  const auto conv = [&](int in, int f, int o) {
    m.op({tb::kConv2d, {in, f}, {o}, {}, lpai::tflite::BuiltinOptions_Conv2DOptions,
          tb::conv_options(lpai::tflite::Padding_VALID, 1, 1, lpai::tflite::ActivationFunctionType_NONE), -1});
  };
  conv(x1, f1, a);
  conv(x2, f2, b);
  m.op({static_cast<int>(BuiltinOp::kConcatenation), {a, b}, {y}, {}, lpai::tflite::BuiltinOptions_ConcatenationOptions,
        [=](flatbuffers::FlatBufferBuilder& fbb) {
          return lpai::tflite::CreateConcatenationOptions(fbb, axis).Union();
        },
        -1});
  conv(y, f3, out);
  m.io({x1, x2}, {out});
  return m.finish();
}

TEST(ConcatViews, ProducersWriteTheirRowsBitExact) {
  for (int axis : {1, -3}) {
    const std::vector<uint8_t> model = concat_model(axis);
    std::vector<uint8_t> in1(12), in2(20);
    for (size_t i = 0; i < in1.size(); ++i) in1[i] = static_cast<uint8_t>(i * 29 + 3);
    for (size_t i = 0; i < in2.size(); ++i) in2[i] = static_cast<uint8_t>(i * 67 + 100);
    PlanOptions plain, views;
    views.concat_views = true;
    PrepareOutput a, b;
    const std::vector<std::vector<uint8_t>> want = run_model(model, plain, {in1, in2}, &a);
    const std::vector<std::vector<uint8_t>> got = run_model(model, views, {in1, in2}, &b);
    ASSERT_EQ(want.size(), 1u);
    EXPECT_EQ(got, want);
    EXPECT_TRUE(a.concats.empty());
    ASSERT_EQ(b.concats.size(), 1u);
    EXPECT_EQ(b.graph.ops.size(), 3u);  // the CONCATENATION is gone
    EXPECT_EQ(b.concats[0].views.size(), 2u);
    EXPECT_EQ(describe_concat_views(b.graph, b.concats[0]), "CONCATENATION_2: 2 producers write rows of 'y' (512 bytes)");
    EXPECT_EQ(a.plan.scratch_size, 1024u);  // a, b and y live at the CONCATENATION
    EXPECT_EQ(b.plan.scratch_size, 704u);   // x1, x2, y and the CONV's short-row temp (64)
  }
}

// Refused: channel axis, an input read twice, an input that is a graph input.
TEST(ConcatViews, RefusedCases) {
  {
    Graph t;  // axis 3
    const int x = t.act({1, 2, 2, 4}), a = t.act({1, 2, 2, 2}), b = t.act({1, 2, 2, 2}), y = t.act({1, 2, 2, 4}),
              out = t.act({1, 2, 2, 4});
    t.op(BuiltinOp::kRelu, {x}, a);
    t.op(BuiltinOp::kRelu, {x}, b);
    t.op(BuiltinOp::kConcatenation, {a, b}, y);
    t.g.ops.back().options.axis = 3;
    t.op(BuiltinOp::kRelu, {y}, out);
    t.g.inputs = {x};
    t.g.outputs = {out};
    EXPECT_TRUE(concat_into_views(&t.g).empty());
    t.g.ops[2].options.axis = 1;  // rows, but the shapes differ in channels: still refused
    EXPECT_TRUE(concat_into_views(&t.g).empty());
  }
  {
    Graph t;  // rows: taken; then the same with an input read again, or a graph input
    const int x = t.act({1, 2, 2, 4}), a = t.act({1, 2, 2, 4}), b = t.act({1, 2, 2, 4}), y = t.act({1, 4, 2, 4}),
              out = t.act({1, 4, 2, 4});
    t.op(BuiltinOp::kRelu, {x}, a);
    t.op(BuiltinOp::kRelu, {x}, b);
    t.op(BuiltinOp::kConcatenation, {a, b}, y);
    t.g.ops.back().options.axis = 1;
    t.op(BuiltinOp::kRelu, {y}, out);
    t.g.inputs = {x};
    t.g.outputs = {out};
    const std::vector<ConcatInViews> done = concat_into_views(&t.g);
    ASSERT_EQ(done.size(), 1u);
    EXPECT_EQ(t.g.row_view[static_cast<size_t>(a)].parent, y);
    EXPECT_EQ(t.g.row_view[static_cast<size_t>(b)].first_row, 2);
    clear_concat_views(&t.g, done);
    EXPECT_FALSE(t.g.is_row_view(a));
  }
  {
    Graph t;  // x concatenated directly: a graph input
    const int x = t.act({1, 2, 2, 4}), a = t.act({1, 2, 2, 4}), y = t.act({1, 4, 2, 4}), out = t.act({1, 4, 2, 4});
    t.op(BuiltinOp::kRelu, {x}, a);
    t.op(BuiltinOp::kConcatenation, {x, a}, y);
    t.g.ops.back().options.axis = 1;
    t.op(BuiltinOp::kRelu, {y}, out);
    t.g.inputs = {x};
    t.g.outputs = {out};
    EXPECT_TRUE(concat_into_views(&t.g).empty());
  }
  {
    Graph t;  // a read again after the CONCATENATION
    const int x = t.act({1, 2, 2, 4}), a = t.act({1, 2, 2, 4}), b = t.act({1, 2, 2, 4}), y = t.act({1, 4, 2, 4}),
              out = t.act({1, 4, 2, 4}), z = t.act({1, 2, 2, 4});
    t.op(BuiltinOp::kRelu, {x}, a);
    t.op(BuiltinOp::kRelu, {x}, b);
    t.op(BuiltinOp::kConcatenation, {a, b}, y);
    t.g.ops.back().options.axis = 1;
    t.op(BuiltinOp::kRelu, {y}, out);
    t.op(BuiltinOp::kRelu, {a}, z);
    t.g.inputs = {x};
    t.g.outputs = {out, z};
    EXPECT_TRUE(concat_into_views(&t.g).empty());
  }
}

}  // namespace
