// Overflow-checked arithmetic and alignment helpers at their limits.
#include <gtest/gtest.h>

#include <cstdint>

#include "core/checked_math.h"

namespace {

using lpai::kSizeMax;

TEST(CheckedMath, AddAtTheLimit) {
  size_t out = 7;
  EXPECT_TRUE(lpai::checked_add(kSizeMax - 1, 1, &out));
  EXPECT_EQ(out, SIZE_MAX);
  EXPECT_TRUE(lpai::checked_add(kSizeMax, 0, &out));
  EXPECT_EQ(out, SIZE_MAX);
  out = 7;
  EXPECT_FALSE(lpai::checked_add(kSizeMax, 1, &out));
  EXPECT_EQ(out, 7u);  // untouched on overflow
  EXPECT_FALSE(lpai::checked_add(kSizeMax / 2 + 1, kSizeMax / 2 + 1, &out));
  EXPECT_EQ(out, 7u);
}

TEST(CheckedMath, MulAtTheLimit) {
  size_t out = 7;
  EXPECT_TRUE(lpai::checked_mul(kSizeMax, 1, &out));
  EXPECT_EQ(out, SIZE_MAX);
  EXPECT_TRUE(lpai::checked_mul(0, kSizeMax, &out));
  EXPECT_EQ(out, 0u);
  const size_t half = (size_t{1} << (sizeof(size_t) * 4));  // 2^32 on 64-bit
  EXPECT_TRUE(lpai::checked_mul(half - 1, half + 1, &out));
  EXPECT_EQ(out, SIZE_MAX);
  out = 7;
  EXPECT_FALSE(lpai::checked_mul(half, half, &out));
  EXPECT_EQ(out, 7u);
  EXPECT_FALSE(lpai::checked_mul(kSizeMax, 2, &out));
  EXPECT_EQ(out, 7u);
}

TEST(CheckedMath, PowerOfTwo) {
  EXPECT_FALSE(lpai::is_pow2(0));
  EXPECT_TRUE(lpai::is_pow2(1));
  EXPECT_TRUE(lpai::is_pow2(4096));
  EXPECT_FALSE(lpai::is_pow2(4095));
  EXPECT_FALSE(lpai::is_pow2(6));
  EXPECT_TRUE(lpai::is_pow2(size_t{1} << (sizeof(size_t) * 8 - 1)));
  EXPECT_FALSE(lpai::is_pow2(kSizeMax));
}

TEST(CheckedMath, AlignUpAtTheLimit) {
  size_t out = 7;
  EXPECT_TRUE(lpai::checked_align_up(0, 64, &out));
  EXPECT_EQ(out, 0u);
  EXPECT_TRUE(lpai::checked_align_up(1, 64, &out));
  EXPECT_EQ(out, 64u);
  EXPECT_TRUE(lpai::checked_align_up(64, 64, &out));
  EXPECT_EQ(out, 64u);
  EXPECT_TRUE(lpai::checked_align_up(kSizeMax - 63, 64, &out));
  EXPECT_EQ(out, SIZE_MAX - 63);
  out = 7;
  EXPECT_FALSE(lpai::checked_align_up(kSizeMax - 62, 64, &out));
  EXPECT_EQ(out, 7u);
  EXPECT_FALSE(lpai::checked_align_up(10, 48, &out));  // not a power of two
  EXPECT_FALSE(lpai::checked_align_up(10, 0, &out));
  EXPECT_EQ(out, 7u);
  EXPECT_EQ(lpai::align_up(65, 64), 128u);
  EXPECT_EQ(lpai::align_up(2035712, 4096), 2035712u);  // 497 pages exactly
  EXPECT_EQ(lpai::align_up(2035713, 4096), 2039808u);
}

TEST(CheckedMath, AlignmentPredicates) {
  EXPECT_TRUE(lpai::is_aligned(128, 64));
  EXPECT_FALSE(lpai::is_aligned(96, 64));
  EXPECT_FALSE(lpai::is_aligned(64, 0));
  alignas(64) static uint8_t buf[128];
  EXPECT_TRUE(lpai::is_aligned_ptr(buf, 64));
  EXPECT_FALSE(lpai::is_aligned_ptr(buf + 1, 2));
}

TEST(CheckedMath, RangeWithin) {
  EXPECT_TRUE(lpai::range_within(0, 10, 10));
  EXPECT_TRUE(lpai::range_within(10, 0, 10));
  EXPECT_FALSE(lpai::range_within(11, 0, 10));
  EXPECT_FALSE(lpai::range_within(5, 6, 10));
  EXPECT_TRUE(lpai::range_within(kSizeMax, 0, kSizeMax));
  // offset + length would wrap: must still be rejected.
  EXPECT_FALSE(lpai::range_within(2, kSizeMax, kSizeMax));
  EXPECT_FALSE(lpai::range_within(kSizeMax, 1, kSizeMax));
}

}  // namespace
