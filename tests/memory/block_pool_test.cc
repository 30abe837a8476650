// BlockPool is told its region and the words of its log lines (PoolSpec): it works over any
// region, not only the TCM or a DDR arena, and never asks which one it is.
#include <gtest/gtest.h>

#include <cstdint>

#include "common/test_support.h"
#include "lpai/hal.h"
#include "memory/block_pool.h"

namespace {

using lpai::Status;
using lpai_test::LogCapture;

alignas(4096) uint8_t g_region[8192];
uint32_t g_asked_index = 0;

lpai_hal_region_t test_region(uint32_t index) {
  g_asked_index = index;
  return lpai_hal_region_t{g_region, sizeof(g_region)};
}
lpai_hal_region_t no_region(uint32_t) { return lpai_hal_region_t{nullptr, 0}; }

constexpr lpai::PoolSpec kSpec = {"SRAM", "SRAM bank 7", "sram bank 7", LPAI_LOG_LEVEL_INFO,
                                  false,  test_region,   7};
constexpr lpai::PoolSpec kAbsent = {"SRAM", "SRAM bank 8", "sram bank 8", LPAI_LOG_LEVEL_INFO,
                                    false,  no_region,     8};

TEST(BlockPool, UsesTheRegionAndNamesItIsGiven) {
  lpai::StaticBlockPool<2> pool(&kSpec);
  LogCapture log(LPAI_LOG_LEVEL_DEBUG);
  auto a = pool.allocate(100, 64);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(g_asked_index, 7u);
  EXPECT_GE(a.value(), g_region);
  EXPECT_LT(a.value(), g_region + sizeof(g_region));
  EXPECT_EQ(pool.stats().capacity, sizeof(g_region));
  EXPECT_EQ(log.count("SRAM bank 7 current size: 0 max_size: 8192"), 1u);
  EXPECT_EQ(log.count("Allocate size 100 from sram bank 7"), 1u);
  auto b = pool.allocate(100, 64);
  ASSERT_TRUE(b.ok());
  // Slot limit without slot_limit_fatal: an ordinary, recoverable failure.
  log.clear();
  EXPECT_EQ(pool.allocate(100, 64).status(), Status::kPoolNoSlot);
  EXPECT_EQ(log.count("SRAM memory allocation failure: required size: 100"), 1u);
  EXPECT_EQ(log.count("SRAM pool: all 2 slots in use"), 1u);
  EXPECT_FALSE(pool.fatal());
  EXPECT_EQ(pool.free(a.value()), Status::kOk);
  EXPECT_TRUE(pool.allocate(100, 64).ok());
}

TEST(BlockPool, NoRegionIsReportedWithTheGivenIndex) {
  lpai::StaticBlockPool<1> pool(&kAbsent);
  LogCapture log;
  EXPECT_EQ(pool.allocate(16, 16).status(), Status::kPoolNoRegion);
  EXPECT_EQ(log.count("SRAM pool: the HAL reports no usable region 8"), 1u);
  EXPECT_FALSE(pool.registered());
}

}  // namespace
