// Control flow in the firmware (kernels/control_flow.h): the load-time checks of CALL_ONCE,
// IF, WHILE and JUMP nodes (exact status and log line for each bad binary), the executor
// running a CALL_ONCE block at the first execute after finalize only (resetPersistent does
// not re-arm it, as TFLite Micro's Reset does not) and taking IF / JUMP branches.
#include <cstring>

#include "common/test_support.h"
#include "graph_fixture.h"
#include "kernels/control_flow.h"
#include "kernels/kernel_api.h"

namespace lpai_graph_test {
namespace {

using CallOnce = RuntimeTest;
using ControlFlow = RuntimeTest;
using lpai::kernels::CallOnceParams;

std::vector<uint8_t> params(uint32_t block_nodes, uint32_t once_slot) {
  CallOnceParams p{block_nodes, once_slot};
  std::vector<uint8_t> v(sizeof(p));
  std::memcpy(v.data(), &p, sizeof(p));
  return v;
}

// in -> out through the persistent "state" (out = state; state = in), with a CALL_ONCE block
// that first sets state = init {1, 2, 3, 4}. Tensor ids: in 0, state 1, out 2, init 3.
// Nodes: 0 CALL_ONCE [1: COPY init -> state], 2 COPY state -> out, 3 COPY in -> state.
lpai::writer::GraphBuilder once_graph(uint32_t block_nodes = 1, uint32_t slot = 0) {
  lpai::writer::GraphBuilder b("once");
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {4});
  const uint32_t state = b.add_persistent("state", DataType::kInt8, {4});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {4});
  const uint32_t init = b.add_const_values<int8_t>("init", DataType::kInt8, {4}, {1, 2, 3, 4});
  b.add_node(BuiltinOp::kCallOnce, {}, {}, params(block_nodes, slot));
  b.add_node(BuiltinOp::kCopy, {init}, {state});
  b.add_node(BuiltinOp::kCopy, {state}, {out});
  b.add_node(BuiltinOp::kCopy, {in}, {state});
  b.set_inputs({in}).set_outputs({out});
  return b;
}

std::vector<uint8_t> serialize(const lpai::writer::GraphBuilder& b) {
  std::string err;
  std::vector<uint8_t> bin = b.serialize(&err);
  EXPECT_TRUE(err.empty()) << err;
  return bin;
}

// validate_nodes' status for `b`, with the one error line it logged in *line.
Status node_status(const lpai::writer::GraphBuilder& b, std::string* line) {
  std::vector<uint8_t> bin = serialize(b);
  lpai::format::BinaryView view;
  EXPECT_EQ(lpai::format::validate_binary(bin.data(), bin.size(), &view), Status::kOk);
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  const Status s = lpai::kernels::validate_nodes(view);
  *line = logs.lines().empty() ? std::string() : logs.lines().front();
  return s;
}

TEST_F(CallOnce, BlocksAreCheckedAtLoad) {
  std::string line;
  EXPECT_EQ(node_status(once_graph(), &line), Status::kOk);
  EXPECT_EQ(node_status(once_graph(3), &line), Status::kOk);  // the whole rest of the graph
  EXPECT_EQ(node_status(once_graph(4), &line), Status::kBinaryBadParams);
  EXPECT_NE(line.find("node 0 (CALL_ONCE) block of 4 nodes runs past the last node (4 nodes)"),
            std::string::npos)
      << line;
  EXPECT_EQ(node_status(once_graph(1, lpai::kernels::kMaxCallOnceNodes), &line),
            Status::kBinaryBadParams);
  EXPECT_NE(line.find("CALL_ONCE: run-once flag 8 is out of range (at most 8 CALL_ONCE nodes)"),
            std::string::npos)
      << line;
  {
    lpai::writer::GraphBuilder b = once_graph();
    b.add_node(BuiltinOp::kCallOnce, {}, {}, {1, 0, 0});  // 3-byte blob
    EXPECT_EQ(node_status(b, &line), Status::kBinaryBadParams);
    EXPECT_NE(line.find("CALL_ONCE: parameter blob is 3 bytes, expected 8"), std::string::npos)
        << line;
  }
  {
    lpai::writer::GraphBuilder b = once_graph();
    b.add_node(BuiltinOp::kCallOnce, {0}, {}, params(0, 1));
    EXPECT_EQ(node_status(b, &line), Status::kBinaryBadParams);
    EXPECT_NE(line.find("CALL_ONCE: takes no inputs and no outputs, got 1 / 0"), std::string::npos)
        << line;
  }
  {
    lpai::writer::GraphBuilder b = once_graph();
    b.add_node(BuiltinOp::kCallOnce, {}, {}, params(0, 0));  // flag 0 again
    EXPECT_EQ(node_status(b, &line), Status::kBinaryBadParams);
    EXPECT_NE(line.find("node 4 (CALL_ONCE) reuses run-once flag 0"), std::string::npos) << line;
  }
  {
    // Node 0's block is nodes 1..2; node 2 is a CALL_ONCE whose block (node 3) leaves it.
    lpai::writer::GraphBuilder b("nest");
    const uint32_t a = b.add_scratch("a", DataType::kInt8, {4});
    const uint32_t c = b.add_scratch("c", DataType::kInt8, {4});
    b.add_node(BuiltinOp::kCallOnce, {}, {}, params(2, 0));
    b.add_node(BuiltinOp::kCopy, {a}, {c});
    b.add_node(BuiltinOp::kCallOnce, {}, {}, params(1, 1));
    b.add_node(BuiltinOp::kCopy, {a}, {c});
    b.set_inputs({a}).set_outputs({c});
    EXPECT_EQ(node_status(b, &line), Status::kBinaryBadParams);
    EXPECT_NE(line.find("node 2 (CALL_ONCE) block ends past the block of node 0 that holds it"),
              std::string::npos)
        << line;
  }
}

