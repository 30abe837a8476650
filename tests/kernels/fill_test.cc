// FILL and ZEROS_LIKE kernels.
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kFill = 94;
constexpr int kZerosLike = 93;

TEST(FillKernel, FillsTheRawValue) {
  struct Case {
    DataType t;
    int32_t v;
    std::vector<int32_t> shape;
  };
  for (const Case& c : {Case{DataType::kInt8, -122, {4, 5}}, Case{DataType::kInt16, -32768, {2, 3, 1}},
                        Case{DataType::kInt32, 123456789, {7}}, Case{DataType::kBool, 1, {1, 1}},
                        Case{DataType::kInt8, 84, {}}}) {
    Node node(kFill);
    node.add_const({DataType::kInt32, {static_cast<int32_t>(c.shape.size())}, 1.0f, 0}, c.shape);
    node.add_input({c.t, {}, 0.02f, 84}, {c.v});
    node.add_output({c.t, c.shape, 0.02f, 84});
    auto r = node.prepare();
    ASSERT_TRUE(r.ok()) << r.error;
    ASSERT_EQ(node.validate(), lpai::Status::kOk);
    node.run();
    int64_t n = 1;
    for (int32_t d : c.shape) n *= d;
    EXPECT_EQ(node.output(), std::vector<int32_t>(n, c.v));
  }
}

TEST(FillKernel, PrepareAndValidateReject) {
  Node wrong_dims(kFill);
  wrong_dims.add_const({DataType::kInt32, {2}, 1.0f, 0}, {3, 4});
  wrong_dims.add_input({DataType::kInt8, {}, 0.1f, 0}, {1});
  wrong_dims.add_output({DataType::kInt8, {4, 3}, 0.1f, 0});
  EXPECT_FALSE(wrong_dims.prepare().ok());
  Node node(kFill);
  node.add_const({DataType::kInt32, {1}, 1.0f, 0}, {3});
  node.add_input({DataType::kInt8, {}, 0.1f, 0}, {1});
  node.add_output({DataType::kInt8, {3}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.in_rec(1).data_type = static_cast<uint8_t>(DataType::kInt16);  // value type != output's
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);
  node.in_rec(1).data_type = static_cast<uint8_t>(DataType::kInt8);
  node.set_params({0, 0, 0, 0});
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

TEST(ZerosLikeKernel, RawZeros) {
  for (DataType t : {DataType::kInt8, DataType::kInt16, DataType::kInt32}) {
    Node node(kZerosLike);
    node.add_input({t, {2, 3, 5}, 0.25f, 83}, ew_test::random_values(30, -100, 100, 1));
    node.add_output({t, {2, 3, 5}, 0.25f, 83});
    ASSERT_TRUE(node.prepare().ok());
    ASSERT_EQ(node.validate(), lpai::Status::kOk);
    node.run();
    EXPECT_EQ(node.output(), std::vector<int32_t>(30, 0));  // 0, not the zero point
  }
  Node node(kZerosLike);
  node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
  node.add_output({DataType::kInt8, {4}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  node.out_rec(0).dims[0] = 5;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
