// SHAPE kernel: the input dims as int32 / int64.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kShape = 77;

TEST(ShapeKernel, Dims) {
  for (const auto& s : std::vector<std::vector<int32_t>>{{1, 5}, {7, 7, 8}, {9}, {1, 2, 3, 4, 5, 6}}) {
    Node n(kShape);
    n.add_input(mv_test::spec(DataType::kInt8, s), {});
    n.add_output(mv_test::ints({static_cast<int32_t>(s.size())}));
    ASSERT_TRUE(mv_test::run(n));
    EXPECT_EQ(n.output(), s);
  }
}

TEST(ShapeKernel, Int64Output) {
  Node n(kShape);
  n.options().output_type = 4;  // TFLite INT64
  n.add_input(mv_test::spec(DataType::kInt16, {3, 70000 / 7000}), {});
  n.add_output(mv_test::ints({2}, true));
  ASSERT_TRUE(mv_test::run(n));
  // The harness reads int64 outputs as 32-bit words: dim 0 low and high word.
  EXPECT_EQ(n.output(), (std::vector<int32_t>{3, 0}));
}

TEST(ShapeKernel, Rejects) {
  {
    Node n(kShape);
    n.options().output_type = 4;
    n.add_input(mv_test::spec(DataType::kInt8, {2}), {});
    n.add_output(mv_test::ints({1}));  // int32 output but out_type int64
    mv_test::error_has(n, "out_type");
  }
  Node n(kShape);
  n.add_input(mv_test::spec(DataType::kInt8, {2, 3}), {});
  n.add_output(mv_test::ints({2}));
  ASSERT_TRUE(n.prepare().ok());
  ASSERT_EQ(n.validate(), lpai::Status::kOk);
  n.in_rec(0).dims[1] = 4;  // blob no longer matches the input
  n.in_rec(0).size = 8;
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
