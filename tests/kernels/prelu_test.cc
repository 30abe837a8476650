// PRELU kernel against reference/ew_ext_ref.h.
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"
#include "kernels/params/prelu.h"
#include "kernels/reference/ew_ext_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kPrelu = 54;

void check(DataType t, DataType ta, std::vector<int32_t> sx, float si, int32_t zi,
           std::vector<int32_t> sa, float sal, int32_t zal, float so, int32_t zo, uint32_t seed) {
  const bool is16 = t == DataType::kInt16;
  int64_t nx = 1, na = 1;
  for (int32_t d : sx) nx *= d;
  for (int32_t d : sa) na *= d;
  auto x = ew_test::random_values(nx, is16 ? -32768 : -128, is16 ? 32767 : 127, seed);
  x[0] = is16 ? -32768 : -128;
  const auto alpha = ew_test::random_values(na, -127, 127, seed + 1);
  Node node(kPrelu);
  node.add_input({t, sx, si, zi}, x);
  node.add_const({ta, sa, sal, zal}, alpha);
  node.add_output({t, sx, so, zo});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::prelu(sx, x, si, zi, sa, alpha, sal, zal, so, zo, is16));
}

TEST(PreluKernel, Int8) {
  check(DataType::kInt8, DataType::kInt8, {5, 5}, 0.0128f, -74, {5}, 0.01f, 0, 0.0106f, -84, 1);
  check(DataType::kInt8, DataType::kInt8, {1, 6, 8, 3}, 0.135f, -24, {3}, 0.02f, 5, 0.118f, -13, 2);
  check(DataType::kInt8, DataType::kInt8, {2, 6, 1}, 0.0106f, 127, {6, 1}, 0.05f, -128, 0.0104f, -128, 3);
  check(DataType::kInt8, DataType::kInt8, {4, 3}, 0.11f, 85, {4, 3}, 0.01f, 0, 0.0312f, -1, 4);
}

// Rows of 16 or more (the kernel's block path): flat, alpha per channel, alpha constant along
// the row; scale ratios above one (left shifts), including one past the block path's bounds.
TEST(PreluKernel, LongRowsAndLeftShifts) {
  check(DataType::kInt8, DataType::kInt8, {3, 37, 19}, 0.02f, -3, {3, 37, 19}, 0.01f, 7, 0.03f, 4, 11);
  check(DataType::kInt8, DataType::kInt8, {1, 7, 9, 40}, 0.05f, 127, {40}, 0.02f, -128, 0.04f, -128, 12);
  check(DataType::kInt8, DataType::kInt8, {2, 5, 33}, 0.01f, -128, {2, 5, 1}, 0.1f, 127, 0.02f, 127, 13);
  check(DataType::kInt8, DataType::kInt8, {4, 48}, 1.0f, 3, {48}, 0.5f, 0, 0.05f, -2, 14);
  check(DataType::kInt8, DataType::kInt8, {4, 48}, 1.0f, 3, {48}, 1.0f, 0, 1e-6f, 0, 15);
  check(DataType::kInt16, DataType::kInt8, {4, 50}, 1e-3f, 0, {50}, 0.5f, 0, 1e-4f, 0, 16);
  check(DataType::kInt16, DataType::kInt8, {3, 2, 64}, 3e-4f, 0, {3, 2, 1}, 0.01f, -100, 2e-4f, 0, 17);
  check(DataType::kInt16, DataType::kInt16, {2, 70}, 1e-3f, 0, {70}, 1e-4f, 0, 1e-3f, 0, 18);
}

TEST(PreluKernel, Int16) {
  check(DataType::kInt16, DataType::kInt8, {2, 8}, 5.6e-5f, 0, {8}, 0.01f, 0, 9e-5f, 0, 5);
  check(DataType::kInt16, DataType::kInt8, {5, 8, 7}, 2.7e-4f, 0, {8, 1}, 0.02f, 0, 2.8e-4f, 0, 6);
  check(DataType::kInt16, DataType::kInt16, {2, 7, 1, 6}, 1.5e-3f, 0, {6}, 1e-4f, 0, 1.8e-3f, 0, 7);
}

TEST(PreluKernel, ValidateRejects) {
  Node node(kPrelu);
  node.add_input({DataType::kInt16, {2, 4}, 0.001f, 0}, {});
  node.add_const({DataType::kInt8, {4}, 0.01f, 0}, {1, 2, 3, 4});
  node.add_output({DataType::kInt16, {2, 4}, 0.001f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  lpai::kernels::PreluParams p{};
  std::memcpy(&p, node.params().data(), sizeof(p));
  p.input_offset = 1;  // int16 is symmetric
  node.set_params(ew_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  p.input_offset = 0;
  p.shift_2 = 31;
  node.set_params(ew_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  ASSERT_TRUE(node.prepare().ok());
  node.in_rec(1).data_type = static_cast<uint8_t>(DataType::kInt32);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);
}

}  // namespace
