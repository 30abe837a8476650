// Result<T>: a value or a failure status; a Result can never claim success without a value.
#include "core/result.h"

#include <gtest/gtest.h>

namespace {

using lpai::Result;
using lpai::Status;

Result<int> half(int v) {
  if (v % 2 != 0) return Status::kInvalidArgument;
  return v / 2;
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

TEST(Result, StatusOkWithoutAValueIsAFailure) {
  const Result<int> r = Status::kOk;
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.status(), Status::kInternal);
  EXPECT_EQ(r.value_or(7), 7);
}

}  // namespace
