// Seed 002's prepare-time IO hint x execution memType matrix through host::Session and the
// C shim, with the firmware's allocation and copy counters as evidence:
//   raw/raw              IO planned (allocated) at prepare, copies every inference
//   raw/memhandle        IO planned at prepare, no copies
//   memhandle/raw        nothing at prepare; IO allocated on the first inference only, copies
//                        every inference
//   memhandle/memhandle  no allocation, no copies
// Plus the shared-buffer binding rules of host::Session (bind_shared).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "host_sim/host_sim_support.h"
#include "lpai/hal.h"
#include "prepare/prepare.h"
#include "runner/session.h"
#include "shared_mem/rpcmem.h"

namespace {

using lpai::format::MemClass;
using lpai::host::Session;
using lpai::host::SessionOptions;
using namespace lpai_test::host_sim;

struct Cell {
  bool hint_memhandle;
  bool exec_memhandle;
};

std::string cell_name(const testing::TestParamInfo<Cell>& i) {
  return std::string(i.param.hint_memhandle ? "hintMemhandle" : "hintRaw") +
         (i.param.exec_memhandle ? "_execMemhandle" : "_execRaw");
}

class IoMatrix : public testing::TestWithParam<Cell> {};

// The copy_swap model (GraphBuilder): 2 inputs (64 + 32 bytes), 2 outputs (32 + 64 bytes).
TEST_P(IoMatrix, SelfMadeModelCountersFollowSeed002) {
  const Cell c = GetParam();
  // Prepare: where the planner put the IO tensors.
  const lpai::writer::GraphDesc desc = copy_swap_graph(c.hint_memhandle).build();
  for (const char* name : {"in_a", "in_b", "out_a", "out_b"}) {
    for (const auto& t : desc.tensors) {
      if (t.name != name) continue;
      EXPECT_EQ(t.mem_class, c.hint_memhandle ? MemClass::kIo : MemClass::kScratch) << name;
    }
  }
  SessionOptions options;
  options.use_memhandle = c.exec_memhandle;
  std::string error;
  std::unique_ptr<Session> s = Session::open(copy_swap_binary(c.hint_memhandle), options, &error);
  ASSERT_NE(s, nullptr) << error;
  // raw hint: the plan's scratch holds the four IO buffers (64 + 64 + 64 + 64 rounded) plus mid.
  if (c.hint_memhandle) EXPECT_EQ(s->scratch_size(), 64u);  // only "mid"
  else EXPECT_EQ(s->scratch_size(), 5u * 64u);
  EXPECT_EQ(s->counters().ioAllocations, 0u);
  EXPECT_EQ(s->counters().ioBytesCopied, 0u);

  for (uint32_t k = 1; k <= 3; ++k) {
    const std::vector<uint8_t> a = pattern(kSwapInA, k), b = pattern(kSwapInB, 50 + k);
    std::vector<std::vector<uint8_t>> out;
    ASSERT_TRUE(s->run({a, b}, &out, &error)) << error;
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0], b);
    EXPECT_EQ(out[1], a);
    const QnnLpaiGraph_Counters_t n = s->counters();
    EXPECT_EQ(n.executions, k);
    // memhandle hint + RAW execution: the first inference allocates the 4 IO buffers, later
    // ones reuse them.
    EXPECT_EQ(n.ioAllocations, c.hint_memhandle && !c.exec_memhandle ? 4u : 0u) << "after " << k;
    EXPECT_EQ(n.ioBytesCopied, c.exec_memhandle ? 0u : k * 192u) << "after " << k;
  }
}

