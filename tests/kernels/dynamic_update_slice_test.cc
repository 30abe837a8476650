// DYNAMIC_UPDATE_SLICE kernel against reference/movement_ref.h; start indices are run-time
// and clamped.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"
#include "kernels/reference/movement_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kDus = 151;

void check(DataType t, std::vector<int32_t> s, std::vector<int32_t> us,
           std::vector<int32_t> start, bool runtime, bool i64 = false) {
  const auto x = mv_test::values(t, mv_test::count(s), 71);
  const auto u = mv_test::values(t, mv_test::count(us), 73);
  Node n(kDus);
  n.add_input(mv_test::spec(t, s), x);
  n.add_input(mv_test::spec(t, us), u);
  if (runtime) {
    n.add_input(mv_test::ints({static_cast<int32_t>(s.size())}, i64), start);
  } else {
    n.add_const(mv_test::ints({static_cast<int32_t>(s.size())}, i64), start);
  }
  n.add_output(mv_test::spec(t, s));
  if (!mv_test::run(n)) return;
  EXPECT_EQ(n.output(),
            ref::dynamic_update_slice(x, s, u, us, std::vector<int64_t>(start.begin(), start.end())));
}

TEST(DynamicUpdateSliceKernel, Starts) {
  check(DataType::kInt8, {6, 1}, {2, 1}, {1, 0}, false);
  check(DataType::kInt8, {3, 4, 3}, {1, 3, 3}, {1, 1, 2}, false);  // clamped to 0 in dim 2
  check(DataType::kInt8, {5}, {5}, {1}, true);
  check(DataType::kInt8, {1, 6, 1}, {1, 4, 1}, {0, 4, -1}, true, true);
  check(DataType::kInt8, {2, 3, 2, 3, 2, 3}, {1, 2, 1, 2, 2, 1}, {1, 0, 1, 9, 0, -4}, true);
  check(DataType::kInt16, {1, 5, 2}, {1, 3, 1}, {0, 1, 0}, false);
  check(DataType::kInt16, {6, 3}, {2, 3}, {2, 3}, true);
  check(DataType::kInt16, {1}, {1}, {-1}, true);
}

TEST(DynamicUpdateSliceKernel, Rejects) {
  {
    Node n(kDus);
    n.add_input(mv_test::spec(DataType::kInt8, {3}), {});
    n.add_input(mv_test::spec(DataType::kInt8, {4}), {});
    n.add_input(mv_test::ints({1}), {0});
    n.add_output(mv_test::spec(DataType::kInt8, {3}));
    mv_test::error_has(n, "exceeds");
  }
  Node n(kDus);
  n.add_input(mv_test::spec(DataType::kInt8, {3, 2}), {});
  n.add_input(mv_test::spec(DataType::kInt8, {1, 2}), {});
  n.add_input(mv_test::ints({2}), {0, 0});
  n.add_output(mv_test::spec(DataType::kInt8, {3, 2}));
  ASSERT_TRUE(n.prepare().ok());
  ASSERT_EQ(n.validate(), lpai::Status::kOk);
  n.in_rec(1).zero_point = 5;  // the update must share the operand's quantisation
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
  n.in_rec(1).zero_point = -128;
  n.in_rec(2).dims[0] = 3;  // one start index per dim
  n.in_rec(2).size = 12;
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
