// graph_set_config: every memory rule has its own Status, a batch is all or nothing,
// performance and core-affinity configs are validated and kept.
#include "graph_fixture.h"

namespace lpai_graph_test {
namespace {

class SetConfig : public RuntimeTest {
 protected:
  void SetUp() override {
    RuntimeTest::SetUp();
    open(state_graph(false, 24));
    ASSERT_EQ(rt::graph_scratch_size(graph_, &scratch_), Status::kOk);
    ASSERT_EQ(rt::graph_persistent_size(graph_, &persistent_), Status::kOk);
    ASSERT_EQ(scratch_, 64u);     // in [0,24) out [32,56) -> 64
    ASSERT_EQ(persistent_, 64u);  // state [0,24) -> 32 -> 64
  }

  Status set_mem(rt::GraphConfigKind kind, lpai::MemType type, uint32_t size, void* addr) {
    rt::GraphConfig c{};
    c.kind = kind;
    c.mem = {type, size, addr};
    return rt::graph_set_config(graph_, &c, 1);
  }

  uint32_t scratch_ = 0;
  uint32_t persistent_ = 0;
  lpai::host::AlignedBytes buf_{1024, 4096};
};

TEST_F(SetConfig, MemoryErrorsEachHaveTheirOwnCode) {
  for (rt::GraphConfigKind kind : {rt::GraphConfigKind::kScratch, rt::GraphConfigKind::kPersistent}) {
    SCOPED_TRACE(kind == rt::GraphConfigKind::kScratch ? "scratch" : "persistent");
    EXPECT_EQ(set_mem(kind, lpai::MemType::kTcm, 64, buf_.data()), Status::kGraphMemTypeNotDdr);
    EXPECT_EQ(set_mem(kind, lpai::MemType::kUndefined, 64, buf_.data()),
              Status::kGraphMemTypeNotDdr);
    EXPECT_EQ(set_mem(kind, lpai::MemType::kDdr, 64, nullptr), Status::kGraphMemNull);
    EXPECT_EQ(set_mem(kind, lpai::MemType::kDdr, 64, buf_.data() + 32),
              Status::kGraphMemMisaligned);
    EXPECT_EQ(set_mem(kind, lpai::MemType::kDdr, 64, buf_.data() + 1),
              Status::kGraphMemMisaligned);
    EXPECT_EQ(set_mem(kind, lpai::MemType::kDdr, 96, buf_.data()),
              Status::kGraphMemSizeUnaligned);
    EXPECT_EQ(set_mem(kind, lpai::MemType::kDdr, 0, buf_.data()), Status::kGraphMemTooSmall);
    // Larger than needed is fine.
    EXPECT_EQ(set_mem(kind, lpai::MemType::kDdr, 128, buf_.data() + 64), Status::kOk);
  }
}

TEST_F(SetConfig, FailedBatchAppliesNothing) {
  rt::GraphConfig c[3] = {};
  c[0].kind = rt::GraphConfigKind::kScratch;
  c[0].mem = {lpai::MemType::kDdr, scratch_, buf_.data()};
  c[1].kind = rt::GraphConfigKind::kPerf;
  c[1].perf = {30, 100, 0};
  c[2].kind = rt::GraphConfigKind::kPersistent;
  c[2].mem = {lpai::MemType::kDdr, persistent_, nullptr};
  EXPECT_EQ(rt::graph_set_config(graph_, c, 3), Status::kGraphMemNull);
  rt::PerfConfig perf{};
  rt::CoreAffinity aff{};
  ASSERT_EQ(rt::graph_perf_config(graph_, &perf, &aff), Status::kOk);
  EXPECT_EQ(perf.fps, 0u);  // not applied
  EXPECT_EQ(rt::graph_finalize(graph_), Status::kGraphScratchMissing);

  c[2].mem.addr = buf_.data() + 512;
  EXPECT_EQ(rt::graph_set_config(graph_, c, 3), Status::kOk);
  ASSERT_EQ(rt::graph_perf_config(graph_, &perf, &aff), Status::kOk);
  EXPECT_EQ(perf.fps, 30u);
  EXPECT_EQ(perf.ftrt_ratio, 100u);
  EXPECT_EQ(rt::graph_finalize(graph_), Status::kOk);
}

TEST_F(SetConfig, PerfConfigIsValidatedAndKept) {
  rt::GraphConfig c{};
  c.kind = rt::GraphConfigKind::kPerf;
  c.perf = {0, 100, 0};
  EXPECT_EQ(rt::graph_set_config(graph_, &c, 1), Status::kGraphBadPerfConfig);
  c.perf = {1001, 100, 0};
  EXPECT_EQ(rt::graph_set_config(graph_, &c, 1), Status::kGraphBadPerfConfig);
  c.perf = {30, 0, 0};
  EXPECT_EQ(rt::graph_set_config(graph_, &c, 1), Status::kGraphBadPerfConfig);
  c.perf = {30, 10001, 0};
  EXPECT_EQ(rt::graph_set_config(graph_, &c, 1), Status::kGraphBadPerfConfig);
  c.perf = {30, 100, 2};
  EXPECT_EQ(rt::graph_set_config(graph_, &c, 1), Status::kGraphBadPerfConfig);
  c.perf = {60, 250, 1};
  EXPECT_EQ(rt::graph_set_config(graph_, &c, 1), Status::kOk);
  rt::PerfConfig perf{};
  rt::CoreAffinity aff{};
  ASSERT_EQ(rt::graph_perf_config(graph_, &perf, &aff), Status::kOk);
  EXPECT_EQ(perf.fps, 60u);
  EXPECT_EQ(perf.ftrt_ratio, 250u);
  EXPECT_EQ(perf.client_type, 1u);
}

TEST_F(SetConfig, CoreAffinityAllowsExactlyOneCore) {
  rt::GraphConfig c{};
  c.kind = rt::GraphConfigKind::kCoreAffinity;
  c.affinity = {0, 0};
  EXPECT_EQ(rt::graph_set_config(graph_, &c, 1), Status::kGraphBadCoreAffinity);
  c.affinity = {2, 1};
  EXPECT_EQ(rt::graph_set_config(graph_, &c, 1), Status::kGraphBadCoreAffinity);
  c.affinity = {1, 1u << 8};
  EXPECT_EQ(rt::graph_set_config(graph_, &c, 1), Status::kGraphBadCoreAffinity);
  c.affinity = {0, 0x3};
  EXPECT_EQ(rt::graph_set_config(graph_, &c, 1), Status::kGraphMultiCoreUnsupported);
  c.affinity = {1, 0x80000001u};
  EXPECT_EQ(rt::graph_set_config(graph_, &c, 1), Status::kGraphBadCoreAffinity);
  c.affinity = {1, 0x4};
  EXPECT_EQ(rt::graph_set_config(graph_, &c, 1), Status::kOk);
  rt::PerfConfig perf{};
  rt::CoreAffinity aff{};
  ASSERT_EQ(rt::graph_perf_config(graph_, &perf, &aff), Status::kOk);
  EXPECT_EQ(aff.type, 1u);
  EXPECT_EQ(aff.core_mask, 0x4u);
}

TEST_F(SetConfig, PerfAndAffinityMayChangeAfterFinalize) {
  rt::GraphConfig c[2] = {};
  c[0].kind = rt::GraphConfigKind::kScratch;
  c[0].mem = {lpai::MemType::kDdr, scratch_, buf_.data()};
  c[1].kind = rt::GraphConfigKind::kPersistent;
  c[1].mem = {lpai::MemType::kDdr, persistent_, buf_.data() + 128};
  ASSERT_EQ(rt::graph_set_config(graph_, c, 2), Status::kOk);
  ASSERT_EQ(rt::graph_finalize(graph_), Status::kOk);
  rt::GraphConfig p{};
  p.kind = rt::GraphConfigKind::kPerf;
  p.perf = {10, 100, 0};
  EXPECT_EQ(rt::graph_set_config(graph_, &p, 1), Status::kOk);
  p.kind = rt::GraphConfigKind::kCoreAffinity;
  p.affinity = {0, 1};
  EXPECT_EQ(rt::graph_set_config(graph_, &p, 1), Status::kOk);
}

TEST_F(SetConfig, UnknownKindAndNullListAreRejected) {
  rt::GraphConfig c{};
  c.kind = static_cast<rt::GraphConfigKind>(9);
  EXPECT_EQ(rt::graph_set_config(graph_, &c, 1), Status::kGraphUnsupportedConfig);
  EXPECT_EQ(rt::graph_set_config(graph_, nullptr, 1), Status::kGraphInvalidArgument);
  EXPECT_EQ(rt::graph_set_config(graph_, nullptr, 0), Status::kOk);  // empty list
}

TEST_F(SetConfig, AlignmentFollowsTheBackend) {
  ASSERT_EQ(lpai_hal_host_set_alignment(256, 128), 0);
  uint32_t scratch = 0;
  ASSERT_EQ(rt::graph_scratch_size(graph_, &scratch), Status::kOk);
  EXPECT_EQ(scratch, 128u);
  EXPECT_EQ(set_mem(rt::GraphConfigKind::kScratch, lpai::MemType::kDdr, 128, buf_.data() + 128),
            Status::kGraphMemMisaligned);
  EXPECT_EQ(set_mem(rt::GraphConfigKind::kScratch, lpai::MemType::kDdr, 64, buf_.data() + 256),
            Status::kGraphMemSizeUnaligned);
  EXPECT_EQ(set_mem(rt::GraphConfigKind::kScratch, lpai::MemType::kDdr, 128, buf_.data() + 256),
            Status::kOk);
}

}  // namespace
}  // namespace lpai_graph_test
