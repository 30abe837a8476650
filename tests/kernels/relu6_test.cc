// RELU6 kernel against reference/unary_ref.h.
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"
#include "kernels/params/relu6.h"
#include "kernels/reference/unary_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kRelu6 = 21;

void check(DataType t, float si, int32_t zi) {
  const bool is16 = t == DataType::kInt16;
  std::vector<int32_t> x;
  if (is16) {
    x = ew_test::random_values(400, -32768, 32767, 5);
    x.push_back(-32768);
    x.push_back(32767);
  } else {
    for (int i = -128; i <= 127; ++i) x.push_back(i);
  }
  const std::vector<int32_t> shape = {2, static_cast<int32_t>(x.size()) / 2};
  Node node(kRelu6);
  node.add_input({t, shape, si, zi}, x);
  node.add_output({t, shape, si, zi});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::relu6(x, si, zi, is16));
}

TEST(Relu6Kernel, Int8) {
  check(DataType::kInt8, 6.0f / 255, -128);
  check(DataType::kInt8, 0.1f, 10);
  check(DataType::kInt8, 0.01f, 127);  // six clamps to 127
}

TEST(Relu6Kernel, Int16) { check(DataType::kInt16, 6.0f / 32767, 0); }

TEST(Relu6Kernel, ValidateRejects) {
  Node node(kRelu6);
  node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
  node.add_output({DataType::kInt8, {4}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  lpai::kernels::Relu6Params p{10, 5};  // lower > upper
  node.set_params(ew_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  lpai::kernels::Relu6Params q{0, 300};  // beyond int8
  node.set_params(ew_test::bytes_of(q));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
