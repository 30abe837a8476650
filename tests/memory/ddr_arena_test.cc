// DDR arenas: the same allocator over the HAL's DDR regions, same error discipline.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "common/test_support.h"
#include "lpai/hal_host.h"
#include "memory/ddr_arena.h"
#include "pool_fixture.h"
#include "memory/tcm_pool.h"

namespace {

using lpai::DdrArena;
using lpai::Status;
using lpai_test::LogCapture;

constexpr size_t kArenaBytes = 8u * 1024u * 1024u;  // LPAI_HOST_DDR_ARENA_BYTES

// The firmware keeps kMaxDdrArenas arenas (default 1: it allocates from arena 0 only); the
// host HAL has two DDR regions, so the tests build a second arena over region 1 themselves
// (a BlockPool is told its region, it does not look it up by kind).
class DdrArenaTest : public lpai_test::PoolTest {
 protected:
  void TearDown() override {
    second_.reset();
    PoolTest::TearDown();
  }
  DdrArena second_{1u};
};

TEST_F(DdrArenaTest, OneArenaPerHalRegionUpToTheConfiguredCount) {
  EXPECT_EQ(lpai_hal_ddr_region_count(), 2u);
  EXPECT_EQ(lpai::kMaxDdrArenas, 1u);  // the default configuration
  EXPECT_EQ(lpai::ddr_arena_count(), 1u);
  ASSERT_NE(lpai::ddr_arena(0), nullptr);
  EXPECT_EQ(lpai::ddr_arena(1), nullptr);
  EXPECT_EQ(lpai::ddr_arena(UINT32_MAX), nullptr);
  // An arena over another region is a separate pool.
  auto a = lpai::ddr_arena(0)->allocate(64, 64);
  auto b = second_.allocate(64, 64);
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b.value(), lpai_hal_ddr_region(1).base);
  EXPECT_FALSE(second_.contains(a.value()));
  EXPECT_EQ(lpai::ddr_arena_containing(a.value()), lpai::ddr_arena(0));
  EXPECT_EQ(lpai::ddr_arena_containing(b.value()), nullptr);  // not one of the firmware's
  EXPECT_EQ(lpai::ddr_arena(0)->free(a.value()), Status::kOk);
  EXPECT_EQ(second_.free(b.value()), Status::kOk);
}

TEST_F(DdrArenaTest, ExactFitAndOneByteMore) {
  DdrArena* arena = &second_;
  EXPECT_EQ(arena->allocate(kArenaBytes + 1, 64).status(), Status::kPoolTooLarge);
  auto r = arena->allocate(kArenaBytes, 64);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value(), lpai_hal_ddr_region(1).base);
  EXPECT_EQ(arena->allocate(64, 64).status(), Status::kPoolNoContiguousSpace);
  EXPECT_EQ(arena->free(r.value()), Status::kOk);
}

TEST_F(DdrArenaTest, ErrorCodes) {
  DdrArena* arena = lpai::ddr_arena(0);
  EXPECT_EQ(arena->allocate(0, 64).status(), Status::kPoolZeroSize);
  EXPECT_EQ(arena->allocate(16, 3).status(), Status::kPoolBadAlignment);
  EXPECT_EQ(arena->allocate(16, 0).status(), Status::kPoolBadAlignment);
  auto a = arena->allocate(100, 64);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(arena->free(a.value() + 4), Status::kPoolForeignPointer);
  EXPECT_EQ(arena->free(a.value()), Status::kOk);
  EXPECT_EQ(arena->free(a.value()), Status::kPoolDoubleFree);
  // A pointer of the other arena or of TCM is foreign here.
  auto other = second_.allocate(100, 64);
  ASSERT_TRUE(other.ok());
  EXPECT_EQ(arena->free(other.value()), Status::kPoolForeignPointer);
  auto tcm = lpai::tcm_pool().allocate(100, 64);
  ASSERT_TRUE(tcm.ok());
  EXPECT_EQ(arena->free(tcm.value()), Status::kPoolForeignPointer);
  EXPECT_EQ(second_.free(other.value()), Status::kOk);
  EXPECT_EQ(arena->stats().live_slots, 0u);
}

TEST_F(DdrArenaTest, SlotLimit) {
  DdrArena* arena = lpai::ddr_arena(0);
  EXPECT_EQ(lpai::kDdrArenaSlots, 24u);  // the default configuration
  std::vector<uint8_t*> ptrs;
  for (uint32_t i = 0; i < lpai::kDdrArenaSlots; ++i) {
    auto r = arena->allocate(32, 1);
    ASSERT_TRUE(r.ok()) << i;
    ptrs.push_back(r.value());
  }
  EXPECT_EQ(arena->allocate(32, 1).status(), Status::kPoolNoSlot);
  // Free every other block: holes, none adjacent, then the rest: all merge back.
  for (size_t i = 0; i < ptrs.size(); i += 2) EXPECT_EQ(arena->free(ptrs[i]), Status::kOk);
  for (size_t i = 1; i < ptrs.size(); i += 2) EXPECT_EQ(arena->free(ptrs[i]), Status::kOk);
  EXPECT_EQ(arena->stats().largest_free_block, kArenaBytes);
}

TEST_F(DdrArenaTest, LogLines) {
  LogCapture cap(LPAI_LOG_LEVEL_DEBUG);
  ASSERT_TRUE(second_.allocate(4096, 64).ok());
  ASSERT_EQ(cap.lines().size(), 2u);
  EXPECT_EQ(cap.lines()[0], "DDR arena 1 current size: 0 max_size: 8388608");
  EXPECT_EQ(cap.lines()[1], "Allocate size 4096 from ddr arena 1");
  cap.clear();
  EXPECT_EQ(second_.allocate(kArenaBytes, 64).status(),
            Status::kPoolNoContiguousSpace);
  ASSERT_EQ(cap.lines().size(), 2u);  // the failure line, then its detail
  EXPECT_EQ(cap.lines()[0], "DDR memory allocation failure: required size: 8388608");
  EXPECT_EQ(cap.lines()[1].rfind("DDR pool: no contiguous space at alignment 64", 0), 0u)
      << cap.lines()[1];
}

}  // namespace
