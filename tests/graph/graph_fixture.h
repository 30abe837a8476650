// Shared helpers of the graph tests: small graphs built with tests/common/graph_builder and
// a fixture that starts every test from a clean runtime (no backend, no contexts, fresh
// pools, default alignment).
#ifndef LPAI_TESTS_GRAPH_GRAPH_FIXTURE_H
#define LPAI_TESTS_GRAPH_GRAPH_FIXTURE_H

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "graph/runtime.h"
#include "lpai/hal_host.h"
#include "memory/ddr_arena.h"
#include "memory/tcm_pool.h"
#include "common/graph_builder.h"

namespace lpai_graph_test {

using lpai::Status;
using lpai::format::BuiltinOp;
using lpai::format::DataType;
namespace rt = lpai::rt;

// in[bytes] -> COPY -> out[bytes]. Raw hint: both planned in scratch (offsets 0 and
// round_up(bytes, 16)); memhandle hint: both MemClass kIo.
inline std::vector<uint8_t> copy_graph(bool memhandle_hint, uint32_t bytes = 64,
                                       const std::string& name = "copy") {
  lpai::writer::GraphBuilder b(name);
  b.set_io_memhandle_hint(memhandle_hint);
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {bytes});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {bytes});
  b.add_node(BuiltinOp::kCopy, {in}, {out});
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  std::vector<uint8_t> bin = b.serialize(&err);
  EXPECT_TRUE(err.empty()) << err;
  return bin;
}

// in -> COPY -> mid -> RESHAPE -> out; mid is an intermediate scratch tensor.
// Tensor ids: in 0, mid 1, out 2 ([bytes] -> [bytes] -> [2, bytes / 2]).
inline std::vector<uint8_t> chain_graph(bool memhandle_hint, uint32_t bytes = 40) {
  lpai::writer::GraphBuilder b("chain");
  b.set_io_memhandle_hint(memhandle_hint);
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {bytes});
  const uint32_t mid = b.add_scratch("mid", DataType::kInt8, {bytes});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {2, bytes / 2});
  b.add_node(BuiltinOp::kCopy, {in}, {mid});
  b.add_node(BuiltinOp::kReshape, {mid}, {out});
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  std::vector<uint8_t> bin = b.serialize(&err);
  EXPECT_TRUE(err.empty()) << err;
  return bin;
}

// A one-step memory (RNN-like): out = state; state = in. Node order: state -> COPY -> out,
// then in -> COPY -> state (persistent, variable). Execute k returns the input of execute
// k - 1 (zeros on the first run after finalize or a persistent reset).
// Tensor ids: in 0, state 1, out 2.
inline std::vector<uint8_t> state_graph(bool memhandle_hint = false, uint32_t bytes = 24) {
  lpai::writer::GraphBuilder b("state");
  b.set_io_memhandle_hint(memhandle_hint);
  const uint32_t in = b.add_scratch("in", DataType::kInt8, {bytes});
  const uint32_t state = b.add_persistent("state", DataType::kInt8, {bytes});
  const uint32_t out = b.add_scratch("out", DataType::kInt8, {bytes});
  b.add_node(BuiltinOp::kCopy, {state}, {out});
  b.add_node(BuiltinOp::kCopy, {in}, {state});
  b.set_inputs({in}).set_outputs({out});
  std::string err;
  std::vector<uint8_t> bin = b.serialize(&err);
  EXPECT_TRUE(err.empty()) << err;
  return bin;
}

inline std::vector<uint8_t> pattern(size_t n, uint8_t seed) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<uint8_t>(seed + 7 * i);
  return v;
}

