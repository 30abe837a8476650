// CUMSUM kernel against reference/arg_cumsum_ref.h.
#include <gtest/gtest.h>

#include "kernels/op_node.h"
#include "kernels/params/cumsum.h"
#include "kernels/reference/arg_cumsum_ref.h"

namespace {

using op_test::DataType;
using op_test::Node;

constexpr int kCumsum = 128;

void check(std::vector<int32_t> shape, int axis, bool exclusive, bool reverse, float si,
           int32_t zi, float so, int32_t zo, uint32_t seed) {
  int64_t n = 1;
  for (int32_t d : shape) n *= d;
  const auto x = op_test::random_values(static_cast<size_t>(n), -128, 127, seed);
  Node node(kCumsum);
  node.options().exclusive = exclusive;
  node.options().reverse = reverse;
  node.add_input({DataType::kInt8, shape, si, zi}, x);
  node.add_const({DataType::kInt32, {}, 1.0f, 0, false}, {axis});
  node.add_output({DataType::kInt8, shape, so, zo});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::cumsum_int8(x, shape, axis, exclusive, reverse, si, zi, so, zo));
}

TEST(CumsumKernel, AllModes) {
  for (int mode = 0; mode < 4; ++mode) {
    const bool ex = mode & 1, rev = mode & 2;
    check({1}, 0, ex, rev, 0.0136f, -39, 0.021f, -8, 1 + mode);
    check({2, 3}, 0, ex, rev, 0.57f, 74, 1.46f, 23, 5 + mode);
    check({4}, -1, ex, rev, 0.0089f, -14, 0.033f, -9, 9 + mode);
    check({2, 5, 3}, 1, ex, rev, 0.02f, 127, 0.05f, -128, 13 + mode);
    check({3, 4, 17}, -1, ex, rev, 0.01f, -128, 0.02f, 127, 17 + mode);
  }
}

TEST(CumsumKernel, Saturation) {
  check({64}, 0, false, false, 1.0f, 0, 0.5f, 0, 30);
  check({3, 40}, 1, true, true, 0.5f, -128, 0.01f, 10, 31);
}

TEST(CumsumKernel, Rejects) {
  Node node(kCumsum);
  node.add_input({DataType::kInt8, {2, 3}, 0.1f, 0}, {});
  node.add_const({DataType::kInt32, {}, 1.0f, 0, false}, {1});
  node.add_output({DataType::kInt8, {2, 3}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  auto p = node.params();
  lpai::kernels::CumsumParams cp;
  std::memcpy(&cp, p.data(), sizeof(cp));
  cp.output_shift = 1;  // TFLite's multipliers are below one
  node.set_params(op_test::bytes_of(cp));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  cp.output_shift = -3;
  cp.depth = 4;
  node.set_params(op_test::bytes_of(cp));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);

  Node bad(kCumsum);  // output scale so small the output multiplier reaches 1
  bad.add_input({DataType::kInt8, {4}, 1.0f, 0}, {});
  bad.add_const({DataType::kInt32, {}, 1.0f, 0, false}, {0});
  bad.add_output({DataType::kInt8, {4}, 1e-7f, 0});
  EXPECT_FALSE(bad.prepare().ok());
}

}  // namespace
