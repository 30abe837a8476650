// MAXIMUM / MINIMUM kernels against reference/ew_ext_ref.h (raw values, broadcasting).
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"
#include "kernels/params/maximum_minimum.h"
#include "kernels/reference/ew_ext_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

void check(int code, DataType t, std::vector<int32_t> sa, std::vector<int32_t> sb, uint32_t seed) {
  const int32_t lo = t == DataType::kInt8 ? -128 : t == DataType::kInt16 ? -32768 : -100000;
  const int32_t hi = t == DataType::kInt8 ? 127 : t == DataType::kInt16 ? 32767 : 100000;
  int64_t na = 1, nb = 1;
  for (int32_t d : sa) na *= d;
  for (int32_t d : sb) nb *= d;
  const auto a = ew_test::random_values(na, lo, hi, seed);
  auto b = ew_test::random_values(nb, lo, hi, seed + 1);
  b[0] = lo;
  const auto so = ref::broadcast_shape(sa, sb);
  Node node(code);
  node.add_input({t, sa, 0.1f, 0}, a);
  node.add_input({t, sb, 0.1f, 0}, b);
  node.add_output({t, so, 0.1f, 0});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::binary(sa, a, sb, b, [code](int32_t x, int32_t y) {
              return code == 55 ? std::max(x, y) : std::min(x, y);
            }));
}

TEST(MaximumMinimumKernel, Int8) {
  for (int code : {55, 57}) {
    check(code, DataType::kInt8, {2, 3, 4}, {2, 3, 4}, 1);
    check(code, DataType::kInt8, {4, 3, 5}, {1, 3, 5}, 2);
    check(code, DataType::kInt8, {1, 1}, {5, 4}, 3);
    check(code, DataType::kInt8, {1}, {1}, 4);
  }
}

TEST(MaximumMinimumKernel, Int16AndInt32) {
  for (int code : {55, 57}) {
    check(code, DataType::kInt16, {3, 1, 5}, {1, 3, 2, 5}, 5);
    check(code, DataType::kInt16, {6, 6}, {6, 6}, 6);
    check(code, DataType::kInt32, {2, 1, 3, 1, 2, 2}, {2, 1, 1, 2, 1}, 7);  // rank 6
  }
}

TEST(MaximumMinimumKernel, ValidateRejects) {
  Node node(55);
  node.add_input({DataType::kInt8, {2, 3}, 0.1f, 0}, {});
  node.add_input({DataType::kInt8, {3}, 0.1f, 0}, {});
  node.add_output({DataType::kInt8, {2, 3}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  lpai::kernels::MaxMinParams p{};
  node.set_params(ew_test::bytes_of(p));  // marked flat but the shapes differ
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  ASSERT_TRUE(node.prepare().ok());
  node.in_rec(1).data_type = static_cast<uint8_t>(DataType::kInt16);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);
}

}  // namespace
