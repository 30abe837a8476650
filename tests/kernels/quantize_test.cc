// QUANTIZE (integer requantisation) against reference/unary_ref.h; DEQUANTIZE rejection.
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"
#include "kernels/quantize.h"
#include "kernels/reference/unary_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kQuantize = 114;
constexpr int kDequantize = 6;

void check(DataType ti, float si, int32_t zi, DataType to, float so, int32_t zo) {
  std::vector<int32_t> x;
  if (ti == DataType::kInt16) {
    x = ew_test::random_values(700, -32768, 32767, 21);
    x.push_back(-32768);
    x.push_back(32767);
  } else {
    for (int i = -128; i <= 127; ++i) x.push_back(i);
  }
  const std::vector<int32_t> shape = {1, 1, static_cast<int32_t>(x.size())};
  Node node(kQuantize);
  node.add_input({ti, shape, si, zi}, x);
  node.add_output({to, shape, so, zo});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::requantize(x, si, zi, so, zo, to == DataType::kInt16));
}

TEST(QuantizeKernel, Int8ToInt8) {
  check(DataType::kInt8, 0.1f, 0, DataType::kInt8, 0.2f, 5);
  check(DataType::kInt8, 0.02f, -128, DataType::kInt8, 0.01f, 127);  // saturating
  check(DataType::kInt8, 0.3f, 127, DataType::kInt8, 0.3f, -128);
}

TEST(QuantizeKernel, Int8ToInt16AndBack) {
  check(DataType::kInt8, 0.05f, -3, DataType::kInt16, 1e-4f, 0);
  check(DataType::kInt16, 1e-4f, 0, DataType::kInt8, 0.05f, -3);
}

TEST(QuantizeKernel, Int16ToInt16) {
  check(DataType::kInt16, 1e-4f, 0, DataType::kInt16, 3e-4f, 0);
  check(DataType::kInt16, 3e-4f, 0, DataType::kInt16, 1e-4f, 0);  // saturating upscale
}

TEST(QuantizeKernel, Rejects) {
  {
    Node node(kQuantize);
    node.add_input({DataType::kFloat32, {4}, 0.0f, 0}, {});
    node.add_output({DataType::kInt8, {4}, 0.1f, 0});
    EXPECT_NE(node.prepare().error.find("no floating point"), std::string::npos);
  }
  {
    Node node(kQuantize);
    node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
    node.add_output({DataType::kInt8, {4}, 0.1f, 0});
    ASSERT_TRUE(node.prepare().ok());
    ASSERT_EQ(node.validate(), lpai::Status::kOk);
    auto p = node.params();
    p.resize(sizeof(lpai::kernels::QuantizeParams));
    node.set_params(p);  // int8 -> int8 requires the table
    EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
    node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
    node.out_rec(0).size = 8;
    EXPECT_EQ(node.validate(), lpai::Status::kOk);
    node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt32);
    EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  }
}

TEST(DequantizeKernel, RejectedOfflineAndAtLoad) {
  Node node(kDequantize);
  node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
  node.add_output({DataType::kFloat32, {4}, 0.0f, 0});
  EXPECT_NE(node.prepare().error.find("DEQUANTIZE to float32 is not supported"), std::string::npos);
  EXPECT_EQ(node.validate(), lpai::Status::kNotSupported);
  Node node16(kDequantize);
  node16.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
  node16.add_output({DataType::kInt16, {4}, 0.1f, 0});
  EXPECT_NE(node16.prepare().error.find("not a TFLite operation"), std::string::npos);
}

}  // namespace
