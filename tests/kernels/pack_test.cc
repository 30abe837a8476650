// PACK kernel against reference/movement_ref.h.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"
#include "kernels/reference/movement_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kPack = 83;

void check(DataType t, std::vector<int32_t> s, int axis, int num) {
  std::vector<std::vector<int32_t>> xs;
  for (int i = 0; i < num; ++i) xs.push_back(mv_test::values(t, mv_test::count(s), 31 + i));
  const auto want = ref::pack(xs, s, axis);
  auto os = s;
  os.insert(os.begin() + (axis < 0 ? axis + static_cast<int>(s.size()) + 1 : axis), num);
  Node n(kPack);
  n.options().values_count = num;
  n.options().axis = axis;
  for (const auto& x : xs) n.add_input(mv_test::spec(t, s), x);
  n.add_output(mv_test::spec(t, os));
  if (!mv_test::run(n)) return;
  EXPECT_EQ(n.output(), want);
}

TEST(PackKernel, Shapes) {
  check(DataType::kInt8, {5}, 0, 2);
  check(DataType::kInt8, {2, 1, 5}, 0, 4);
  check(DataType::kInt8, {1, 5}, 0, 1);
  check(DataType::kInt8, {5, 4, 6}, 3, 4);   // new innermost axis
  check(DataType::kInt8, {5, 4, 6}, -2, 3);  // negative axis
  check(DataType::kInt16, {6}, 0, 3);
  check(DataType::kInt16, {2}, 1, 4);
  check(DataType::kInt16, {1, 5, 3}, 1, 2);
}

TEST(PackKernel, Rejects) {
  {
    Node n(kPack);
    n.options().values_count = 2;
    n.options().axis = 0;
    n.add_input(mv_test::spec(DataType::kInt8, {3}), {});
    n.add_input(mv_test::spec(DataType::kInt8, {3}, 0), {});  // other zero point
    n.add_output(mv_test::spec(DataType::kInt8, {2, 3}));
    mv_test::error_has(n, "quantisation");
  }
  Node n(kPack);
  n.options().values_count = 2;
  n.options().axis = 1;
  n.add_input(mv_test::spec(DataType::kInt8, {3}), {});
  n.add_input(mv_test::spec(DataType::kInt8, {3}), {});
  n.add_output(mv_test::spec(DataType::kInt8, {3, 2}));
  ASSERT_TRUE(n.prepare().ok());
  ASSERT_EQ(n.validate(), lpai::Status::kOk);
  n.in_rec(1).dims[0] = 2;
  n.in_rec(1).size = 2;
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
