// EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL against reference/ew_ext_ref.h.
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"
#include "kernels/params/comparison.h"
#include "kernels/reference/ew_ext_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

struct Op {
  int code;
  std::function<bool(int32_t, int32_t)> f;
};
const Op kOps[] = {
    {71, [](int32_t a, int32_t b) { return a == b; }},
    {72, [](int32_t a, int32_t b) { return a != b; }},
    {61, [](int32_t a, int32_t b) { return a > b; }},
    {62, [](int32_t a, int32_t b) { return a >= b; }},
    {58, [](int32_t a, int32_t b) { return a < b; }},
    {63, [](int32_t a, int32_t b) { return a <= b; }},
};

void check_int8(const Op& op, std::vector<int32_t> sa, float s1, int32_t z1,
                std::vector<int32_t> sb, float s2, int32_t z2, uint32_t seed, int spread) {
  const std::vector<int32_t> so = ref::broadcast_shape(sa, sb);
  int64_t na = 1, nb = 1;
  for (int32_t d : sa) na *= d;
  for (int32_t d : sb) nb *= d;
  const auto a = ew_test::random_values(na, std::max(-128, z1 - spread), std::min(127, z1 + spread), seed);
  const auto b = ew_test::random_values(nb, std::max(-128, z2 - spread), std::min(127, z2 + spread), seed + 7);
  Node node(op.code);
  node.add_input({DataType::kInt8, sa, s1, z1}, a);
  node.add_input({DataType::kInt8, sb, s2, z2}, b);
  node.add_output({DataType::kBool, so, 1.0f, 0});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  const auto want = ref::binary(sa, a, sb, b, [&](int32_t x, int32_t y) {
    return op.f(ref::comparison_scaled(x, s1, z1), ref::comparison_scaled(y, s2, z2)) ? 1 : 0;
  });
  EXPECT_EQ(node.output(), want) << "op " << op.code;
}

TEST(ComparisonKernels, Int8SameQuantisation) {
  for (const Op& op : kOps) check_int8(op, {4, 5}, 0.05f, -3, {4, 5}, 0.05f, -3, 1, 200);
}

TEST(ComparisonKernels, Int8DifferentScalesNearZeroPoints) {
  // Equal pairs of real values occur when the inputs lie near their zero points.
  for (const Op& op : kOps) {
    check_int8(op, {3, 8}, 0.0097f, -47, {3, 8}, 0.00485f, -37, 2, 4);
    check_int8(op, {2, 2, 3}, 0.02f, 127, {2, 2, 3}, 0.04f, -128, 3, 255);
  }
}

TEST(ComparisonKernels, Int8Broadcast) {
  for (const Op& op : kOps) {
    check_int8(op, {1, 4}, 0.08f, -97, {2, 4, 1, 4}, 0.1f, -31, 4, 255);
    check_int8(op, {6, 1, 4}, 0.0016f, 16, {1}, 0.0032f, 18, 5, 255);
    check_int8(op, {1}, 0.9f, 0, {1, 1}, 0.9f, 0, 6, 255);  // edge: scalars
  }
}

TEST(ComparisonKernels, Int32Raw) {
  for (const Op& op : kOps) {
    const auto a = ew_test::random_values(12, -5, 5, 9);
    const auto b = ew_test::random_values(4, -5, 5, 10);
    Node node(op.code);
    node.add_input({DataType::kInt32, {3, 4}, 1.0f, 0}, a);
    node.add_input({DataType::kInt32, {4}, 1.0f, 0}, b);
    node.add_output({DataType::kBool, {3, 4}, 1.0f, 0});
    auto r = node.prepare();
    ASSERT_TRUE(r.ok()) << r.error;
    ASSERT_EQ(node.validate(), lpai::Status::kOk);
    node.run();
    EXPECT_EQ(node.output(), ref::binary({3, 4}, a, {4}, b, [&](int32_t x, int32_t y) {
                return op.f(x, y) ? 1 : 0;
              }));
  }
}

TEST(ComparisonKernels, BoolEqualityOnly) {
  for (int code : {71, 72}) {
    Node node(code);
    node.add_input({DataType::kBool, {4}, 1.0f, 0}, {0, 1, 0, 1});
    node.add_input({DataType::kBool, {4}, 1.0f, 0}, {0, 0, 1, 1});
    node.add_output({DataType::kBool, {4}, 1.0f, 0});
    ASSERT_TRUE(node.prepare().ok());
    ASSERT_EQ(node.validate(), lpai::Status::kOk);
    node.run();
    EXPECT_EQ(node.output(), code == 71 ? (std::vector<int32_t>{1, 0, 0, 1})
                                        : (std::vector<int32_t>{0, 1, 1, 0}));
  }
  Node greater(61);
  greater.add_input({DataType::kBool, {4}, 1.0f, 0}, {});
  greater.add_input({DataType::kBool, {4}, 1.0f, 0}, {});
  greater.add_output({DataType::kBool, {4}, 1.0f, 0});
  EXPECT_FALSE(greater.prepare().ok());
}

TEST(ComparisonKernels, PrepareRejectsScaleOne) {
  Node node(61);
  node.add_input({DataType::kInt8, {4}, 1.0f, 0}, {});  // QuantizeMultiplierSmallerThanOneExp
  node.add_input({DataType::kInt8, {4}, 0.5f, 0}, {});
  node.add_output({DataType::kBool, {4}, 1.0f, 0});
  EXPECT_FALSE(node.prepare().ok());
}

TEST(ComparisonKernels, ValidateRejects) {
  Node node(58);
  node.add_input({DataType::kInt8, {2, 3}, 0.1f, 0}, {});
  node.add_input({DataType::kInt8, {3}, 0.2f, 0}, {});
  node.add_output({DataType::kBool, {2, 3}, 1.0f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  std::vector<uint8_t> blob = node.params();
  blob.resize(blob.size() - 4);  // table truncated
  node.set_params(blob);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  ASSERT_TRUE(node.prepare().ok());
  node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt8);  // output must be bool
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);
  node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kBool);
  node.out_rec(0).dims[0] = 3;  // not the broadcast shape
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
