// L2_NORMALIZATION kernel against the real normalisation within one step (output 1/128, 0).
#include <gtest/gtest.h>

#include <cmath>

#include "kernels/ew_harness.h"
#include "kernels/params/l2_normalization.h"
#include "kernels/reference/ew_ext_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kL2Norm = 11;

void check(std::vector<int32_t> shape, float si, int32_t zi, uint32_t seed) {
  int64_t n = 1;
  for (int32_t d : shape) n *= d;
  auto x = ew_test::random_values(n, -128, 127, seed);
  const int64_t depth = shape.back();
  for (int64_t c = 0; c < depth; ++c) x[c] = zi;  // an all-zero row gives zeros
  Node node(kL2Norm);
  node.add_input({DataType::kInt8, shape, si, zi}, x);
  node.add_output({DataType::kInt8, shape, 1.0f / 128, 0});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  const auto got = node.output();
  for (int64_t row = 0; row < n / depth; ++row) {
    double ss = 0;
    for (int64_t c = 0; c < depth; ++c) ss += std::pow(x[row * depth + c] - zi, 2);
    for (int64_t c = 0; c < depth; ++c) {
      const int64_t i = row * depth + c;
      if (ss == 0) {
        EXPECT_EQ(got[i], 0);
        continue;
      }
      const double want = (x[i] - zi) / std::sqrt(ss);
      EXPECT_LE(std::abs(got[i] - ref::quant(want, 1.0f / 128, 0, -128, 127)), 1) << i;
    }
  }
}

TEST(L2NormalizationKernel, Int8) {
  check({1, 7, 4}, 0.0226f, -15, 1);
  check({1, 7, 6, 9}, 0.93f, 104, 2);
  check({6}, 0.0054f, 77, 3);
  check({3, 1}, 0.1f, -128, 4);  // depth 1: +-1 (127 saturates)
  check({2, 300}, 0.01f, 127, 5);
}

TEST(L2NormalizationKernel, ValidateRejects) {
  Node node(kL2Norm);
  node.add_input({DataType::kInt8, {2, 5}, 0.1f, 0}, {});
  node.add_output({DataType::kInt8, {2, 5}, 1.0f / 128, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  lpai::kernels::L2NormalizationParams p{0, 5, 2};  // outer and depth swapped
  node.set_params(ew_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  p = {0, 2, 5};
  node.set_params(ew_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kOk);
  node.options().activation = 1;
  EXPECT_FALSE(node.prepare().ok());  // fused activations are refused
}

}  // namespace
