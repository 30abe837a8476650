// GATHER_ND kernel against reference/movement_ref.h; out-of-range run-time indices are clamped.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"
#include "kernels/reference/movement_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kGatherNd = 107;

void check(DataType t, std::vector<int32_t> s, std::vector<int32_t> is, std::vector<int32_t> idx,
           bool runtime, bool i64 = false) {
  const auto x = mv_test::values(t, mv_test::count(s), 43);
  std::vector<int32_t> os;
  const auto want = ref::gather_nd(x, s, std::vector<int64_t>(idx.begin(), idx.end()), is, &os);
  Node n(kGatherNd);
  n.add_input(mv_test::spec(t, s), x);
  if (runtime) {
    n.add_input(mv_test::ints(is, i64), idx);
  } else {
    n.add_const(mv_test::ints(is, i64), idx);
  }
  n.add_output(mv_test::spec(t, os));
  if (!mv_test::run(n)) return;
  EXPECT_EQ(n.output(), want);
}

TEST(GatherNdKernel, Shapes) {
  check(DataType::kInt8, {2, 5}, {1, 1, 2}, {1, 1}, false);
  check(DataType::kInt8, {3, 1, 1}, {4, 3}, {0, 0, 0, 2, 0, 0, 2, 0, 0, 2, 0, 0}, false);
  check(DataType::kInt8, {5, 1, 1}, {2, 1}, {1, 4}, false);
  check(DataType::kInt8, {2, 5}, {2, 2}, {1, 0, 0, 2}, true);
  check(DataType::kInt8, {3, 4, 5}, {2, 2, 2}, {2, 3, 0, 0, 1, 1, 2, 0}, true, true);
  check(DataType::kInt16, {4, 3}, {3, 1}, {3, 0, 2}, true);
}

TEST(GatherNdKernel, RuntimeIndicesAreClamped) {
  const std::vector<int32_t> x = {1, 2, 3, 4, 5, 6};
  Node n(kGatherNd);
  n.add_input(mv_test::spec(DataType::kInt8, {2, 3}), x);
  n.add_input(mv_test::ints({3, 2}), {-1, 7, 5, -3, 1, 1});
  n.add_output(mv_test::spec(DataType::kInt8, {3}));
  ASSERT_TRUE(mv_test::run(n));
  EXPECT_EQ(n.output(), (std::vector<int32_t>{3, 4, 5}));
}

TEST(GatherNdKernel, Rejects) {
  {
    Node n(kGatherNd);
    n.add_input(mv_test::spec(DataType::kInt8, {2, 3}), {});
    n.add_const(mv_test::ints({1, 3}), {0, 0, 0});
    n.add_output(mv_test::spec(DataType::kInt8, {1}));
    mv_test::error_has(n, "exceeds the input rank");
  }
  Node n(kGatherNd);
  n.add_input(mv_test::spec(DataType::kInt8, {2, 3}), {});
  n.add_input(mv_test::ints({2, 1}), {0, 1});
  n.add_output(mv_test::spec(DataType::kInt8, {2, 3}));
  ASSERT_TRUE(n.prepare().ok());
  ASSERT_EQ(n.validate(), lpai::Status::kOk);
  n.in_rec(0).dims[0] = 4;  // the blob's dims/strides no longer describe the input
  n.in_rec(0).size = 12;
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