// The same on kws_ref_model, prepared from ../shared by prepare_tflite, on the golden inputs.
TEST_P(IoMatrix, KwsCountersFollowSeed002AndOutputsMatchGoldens) {
  const Cell c = GetParam();
  LPAI_REQUIRE_SHARED(model, "models/kws_ref_model.tflite");
  LPAI_REQUIRE_SHARED(golden, "golden/kws_ref_model");
  const std::vector<uint8_t> bytes = lpai_test::read_file(model);
  lpai::prepare::PlanOptions plan;
  plan.io_memhandle = c.hint_memhandle;
  lpai::prepare::PrepareOutput prep;
  std::string error;
  ASSERT_EQ(lpai_test::failure(lpai::prepare::prepare_tflite(bytes.data(), bytes.size(), plan, &prep)), "");
  for (int id : {prep.graph.inputs[0], prep.graph.outputs[0]})
    EXPECT_EQ(prep.plan.tensors[id].mem_class, c.hint_memhandle ? MemClass::kIo : MemClass::kScratch);

  SessionOptions options;
  options.use_memhandle = c.exec_memhandle;
  std::unique_ptr<Session> s = Session::open(prep.binary, options, &error);
  ASSERT_NE(s, nullptr) << error;
  EXPECT_EQ(s->counters().ioAllocations, 0u);
  for (uint32_t k = 0; k < 4; ++k) {
    std::vector<std::vector<uint8_t>> out;
    ASSERT_TRUE(s->run({lpai_test::read_file(golden + "/input_" + std::to_string(k) + "_0.bin")},
                       &out, &error))
        << error;
    EXPECT_EQ(out[0], lpai_test::read_file(golden + "/output_" + std::to_string(k) + "_0.bin"));
    const QnnLpaiGraph_Counters_t n = s->counters();
    EXPECT_EQ(n.ioAllocations, c.hint_memhandle && !c.exec_memhandle ? 2u : 0u);
    EXPECT_EQ(n.ioBytesCopied, c.exec_memhandle ? 0u : (k + 1) * (490u + 12u));
  }
}

INSTANTIATE_TEST_SUITE_P(Seed002, IoMatrix,
                         testing::Values(Cell{false, false}, Cell{false, true}, Cell{true, false},
                                         Cell{true, true}),
                         cell_name);

// memhandle hint + RAW execution in TCM: the IO buffers come from the TCM pool on the first
// inference (the "first inference pays" row), not at initialisation.
TEST(IoMatrixTcm, MemhandleHintRawExecutionAllocatesTcmOnFirstInference) {
  SessionOptions options;
  options.mem_type = QNN_LPAI_MEM_TYPE_TCM;
  std::string error;
  lpai_test::LogCapture log(LPAI_LOG_LEVEL_DEBUG);
  std::unique_ptr<Session> s = Session::open(copy_swap_binary(true), options, &error);
  ASSERT_NE(s, nullptr) << error;
  EXPECT_EQ(log.count("from tcm pool 0"), 1u);  // the model binary only
  log.clear();
  std::vector<std::vector<uint8_t>> out;
  ASSERT_TRUE(s->run({pattern(kSwapInA, 1), pattern(kSwapInB, 2)}, &out, &error)) << error;
  EXPECT_EQ(log.count("Allocate size 64 from tcm pool 0"), 2u);  // in_a, out_a
  EXPECT_EQ(log.count("Allocate size 32 from tcm pool 0"), 2u);  // in_b, out_b
  log.clear();
  ASSERT_TRUE(s->run({pattern(kSwapInA, 3), pattern(kSwapInB, 4)}, &out, &error)) << error;
  EXPECT_EQ(log.count("from tcm pool 0"), 0u);
  EXPECT_EQ(out[1], pattern(kSwapInA, 3));
  EXPECT_EQ(s->counters().ioAllocations, 4u);
}

// raw hint in TCM: IO buffers are allocated from the pool at initialisation (finalize).
TEST(IoMatrixTcm, RawHintAllocatesTcmIoAtInitialisation) {
  SessionOptions options;
  options.mem_type = QNN_LPAI_MEM_TYPE_TCM;
  std::string error;
  lpai_test::LogCapture log(LPAI_LOG_LEVEL_DEBUG);
  std::unique_ptr<Session> s = Session::open(copy_swap_binary(false), options, &error);
  ASSERT_NE(s, nullptr) << error;
  EXPECT_EQ(log.count("from tcm pool 0"), 5u);  // binary + 4 IO buffers
  EXPECT_EQ(s->counters().ioAllocations, 4u);
  log.clear();
  std::vector<std::vector<uint8_t>> out;
  ASSERT_TRUE(s->run({pattern(kSwapInA, 1), pattern(kSwapInB, 2)}, &out, &error)) << error;
  EXPECT_EQ(log.count("from tcm pool 0"), 0u);
  EXPECT_EQ(out[0], pattern(kSwapInB, 2));
}

// ---- shared buffers bound by the caller ----------------------------------------------------

