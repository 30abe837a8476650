// The mem-type facade: DDR -> arena 0, TCM -> TCM pool, anything else rejected with the
// seed's log line.
#include <gtest/gtest.h>

#include <cstdint>

#include "common/test_support.h"
#include "memory/memory_pool.h"
#include "pool_fixture.h"

namespace {

using lpai::MemType;
using lpai::Status;
using lpai_test::LogCapture;
namespace mem_pool = lpai::mem_pool;

class MemoryPoolTest : public lpai_test::PoolTest {};

TEST_F(MemoryPoolTest, EnumValuesMatchTheSeedApi) {
  EXPECT_EQ(static_cast<uint32_t>(MemType::kDdr), 1u);
  EXPECT_EQ(static_cast<uint32_t>(MemType::kTcm), 3u);
  EXPECT_EQ(static_cast<uint32_t>(MemType::kUndefined), 0x7fffffffu);
}

TEST_F(MemoryPoolTest, TcmAndDdrGoToTheirRegions) {
  auto t = mem_pool::allocate(MemType::kTcm, 1024, 64);
  ASSERT_TRUE(t.ok());
  EXPECT_TRUE(lpai::tcm_pool().contains(t.value()));
  auto d = mem_pool::allocate(MemType::kDdr, 1024, 64);
  ASSERT_TRUE(d.ok());
  const lpai_hal_region_t ddr0 = lpai_hal_ddr_region(0);
  EXPECT_GE(d.value(), ddr0.base);
  EXPECT_LT(d.value(), ddr0.base + ddr0.size);
  // Freeing through the wrong type is rejected and changes nothing.
  EXPECT_EQ(mem_pool::free(MemType::kDdr, t.value()), Status::kPoolForeignPointer);
  EXPECT_EQ(mem_pool::free(MemType::kTcm, d.value()), Status::kPoolForeignPointer);
  EXPECT_EQ(mem_pool::free(MemType::kTcm, t.value()), Status::kOk);
  EXPECT_EQ(mem_pool::free(MemType::kDdr, d.value()), Status::kOk);
  EXPECT_EQ(mem_pool::free(MemType::kDdr, d.value()), Status::kPoolDoubleFree);
}

TEST_F(MemoryPoolTest, UndefinedMemTypeLogsTheSeedLine) {
  LogCapture cap(LPAI_LOG_LEVEL_ERROR);
  auto r = mem_pool::allocate(MemType::kUndefined, 1024, 64);
  EXPECT_EQ(r.status(), Status::kPoolInvalidMemType);
  EXPECT_EQ(r.value(), nullptr);
  ASSERT_EQ(cap.lines().size(), 1u);
  EXPECT_EQ(cap.lines()[0], "Memory type only supports DDR & TCM");
}

TEST_F(MemoryPoolTest, UnknownMemTypesAreRejected) {
  LogCapture cap(LPAI_LOG_LEVEL_ERROR);
  for (uint32_t v : {0u, 2u, 4u, 42u, 0xffffffffu}) {
    EXPECT_EQ(mem_pool::allocate(static_cast<MemType>(v), 16, 64).status(),
              Status::kPoolInvalidMemType)
        << v;
  }
  EXPECT_EQ(cap.count("Memory type only supports DDR & TCM"), 5u);
  int x = 0;
  EXPECT_EQ(mem_pool::free(MemType::kUndefined, &x), Status::kPoolInvalidMemType);
  EXPECT_EQ(lpai::tcm_pool().stats().live_slots, 0u);
}

TEST_F(MemoryPoolTest, NoFallbackFromTcmToDdr) {
  auto r = mem_pool::allocate(MemType::kTcm, 2035712 + 1, 64);
  EXPECT_EQ(r.status(), Status::kPoolTooLarge);
  EXPECT_EQ(lpai::ddr_arena(0)->stats().live_slots, 0u);
}

}  // namespace
