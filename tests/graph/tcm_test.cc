// Memory type TCM: the model binary copy and the firmware IO buffers come from the TCM pool
// (the two debug log lines), scratch/persistent stay in the caller's DDR; failures.
#include "graph_fixture.h"

namespace lpai_graph_test {
namespace {

using Tcm = RuntimeTest;

TEST_F(Tcm, BinaryAndIoBuffersComeFromTheTcmPool) {
  lpai_test::LogCapture log(LPAI_LOG_LEVEL_DEBUG);
  const std::vector<uint8_t> bin = copy_graph(false, 64);
  open(bin, lpai::MemType::kTcm);
  lpai::PoolStats s = lpai::tcm_pool().stats();
  EXPECT_EQ(s.live_slots, 1u);
  EXPECT_EQ(s.bytes_in_use, bin.size());
  EXPECT_EQ(log.count("TCM pool current size: 0 max_size: 2035712"), 1u);
  EXPECT_EQ(log.count("Allocate size " + std::to_string(bin.size()) + " from tcm pool 0"), 1u);

  provide_memory();
  std::memset(scratch_buf_->data(), 0, 128);
  ASSERT_EQ(rt::graph_finalize(graph_), Status::kOk);
  s = lpai::tcm_pool().stats();
  EXPECT_EQ(s.live_slots, 3u);  // binary + input + output
  EXPECT_EQ(s.bytes_in_use, bin.size() + 128);
  EXPECT_EQ(log.count("Allocate size 64 from tcm pool 0"), 2u);
  EXPECT_EQ(log.count("TCM pool current size:"), 1u);  // registered once
  EXPECT_EQ(counters().io_allocations, 2u);

  lpai::host::AlignedBytes in(64, 64), out(64, 64);
  const std::vector<uint8_t> data = pattern(64, 21);
  std::memcpy(in.data(), data.data(), 64);
  rt::IoTensor i = raw(0, in.data(), 64), o = raw(1, out.data(), 64);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  EXPECT_EQ(std::memcmp(out.data(), data.data(), 64), 0);
  EXPECT_EQ(counters().io_bytes_copied, 128u);
  // The IO homes are in TCM, not in the scratch slots the binary planned for them.
  for (uint32_t b = 0; b < 128; ++b) ASSERT_EQ(scratch_buf_->data()[b], 0) << b;
  EXPECT_EQ(lpai::tcm_pool().stats().live_slots, 3u);  // nothing more per execute

  ASSERT_EQ(rt::context_free(context_), Status::kOk);
  s = lpai::tcm_pool().stats();
  EXPECT_EQ(s.live_slots, 0u);
  EXPECT_EQ(s.bytes_in_use, 0u);
}

TEST_F(Tcm, MemhandleHintAllocatesTcmOnTheFirstRawRun) {
  lpai_test::LogCapture log(LPAI_LOG_LEVEL_DEBUG);
  open_and_finalize(copy_graph(true, 64), lpai::MemType::kTcm);
  EXPECT_EQ(lpai::tcm_pool().stats().live_slots, 1u);  // binary only
  lpai::host::AlignedBytes in(64, 64), out(64, 64);
  rt::IoTensor i = raw(0, in.data(), 64), o = raw(1, out.data(), 64);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  EXPECT_EQ(lpai::tcm_pool().stats().live_slots, 3u);
  EXPECT_EQ(log.count("Allocate size 64 from tcm pool 0"), 2u);
  ASSERT_EQ(rt::graph_execute(graph_, &i, 1, &o, 1), Status::kOk);
  EXPECT_EQ(lpai::tcm_pool().stats().live_slots, 3u);
  EXPECT_EQ(counters().io_allocations, 2u);
}

TEST_F(Tcm, UndefinedMemTypeFailsWithThePoolMessage) {
  lpai_test::LogCapture log(LPAI_LOG_LEVEL_ERROR);
  const std::vector<uint8_t> bin = copy_graph(false);
  rt::ContextConfig cfg = rt::kDefaultContextConfig;
  cfg.mem_type = lpai::MemType::kUndefined;
  rt::Handle c;
  EXPECT_EQ(rt::context_create(backend_, bin.data(), bin.size(), cfg, &c),
            Status::kContextMemTypeUndefined);
  EXPECT_EQ(log.count("Memory type only supports DDR & TCM"), 1u);
  cfg.mem_type = static_cast<lpai::MemType>(2);
  EXPECT_EQ(rt::context_create(backend_, bin.data(), bin.size(), cfg, &c),
            Status::kContextMemTypeUndefined);
  EXPECT_EQ(lpai::tcm_pool().stats().live_slots, 0u);
}

TEST_F(Tcm, BinaryLargerThanTheFreeTcmFailsWithRequiredAndAvailable) {
  lpai_test::LogCapture log(LPAI_LOG_LEVEL_ERROR);
  const std::vector<uint8_t> bin = copy_graph(false);
  ASSERT_GT(bin.size(), 256u);
  lpai::Result<uint8_t*> filler =
      lpai::tcm_pool().allocate(lpai::TcmPool::kBytes - 256, 64);
  ASSERT_TRUE(filler.ok());
  rt::ContextConfig cfg = rt::kDefaultContextConfig;
  cfg.mem_type = lpai::MemType::kTcm;
  rt::Handle c;
  EXPECT_EQ(rt::context_create(backend_, bin.data(), bin.size(), cfg, &c),
            Status::kContextTcmExhausted);
  EXPECT_TRUE(log.contains("required " + std::to_string(bin.size()) +
                           " bytes, available 256 bytes"));
  EXPECT_EQ(lpai::tcm_pool().stats().live_slots, 1u);
  ASSERT_EQ(lpai::tcm_pool().free(filler.value()), Status::kOk);
  EXPECT_EQ(rt::context_create(backend_, bin.data(), bin.size(), cfg, &c), Status::kOk);
}

TEST_F(Tcm, IoBuffersThatDoNotFitFailFinalizeAndChangeNothing) {
  const std::vector<uint8_t> bin = copy_graph(false, 4096);
  open(bin, lpai::MemType::kTcm);
  provide_memory();
  // Leave room for one IO buffer only (binary already placed).
  const lpai::PoolStats s = lpai::tcm_pool().stats();
  lpai::Result<uint8_t*> filler =
      lpai::tcm_pool().allocate(s.largest_free_block - 4096 - 64, 64);
  ASSERT_TRUE(filler.ok());
  EXPECT_EQ(rt::graph_finalize(graph_), Status::kContextTcmExhausted);
  EXPECT_EQ(state(), rt::GraphState::kConfiguring);
  EXPECT_EQ(lpai::tcm_pool().stats().live_slots, 2u);  // binary + filler: nothing leaked
  EXPECT_EQ(counters().io_allocations, 0u);
  ASSERT_EQ(lpai::tcm_pool().free(filler.value()), Status::kOk);
  EXPECT_EQ(rt::graph_finalize(graph_), Status::kOk);
  EXPECT_EQ(lpai::tcm_pool().stats().live_slots, 3u);
}

}  // namespace
}  // namespace lpai_graph_test