// A caller-provided buffer inside a larger rpcmem allocation (an aligned sub-range, e.g. one
// pool carved into several tensors) must be bound at its own address.
TEST(SessionSharedBuffers, SubRangeOfAnRpcmemBufferIsBoundAtItsOwnAddress) {
  std::string error;
  std::unique_ptr<Session> s = Session::open(copy_swap_binary(true), SessionOptions{}, &error);
  ASSERT_NE(s, nullptr) << error;
  uint8_t* pool = static_cast<uint8_t*>(rpcmem_alloc(RPCMEM_HEAP_ID_SYSTEM, RPCMEM_DEFAULT_FLAGS, 4096));
  ASSERT_NE(pool, nullptr);
  // in_a at pool + 0, in_b at pool + 1024, out_b at pool + 2048, out_a at pool + 3072.
  const size_t off[4] = {0, 1024, 2048, 3072};
  const size_t len[4] = {kSwapInA, kSwapInB, kSwapInB, kSwapInA};
  for (size_t k = 0; k < 4; ++k)
    ASSERT_TRUE(s->bind_shared(k, pool + off[k], 1024, &error)) << "IO " << k << ": " << error;
  for (size_t k = 0; k < 4; ++k) EXPECT_EQ(s->io_buffer(k), pool + off[k]);
  const std::vector<uint8_t> a = pattern(kSwapInA, 7), b = pattern(kSwapInB, 8);
  std::copy(a.begin(), a.end(), pool + off[0]);
  std::copy(b.begin(), b.end(), pool + off[1]);
  ASSERT_TRUE(s->execute(&error)) << error;
  EXPECT_EQ(std::vector<uint8_t>(pool + off[2], pool + off[2] + len[2]), b);
  EXPECT_EQ(std::vector<uint8_t>(pool + off[3], pool + off[3] + len[3]), a);
  EXPECT_EQ(s->counters().ioBytesCopied, 0u);
  s.reset();
  rpcmem_free(pool);
}

TEST(SessionSharedBuffers, CallerOwnedBufferRegistersAsCustomMemory) {
  std::string error;
  std::unique_ptr<Session> s = Session::open(copy_swap_binary(false), SessionOptions{}, &error);
  ASSERT_NE(s, nullptr) << error;
  lpai::host::AlignedBytes in_a(kSwapInA, 64), out_a(kSwapInA, 64);
  ASSERT_TRUE(s->bind_shared(0, in_a.data(), in_a.size(), &error)) << error;
  ASSERT_TRUE(s->bind_shared(3, out_a.data(), out_a.size(), &error)) << error;
  const std::vector<uint8_t> a = pattern(kSwapInA, 9), b = pattern(kSwapInB, 10);
  std::copy(a.begin(), a.end(), in_a.data());
  std::copy(b.begin(), b.end(), s->io_buffer(1));
  ASSERT_TRUE(s->execute(&error)) << error;
  EXPECT_EQ(std::vector<uint8_t>(out_a.data(), out_a.data() + kSwapInA), a);
  EXPECT_EQ(std::vector<uint8_t>(s->io_buffer(2), s->io_buffer(2) + kSwapInB), b);
  // Only the two RAW tensors were copied (in_b in, out_b out).
  EXPECT_EQ(s->counters().ioBytesCopied, 2u * kSwapInB);
}

TEST(SessionSharedBuffers, RejectedBindingKeepsThePreviousBuffer) {
  std::string error;
  std::unique_ptr<Session> s = Session::open(copy_swap_binary(true), SessionOptions{}, &error);
  ASSERT_NE(s, nullptr) << error;
  lpai::host::AlignedBytes first(kSwapInA, 64), other(kSwapInA, 64);
  ASSERT_TRUE(s->bind_shared(0, first.data(), first.size(), &error)) << error;
  ASSERT_TRUE(s->bind_shared(3, other.data(), other.size(), &error)) << error;
  // The same buffer cannot get a second handle (one handle per buffer).
  EXPECT_FALSE(s->bind_shared(0, other.data(), other.size(), &error));
  EXPECT_NE(error.find("MEM_ALREADY_REGISTERED"), std::string::npos) << error;
  EXPECT_EQ(s->io_buffer(0), first.data());
  // Too small for the tensor: rejected by the firmware.
  lpai::host::AlignedBytes small(64, 64);
  EXPECT_FALSE(s->bind_shared(1, small.data(), kSwapInB - 1, &error));
  EXPECT_NE(s->io_buffer(1), small.data());
  // The session still runs with the bindings it kept.
  const std::vector<uint8_t> a = pattern(kSwapInA, 11), b = pattern(kSwapInB, 12);
  std::copy(a.begin(), a.end(), first.data());
  std::copy(b.begin(), b.end(), s->io_buffer(1));
  ASSERT_TRUE(s->execute(&error)) << error;
  EXPECT_EQ(std::vector<uint8_t>(other.data(), other.data() + kSwapInA), a);
}

}  // namespace
