// Issue 17, item 8: handle generations never wrap. A context or memory-handle slot whose
// generation reached detail::kMaxGeneration is retired, so a freed handle can never name a later
// object; the backend handle (one slot) likewise, after which backend create fails. Here the slot is brought to the edge directly (2^32 cycles would take hours on a
// 64-bit host); tests/wrap32 runs the real 2^20 cycles on a 32-bit build.
#include "graph/state.h"
#include "graph_fixture.h"

namespace lpai_graph_test {
namespace {

namespace detail = lpai::rt::detail;

class Generation : public RuntimeTest {
 protected:
  void TearDown() override {
    RuntimeTest::TearDown();
    // Later tests expect fresh slots.
    for (detail::Context& c : detail::runtime().contexts) c.generation = 0;
    for (detail::MemEntry& m : detail::runtime().mem) m.generation = 0;
    detail::runtime().backend_generation = 0;
  }
  rt::Handle create(const std::vector<uint8_t>& bin) {
    rt::Handle h = rt::kNullHandle;
    EXPECT_EQ(rt::context_create(backend_, bin.data(), bin.size(), rt::kDefaultContextConfig, &h),
              Status::kOk);
    return h;
  }
};

TEST_F(Generation, ContextSlotAtTheLastGenerationIsRetiredNotWrapped) {
  if (rt::kMaxContexts < 2) GTEST_SKIP() << "needs LPAI_MAX_CONTEXTS >= 2 (a second slot)";
  const std::vector<uint8_t> bin = copy_graph(false);
  detail::runtime().contexts[0].generation = detail::kMaxGeneration - 1;
  const rt::Handle last = create(bin);  // slot 0, generation kMaxGeneration
  ASSERT_NE(last, rt::kNullHandle);
  EXPECT_EQ(detail::runtime().contexts[0].generation, detail::kMaxGeneration);
  ASSERT_EQ(rt::context_free(last), Status::kOk);
  EXPECT_FALSE(rt::context_valid(last));
  // The next context goes to slot 1; slot 0 is never handed out again.
  for (int k = 0; k < 3; ++k) {
    const rt::Handle h = create(bin);
    ASSERT_NE(h, rt::kNullHandle);
    EXPECT_FALSE(detail::runtime().contexts[0].live);
    EXPECT_TRUE(detail::runtime().contexts[1].live);
    EXPECT_FALSE(rt::context_valid(last));
    ASSERT_EQ(rt::context_free(h), Status::kOk);
  }
}

TEST_F(Generation, AllSlotsRetiredFailsWithNoFreeSlotAndOneLine) {
  const std::vector<uint8_t> bin = copy_graph(false);
  for (detail::Context& c : detail::runtime().contexts) c.generation = detail::kMaxGeneration;
  lpai_test::LogCapture cap(LPAI_LOG_LEVEL_ERROR);
  rt::Handle h = rt::kNullHandle;
  EXPECT_EQ(rt::context_create(backend_, bin.data(), bin.size(), rt::kDefaultContextConfig, &h),
            Status::kContextNoFreeSlot);
  EXPECT_EQ(h, rt::kNullHandle);
  ASSERT_EQ(cap.lines().size(), 1u);
  const std::string n = std::to_string(rt::kMaxContexts);
  EXPECT_EQ(cap.lines()[0], "context create: no free context slot (" + n + " of " + n +
                                " retired: handle generations used up)");
}

TEST_F(Generation, MemHandleSlotAtTheLastGenerationIsRetired) {
  open(copy_graph(true, 64));
  lpai::host::AlignedBytes buf(4096, 4096);
  rt::MemRequest r{};
  r.kind = rt::MemKind::kCustom;
  r.buffer = buf.data();
  r.buffer_size = 64;
  r.shape_bytes = 64;
  detail::runtime().mem[0].generation = detail::kMaxGeneration - 1;
  rt::Handle last = rt::kNullHandle;
  ASSERT_EQ(rt::mem_register(context_, &r, 1, &last), Status::kOk);
  ASSERT_EQ(rt::mem_deregister(&last, 1), Status::kOk);
  rt::Handle next = rt::kNullHandle;
  ASSERT_EQ(rt::mem_register(context_, &r, 1, &next), Status::kOk);
  EXPECT_NE(next, last);
  EXPECT_FALSE(detail::runtime().mem[0].live);
  EXPECT_TRUE(detail::runtime().mem[1].live);
  EXPECT_EQ(rt::mem_deregister(&last, 1), Status::kMemInvalidHandle);
  ASSERT_EQ(rt::mem_deregister(&next, 1), Status::kOk);
}

TEST_F(Generation, BackendAtTheLastGenerationIsRetiredAndCreateFailsWithOneLine) {
  ASSERT_EQ(rt::backend_free(backend_), Status::kOk);
  detail::runtime().backend_generation = detail::kMaxGeneration - 1;
  rt::Handle last = rt::kNullHandle;
  ASSERT_EQ(rt::backend_create(&last), Status::kOk);  // generation kMaxGeneration
  EXPECT_NE(last, backend_);
  EXPECT_EQ(detail::runtime().backend_generation, detail::kMaxGeneration);
  uint32_t start = 0, size = 0;
  EXPECT_EQ(rt::backend_alignment(last, &start, &size), Status::kOk);
  ASSERT_EQ(rt::backend_free(last), Status::kOk);

  lpai_test::LogCapture cap(LPAI_LOG_LEVEL_ERROR);
  rt::Handle h = rt::kNullHandle;
  EXPECT_EQ(rt::backend_create(&h), Status::kBackendGenerationsExhausted);
  EXPECT_EQ(h, rt::kNullHandle);
  ASSERT_EQ(cap.lines().size(), 1u);
  EXPECT_EQ(cap.lines()[0], "backend create: backend handle generations used up (" +
                                std::to_string(detail::kMaxGeneration) +
                                " backends created); no further backend can be created");
  // Nothing changed: no backend, the generation stays, the freed handles stay invalid.
  EXPECT_FALSE(detail::runtime().backend_live);
  EXPECT_EQ(detail::runtime().backend_generation, detail::kMaxGeneration);
  EXPECT_EQ(rt::backend_alignment(last, &start, &size), Status::kBackendInvalidHandle);
  EXPECT_EQ(rt::backend_free(last), Status::kBackendInvalidHandle);
  EXPECT_EQ(rt::backend_free(backend_), Status::kBackendInvalidHandle);
  EXPECT_EQ(rt::backend_create(&h), Status::kBackendGenerationsExhausted);
}

}  // namespace
}  // namespace lpai_graph_test