// Starts each test with no backend, no contexts, no handles, fresh pools and the default
// alignment; the log level is left at ERROR.
class RuntimeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    rt::shutdown();
    lpai_hal_host_reset_alignment();
    lpai::tcm_pool().reset();
    for (uint32_t i = 0; i < lpai::ddr_arena_count(); ++i) lpai::ddr_arena(i)->reset();
    ASSERT_EQ(rt::backend_create(&backend_), Status::kOk);
  }
  void TearDown() override {
    rt::shutdown();
    lpai_hal_host_reset_alignment();
  }

  // Creates a context from `bin` and retrieves its graph.
  void open(const std::vector<uint8_t>& bin, lpai::MemType mem = lpai::MemType::kDdr,
            const char* name = nullptr) {
    rt::ContextConfig cfg = rt::kDefaultContextConfig;
    cfg.mem_type = mem;
    ASSERT_EQ(rt::context_create(backend_, bin.data(), bin.size(), cfg, &context_), Status::kOk);
    const lpai::format::BinaryView* v = nullptr;
    rt::Handle g = rt::kNullHandle;
    // The graph name is the builder's name; retrieve by the name the binary carries.
    ASSERT_EQ(rt::graph_retrieve(context_, name != nullptr ? name : graph_name(bin).c_str(), &g),
              Status::kOk);
    graph_ = g;
    ASSERT_EQ(rt::graph_view(graph_, &v), Status::kOk);
    view_ = v;
  }

  static std::string graph_name(const std::vector<uint8_t>& bin) {
    lpai::format::BinaryView v;
    std::vector<uint8_t> copy(bin);
    if (lpai::format::validate_binary(copy.data(), copy.size(), &v) != Status::kOk) return "";
    return v.graph_name();
  }

  // Allocates (aligned) and sets scratch and persistent of the sizes the graph reports.
  void provide_memory() {
    uint32_t scratch = 0, persistent = 0, align = 0;
    ASSERT_EQ(rt::graph_scratch_size(graph_, &scratch), Status::kOk);
    ASSERT_EQ(rt::graph_persistent_size(graph_, &persistent), Status::kOk);
    ASSERT_EQ(rt::graph_buffer_alignment(graph_, &align), Status::kOk);
    rt::GraphConfig cfg[2] = {};
    uint32_t n = 0;
    if (scratch > 0) {
      scratch_buf_.reset(new lpai::host::AlignedBytes(scratch, align));
      cfg[n].kind = rt::GraphConfigKind::kScratch;
      cfg[n].mem = {lpai::MemType::kDdr, scratch, scratch_buf_->data()};
      ++n;
    }
    if (persistent > 0) {
      persistent_buf_.reset(new lpai::host::AlignedBytes(persistent, align));
      std::memset(persistent_buf_->data(), 0x5A, persistent);
      cfg[n].kind = rt::GraphConfigKind::kPersistent;
      cfg[n].mem = {lpai::MemType::kDdr, persistent, persistent_buf_->data()};
      ++n;
    }
    ASSERT_EQ(rt::graph_set_config(graph_, cfg, n), Status::kOk);
  }

  void open_and_finalize(const std::vector<uint8_t>& bin,
                         lpai::MemType mem = lpai::MemType::kDdr) {
    open(bin, mem);
    provide_memory();
    ASSERT_EQ(rt::graph_finalize(graph_), Status::kOk);
  }

  rt::GraphState state() {
    rt::GraphState s = rt::GraphState::kConfiguring;
    EXPECT_EQ(rt::graph_state(graph_, &s), Status::kOk);
    return s;
  }

  rt::GraphCounters counters() {
    rt::GraphCounters c{};
    EXPECT_EQ(rt::graph_counters(graph_, &c), Status::kOk);
    return c;
  }

  static rt::IoTensor raw(uint32_t id, void* data, uint32_t size) {
    rt::IoTensor t{};
    t.id = id;
    t.kind = rt::IoKind::kRaw;
    t.data = static_cast<uint8_t*>(data);
    t.size = size;
    return t;
  }
  static rt::IoTensor memhandle(uint32_t id, rt::Handle h) {
    rt::IoTensor t{};
    t.id = id;
    t.kind = rt::IoKind::kMemHandle;
    t.mem_handle = h;
    return t;
  }

  rt::Handle backend_ = rt::kNullHandle;
  rt::Handle context_ = rt::kNullHandle;
  rt::Handle graph_ = rt::kNullHandle;
  const lpai::format::BinaryView* view_ = nullptr;
  std::unique_ptr<lpai::host::AlignedBytes> scratch_buf_;
  std::unique_ptr<lpai::host::AlignedBytes> persistent_buf_;
};

}  // namespace lpai_graph_test

#endif  // LPAI_TESTS_GRAPH_GRAPH_FIXTURE_H
