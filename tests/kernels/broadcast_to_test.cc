// BROADCAST_TO kernel against reference/movement_ref.h.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"
#include "kernels/reference/movement_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kBroadcastTo = 130;

void check(DataType t, std::vector<int32_t> s, std::vector<int32_t> os, bool i64 = false) {
  const auto x = mv_test::values(t, mv_test::count(s), 9);
  Node n(kBroadcastTo);
  n.add_input(mv_test::spec(t, s), x);
  n.add_const(mv_test::ints({static_cast<int32_t>(os.size())}, i64), os);
  n.add_output(mv_test::spec(t, os));
  if (!mv_test::run(n)) return;
  EXPECT_EQ(n.output(), ref::broadcast_to(x, s, os));
}

TEST(BroadcastToKernel, Shapes) {
  check(DataType::kInt8, {2, 1, 1, 1}, {2, 4, 4, 3});
  check(DataType::kInt8, {1, 4, 1}, {3, 4, 2});
  check(DataType::kInt8, {4, 2}, {4, 2});
  check(DataType::kInt8, {3}, {2, 5, 3}, true);  // lower rank, right-aligned
  check(DataType::kInt8, {1}, {1, 1, 1, 1, 1, 7});
  check(DataType::kInt8, {5, 1}, {5, 40});       // row fill
  check(DataType::kInt16, {1, 1, 1}, {1, 1, 4});
  check(DataType::kInt16, {2, 1, 3}, {2, 6, 3});
  check(DataType::kInt32, {1, 3}, {2, 3});
}

TEST(BroadcastToKernel, RandomSweep) {
  uint32_t seed = 4242;
  auto next = [&seed](uint32_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (int iter = 0; iter < 200; ++iter) {
    const int rank = 1 + static_cast<int>(next(6));
    const int in_rank = 1 + static_cast<int>(next(rank));
    std::vector<int32_t> os, s;
    for (int i = 0; i < rank; ++i) os.push_back(1 + static_cast<int32_t>(next(4)));
    for (int i = rank - in_rank; i < rank; ++i) s.push_back(next(2) ? os[i] : 1);
    check(iter % 2 ? DataType::kInt16 : DataType::kInt8, s, os);
    if (HasFailure()) {
      ADD_FAILURE() << "iteration " << iter;
      return;
    }
  }
}

TEST(BroadcastToKernel, Rejects) {
  {
    Node n(kBroadcastTo);
    n.add_input(mv_test::spec(DataType::kInt8, {2, 3}), {});
    n.add_const(mv_test::ints({2}), {2, 6});
    n.add_output(mv_test::spec(DataType::kInt8, {2, 6}));
    mv_test::error_has(n, "does not broadcast");
  }
  {
    Node n(kBroadcastTo);
    n.add_input(mv_test::spec(DataType::kInt8, {1, 3}), {});
    n.add_const(mv_test::ints({2}), {4, 3});
    n.add_output(mv_test::spec(DataType::kInt8, {2, 3}));
    mv_test::error_has(n, "differs from the output");
  }
  Node n(kBroadcastTo);
  n.add_input(mv_test::spec(DataType::kInt8, {1, 3}), {});
  n.add_const(mv_test::ints({2}), {2, 3});
  n.add_output(mv_test::spec(DataType::kInt8, {2, 3}));
  ASSERT_TRUE(n.prepare().ok());
  ASSERT_EQ(n.validate(), lpai::Status::kOk);
  n.out_rec(0).dims[0] = 3;  // output element count no longer matches the view
  n.out_rec(0).size = 9;
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
