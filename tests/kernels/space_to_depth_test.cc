// SPACE_TO_DEPTH is tested with DEPTH_TO_SPACE in depth_to_space_test.cc; this file checks a
// round trip through both kernels.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

TEST(SpaceToDepthKernel, RoundTripThroughDepthToSpace) {
  const std::vector<int32_t> s = {2, 6, 9, 2};
  const auto x = mv_test::values(DataType::kInt8, mv_test::count(s), 3);
  Node a(26);
  a.options().block_size = 3;
  a.add_input(mv_test::spec(DataType::kInt8, s), x);
  a.add_output(mv_test::spec(DataType::kInt8, {2, 2, 3, 18}));
  ASSERT_TRUE(mv_test::run(a));
  Node b(5);
  b.options().block_size = 3;
  b.add_input(mv_test::spec(DataType::kInt8, {2, 2, 3, 18}), a.output());
  b.add_output(mv_test::spec(DataType::kInt8, s));
  ASSERT_TRUE(mv_test::run(b));
  EXPECT_EQ(b.output(), x);
}

}  // namespace
