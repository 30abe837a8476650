// SUB kernel against reference/add_ref.h (subtract mode).
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"
#include "kernels/params/sub.h"
#include "kernels/reference/add_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kSub = 41;

void check(DataType t, std::vector<int32_t> s1, std::vector<int32_t> s2, float sc1, float sc2,
           float sco, int32_t z1, int32_t z2, int32_t zo, int act, uint32_t seed) {
  const bool is16 = t == DataType::kInt16;
  const int32_t lo = is16 ? -32768 : -128, hi = is16 ? 32767 : 127;
  size_t n1 = 1, n2 = 1;
  for (int32_t d : s1) n1 *= d;
  for (int32_t d : s2) n2 *= d;
  auto a = ew_test::random_values(n1, lo, hi, seed);
  auto b = ew_test::random_values(n2, lo, hi, seed + 3);
  a[0] = lo;
  b[0] = hi;
  const auto so = ref::broadcast_shape(s1, s2);
  Node node(kSub);
  node.options().activation = act;
  node.add_input({t, s1, sc1, z1}, a);
  node.add_input({t, s2, sc2, z2}, b);
  node.add_output({t, so, sco, zo});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.params.size(), sizeof(lpai::kernels::SubParams));
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::add_sub({s1, sc1, z1}, a, {s2, sc2, z2}, b, {so, sco, zo}, act,
                                        is16, true));
}

TEST(SubKernel, Int8) {
  check(DataType::kInt8, {3, 5, 7}, {3, 5, 7}, 0.05f, 0.02f, 0.07f, 3, -128, 127, 0, 1);
  check(DataType::kInt8, {3, 5, 7}, {5, 1}, 0.05f, 0.02f, 0.01f, 0, 10, -3, 1, 2);
}

TEST(SubKernel, Int16) {
  check(DataType::kInt16, {4, 9}, {4, 9}, 1e-3f, 2e-3f, 3e-3f, 0, 0, 0, 0, 4);
  check(DataType::kInt16, {2, 4, 9}, {9}, 1e-3f, 3e-3f, 2e-3f, 0, 0, 0, 3, 5);
}

TEST(SubKernel, ValidateRejects) {
  Node node(kSub);
  node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
  node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
  node.add_output({DataType::kInt8, {4}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.in_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);
}

}  // namespace
