// DEPTH_TO_SPACE and SPACE_TO_DEPTH kernels against reference/movement_ref.h.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"
#include "kernels/reference/movement_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kDepthToSpace = 5;
constexpr int kSpaceToDepth = 26;

void check_d2s(DataType t, std::vector<int32_t> s, int bs) {
  const auto x = mv_test::values(t, mv_test::count(s), 11);
  Node n(kDepthToSpace);
  n.options().block_size = bs;
  n.add_input(mv_test::spec(t, s, 127), x);
  n.add_output(mv_test::spec(t, {s[0], s[1] * bs, s[2] * bs, s[3] / (bs * bs)}, 127));
  if (!mv_test::run(n)) return;
  EXPECT_EQ(n.output(), ref::depth_to_space(x, s, bs));
}

void check_s2d(DataType t, std::vector<int32_t> s, int bs) {
  const auto x = mv_test::values(t, mv_test::count(s), 12);
  Node n(kSpaceToDepth);
  n.options().block_size = bs;
  n.add_input(mv_test::spec(t, s), x);
  n.add_output(mv_test::spec(t, {s[0], s[1] / bs, s[2] / bs, s[3] * bs * bs}));
  if (!mv_test::run(n)) return;
  EXPECT_EQ(n.output(), ref::space_to_depth(x, s, bs));
}

TEST(DepthToSpaceKernel, Shapes) {
  check_d2s(DataType::kInt8, {2, 1, 3, 12}, 2);
  check_d2s(DataType::kInt8, {1, 4, 4, 9}, 3);
  check_d2s(DataType::kInt8, {1, 1, 2, 9}, 3);
  check_d2s(DataType::kInt8, {1, 5, 7, 4}, 1);   // block 1: identity
  check_d2s(DataType::kInt8, {1, 8, 8, 64}, 4);
  check_d2s(DataType::kInt16, {2, 3, 2, 8}, 2);
}

TEST(SpaceToDepthKernel, Shapes) {
  check_s2d(DataType::kInt8, {1, 9, 12, 3}, 3);
  check_s2d(DataType::kInt8, {2, 8, 8, 3}, 2);
  check_s2d(DataType::kInt8, {1, 12, 3, 2}, 3);
  check_s2d(DataType::kInt8, {1, 16, 16, 1}, 4);
  check_s2d(DataType::kInt16, {2, 4, 6, 5}, 2);
}

TEST(DepthToSpaceKernel, Rejects) {
  {
    Node n(kDepthToSpace);
    n.options().block_size = 2;
    n.add_input(mv_test::spec(DataType::kInt8, {1, 2, 2, 6}), {});
    n.add_output(mv_test::spec(DataType::kInt8, {1, 4, 4, 1}));
    mv_test::error_has(n, "divisible");
  }
  {
    Node n(kSpaceToDepth);
    n.options().block_size = 2;
    n.add_input(mv_test::spec(DataType::kInt8, {1, 3, 4, 1}), {});
    n.add_output(mv_test::spec(DataType::kInt8, {1, 1, 2, 4}));
    mv_test::error_has(n, "divisible");
  }
  Node n(kDepthToSpace);
  n.options().block_size = 2;
  n.add_input(mv_test::spec(DataType::kInt8, {1, 2, 2, 4}), {});
  n.add_output(mv_test::spec(DataType::kInt8, {1, 4, 4, 1}));
  ASSERT_TRUE(n.prepare().ok());
  ASSERT_EQ(n.validate(), lpai::Status::kOk);
  n.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryTensorTypeRefused);
}

}  // namespace
