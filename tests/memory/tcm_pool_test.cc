// TCM pool: capacity, slots, coalescing, alignment, error codes and the seed's log lines.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "common/test_support.h"
#include "pool_fixture.h"
#include "memory/tcm_pool.h"

namespace {

using lpai::Status;
using lpai::TcmPool;
using lpai_test::LogCapture;

constexpr size_t kTcmBytes = 2035712;  // from the seed document, not from the code

class TcmPoolTest : public lpai_test::PoolTest {
 protected:
  TcmPool& pool = lpai::tcm_pool();

  uint8_t* alloc_ok(size_t size, size_t alignment = 1) {
    auto r = pool.allocate(size, alignment);
    EXPECT_TRUE(r.ok()) << lpai::status_name(r.status()) << " for size " << size;
    return r.value();
  }
};

TEST_F(TcmPoolTest, ConstantsMatchTheSeed) {
  EXPECT_EQ(TcmPool::kBytes, kTcmBytes);
  EXPECT_EQ(TcmPool::kSlots, 32u);
  EXPECT_EQ(lpai_hal_tcm_region().size, kTcmBytes);
}

TEST_F(TcmPoolTest, ExactFitOfTheWholePoolSucceeds) {
  uint8_t* p = alloc_ok(kTcmBytes);
  EXPECT_EQ(p, lpai_hal_tcm_region().base);
  // Every byte is usable: write the first and the last.
  p[0] = 0xA5;
  p[kTcmBytes - 1] = 0x5A;
  const lpai::PoolStats s = pool.stats();
  EXPECT_EQ(s.bytes_in_use, kTcmBytes);
  EXPECT_EQ(s.largest_free_block, 0u);
  EXPECT_EQ(s.live_slots, 1u);
  // Nothing left, not even one byte.
  auto r = pool.allocate(1, 1);
  EXPECT_EQ(r.status(), Status::kPoolNoContiguousSpace);
  EXPECT_EQ(pool.free(p), Status::kOk);
  EXPECT_EQ(pool.stats().largest_free_block, kTcmBytes);
}

TEST_F(TcmPoolTest, OneByteMoreThanThePoolFails) {
  auto r = pool.allocate(kTcmBytes + 1, 1);
  EXPECT_EQ(r.status(), Status::kPoolTooLarge);
  EXPECT_EQ(r.value(), nullptr);
  EXPECT_EQ(pool.allocate(SIZE_MAX, 1).status(), Status::kPoolTooLarge);
  EXPECT_EQ(pool.stats().live_slots, 0u);
  // The pool is intact: the exact fit still works.
  EXPECT_TRUE(pool.allocate(kTcmBytes, 1).ok());
}

TEST_F(TcmPoolTest, ZeroSizeFails) {
  EXPECT_EQ(pool.allocate(0, 64).status(), Status::kPoolZeroSize);
  EXPECT_EQ(pool.stats().live_slots, 0u);
}

struct FatalRecord {
  int calls = 0;
  uint32_t code = 0;
  std::string line;
};

void record_fatal(void* user, uint32_t code, const char* line) {
  FatalRecord* r = static_cast<FatalRecord*>(user);
  ++r->calls;
  r->code = code;
  r->line = line;
}

// Seed 000: "The TCM allocator supports a maximum of 32 individual buffer allocations.
// Exceeding this limit causes a system fatal error."
TEST_F(TcmPoolTest, TheThirtyThirdAllocationIsASystemFatalError) {
  FatalRecord fatal;
  lpai_hal_host_set_fatal_hook(record_fatal, &fatal);
  std::vector<uint8_t*> ptrs;
  for (int i = 0; i < 32; ++i) ptrs.push_back(alloc_ok(64));
  EXPECT_EQ(pool.stats().live_slots, 32u);
  EXPECT_EQ(fatal.calls, 0);
  EXPECT_FALSE(pool.fatal());
  const lpai::PoolStats before = pool.stats();
  const std::string kFatalLine =
      "TCM pool: system fatal error: allocation 33 exceeds the limit of 32 TCM buffers "
      "(required size: 64)";
  {
    LogCapture cap(LPAI_LOG_LEVEL_ERROR);
    auto r = pool.allocate(64, 1);
    EXPECT_EQ(r.status(), Status::kPoolFatalSlotLimit);
    ASSERT_EQ(cap.lines().size(), 1u);
    EXPECT_EQ(cap.lines()[0], kFatalLine);
  }
  // The HAL's fatal hook, once, with the distinct status and the same line.
  EXPECT_EQ(fatal.calls, 1);
  EXPECT_EQ(fatal.code, 1110u);
  EXPECT_EQ(fatal.line, kFatalLine);
  EXPECT_EQ(lpai_hal_host_fatal_code(), 1110u);
  EXPECT_EQ(std::string(lpai_hal_host_fatal_line()), kFatalLine);
  EXPECT_TRUE(pool.fatal());
  const lpai::PoolStats after = pool.stats();
  EXPECT_EQ(after.live_slots, before.live_slots);
  EXPECT_EQ(after.bytes_in_use, before.bytes_in_use);
  // No further use of the pool: even with a slot free again, allocations are refused.
  EXPECT_EQ(pool.free(ptrs[17]), Status::kOk);
  {
    LogCapture cap(LPAI_LOG_LEVEL_ERROR);
    EXPECT_EQ(pool.allocate(1, 1).status(), Status::kPoolFatalSlotLimit);
    EXPECT_EQ(cap.count("TCM pool: unusable after a system fatal error"), 1u);
  }
  EXPECT_EQ(fatal.calls, 1);  // the fatal error happened once
  EXPECT_EQ(pool.stats().live_slots, 31u);
  ptrs.erase(ptrs.begin() + 17);
  for (uint8_t* p : ptrs) EXPECT_EQ(pool.free(p), Status::kOk);
  EXPECT_EQ(pool.allocate(1, 1).status(), Status::kPoolFatalSlotLimit);
  // A restart (reset) makes it usable again.
  pool.reset();
  EXPECT_FALSE(pool.fatal());
  alloc_ok(64);
}

// The DDR arenas are not the seed's TCM allocator: a full arena is an ordinary error.
TEST_F(TcmPoolTest, AFullDdrArenaIsNotFatal) {
  FatalRecord fatal;
  lpai_hal_host_set_fatal_hook(record_fatal, &fatal);
  lpai::DdrArena* arena = lpai::ddr_arena(0);
  std::vector<uint8_t*> ptrs;
  for (;;) {
    auto r = arena->allocate(16, 1);
    if (!r.ok()) {
      EXPECT_EQ(r.status(), Status::kPoolNoSlot);
      break;
    }
    ptrs.push_back(r.value());
  }
  EXPECT_EQ(fatal.calls, 0);
  EXPECT_EQ(lpai_hal_host_fatal_code(), 0u);
  for (uint8_t* p : ptrs) EXPECT_EQ(arena->free(p), Status::kOk);
  EXPECT_TRUE(arena->allocate(16, 1).ok());
}

TEST_F(TcmPoolTest, AllocationsDoNotOverlap) {
  std::vector<uint8_t*> ptrs;
  for (int i = 0; i < 32; ++i) {
    uint8_t* p = alloc_ok(1000 + i);
    std::memset(p, i, 1000 + i);
    ptrs.push_back(p);
  }
  for (int i = 0; i < 32; ++i) {
    for (int j = 0; j < 1000 + i; ++j) ASSERT_EQ(ptrs[i][j], i) << "block " << i;
  }
}

TEST_F(TcmPoolTest, FreeMiddleThenNeighboursCoalescesIntoOneBlock) {
  const size_t third = 678400;  // 3 * 678400 = 2035200, leaving a 512-byte tail
  uint8_t* a = alloc_ok(third);
  uint8_t* b = alloc_ok(third);
  uint8_t* c = alloc_ok(third);
  EXPECT_EQ(b, a + third);
  EXPECT_EQ(c, b + third);
  EXPECT_EQ(pool.stats().largest_free_block, 512u);

  EXPECT_EQ(pool.free(b), Status::kOk);  // middle first
  EXPECT_EQ(pool.stats().largest_free_block, third);
  EXPECT_EQ(pool.free(a), Status::kOk);  // left neighbour merges
  EXPECT_EQ(pool.stats().largest_free_block, 2 * third);
  EXPECT_EQ(pool.free(c), Status::kOk);  // right neighbour merges with the tail too
  EXPECT_EQ(pool.stats().largest_free_block, kTcmBytes);

  // One block again: the whole pool can be allocated in one piece.
  uint8_t* whole = alloc_ok(kTcmBytes);
  EXPECT_EQ(whole, a);
}

TEST_F(TcmPoolTest, FreedHoleIsReusedFirstFit) {
  uint8_t* a = alloc_ok(4096);
  uint8_t* b = alloc_ok(4096);
  alloc_ok(4096);
  EXPECT_EQ(pool.free(b), Status::kOk);
  EXPECT_EQ(alloc_ok(4096), b);  // exact reuse of the hole
  EXPECT_EQ(pool.free(a), Status::kOk);
  EXPECT_EQ(alloc_ok(1024), a);  // smaller request takes the front of the hole
}

TEST_F(TcmPoolTest, FragmentedPoolReportsNoContiguousSpace) {
  uint8_t* p[4];
  for (auto& x : p) x = alloc_ok(500000);  // 2,000,000 used, 35,712 tail free
  EXPECT_EQ(pool.free(p[0]), Status::kOk);
  EXPECT_EQ(pool.free(p[2]), Status::kOk);
  // 1,035,712 bytes free in total, but the largest block is 500,000.
  LogCapture cap(LPAI_LOG_LEVEL_ERROR);
  auto r = pool.allocate(600000, 1);
  EXPECT_EQ(r.status(), Status::kPoolNoContiguousSpace);
  EXPECT_EQ(cap.count("TCM memory allocation failure: required size: 600000"), 1u);
  EXPECT_EQ(pool.stats().live_slots, 2u);
  EXPECT_TRUE(pool.allocate(500000, 1).ok());
}

TEST_F(TcmPoolTest, AlignmentSweepOneTo4096) {
  // Backend start alignment 1 so that the requested alignment alone decides.
  ASSERT_EQ(lpai_hal_host_set_alignment(1, 1), 0);
  uint8_t* odd = alloc_ok(1);  // knock the free space off any alignment
  for (size_t a = 1; a <= 4096; ++a) {
    const bool pow2 = (a & (a - 1)) == 0;
    auto r = pool.allocate(3, a);
    if (pow2) {
      ASSERT_TRUE(r.ok()) << "alignment " << a;
      EXPECT_EQ(reinterpret_cast<uintptr_t>(r.value()) % a, 0u) << "alignment " << a;
      ASSERT_EQ(pool.free(r.value()), Status::kOk);
    } else {
      ASSERT_EQ(r.status(), Status::kPoolBadAlignment) << "alignment " << a;
    }
  }
  EXPECT_EQ(pool.stats().live_slots, 1u);
  EXPECT_EQ(pool.stats().bytes_in_use, 1u);
  EXPECT_EQ(pool.allocate(3, 0).status(), Status::kPoolBadAlignment);
  EXPECT_EQ(pool.allocate(3, 8192).status(), Status::kPoolBadAlignment);
  EXPECT_EQ(pool.allocate(3, SIZE_MAX).status(), Status::kPoolBadAlignment);
  EXPECT_EQ(pool.free(odd), Status::kOk);
}

TEST_F(TcmPoolTest, BackendStartAlignmentIsTheMinimum) {
  EXPECT_EQ(lpai_hal_alignment().start_addr_alignment, 64u);  // host default
  alloc_ok(1);
  uint8_t* p = alloc_ok(1, 1);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
  ASSERT_EQ(lpai_hal_host_set_alignment(256, 64), 0);
  uint8_t* q = alloc_ok(1, 16);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(q) % 256, 0u);
  uint8_t* r = alloc_ok(1, 2048);  // larger request wins over the backend
  EXPECT_EQ(reinterpret_cast<uintptr_t>(r) % 2048, 0u);
}

