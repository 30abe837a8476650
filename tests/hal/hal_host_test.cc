// Host HAL port: regions, log filter and sink, alignment knobs, cycle counter, shared buffers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <set>
#include <vector>

#include "common/test_support.h"
#include "lpai/hal.h"
#include "lpai/hal_host.h"

namespace {

TEST(HalHost, TcmRegionIsExactlyThePoolSize) {
  const lpai_hal_region_t tcm = lpai_hal_tcm_region();
  ASSERT_NE(tcm.base, nullptr);
  EXPECT_EQ(tcm.size, 2035712u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(tcm.base) % 4096, 0u);
}

TEST(HalHost, DdrRegions) {
  ASSERT_EQ(lpai_hal_ddr_region_count(), 2u);
  const lpai_hal_region_t a = lpai_hal_ddr_region(0);
  const lpai_hal_region_t b = lpai_hal_ddr_region(1);
  EXPECT_EQ(a.size, 8u * 1024 * 1024);
  EXPECT_EQ(b.size, 8u * 1024 * 1024);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a.base) % 4096, 0u);
  EXPECT_TRUE(a.base + a.size <= b.base || b.base + b.size <= a.base);  // disjoint
  const lpai_hal_region_t none = lpai_hal_ddr_region(2);
  EXPECT_EQ(none.base, nullptr);
  EXPECT_EQ(none.size, 0u);
}

TEST(HalHost, DefaultLogLevelIsError) {
  // Nothing in this test binary changes the level outside a LogCapture.
  EXPECT_EQ(lpai_hal_log_level(), LPAI_LOG_LEVEL_ERROR);
}

TEST(HalHost, LogFilterAndSink) {
  lpai_test::LogCapture cap(LPAI_LOG_LEVEL_WARN);
  lpai_hal_log_write(LPAI_LOG_LEVEL_ERROR, "err-line", 3);  // len bytes only
  lpai_hal_log_write(LPAI_LOG_LEVEL_WARN, "warn", 4);
  lpai_hal_log_write(LPAI_LOG_LEVEL_INFO, "info", 4);
  lpai_hal_log_write(LPAI_LOG_LEVEL_NONE, "none", 4);
  ASSERT_EQ(cap.lines().size(), 2u);
  EXPECT_EQ(cap.lines()[0], "err");
  EXPECT_EQ(cap.lines()[1], "warn");
}

TEST(HalHost, LogLevelIsClamped) {
  const lpai_log_level_t saved = lpai_hal_log_level();
  lpai_hal_set_log_level(static_cast<lpai_log_level_t>(42));
  EXPECT_EQ(lpai_hal_log_level(), LPAI_LOG_LEVEL_DEBUG);
  lpai_hal_set_log_level(saved);
}

TEST(HalHost, AlignmentDefaultsAndOverrides) {
  lpai_hal_host_reset_alignment();
  EXPECT_EQ(lpai_hal_alignment().start_addr_alignment, 64u);
  EXPECT_EQ(lpai_hal_alignment().size_alignment, 64u);
  EXPECT_EQ(lpai_hal_host_set_alignment(256, 128), 0);
  EXPECT_EQ(lpai_hal_alignment().start_addr_alignment, 256u);
  EXPECT_EQ(lpai_hal_alignment().size_alignment, 128u);
  EXPECT_EQ(lpai_hal_host_set_alignment(0, 64), -1);
  EXPECT_EQ(lpai_hal_host_set_alignment(64, 96), -1);
  EXPECT_EQ(lpai_hal_host_set_alignment(3, 64), -1);
  EXPECT_EQ(lpai_hal_alignment().start_addr_alignment, 256u);  // invalid values ignored
  lpai_hal_host_reset_alignment();
  EXPECT_EQ(lpai_hal_alignment().start_addr_alignment, 64u);
}

TEST(HalHost, CyclesAdvance) {
  const uint64_t a = lpai_hal_cycles();
  volatile uint64_t spin = 0;
  for (int i = 0; i < 100000; ++i) spin = spin + i;
  const uint64_t b = lpai_hal_cycles();
  EXPECT_GT(a, 0u);
  EXPECT_GE(b, a);
}

TEST(HalHost, CacheHooksAreCallable) {
  uint8_t buf[64] = {1};
  lpai_hal_cache_clean(buf, sizeof(buf));
  lpai_hal_cache_invalidate(buf, sizeof(buf));
  EXPECT_EQ(buf[0], 1);
}

class SharedTest : public ::testing::Test {
 protected:
  void TearDown() override {
    for (void* p : live_) lpai_hal_host_shared_free(p);
    EXPECT_EQ(lpai_hal_host_shared_bytes_in_use(), 0u);
  }
  void* alloc(size_t size, size_t alignment, int32_t* fd) {
    void* p = lpai_hal_host_shared_alloc(size, alignment, fd);
    if (p != nullptr) live_.push_back(p);
    return p;
  }
  void release(void* p) {
    ASSERT_EQ(lpai_hal_host_shared_free(p), 0);
    live_.erase(std::find(live_.begin(), live_.end(), p));
  }
  std::vector<void*> live_;
};

