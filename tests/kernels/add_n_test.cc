// ADD_N kernel against reference/ew_ext_ref.h.
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"
#include "kernels/params/add_n.h"
#include "kernels/reference/ew_ext_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kAddN = 106;

void check(size_t m, std::vector<int32_t> shape, float si, int32_t zi, float so, int32_t zo,
           uint32_t seed) {
  int64_t n = 1;
  for (int32_t d : shape) n *= d;
  std::vector<std::vector<int32_t>> xs;
  Node node(kAddN);
  for (size_t j = 0; j < m; ++j) {
    xs.push_back(ew_test::random_values(n, -128, 127, seed + j));
    xs.back()[0] = j % 2 ? -128 : 127;
    node.add_input({DataType::kInt8, shape, si, zi}, xs.back());
  }
  node.add_output({DataType::kInt8, shape, so, zo});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::add_n(xs, si, zi, so, zo));
}

TEST(AddNKernel, Int8) {
  check(2, {6, 2}, 0.0018f, 105, 0.0073f, 51, 1);
  check(2, {2, 3, 6, 1}, 0.223f, -11, 0.12f, -35, 2);
  check(4, {1, 1, 6, 1}, 0.778f, 124, 2.62f, 127, 3);
  check(5, {7}, 0.01f, -128, 0.02f, -128, 4);
  check(24, {3}, 0.01f, 0, 0.05f, 0, 5);  // the most inputs a node can have
}

TEST(AddNKernel, PrepareRejectsMixedQuantisation) {
  Node node(kAddN);
  node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
  node.add_input({DataType::kInt8, {4}, 0.2f, 0}, {});
  node.add_output({DataType::kInt8, {4}, 0.1f, 0});
  EXPECT_FALSE(node.prepare().ok());
}

TEST(AddNKernel, ValidateRejects) {
  Node node(kAddN);
  node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
  node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
  node.add_output({DataType::kInt8, {4}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  std::vector<uint8_t> blob = node.params();
  lpai::kernels::AddNParams p;
  std::memcpy(&p, blob.data(), sizeof(p));
  p.output_shift = 1;
  std::memcpy(blob.data(), &p, sizeof(p));
  node.set_params(blob);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  ASSERT_TRUE(node.prepare().ok());
  node.in_rec(1).dims[0] = 5;  // shapes must match
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
