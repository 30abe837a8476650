// SLICE kernel against reference/movement_ref.h.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"
#include "kernels/reference/movement_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kSlice = 65;

void check(DataType t, std::vector<int32_t> s, std::vector<int> begin, std::vector<int> size,
           bool i64 = false) {
  const auto x = mv_test::values(t, mv_test::count(s), 13);
  std::vector<int32_t> os;
  const auto want = ref::slice(x, s, begin, size, &os);
  Node n(kSlice);
  n.add_input(mv_test::spec(t, s), x);
  const int32_t r = static_cast<int32_t>(s.size());
  n.add_const(mv_test::ints({r}, i64), std::vector<int32_t>(begin.begin(), begin.end()));
  n.add_const(mv_test::ints({r}, i64), std::vector<int32_t>(size.begin(), size.end()));
  n.add_output(mv_test::spec(t, os));
  if (!mv_test::run(n)) return;
  EXPECT_EQ(n.output(), want);
}

TEST(SliceKernel, Shapes) {
  check(DataType::kInt8, {7}, {6}, {1});
  check(DataType::kInt8, {3, 7, 3}, {2, 2, 0}, {-1, 1, 3});
  check(DataType::kInt8, {4, 6, 2}, {1, 3, 0}, {3, -1, 1});
  check(DataType::kInt8, {6, 2, 4}, {0, 1, 1}, {1, 1, 3}, true);
  check(DataType::kInt8, {2, 3, 2, 3, 2, 3}, {1, 0, 1, 1, 0, 1}, {1, 3, 1, 2, 2, 2});
  check(DataType::kInt8, {3, 4}, {1, 0}, {0, 4});  // empty output
  check(DataType::kInt16, {2, 7, 1, 7}, {0, 6, 0, 0}, {1, -1, 1, 2});
  check(DataType::kInt16, {5, 2}, {3, 0}, {1, -1});
}

// Random ranks 1..6 and boxes: slices merge and flatten like every other strided view.
TEST(SliceKernel, RandomSweep) {
  uint32_t seed = 777;
  auto next = [&seed](uint32_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (int iter = 0; iter < 300; ++iter) {
    const int rank = 1 + static_cast<int>(next(6));
    std::vector<int32_t> shape;
    std::vector<int> begin, size;
    for (int i = 0; i < rank; ++i) {
      shape.push_back(1 + static_cast<int32_t>(next(5)));
      begin.push_back(static_cast<int>(next(shape.back())));
      const int left = shape.back() - begin.back();
      size.push_back(next(4) == 0 ? -1 : 1 + static_cast<int>(next(left)));
    }
    check(iter % 2 ? DataType::kInt16 : DataType::kInt8, shape, begin, size);
    if (HasFailure()) {
      ADD_FAILURE() << "iteration " << iter;
      return;
    }
  }
}

TEST(SliceKernel, Rejects) {
  Node bad(kSlice);
  bad.add_input(mv_test::spec(DataType::kInt8, {4}), {});
  bad.add_const(mv_test::ints({1}), {3});
  bad.add_const(mv_test::ints({1}), {2});
  bad.add_output(mv_test::spec(DataType::kInt8, {2}));
  mv_test::error_has(bad, "out of range");
  Node n(kSlice);
  n.add_input(mv_test::spec(DataType::kInt8, {4, 4}), {});
  n.add_const(mv_test::ints({2}), {2, 2});
  n.add_const(mv_test::ints({2}), {2, 2});
  n.add_output(mv_test::spec(DataType::kInt8, {2, 2}));
  ASSERT_TRUE(n.prepare().ok());
  ASSERT_EQ(n.validate(), lpai::Status::kOk);
  n.in_rec(0).dims[0] = 3;  // the last rows are no longer inside the input
  n.in_rec(0).size = 12;
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
  n.in_rec(0).dims[0] = 4;
  n.in_rec(0).size = 16;
  n.drop_last_input();
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
