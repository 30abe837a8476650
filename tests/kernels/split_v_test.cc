// SPLIT_V kernel against reference/movement_ref.h.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"
#include "kernels/reference/movement_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kSplitV = 102;

void check(DataType t, std::vector<int32_t> s, int axis, std::vector<int> sizes,
           std::vector<int> resolved) {
  const auto x = mv_test::values(t, mv_test::count(s), 23);
  const int ax = axis < 0 ? axis + static_cast<int>(s.size()) : axis;
  const auto want = ref::split(x, s, axis, resolved);
  Node n(kSplitV);
  n.options().num_splits = static_cast<int>(sizes.size());
  n.add_input(mv_test::spec(t, s), x);
  n.add_const(mv_test::ints({static_cast<int32_t>(sizes.size())}),
              std::vector<int32_t>(sizes.begin(), sizes.end()));
  n.add_const(mv_test::ints({1}), {axis});
  for (int r : resolved) {
    auto os = s;
    os[ax] = r;
    n.add_output(mv_test::spec(t, os));
  }
  if (!mv_test::run(n)) return;
  for (size_t i = 0; i < resolved.size(); ++i) EXPECT_EQ(n.output(i), want[i]) << "output " << i;
}

TEST(SplitVKernel, Shapes) {
  check(DataType::kInt8, {2, 3, 2, 2}, 1, {2, 1}, {2, 1});
  check(DataType::kInt8, {5, 3, 2}, 0, {2, 2, 1}, {2, 2, 1});
  check(DataType::kInt8, {5}, 0, {4, -1}, {4, 1});
  check(DataType::kInt8, {1, 1, 5, 6}, -2, {-1, 1}, {4, 1});
  check(DataType::kInt8, {3, 7}, 1, {0, 7}, {0, 7});  // an empty part
  check(DataType::kInt16, {8}, 0, {3, 5}, {3, 5});
  check(DataType::kInt16, {2, 2, 7, 4}, 1, {1, 1}, {1, 1});
}

TEST(SplitVKernel, Rejects) {
  Node n(kSplitV);
  n.add_input(mv_test::spec(DataType::kInt8, {6}), {});
  n.add_const(mv_test::ints({2}), {-1, -1});
  n.add_const(mv_test::ints({1}), {0});
  n.add_output(mv_test::spec(DataType::kInt8, {3}));
  n.add_output(mv_test::spec(DataType::kInt8, {3}));
  mv_test::error_has(n, "more than one -1");
  Node m(kSplitV);
  m.add_input(mv_test::spec(DataType::kInt8, {6}), {});
  m.add_const(mv_test::ints({2}), {2, 3});
  m.add_const(mv_test::ints({1}), {0});
  m.add_output(mv_test::spec(DataType::kInt8, {2}));
  m.add_output(mv_test::spec(DataType::kInt8, {3}));
  mv_test::error_has(m, "add up");
}

}  // namespace