TEST_F(CallOnce, BlockRunsAtTheFirstExecuteOnly) {
  open_and_finalize(serialize(once_graph()));
  lpai::host::AlignedBytes in(64, 64), out(64, 64);
  auto run = [&](std::vector<int8_t> x) {
    std::memcpy(in.data(), x.data(), 4);
    rt::IoTensor i = raw(0, in.data(), 4), o = raw(2, out.data(), 4);
    EXPECT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
    return std::vector<int8_t>(out.data(), out.data() + 4);
  };
  EXPECT_EQ(run({9, 9, 9, 9}), (std::vector<int8_t>{1, 2, 3, 4}));  // the init block ran
  EXPECT_EQ(run({5, 6, 7, 8}), (std::vector<int8_t>{9, 9, 9, 9}));  // skipped: state carried
  ASSERT_EQ(rt::graph_reset_persistent(graph_), Status::kOk);
  EXPECT_EQ(run({1, 1, 1, 1}), (std::vector<int8_t>{0, 0, 0, 0}));  // reset, init not re-run
  EXPECT_EQ(run({2, 2, 2, 2}), (std::vector<int8_t>{1, 1, 1, 1}));
}

template <typename T>
std::vector<uint8_t> blob(const T& p) {
  std::vector<uint8_t> v(sizeof(p));
  std::memcpy(v.data(), &p, sizeof(p));
  return v;
}

// out = c ? a : b, as IF(c) [COPY a -> out, JUMP +1] [COPY b -> out]. Tensor ids: c 0, a 1,
// b 2, out 3. `skip` / `jump` override the IF's skip and the JUMP's offset.
lpai::writer::GraphBuilder select_graph(uint32_t skip = 2, int32_t jump = 1,
                                        DataType cond_type = DataType::kBool) {
  lpai::writer::GraphBuilder b("select");
  const uint32_t c = b.add_scratch("c", cond_type, {1});
  const uint32_t a = b.add_scratch("a", DataType::kInt8, {4});
  const uint32_t bb = b.add_scratch("b", DataType::kInt8, {4});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {4});
  b.add_node(BuiltinOp::kIf, {c}, {}, blob(lpai::kernels::BranchParams{skip}));
  b.add_node(BuiltinOp::kCopy, {a}, {out});
  b.add_node(BuiltinOp::kJump, {}, {}, blob(lpai::kernels::JumpParams{jump}));
  b.add_node(BuiltinOp::kCopy, {bb}, {out});
  b.set_inputs({c, a, bb}).set_outputs({out});
  return b;
}

TEST_F(ControlFlow, BranchesAreCheckedAtLoad) {
  std::string line;
  EXPECT_EQ(node_status(select_graph(), &line), Status::kOk);
  EXPECT_EQ(node_status(select_graph(4), &line), Status::kBinaryBadParams);
  EXPECT_NE(line.find("node 0 (IF) skips 4 nodes, past the last node (4 nodes)"),
            std::string::npos)
      << line;
  EXPECT_EQ(node_status(select_graph(2, 2), &line), Status::kBinaryBadParams);
  EXPECT_NE(line.find("node 2 (JUMP) offset 2 leaves the node list (4 nodes)"), std::string::npos)
      << line;
  EXPECT_EQ(node_status(select_graph(2, -4), &line), Status::kBinaryBadParams);
  EXPECT_NE(line.find("node 2 (JUMP) offset -4 leaves the node list (4 nodes)"), std::string::npos)
      << line;
  EXPECT_EQ(node_status(select_graph(2, -3), &line), Status::kOk);  // back to node 0
  EXPECT_EQ(node_status(select_graph(2, 1, DataType::kInt8), &line), Status::kBinaryBadTensor);
  EXPECT_NE(line.find("IF: the condition must be one bool, got data type 1 of 1 bytes"),
            std::string::npos)
      << line;
}

TEST_F(ControlFlow, IfTakesTheBranchOfItsCondition) {
  open_and_finalize(serialize(select_graph()));
  lpai::host::AlignedBytes c(64, 64), a(64, 64), b(64, 64), out(64, 64);
  std::memcpy(a.data(), "\x01\x02\x03\x04", 4);
  std::memcpy(b.data(), "\x09\x08\x07\x06", 4);
  for (uint8_t cond : {1, 0, 2}) {
    c.data()[0] = cond;
    rt::IoTensor in[3] = {raw(0, c.data(), 1), raw(1, a.data(), 4), raw(2, b.data(), 4)};
    rt::IoTensor o = raw(3, out.data(), 4);
    ASSERT_EQ(rt::graph_execute(graph_, in, 3, &o, 1), Status::kOk);
    EXPECT_EQ(std::memcmp(out.data(), cond != 0 ? a.data() : b.data(), 4), 0) << int(cond);
  }
}

}  // namespace
}  // namespace lpai_graph_test
