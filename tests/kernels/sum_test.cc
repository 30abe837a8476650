// SUM kernel against reference/reduce_ref.h.
#include "kernels/reduce_test_util.h"

namespace {

using reduce_test::check;
using reduce_test::DataType;
using reduce_test::kSum;

TEST(SumKernel, Int8) {
  check(kSum, DataType::kInt8, {4, 5, 2}, {0}, false, 0.12f, -66, 0.515f, -65, 1);
  check(kSum, DataType::kInt8, {2, 1, 8, 8}, {1, 3}, true, 0.0146f, 31, 0.063f, 55, 2);
  check(kSum, DataType::kInt8, {2, 4, 2, 4}, {-3}, false, 0.00128f, -98, 0.0053f, -92, 3);
  check(kSum, DataType::kInt8, {2, 5, 3, 3}, {1, 2}, false, 0.0057f, -123, 0.057f, -128, 4);
  check(kSum, DataType::kInt8, {3, 4}, {0, 1, -1}, true, 0.1f, 127, 0.1f, 127, 5);  // dup axes
  check(kSum, DataType::kInt8, {7}, {0}, false, 1.0f, -128, 0.01f, 0, 6);  // saturates
}

TEST(SumKernel, Int16) {
  check(kSum, DataType::kInt16, {2, 8}, {1}, false, 1.58e-5f, 0, 2.25e-5f, 0, 7);
  check(kSum, DataType::kInt16, {4, 3}, {0}, true, 4.3e-6f, 0, 1.7e-5f, 0, 8);
  check(kSum, DataType::kInt16, {5, 1}, {-2}, true, 1.25e-4f, 0, 2.8e-4f, 0, 9);
  check(kSum, DataType::kInt16, {3, 40, 5}, {1}, false, 1e-4f, 0, 1e-4f, 0, 10);  // saturates
}

TEST(SumKernel, ValidateRejects) {
  reduce_test::Node node(kSum);
  node.add_input({DataType::kInt16, {2, 3}, 0.1f, 0}, {});
  node.add_const({DataType::kInt32, {1}, 1.0f, 0, false}, {0});
  node.add_output({DataType::kInt16, {3}, 0.2f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt8);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);
  node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
  node.set_params(std::vector<uint8_t>(8, 0));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
