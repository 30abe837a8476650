// MUL kernel against reference/mul_ref.h.
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"
#include "kernels/params/mul.h"
#include "kernels/reference/mul_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kMul = 18;

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
  b[0] = lo;
  const auto so = ref::broadcast_shape(s1, s2);
  Node node(kMul);
  node.options().activation = act;
  node.add_input({t, s1, sc1, z1}, a);
  node.add_input({t, s2, sc2, z2}, b);
  node.add_output({t, so, sco, zo});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::mul({s1, sc1, z1}, a, {s2, sc2, z2}, b, {so, sco, zo}, act, is16));
}

TEST(MulKernel, Int8) {
  check(DataType::kInt8, {3, 5, 7}, {3, 5, 7}, 0.05f, 0.02f, 0.01f, 3, -128, 127, 0, 1);
  check(DataType::kInt8, {3, 5, 7}, {7}, 0.5f, 0.5f, 0.01f, 0, 0, 0, 1, 2);   // saturating
  check(DataType::kInt8, {2, 1, 4}, {3, 1}, 0.1f, 0.2f, 0.3f, -5, 6, -7, 3, 3);
}

TEST(MulKernel, Int16) {
  check(DataType::kInt16, {4, 9}, {4, 9}, 1e-3f, 2e-3f, 3e-3f, 0, 0, 0, 0, 4);
  check(DataType::kInt16, {4, 9}, {1}, 1e-3f, 2e-3f, 1e-4f, 0, 0, 0, 0, 5);
}

TEST(MulKernel, Rejects) {
  {
    Node node(kMul);
    node.add_input({DataType::kInt16, {4}, 0.1f, 1}, {});
    node.add_input({DataType::kInt16, {4}, 0.1f, 0}, {});
    node.add_output({DataType::kInt16, {4}, 0.1f, 0});
    EXPECT_NE(node.prepare().error.find("zero points 0"), std::string::npos);
  }
  Node node(kMul);
  node.add_input({DataType::kInt8, {2, 4}, 0.1f, 1}, {});
  node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
  node.add_output({DataType::kInt8, {2, 4}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.in_rec(1).dims[0] = 3;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.in_rec(1).dims[0] = 4;
  auto p = node.params();
  p.pop_back();
  node.set_params(p);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