TEST_F(SharedTest, AllocResolveFree) {
  int32_t fd = -7;
  void* p = alloc(1000, 64, &fd);
  ASSERT_NE(p, nullptr);
  EXPECT_GT(fd, 0);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
  const lpai_hal_region_t region = lpai_hal_host_shared_region();
  EXPECT_GE(static_cast<uint8_t*>(p), region.base);
  EXPECT_LE(static_cast<uint8_t*>(p) + 1000, region.base + region.size);
  uint8_t* addr = nullptr;
  size_t size = 0;
  ASSERT_EQ(lpai_hal_shared_resolve(fd, &addr, &size), 0);
  EXPECT_EQ(addr, p);
  EXPECT_EQ(size, 1000u);
  EXPECT_EQ(lpai_hal_host_shared_fd(p), fd);
  EXPECT_EQ(lpai_hal_host_shared_fd(static_cast<uint8_t*>(p) + 999), fd);
  EXPECT_EQ(lpai_hal_host_shared_fd(static_cast<uint8_t*>(p) + 1000), -1);
  EXPECT_EQ(lpai_hal_host_shared_bytes_in_use(), 1000u);
  release(p);
  EXPECT_EQ(lpai_hal_shared_resolve(fd, &addr, &size), -1);
  EXPECT_EQ(lpai_hal_host_shared_fd(p), -1);
  EXPECT_EQ(lpai_hal_host_shared_free(p), -1);  // already freed
}

TEST_F(SharedTest, FdsAreNotReusedImmediately) {
  int32_t fd1 = 0;
  void* p = alloc(64, 64, &fd1);
  ASSERT_NE(p, nullptr);
  release(p);
  int32_t fd2 = 0;
  ASSERT_NE(alloc(64, 64, &fd2), nullptr);
  EXPECT_NE(fd1, fd2);
  EXPECT_GT(fd2, 0);
}

TEST_F(SharedTest, InvalidRequestsFail) {
  int32_t fd = -7;
  EXPECT_EQ(alloc(0, 64, &fd), nullptr);
  EXPECT_EQ(alloc(64, 48, &fd), nullptr);
  EXPECT_EQ(alloc(64, 0, &fd), nullptr);
  EXPECT_EQ(alloc(LPAI_HOST_SHARED_REGION_BYTES + 1, 64, &fd), nullptr);
  EXPECT_EQ(lpai_hal_host_shared_alloc(64, 64, nullptr), nullptr);
  EXPECT_EQ(fd, -7);  // untouched on failure
  int on_stack = 0;
  EXPECT_EQ(lpai_hal_host_shared_free(&on_stack), -1);
  EXPECT_EQ(lpai_hal_host_shared_fd(&on_stack), -1);
  EXPECT_EQ(lpai_hal_shared_resolve(0, nullptr, nullptr), -1);
  EXPECT_EQ(lpai_hal_shared_resolve(-1, nullptr, nullptr), -1);
}

TEST_F(SharedTest, BufferTableLimitAndDistinctFds) {
  std::set<int32_t> fds;
  for (uint32_t i = 0; i < LPAI_HOST_SHARED_MAX_BUFFERS; ++i) {
    int32_t fd = 0;
    ASSERT_NE(alloc(100, 16, &fd), nullptr) << i;
    fds.insert(fd);
  }
  EXPECT_EQ(fds.size(), LPAI_HOST_SHARED_MAX_BUFFERS);
  int32_t fd = -7;
  EXPECT_EQ(alloc(100, 16, &fd), nullptr);
  EXPECT_EQ(fd, -7);
}

TEST_F(SharedTest, FreedSpaceIsReusedAndTheWholeRegionFits) {
  int32_t fd = 0;
  void* whole = alloc(LPAI_HOST_SHARED_REGION_BYTES, 4096, &fd);
  ASSERT_NE(whole, nullptr);
  EXPECT_EQ(alloc(1, 1, &fd), nullptr);
  release(whole);
  void* a = alloc(4096, 4096, &fd);
  void* b = alloc(4096, 4096, &fd);
  void* c = alloc(4096, 4096, &fd);
  ASSERT_NE(c, nullptr);
  release(b);
  EXPECT_EQ(alloc(4096, 4096, &fd), b);  // first fit reuses the hole
  (void)a;
}

TEST_F(SharedTest, BuffersDoNotOverlap) {
  std::vector<std::pair<uint8_t*, size_t>> bufs;
  for (size_t i = 1; i <= 20; ++i) {
    int32_t fd = 0;
    auto* p = static_cast<uint8_t*>(alloc(i * 37, size_t{1} << (i % 8), &fd));
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % (size_t{1} << (i % 8)), 0u);
    std::memset(p, static_cast<int>(i), i * 37);
    bufs.emplace_back(p, i * 37);
  }
  for (size_t i = 0; i < bufs.size(); ++i) {
    for (size_t j = 0; j < bufs[i].second; ++j) ASSERT_EQ(bufs[i].first[j], i + 1);
  }
}

}  // namespace
