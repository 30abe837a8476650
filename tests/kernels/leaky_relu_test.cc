// LEAKY_RELU kernel against reference/unary_ref.h.
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"
#include "kernels/params/leaky_relu.h"
#include "kernels/reference/unary_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kLeakyRelu = 98;

void check(DataType t, float si, int32_t zi, float so, int32_t zo, float alpha) {
  const bool is16 = t == DataType::kInt16;
  std::vector<int32_t> x;
  if (is16) {
    x = ew_test::random_values(600, -32768, 32767, 11);
    x.push_back(-32768);
    x.push_back(32767);
  } else {
    for (int i = -128; i <= 127; ++i) x.push_back(i);
  }
  const std::vector<int32_t> shape = {static_cast<int32_t>(x.size())};
  Node node(kLeakyRelu);
  node.options().alpha = alpha;
  node.add_input({t, shape, si, zi}, x);
  node.add_output({t, shape, so, zo});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::leaky_relu(x, si, zi, so, zo, alpha, is16));
}

TEST(LeakyReluKernel, Int8) {
  check(DataType::kInt8, 0.1f, 0, 0.1f, 0, 0.2f);
  check(DataType::kInt8, 0.05f, -128, 0.03f, 127, 0.01f);
  check(DataType::kInt8, 0.05f, 127, 0.02f, -128, 0.5f);
}

TEST(LeakyReluKernel, Int16) {
  check(DataType::kInt16, 1.0f / 4096, 0, 1.0f / 4096, 0, 0.3f);
  check(DataType::kInt16, 1e-4f, 0, 3e-4f, 0, 0.1f);
}

TEST(LeakyReluKernel, ValidateRejects) {
  Node node(kLeakyRelu);
  node.add_input({DataType::kInt16, {4}, 0.1f, 0}, {});
  node.add_output({DataType::kInt16, {4}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  EXPECT_EQ(node.params().size(), sizeof(lpai::kernels::LeakyReluParams));
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  lpai::kernels::LeakyReluParams p{};
  p.shift_alpha = 31;
  node.set_params(ew_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.in_rec(0).data_type = static_cast<uint8_t>(DataType::kInt8);  // int8 needs the table
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
