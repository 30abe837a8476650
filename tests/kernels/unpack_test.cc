// UNPACK kernel against reference/movement_ref.h.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"
#include "kernels/reference/movement_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kUnpack = 88;

void check(DataType t, std::vector<int32_t> s, int axis) {
  const auto x = mv_test::values(t, mv_test::count(s), 29);
  const int ax = axis < 0 ? axis + static_cast<int>(s.size()) : axis;
  const int num = s[ax];
  const auto parts = ref::split(x, s, ax, std::vector<int>(num, 1));
  auto os = s;
  os.erase(os.begin() + ax);
  Node n(kUnpack);
  n.options().values_count = num;
  n.options().axis = axis;
  n.add_input(mv_test::spec(t, s), x);
  for (int i = 0; i < num; ++i) n.add_output(mv_test::spec(t, os));
  if (!mv_test::run(n)) return;
  for (int i = 0; i < num; ++i) EXPECT_EQ(n.output(i), parts[i]) << "output " << i;
}

TEST(UnpackKernel, Shapes) {
  check(DataType::kInt8, {1, 3, 4, 5}, 1);
  check(DataType::kInt8, {2, 4, 4}, 0);
  check(DataType::kInt8, {2}, 0);           // rank-0 outputs
  check(DataType::kInt8, {3, 2, 4}, -1);
  check(DataType::kInt16, {5, 3, 5}, 0);   // five outputs
  check(DataType::kInt16, {1, 5}, 0);
}

TEST(UnpackKernel, Rejects) {
  Node n(kUnpack);
  n.options().values_count = 3;
  n.options().axis = 0;
  n.add_input(mv_test::spec(DataType::kInt8, {2, 4}), {});
  n.add_output(mv_test::spec(DataType::kInt8, {4}));
  n.add_output(mv_test::spec(DataType::kInt8, {4}));
  mv_test::error_has(n, "do not match");
  Node m(kUnpack);
  m.options().values_count = 2;
  m.options().axis = 2;
  m.add_input(mv_test::spec(DataType::kInt8, {2, 4}), {});
  m.add_output(mv_test::spec(DataType::kInt8, {4}));
  m.add_output(mv_test::spec(DataType::kInt8, {4}));
  mv_test::error_has(m, "out of range");
}

}  // namespace
