// TANH int8 kernel: all 256 inputs within TFLite's 1-LSB tolerance of the float function,
// monotonicity, and validation rejections.
#include <gtest/gtest.h>

#include <cmath>

#include "kernels/ew_harness.h"
#include "kernels/tanh.h"
#include "kernels/reference/logistic_tanh_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kOp = 28;

std::vector<int32_t> run(float si, int32_t zi) {
  std::vector<int32_t> x;
  for (int i = -128; i <= 127; ++i) x.push_back(i);
  Node node(kOp);
  node.add_input({DataType::kInt8, {16, 16}, si, zi}, x);
  node.add_output({DataType::kInt8, {16, 16}, 1.0f / 128, 0});
  auto r = node.prepare();
  EXPECT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  return node.output();
}

TEST(TanhKernel, AllInputsWithinOneLsb) {
  for (float si : {0.01f, 0.0625f, 0.1f, 0.25f}) {
    for (int32_t zi : {-128, 0, 37, 127}) {
      const auto y = run(si, zi);
      ASSERT_EQ(y.size(), 256u);
      for (int i = 0; i < 256; ++i) {
        EXPECT_LE(std::fabs(y[i] - ref::tanh_lsb(i - 128, si, zi)), 1.0)
            << "scale " << si << " zp " << zi << " input " << i - 128;
        if (i > 0) {
          EXPECT_GE(y[i], y[i - 1]);
        }
      }
    }
  }
}

TEST(TanhKernel, Rejects) {
  {
    Node node(kOp);
    node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
    node.add_output({DataType::kInt8, {4}, 0.1f, 0});
    EXPECT_NE(node.prepare().error.find("int8 output must have scale"), std::string::npos);
  }
  {
    Node node(kOp);
    node.add_input({DataType::kInt16, {4}, 1.0f / 4096, 0}, {});
    node.add_output({DataType::kInt16, {4}, 1.0f / 32768, 0});
    EXPECT_NE(node.prepare().error.find("int8 -> int8 only"), std::string::npos);
  }
  Node node(kOp);
  node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
  node.add_output({DataType::kInt8, {4}, 1.0f / 128, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.out_rec(0).zero_point = 5;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.out_rec(0).zero_point = 0;
  auto p = node.params();
  p.pop_back();
  node.set_params(p);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
