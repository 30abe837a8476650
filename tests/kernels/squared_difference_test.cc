// SQUARED_DIFFERENCE kernel against reference/ew_ext_ref.h.
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"
#include "kernels/params/squared_difference.h"
#include "kernels/reference/ew_ext_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kSquaredDifference = 99;

void check(DataType t, std::vector<int32_t> sa, float s1, int32_t z1, std::vector<int32_t> sb,
           float s2, int32_t z2, float so, int32_t zo, uint32_t seed) {
  const bool is16 = t == DataType::kInt16;
  const int32_t lo = is16 ? -32768 : -128, hi = is16 ? 32767 : 127;
  int64_t na = 1, nb = 1;
  for (int32_t d : sa) na *= d;
  for (int32_t d : sb) nb *= d;
  auto a = ew_test::random_values(na, lo, hi, seed);
  auto b = ew_test::random_values(nb, lo, hi, seed + 3);
  a[0] = lo;
  b[0] = hi;
  Node node(kSquaredDifference);
  node.add_input({t, sa, s1, z1}, a);
  node.add_input({t, sb, s2, z2}, b);
  node.add_output({t, ref::broadcast_shape(sa, sb), so, zo});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::squared_difference(sa, a, s1, z1, sb, b, s2, z2, so, zo, is16));
}

TEST(SquaredDifferenceKernel, Int8) {
  check(DataType::kInt8, {2, 4}, 0.029f, 115, {1, 4}, 0.148f, 50, 6.28f, -56, 1);
  check(DataType::kInt8, {2, 2, 3}, 0.2f, -107, {2, 2, 3}, 0.0105f, -104, 13.6f, -106, 2);
  check(DataType::kInt8, {2, 5, 1, 1}, 0.03f, 127, {2, 5, 4, 3}, 0.02f, -128, 0.01f, 127, 3);
  check(DataType::kInt8, {1}, 0.1f, 0, {1}, 0.1f, 0, 0.5f, -128, 4);
}

TEST(SquaredDifferenceKernel, Int16) {
  check(DataType::kInt16, {3, 4}, 0.0014f, 0, {3, 4}, 0.00017f, 0, 0.075f, 0, 5);
  check(DataType::kInt16, {1}, 0.0004f, 0, {4, 2, 2}, 8.8e-6f, 0, 0.0053f, 0, 6);
  check(DataType::kInt16, {6}, 0.01f, 0, {6}, 0.01f, 0, 1e-4f, 0, 7);  // saturation
}

TEST(SquaredDifferenceKernel, ValidateRejects) {
  Node node(kSquaredDifference);
  node.add_input({DataType::kInt16, {4}, 0.1f, 0}, {});
  node.add_input({DataType::kInt16, {4}, 0.1f, 0}, {});
  node.add_output({DataType::kInt16, {4}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  lpai::kernels::SquaredDifferenceParams p{};
  p.input1_shift = 1;  // must be <= 0
  node.set_params(ew_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  p.input1_shift = 0;
  p.output_offset = 5;  // int16 output zero point is 0
  node.set_params(ew_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  p.output_offset = 0;
  node.set_params(ew_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kOk);
  node.in_rec(0).data_type = static_cast<uint8_t>(DataType::kInt8);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);
}

}  // namespace