TEST_F(TcmPoolTest, AlignmentPaddingStaysFree) {
  ASSERT_EQ(lpai_hal_host_set_alignment(1, 1), 0);
  uint8_t* a = alloc_ok(10, 1);
  uint8_t* b = alloc_ok(10, 4096);  // leaves 4086 padding bytes free before b
  EXPECT_EQ(b, a + 4096);
  uint8_t* c = alloc_ok(4086, 1);  // fits exactly in the padding
  EXPECT_EQ(c, a + 10);
  EXPECT_EQ(pool.stats().bytes_in_use, 10u + 10u + 4086u);
  EXPECT_EQ(pool.free(c), Status::kOk);
  EXPECT_EQ(pool.free(b), Status::kOk);
  EXPECT_EQ(pool.free(a), Status::kOk);
  EXPECT_EQ(pool.stats().largest_free_block, kTcmBytes);
}

TEST_F(TcmPoolTest, DoubleFreeIsDetected) {
  uint8_t* a = alloc_ok(128);
  alloc_ok(128);
  EXPECT_EQ(pool.free(a), Status::kOk);
  LogCapture cap(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(pool.free(a), Status::kPoolDoubleFree);
  EXPECT_EQ(cap.lines().size(), 1u);
  EXPECT_EQ(pool.stats().live_slots, 1u);
}

TEST_F(TcmPoolTest, ForeignPointersAreRejected) {
  int on_stack = 0;
  EXPECT_EQ(pool.free(&on_stack), Status::kPoolForeignPointer);  // before registration
  uint8_t* a = alloc_ok(256);
  EXPECT_EQ(pool.free(nullptr), Status::kPoolForeignPointer);
  EXPECT_EQ(pool.free(&on_stack), Status::kPoolForeignPointer);
  EXPECT_EQ(pool.free(a + 1), Status::kPoolForeignPointer);  // interior pointer
  const lpai_hal_region_t tcm = lpai_hal_tcm_region();
  EXPECT_EQ(pool.free(tcm.base + tcm.size), Status::kPoolForeignPointer);  // one past the end
  EXPECT_EQ(pool.free(tcm.base - 1), Status::kPoolForeignPointer);
  EXPECT_EQ(pool.stats().live_slots, 1u);
  EXPECT_EQ(pool.free(a), Status::kOk);
}

TEST_F(TcmPoolTest, StatsTrackPeak) {
  uint8_t* a = alloc_ok(1000);
  uint8_t* b = alloc_ok(3000);
  EXPECT_EQ(pool.free(a), Status::kOk);
  const lpai::PoolStats s = pool.stats();
  EXPECT_EQ(s.capacity, kTcmBytes);
  EXPECT_EQ(s.bytes_in_use, 3000u);
  EXPECT_EQ(s.peak_bytes_in_use, 4000u);
  EXPECT_EQ(s.live_slots, 1u);
  EXPECT_EQ(s.max_slots, 32u);
  EXPECT_EQ(pool.free(b), Status::kOk);
  EXPECT_EQ(pool.stats().peak_bytes_in_use, 4000u);
  pool.reset();
  EXPECT_EQ(pool.stats().peak_bytes_in_use, 0u);
  EXPECT_EQ(pool.stats().capacity, 0u);
}

// The seed's QNN_INFO lines: registration once on the first allocation, one line per
// allocation.
TEST_F(TcmPoolTest, DebugLogLinesAreExact) {
  LogCapture cap(LPAI_LOG_LEVEL_DEBUG);
  alloc_ok(1000);
  alloc_ok(24);
  ASSERT_EQ(cap.lines().size(), 3u);
  EXPECT_EQ(cap.lines()[0], "TCM pool current size: 0 max_size: 2035712");
  EXPECT_EQ(cap.lines()[1], "Allocate size 1000 from tcm pool 0");
  EXPECT_EQ(cap.lines()[2], "Allocate size 24 from tcm pool 0");
}

// "QNN_INFO messages": logged at INFO, so absent at the default (error) and warn levels.
TEST_F(TcmPoolTest, SeedLinesAreInfoMessages) {
  {
    LogCapture cap(LPAI_LOG_LEVEL_WARN);
    alloc_ok(1000);
    EXPECT_TRUE(cap.lines().empty());
  }
  pool.reset();
  LogCapture cap(LPAI_LOG_LEVEL_INFO);
  alloc_ok(1000);
  alloc_ok(24);
  ASSERT_EQ(cap.lines().size(), 3u);
  EXPECT_EQ(cap.lines()[0], "TCM pool current size: 0 max_size: 2035712");
  EXPECT_EQ(cap.lines()[2], "Allocate size 24 from tcm pool 0");
}

TEST_F(TcmPoolTest, RegistrationIsLoggedOnceUntilReset) {
  LogCapture cap(LPAI_LOG_LEVEL_DEBUG);
  alloc_ok(8);
  alloc_ok(8);
  EXPECT_EQ(cap.count("TCM pool current size:"), 1u);
  pool.reset();
  alloc_ok(8);
  EXPECT_EQ(cap.count("TCM pool current size: 0 max_size: 2035712"), 2u);
}

TEST_F(TcmPoolTest, FailureLogsTheSeedLine) {
  LogCapture cap(LPAI_LOG_LEVEL_ERROR);
  EXPECT_EQ(pool.allocate(kTcmBytes + 1, 1).status(), Status::kPoolTooLarge);
  // Seed 000's line as a whole line; the reason on a second line.
  ASSERT_EQ(cap.lines().size(), 2u);
  EXPECT_EQ(cap.lines()[0], "TCM memory allocation failure: required size: 2035713");
  EXPECT_EQ(cap.lines()[1], "TCM pool: larger than the pool (max_size 2035712)");
}

}  // namespace
