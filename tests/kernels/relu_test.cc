// RELU and RELU6 kernels against reference/unary_ref.h.
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"
#include "kernels/params/relu.h"
#include "kernels/reference/unary_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kRelu = 19;

std::vector<int32_t> all_values(bool is16) {
  std::vector<int32_t> v;
  if (!is16) {
    for (int i = -128; i <= 127; ++i) v.push_back(i);
  } else {
    v = ew_test::random_values(500, -32768, 32767, 9);
    v.push_back(-32768);
    v.push_back(32767);
    v.push_back(0);
  }
  return v;
}

void check(DataType t, float si, int32_t zi, float so, int32_t zo) {
  const bool is16 = t == DataType::kInt16;
  const auto x = all_values(is16);
  const std::vector<int32_t> shape = {1, static_cast<int32_t>(x.size())};
  Node node(kRelu);
  node.add_input({t, shape, si, zi}, x);
  node.add_output({t, shape, so, zo});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::relu(x, si, zi, so, zo, is16));
}

TEST(ReluKernel, Int8AllInputs) {
  check(DataType::kInt8, 0.1f, 0, 0.1f, 0);
  check(DataType::kInt8, 0.1f, -128, 0.05f, -128);
  check(DataType::kInt8, 0.02f, 127, 0.07f, -20);
  check(DataType::kInt8, 0.5f, 3, 0.01f, 100);  // saturating
}

TEST(ReluKernel, Int16) {
  check(DataType::kInt16, 0.001f, 0, 0.001f, 0);
  check(DataType::kInt16, 0.001f, 0, 0.0003f, 0);
}

TEST(ReluKernel, Rejects) {
  {
    Node node(kRelu);
    node.add_input({DataType::kInt16, {4}, 0.1f, 3}, {});
    node.add_output({DataType::kInt16, {4}, 0.1f, 0});
    EXPECT_NE(node.prepare().error.find("zero points 0"), std::string::npos);
  }
  {
    Node node(kRelu);
    node.add_input({DataType::kInt8, {4}, 0.1f, 3}, {});
    node.add_output({DataType::kInt8, {5}, 0.1f, 0});
    EXPECT_NE(node.prepare().error.find("shapes differ"), std::string::npos);
  }
  Node node(kRelu);
  node.add_input({DataType::kInt8, {4}, 0.1f, 3}, {});
  node.add_output({DataType::kInt8, {4}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  EXPECT_EQ(node.params().size(), sizeof(lpai::kernels::ReluParams) + 256);
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);
  node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt8);
  node.out_rec(0).dims[0] = 3;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.out_rec(0).dims[0] = 4;
  auto p = node.params();
  p.resize(sizeof(lpai::kernels::ReluParams));  // table missing
  node.set_params(p);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
