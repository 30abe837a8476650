// SPLIT kernel against reference/movement_ref.h.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"
#include "kernels/reference/movement_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kSplit = 49;

void check(DataType t, std::vector<int32_t> s, int axis, int num) {
  const auto x = mv_test::values(t, mv_test::count(s), 21);
  const int ax = axis < 0 ? axis + static_cast<int>(s.size()) : axis;
  const auto want = ref::split(x, s, axis, std::vector<int>(num, s[ax] / num));
  Node n(kSplit);
  n.options().num_splits = num;
  n.add_const(mv_test::ints({}), {axis});
  n.add_input(mv_test::spec(t, s), x);
  for (int i = 0; i < num; ++i) {
    auto os = s;
    os[ax] /= num;
    n.add_output(mv_test::spec(t, os));
  }
  if (!mv_test::run(n)) return;
  for (int i = 0; i < num; ++i) EXPECT_EQ(n.output(i), want[i]) << "output " << i;
}

TEST(SplitKernel, Shapes) {
  check(DataType::kInt8, {5, 5, 4}, 2, 2);
  check(DataType::kInt8, {1, 2, 6}, 1, 1);
  check(DataType::kInt8, {6, 3}, 0, 3);
  check(DataType::kInt8, {2, 12, 3}, -2, 6);
  check(DataType::kInt8, {4, 16}, 1, 16);  // kMaxNodeOutputs parts
  check(DataType::kInt16, {3, 1, 6}, 2, 3);
  check(DataType::kInt16, {6, 2, 4}, -1, 2);
}

TEST(SplitKernel, Rejects) {
  {
    Node n(kSplit);
    n.options().num_splits = 2;
    n.add_const(mv_test::ints({}), {1});
    n.add_input(mv_test::spec(DataType::kInt8, {2, 3}), {});
    n.add_output(mv_test::spec(DataType::kInt8, {2, 1}));
    n.add_output(mv_test::spec(DataType::kInt8, {2, 2}));
    mv_test::error_has(n, "not divisible");
  }
  Node n(kSplit);
  n.options().num_splits = 2;
  n.add_const(mv_test::ints({}), {1});
  n.add_input(mv_test::spec(DataType::kInt8, {2, 4}), {});
  n.add_output(mv_test::spec(DataType::kInt8, {2, 2}));
  n.add_output(mv_test::spec(DataType::kInt8, {2, 2}));
  ASSERT_TRUE(n.prepare().ok());
  ASSERT_EQ(n.validate(), lpai::Status::kOk);
  n.out_rec(1).dims[1] = 3;  // chunks no longer add up
  n.out_rec(1).size = 6;
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
  n.out_rec(1).dims[1] = 2;
  n.out_rec(1).size = 4;
  n.out_rec(1).zero_point = 0;
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
