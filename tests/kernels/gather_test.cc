// GATHER kernel against reference/movement_ref.h; out-of-range run-time indices are clamped.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"
#include "kernels/reference/movement_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kGather = 36;

void check(DataType t, std::vector<int32_t> s, std::vector<int32_t> is, std::vector<int32_t> idx,
           int axis, int batch_dims, bool runtime, bool i64 = false) {
  const auto x = mv_test::values(t, mv_test::count(s), 41);
  std::vector<int32_t> os;
  const auto want = ref::gather(x, s, std::vector<int64_t>(idx.begin(), idx.end()), is, axis,
                                batch_dims, &os);
  Node n(kGather);
  n.options().axis = axis;
  n.options().batch_dims = batch_dims;
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

TEST(GatherKernel, Axes) {
  check(DataType::kInt8, {2}, {3, 1}, {1, 1, 1}, 0, 0, false);
  check(DataType::kInt8, {2, 4, 3, 6}, {4}, {0, 3, 2, 3}, 1, 0, false);
  check(DataType::kInt8, {1, 4, 2, 2}, {1}, {0}, -4, 0, false);
  check(DataType::kInt8, {3, 5}, {2, 2}, {4, 0, 1, 3}, -1, 0, true, true);
  check(DataType::kInt8, {2, 5, 3}, {2, 3}, {4, 0, 2, 1, 1, 3}, 1, 1, true);  // batch_dims 1
  check(DataType::kInt8, {2, 3, 4}, {2, 2}, {3, 0, 1, 2}, 2, -1, false);     // batch_dims -1
  check(DataType::kInt16, {6, 2}, {3}, {5, 0, 5}, 0, 0, true);
}

TEST(GatherKernel, RandomSweep) {
  uint32_t seed = 2024;
  auto next = [&seed](uint32_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (int iter = 0; iter < 200; ++iter) {
    const int rank = 1 + static_cast<int>(next(4));
    std::vector<int32_t> s;
    for (int i = 0; i < rank; ++i) s.push_back(1 + static_cast<int32_t>(next(4)));
    const int axis = static_cast<int>(next(rank));
    const int bd = static_cast<int>(next(axis + 1));
    std::vector<int32_t> is(s.begin(), s.begin() + bd);
    const int extra = static_cast<int>(next(3));
    for (int i = 0; i < extra; ++i) is.push_back(1 + static_cast<int32_t>(next(3)));
    std::vector<int32_t> idx(mv_test::count(is));
    for (auto& v : idx) v = static_cast<int32_t>(next(s[axis]));
    check(DataType::kInt8, s, is, idx, next(2) ? axis : axis - rank, bd, iter % 2 == 0,
          iter % 3 == 0);
    if (HasFailure()) {
      ADD_FAILURE() << "iteration " << iter;
      return;
    }
  }
}

TEST(GatherKernel, RuntimeIndicesAreClamped) {
  const std::vector<int32_t> x = {10, 11, 20, 21, 30, 31};
  Node n(kGather);
  n.add_input(mv_test::spec(DataType::kInt8, {3, 2}), x);
  n.add_input(mv_test::ints({4}), {-5, 2, 3, 1000});
  n.add_output(mv_test::spec(DataType::kInt8, {4, 2}));
  ASSERT_TRUE(mv_test::run(n));
  EXPECT_EQ(n.output(), (std::vector<int32_t>{10, 11, 30, 31, 30, 31, 30, 31}));
}

TEST(GatherKernel, Rejects) {
  {
    Node n(kGather);
    n.add_input(mv_test::spec(DataType::kInt8, {3, 2}), {});
    n.add_const(mv_test::ints({1}), {3});
    n.add_output(mv_test::spec(DataType::kInt8, {1, 2}));
    mv_test::error_has(n, "out of range");
  }
  {
    Node n(kGather);
    n.options().axis = 0;
    n.options().batch_dims = 1;
    n.add_input(mv_test::spec(DataType::kInt8, {3, 2}), {});
    n.add_const(mv_test::ints({3, 1}), {0, 0, 0});
    n.add_output(mv_test::spec(DataType::kInt8, {3, 1, 2}));
    mv_test::error_has(n, "batch_dims");
  }
  Node n(kGather);
  n.add_input(mv_test::spec(DataType::kInt8, {3, 2}), {});
  n.add_input(mv_test::ints({2}), {0, 1});
  n.add_output(mv_test::spec(DataType::kInt8, {2, 2}));
  ASSERT_TRUE(n.prepare().ok());
  ASSERT_EQ(n.validate(), lpai::Status::kOk);
  n.in_rec(1).data_type = static_cast<uint8_t>(DataType::kInt64);  // blob says int32
  n.in_rec(1).size = 16;
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
