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

class DdrArenaTest : public lpai_test::PoolTest {};

TEST_F(DdrArenaTest, OneArenaPerHalRegion) {
  EXPECT_EQ(lpai_hal_ddr_region_count(), 2u);
  EXPECT_EQ(lpai::ddr_arena_count(), 2u);
  ASSERT_NE(lpai::ddr_arena(0), nullptr);
  ASSERT_NE(lpai::ddr_arena(1), nullptr);
  EXPECT_NE(lpai::ddr_arena(0), lpai::ddr_arena(1));
  EXPECT_EQ(lpai::ddr_arena(2), nullptr);
  EXPECT_EQ(lpai::ddr_arena(UINT32_MAX), nullptr);
}

TEST_F(DdrArenaTest, ExactFitAndOneByteMore) {
  DdrArena* arena = lpai::ddr_arena(1);
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
  auto other = lpai::ddr_arena(1)->allocate(100, 64);
  ASSERT_TRUE(other.ok());
  EXPECT_EQ(arena->free(other.value()), Status::kPoolForeignPointer);
  auto tcm = lpai::tcm_pool().allocate(100, 64);
  ASSERT_TRUE(tcm.ok());
  EXPECT_EQ(arena->free(tcm.value()), Status::kPoolForeignPointer);
  EXPECT_EQ(lpai::ddr_arena(1)->free(other.value()), Status::kOk);
  EXPECT_EQ(arena->stats().live_slots, 0u);
}

TEST_F(DdrArenaTest, SlotLimit) {
  DdrArena* arena = lpai::ddr_arena(0);
  EXPECT_EQ(lpai::kDdrArenaSlots, 64u);
  std::vector<uint8_t*> ptrs;
  for (uint32_t i = 0; i < 64; ++i) {
    auto r = arena->allocate(32, 1);
    ASSERT_TRUE(r.ok()) << i;
    ptrs.push_back(r.value());
  }
  EXPECT_EQ(arena->allocate(32, 1).status(), Status::kPoolNoSlot);
  // Free every other block: 32 holes, none adjacent, then the rest: all merge back.
  for (size_t i = 0; i < ptrs.size(); i += 2) EXPECT_EQ(arena->free(ptrs[i]), Status::kOk);
  for (size_t i = 1; i < ptrs.size(); i += 2) EXPECT_EQ(arena->free(ptrs[i]), Status::kOk);
  EXPECT_EQ(arena->stats().largest_free_block, kArenaBytes);
}

TEST_F(DdrArenaTest, LogLines) {
  LogCapture cap(LPAI_LOG_LEVEL_DEBUG);
  ASSERT_TRUE(lpai::ddr_arena(1)->allocate(4096, 64).ok());
  ASSERT_EQ(cap.lines().size(), 2u);
  EXPECT_EQ(cap.lines()[0], "DDR arena 1 current size: 0 max_size: 8388608");
  EXPECT_EQ(cap.lines()[1], "Allocate size 4096 from ddr arena 1");
  cap.clear();
  EXPECT_EQ(lpai::ddr_arena(1)->allocate(kArenaBytes, 64).status(),
            Status::kPoolNoContiguousSpace);
  ASSERT_EQ(cap.lines().size(), 2u);  // the failure line, then its detail
  EXPECT_EQ(cap.lines()[0], "DDR memory allocation failure: required size: 8388608");
  EXPECT_EQ(cap.lines()[1].rfind("DDR pool: no contiguous space at alignment 64", 0), 0u)
      << cap.lines()[1];
}

}  // namespace
