// REVERSE_V2 kernel against reference/movement_ref.h.
#include <gtest/gtest.h>

#include <cstring>

#include "kernels/movement_test_util.h"
#include "kernels/reference/movement_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kReverseV2 = 105;

void check(DataType t, std::vector<int32_t> s, std::vector<int> axes, bool i64 = false) {
  const auto x = mv_test::values(t, mv_test::count(s), 5);
  Node n(kReverseV2);
  n.add_input(mv_test::spec(t, s), x);
  n.add_const(mv_test::ints({static_cast<int32_t>(axes.size())}, i64),
              std::vector<int32_t>(axes.begin(), axes.end()));
  n.add_output(mv_test::spec(t, s));
  if (!mv_test::run(n)) return;
  EXPECT_EQ(n.output(), ref::reverse(x, s, axes));
}

TEST(ReverseV2Kernel, Axes) {
  check(DataType::kInt8, {3, 3, 5}, {0});
  check(DataType::kInt8, {2, 4, 3}, {2});     // innermost: negative unit stride
  check(DataType::kInt8, {2, 4, 3}, {-1, 0}); // negative axis
  check(DataType::kInt8, {1, 1, 1}, {0, 1, 2});
  check(DataType::kInt8, {40, 50}, {0, 1}, true);
  check(DataType::kInt8, {2, 2, 2, 2, 2, 3}, {1, 3, 5});
  check(DataType::kInt16, {4, 3, 2}, {1, 2});
  check(DataType::kInt16, {9}, {0});
}

TEST(ReverseV2Kernel, RandomSweep) {
  uint32_t seed = 99;
  auto next = [&seed](uint32_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (int iter = 0; iter < 200; ++iter) {
    const int rank = 1 + static_cast<int>(next(6));
    std::vector<int32_t> shape;
    std::vector<int> axes;
    for (int i = 0; i < rank; ++i) {
      shape.push_back(1 + static_cast<int32_t>(next(5)));
      if (next(2)) axes.push_back(next(2) ? i : i - rank);
    }
    if (axes.empty()) axes.push_back(0);
    check(iter % 2 ? DataType::kInt16 : DataType::kInt8, shape, axes);
    if (HasFailure()) {
      ADD_FAILURE() << "iteration " << iter;
      return;
    }
  }
}

TEST(ReverseV2Kernel, Rejects) {
  {
    Node n(kReverseV2);
    n.add_input(mv_test::spec(DataType::kInt8, {2, 3}), {});
    n.add_const(mv_test::ints({2}), {1, -1});  // repeated
    n.add_output(mv_test::spec(DataType::kInt8, {2, 3}));
    mv_test::error_has(n, "repeated");
  }
  {
    Node n(kReverseV2);
    n.add_input(mv_test::spec(DataType::kInt8, {2, 3}), {});
    n.add_const(mv_test::ints({1}), {2});
    n.add_output(mv_test::spec(DataType::kInt8, {2, 3}));
    mv_test::error_has(n, "out of range");
  }
  Node n(kReverseV2);
  n.add_input(mv_test::spec(DataType::kInt8, {2, 3}), {});
  n.add_const(mv_test::ints({1}), {1});
  n.add_output(mv_test::spec(DataType::kInt8, {2, 3}));
  ASSERT_TRUE(n.prepare().ok());
  ASSERT_EQ(n.validate(), lpai::Status::kOk);
  // An offset that would make the reversed walk start before the input.
  auto blob = n.params();
  int32_t zero = 0;
  std::memcpy(blob.data() + 48, &zero, 4);  // StridedCopyParams::in_offset
  n.set_params(blob);
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
