// CONCATENATION kernel against reference/concatenation_ref.h.
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"
#include "kernels/params/concatenation.h"
#include "kernels/reference/concatenation_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kConcat = 2;

void check(DataType t, const std::vector<std::vector<int32_t>>& shapes, int axis) {
  const bool is16 = t == DataType::kInt16;
  const int rank = static_cast<int>(shapes[0].size());
  const int ax = axis < 0 ? axis + rank : axis;
  std::vector<std::vector<int32_t>> values;
  Node node(kConcat);
  node.options().axis = axis;
  std::vector<int32_t> os = shapes[0];
  os[ax] = 0;
  for (size_t k = 0; k < shapes.size(); ++k) {
    size_t n = 1;
    for (int32_t d : shapes[k]) n *= d;
    values.push_back(ew_test::random_values(n, is16 ? -32768 : -128, is16 ? 32767 : 127, 7 + k));
    node.add_input({t, shapes[k], 0.25f, -3}, values.back());
    os[ax] += shapes[k][ax];
  }
  node.add_output({t, os, 0.25f, -3});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::concatenation(shapes, values, ax));
}

TEST(ConcatenationKernel, EveryAxisInt8) {
  check(DataType::kInt8, {{2, 3, 4}, {1, 3, 4}}, 0);
  check(DataType::kInt8, {{2, 3, 4}, {2, 1, 4}, {2, 5, 4}}, 1);
  check(DataType::kInt8, {{2, 3, 4}, {2, 3, 1}, {2, 3, 3}}, -1);
  check(DataType::kInt8, {{5}}, 0);
  check(DataType::kInt8, {{1, 2, 1, 2, 3, 1}, {1, 2, 1, 2, 1, 1}}, 4);
}

TEST(ConcatenationKernel, Int16) { check(DataType::kInt16, {{3, 2}, {3, 7}}, 1); }

TEST(ConcatenationKernel, Rejects) {
  {
    Node node(kConcat);
    node.add_input({DataType::kInt8, {2}, 0.1f, 0}, {});
    node.add_input({DataType::kInt8, {2}, 0.2f, 0}, {});
    node.add_output({DataType::kInt8, {4}, 0.1f, 0});
    EXPECT_NE(node.prepare().error.find("quantisation differs"), std::string::npos);
  }
  {
    Node node(kConcat);
    node.options().axis = 2;
    node.add_input({DataType::kInt8, {2, 2}, 0.1f, 0}, {});
    node.add_output({DataType::kInt8, {2, 2}, 0.1f, 0});
    EXPECT_NE(node.prepare().error.find("axis 2 invalid"), std::string::npos);
  }
  Node node(kConcat);
  node.options().axis = 1;
  node.add_input({DataType::kInt8, {2, 2}, 0.1f, 0}, {});
  node.add_input({DataType::kInt8, {2, 3}, 0.1f, 0}, {});
  node.add_output({DataType::kInt8, {2, 5}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.in_rec(1).dims[1] = 4;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.in_rec(1).dims[1] = 3;
  node.in_rec(1).dims[0] = 1;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.in_rec(1).dims[0] = 2;
  // Axis dims whose 32-bit sum wraps to the output's 5 (0x80000001 + 0x80000004).
  node.in_rec(0).dims[1] = 0x80000001u;
  node.in_rec(1).dims[1] = 0x80000004u;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.in_rec(0).dims[1] = 2;
  node.in_rec(1).dims[1] = 3;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  // Same zero point, different scale: a byte copy would be wrong.
  node.in_rec(1).scale_bits ^= 1u;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.in_rec(1).scale_bits ^= 1u;
  node.set_params(ew_test::bytes_of(lpai::kernels::ConcatenationParams{2, 0}));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
