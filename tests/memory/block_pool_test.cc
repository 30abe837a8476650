// BlockPool is told its region and the words of its log lines (PoolSpec): it works over any
// region, not only the TCM or a DDR arena, and never asks which one it is.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

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

// The table holds the live allocations only, 2 * FieldBytes bytes each. A random sequence of
// allocations and frees is checked against a byte map of the region: each allocation lands at
// the first free run that holds it at its alignment (first fit), the live list is sorted and
// matches the byte map, and a pointer into free space or inside an allocation is refused with
// its code.
template <uint8_t FieldBytes>
void check_against_byte_map() {
  constexpr uint32_t kSlots = 32;
  static_assert(sizeof(lpai::StaticBlockPool<kSlots, FieldBytes>) ==
                    sizeof(lpai::BlockPool) + kSlots * 2 * FieldBytes,
                "2 * FieldBytes bytes per slot");
  lpai::StaticBlockPool<kSlots, FieldBytes> pool(&kSpec);
  LogCapture quiet;
  std::vector<int> owner(sizeof(g_region), -1);  // allocation id per byte, -1 free
  std::vector<uint8_t*> live;
  uint32_t rng = 12345;
  auto next = [&rng](uint32_t n) {
    rng = rng * 1103515245u + 12345u;
    return (rng >> 8) % n;
  };
  const size_t backend = lpai_hal_alignment().start_addr_alignment;
  for (int step = 0; step < 2000; ++step) {
    if (!live.empty() && (live.size() == kSlots || next(3) == 0)) {
      const size_t k = next(static_cast<uint32_t>(live.size()));
      uint8_t* p = live[k];
      const size_t at = static_cast<size_t>(p - g_region);
      if (at + 1 < sizeof(g_region) && owner[at + 1] == owner[at]) {
        EXPECT_EQ(pool.free(p + 1), Status::kPoolForeignPointer);  // inside, not its start
      }
      const int id = owner[at];
      for (int& o : owner) o = o == id ? -1 : o;
      ASSERT_EQ(pool.free(p), Status::kOk);
      EXPECT_EQ(pool.free(p), Status::kPoolDoubleFree);
      live.erase(live.begin() + static_cast<std::ptrdiff_t>(k));
    } else {
      const size_t size = 1 + next(700);
      const size_t align = size_t{1} << next(8);
      const size_t eff = align > backend ? align : backend;
      size_t expect = SIZE_MAX;
      for (size_t at = 0; at + size <= sizeof(g_region) && expect == SIZE_MAX; at += eff) {
        bool free_run = true;
        for (size_t b = at; b < at + size && free_run; ++b) free_run = owner[b] < 0;
        if (free_run) expect = at;
      }
      auto r = pool.allocate(size, align);
      if (expect == SIZE_MAX) {
        EXPECT_EQ(r.status(), Status::kPoolNoContiguousSpace);
        continue;
      }
      ASSERT_TRUE(r.ok());
      ASSERT_EQ(static_cast<size_t>(r.value() - g_region), expect);
      for (size_t b = expect; b < expect + size; ++b) owner[b] = step;
      live.push_back(r.value());
    }
    const uint32_t n = pool.live_count();
    ASSERT_EQ(n, live.size());
    size_t in_use = 0;
    for (uint32_t i = 0; i < n; ++i) {
      const lpai::BlockPool::Allocation e = pool.allocation(i);
      if (i > 0) {
        EXPECT_LE(pool.allocation(i - 1).offset + pool.allocation(i - 1).size, e.offset);
      }
      EXPECT_GE(owner[e.offset], 0);  // exactly one allocation's bytes
      EXPECT_EQ(owner[e.offset + e.size - 1], owner[e.offset]);
      if (e.offset > 0) {
        EXPECT_NE(owner[e.offset - 1], owner[e.offset]);
      }
      if (e.offset + e.size < sizeof(g_region)) {
        EXPECT_NE(owner[e.offset + e.size], owner[e.offset]);
      }
      in_use += e.size;
    }
    EXPECT_EQ(pool.stats().bytes_in_use, in_use);
  }
}

TEST(BlockPool, LiveTableMatchesAByteMapUnderRandomUse) {
  check_against_byte_map<4>();
  check_against_byte_map<3>();
}
