// QUANTIZE (integer requantisation, int8/int16/int32) against reference/unary_ref.h; DEQUANTIZE
// rejection.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#include "kernels/ew_harness.h"
#include "kernels/params/quantize.h"
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

// int32 on either side (TFLite Micro's Requantize; int32 zero point 0).
void check_int32(DataType ti, float si, int32_t zi, DataType to, float so, int32_t zo,
                 const std::vector<int32_t>& x) {
  const std::vector<int32_t> shape = {static_cast<int32_t>(x.size())};
  Node node(kQuantize);
  node.add_input({ti, shape, si, zi}, x);
  node.add_output({to, shape, so, zo});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.params.size(), sizeof(lpai::kernels::QuantizeParams));
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  const int32_t lo = to == DataType::kInt8 ? -128 : to == DataType::kInt16 ? -32768 : INT32_MIN;
  const int32_t hi = to == DataType::kInt8 ? 127 : to == DataType::kInt16 ? 32767 : INT32_MAX;
  EXPECT_EQ(node.output(), ref::requantize_range(x, si, zi, so, zo, lo, hi));
}

TEST(QuantizeKernel, Int32ToInt16AndInt8) {
  std::vector<int32_t> x = ew_test::random_values(500, -2000000000, 2000000000, 7);
  const std::vector<int32_t> small = ew_test::random_values(500, -6000000, 6000000, 8);
  x.insert(x.end(), small.begin(), small.end());
  x.push_back(INT32_MIN);
  x.push_back(INT32_MAX);
  x.push_back(0);
  check_int32(DataType::kInt32, 1.4906e-7f, 0, DataType::kInt16, 0.000922f, 0, x);
  check_int32(DataType::kInt32, 1e-6f, 0, DataType::kInt8, 0.05f, -7, x);
}

TEST(QuantizeKernel, Int16AndInt8ToInt32) {
  std::vector<int32_t> x16 = ew_test::random_values(700, -32768, 32767, 9);
  x16.push_back(-32768);
  x16.push_back(32767);
  check_int32(DataType::kInt16, 0.000494f, 0, DataType::kInt32, 1.4906e-7f, 0, x16);
  check_int32(DataType::kInt16, 0.25f, 0, DataType::kInt32, 0.5f, 0, x16);
  std::vector<int32_t> x8;
  for (int i = -128; i <= 127; ++i) x8.push_back(i);
  check_int32(DataType::kInt8, 0.1f, 5, DataType::kInt32, 1e-5f, 0, x8);
}

TEST(QuantizeKernel, Int32Rejects) {
  auto error = [](DataType ti, int32_t zi, DataType to, int32_t zo) {
    Node node(kQuantize);
    node.add_input({ti, {4}, 0.001f, zi}, {});
    node.add_output({to, {4}, 0.002f, zo});
    return node.prepare().error;
  };
  EXPECT_NE(error(DataType::kInt32, 0, DataType::kInt32, 0).find("not int32 to int32"),
            std::string::npos);
  EXPECT_NE(error(DataType::kInt32, 3, DataType::kInt16, 0).find("int32 tensors must have zero point 0"),
            std::string::npos);
  EXPECT_NE(error(DataType::kInt8, 0, DataType::kInt32, -1).find("int32 tensors must have zero point 0"),
            std::string::npos);

  Node node(kQuantize);
  node.add_input({DataType::kInt16, {4}, 0.001f, 0}, {});
  node.add_output({DataType::kInt32, {4}, 0.002f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  lpai::kernels::QuantizeParams p;
  std::memcpy(&p, node.params().data(), sizeof(p));
  p.output_zero_point = 1;
  node.set_params(ew_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  p.output_zero_point = 0;
  node.set_params(ew_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kOk);
  node.in_rec(0).data_type = static_cast<uint8_t>(DataType::kInt32);
  node.in_rec(0).size = 16;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);  // int32 -> int32
  node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
  node.out_rec(0).size = 8;
  EXPECT_EQ(node.validate(), lpai::Status::kOk);  // int32 -> int16
  p.input_zero_point = 2;
  node.set_params(ew_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
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
    node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt64);
    EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);
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
