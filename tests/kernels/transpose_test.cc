// TRANSPOSE kernel against reference/movement_ref.h.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"
#include "kernels/reference/movement_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kTranspose = 39;

void check(DataType t, std::vector<int32_t> shape, std::vector<int> perm, bool perm64 = false) {
  const auto x = mv_test::values(t, mv_test::count(shape), 7);
  std::vector<int32_t> os;
  for (int p : perm) os.push_back(shape[p < 0 ? p + static_cast<int>(shape.size()) : p]);
  Node n(kTranspose);
  n.add_input(mv_test::spec(t, shape), x);
  n.add_const(mv_test::ints({static_cast<int32_t>(perm.size())}, perm64),
              std::vector<int32_t>(perm.begin(), perm.end()));
  n.add_output(mv_test::spec(t, os));
  if (!mv_test::run(n)) return;
  EXPECT_EQ(n.output(), ref::transpose(x, shape, perm));
}

TEST(TransposeKernel, Int8Permutations) {
  check(DataType::kInt8, {1, 3, 17, 19}, {0, 2, 3, 1});  // NCHW -> NHWC
  check(DataType::kInt8, {1, 17, 19, 3}, {0, 3, 1, 2});  // NHWC -> NCHW
  check(DataType::kInt8, {2, 3, 4, 5}, {3, 2, 1, 0});
  check(DataType::kInt8, {2, 3, 4, 5}, {1, 0, 3, 2});
  check(DataType::kInt8, {40, 70}, {1, 0});              // several 32x32 tiles, ragged edges
  check(DataType::kInt8, {1, 4, 1, 3}, {2, 3, 0, 1});
  check(DataType::kInt8, {2, 1, 3, 1, 2, 3}, {5, 4, 3, 2, 1, 0});  // rank 6
  check(DataType::kInt8, {7}, {0});
  check(DataType::kInt8, {3, 4}, {-1, -2}, true);        // negative perm entries, int64
}

TEST(TransposeKernel, Int16AndInt32) {
  check(DataType::kInt16, {3, 3, 5, 1, 2}, {4, 3, 2, 1, 0});
  check(DataType::kInt16, {4, 2, 3}, {0, 2, 1});
  check(DataType::kInt32, {2, 3, 4}, {2, 0, 1});
}

// Random ranks 1..6, dims 1..5 and permutations (the flattening must hold for every one).
TEST(TransposeKernel, RandomSweep) {
  uint32_t seed = 12345;
  auto next = [&seed](uint32_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (int iter = 0; iter < 300; ++iter) {
    const int rank = 1 + static_cast<int>(next(6));
    std::vector<int32_t> shape;
    for (int i = 0; i < rank; ++i) shape.push_back(1 + static_cast<int32_t>(next(5)));
    std::vector<int> perm(rank);
    for (int i = 0; i < rank; ++i) perm[i] = i;
    for (int i = rank - 1; i > 0; --i) std::swap(perm[i], perm[next(i + 1)]);
    check(iter % 3 == 0 ? DataType::kInt16 : DataType::kInt8, shape, perm);
    if (HasFailure()) {
      ADD_FAILURE() << "iteration " << iter;
      return;
    }
  }
}

TEST(TransposeKernel, Rejects) {
  {
    Node n(kTranspose);
    n.add_input(mv_test::spec(DataType::kInt8, {2, 3}), {});
    n.add_const(mv_test::ints({2}), {0, 0});
    n.add_output(mv_test::spec(DataType::kInt8, {2, 2}));
    mv_test::error_has(n, "permutation");
  }
  {
    Node n(kTranspose);
    n.add_input(mv_test::spec(DataType::kInt8, {2, 3}), {});
    n.add_input(mv_test::ints({2}), {1, 0});  // not constant
    n.add_output(mv_test::spec(DataType::kInt8, {3, 2}));
    mv_test::error_has(n, "constant");
  }
  {
    Node n(kTranspose);
    n.add_input(mv_test::spec(DataType::kInt8, {2, 3}, 5), {});
    n.add_const(mv_test::ints({2}), {1, 0});
    n.add_output(mv_test::spec(DataType::kInt8, {3, 2}, 6));
    mv_test::error_has(n, "quantisation");
  }
  Node n(kTranspose);
  n.add_input(mv_test::spec(DataType::kInt8, {2, 3}), {});
  n.add_const(mv_test::ints({2}), {1, 0});
  n.add_output(mv_test::spec(DataType::kInt8, {3, 2}));
  ASSERT_TRUE(n.prepare().ok());
  ASSERT_EQ(n.validate(), lpai::Status::kOk);
  n.out_rec(0).zero_point = 1;  // copies bytes: quantisation must match
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
  n.out_rec(0).zero_point = -128;
  n.in_rec(0).dims[1] = 2;  // the view would read past the input
  n.in_rec(0).size = 4;
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
  n.in_rec(0).dims[1] = 3;
  n.in_rec(0).size = 6;
  n.params().pop_back();
  n.set_params(n.params());
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
