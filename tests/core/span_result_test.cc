// Span<T> and Result<T>.
#include <gtest/gtest.h>

#include <cstdint>

#include "core/result.h"
#include "core/span.h"

namespace {

using lpai::Result;
using lpai::Span;
using lpai::Status;

TEST(Span, FromArrayAndPointer) {
  int a[5] = {1, 2, 3, 4, 5};
  Span<int> s(a);
  EXPECT_EQ(s.size(), 5u);
  EXPECT_EQ(s.size_bytes(), 5 * sizeof(int));
  EXPECT_EQ(s.data(), a);
  EXPECT_FALSE(s.empty());
  EXPECT_EQ(s[4], 5);
  int sum = 0;
  for (int v : s) sum += v;
  EXPECT_EQ(sum, 15);
  Span<const int> c(a, 2);
  EXPECT_EQ(c.end() - c.begin(), 2);
}

TEST(Span, DefaultIsEmpty) {
  Span<uint8_t> s;
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(s.data(), nullptr);
  EXPECT_EQ(s.size(), 0u);
}

TEST(Span, SubspanBounds) {
  uint8_t a[10] = {};
  Span<uint8_t> s(a);
  EXPECT_EQ(s.subspan(2, 3).data(), a + 2);
  EXPECT_EQ(s.subspan(2, 3).size(), 3u);
  EXPECT_EQ(s.subspan(0, 10).size(), 10u);
  EXPECT_EQ(s.subspan(10, 0).size(), 0u);
  EXPECT_EQ(s.subspan(10, 0).data(), a + 10);
  EXPECT_TRUE(s.subspan(11, 0).empty());
  EXPECT_EQ(s.subspan(11, 0).data(), nullptr);
  EXPECT_TRUE(s.subspan(5, 6).empty());
  EXPECT_EQ(s.subspan(5, 6).data(), nullptr);
  // Count that would wrap around is rejected, not wrapped.
  EXPECT_EQ(s.subspan(1, SIZE_MAX).data(), nullptr);
  EXPECT_EQ(s.subspan(SIZE_MAX, 1).data(), nullptr);
}

Result<int> half(int v) {
  if (v % 2 != 0) return Status::kInvalidArgument;
  return v / 2;
}

Status use_half(int v, int* out) {
  LPAI_ASSIGN_OR_RETURN(*out, half(v));
  return Status::kOk;
}

TEST(Result, ValueAndStatus) {
  const Result<int> ok = half(8);
  EXPECT_TRUE(ok.ok());
  EXPECT_EQ(ok.value(), 4);
  EXPECT_EQ(ok.status(), Status::kOk);
  const Result<int> bad = half(3);
  EXPECT_FALSE(bad.ok());
  EXPECT_EQ(bad.status(), Status::kInvalidArgument);
  EXPECT_EQ(bad.value_or(-1), -1);
}

TEST(Result, AssignOrReturnPropagates) {
  int out = 0;
  EXPECT_EQ(use_half(10, &out), Status::kOk);
  EXPECT_EQ(out, 5);
  out = 99;
  EXPECT_EQ(use_half(7, &out), Status::kInvalidArgument);
  EXPECT_EQ(out, 99);
}

}  // namespace
