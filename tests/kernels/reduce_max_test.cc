// REDUCE_MAX kernel against reference/reduce_ref.h.
#include "kernels/reduce_test_util.h"

namespace {

using reduce_test::check;
using reduce_test::DataType;
using reduce_test::kReduceMax;

TEST(ReduceMaxKernel, Int8) {
  check(kReduceMax, DataType::kInt8, {3}, {0}, true, 0.002f, 65, 0.002f, 65, 1);
  check(kReduceMax, DataType::kInt8, {1}, {0}, false, 0.007f, 80, 0.007f, 80, 2);
  check(kReduceMax, DataType::kInt8, {4, 7}, {0}, true, 0.7f, -89, 0.7f, -89, 3);
  check(kReduceMax, DataType::kInt8, {2, 6, 8, 6}, {0, 3}, true, 0.04f, 19, 0.04f, 19, 4);
  check(kReduceMax, DataType::kInt8, {2, 5, 8, 5}, {0, 2, -1}, true, 0.03f, -41, 0.03f, -41, 5);
  check(kReduceMax, DataType::kInt8, {3, 8}, {0, 1}, false, 0.017f, 122, 0.017f, 122, 6);
  check(kReduceMax, DataType::kInt8, {2, 3, 4, 5, 6}, {1, 3}, false, 0.1f, 0, 0.1f, 0, 7);
  // Equal scales, different zero points: raw values pass through, as in TFLite Micro.
  check(kReduceMax, DataType::kInt8, {4, 6}, {1}, false, 0.1f, -20, 0.1f, 33, 9);
  check(kReduceMax, DataType::kInt8, {5, 4}, {1}, false, 0.1f, 0, 0.1f, 0, 8,
        std::vector<int32_t>(20, -128));  // all at the init value
}

TEST(ReduceMaxKernel, PrepareRejectsRescaling) {  // TFLite Micro requires equal scales
  reduce_test::Node node(kReduceMax);
  node.add_input({DataType::kInt8, {2, 3}, 0.1f, 0}, {});
  node.add_const({DataType::kInt32, {1}, 1.0f, 0, false}, {1});
  node.add_output({DataType::kInt8, {2}, 0.2f, 0});
  EXPECT_FALSE(node.prepare().ok());
}

TEST(ReduceMaxKernel, ValidateRejects) {
  reduce_test::Node node(kReduceMax);
  node.add_input({DataType::kInt8, {2, 3}, 0.1f, 0}, {});
  node.add_const({DataType::kInt32, {1}, 1.0f, 0, false}, {1});
  node.add_output({DataType::kInt8, {2}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.in_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
  node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);  // int8 only
}

}  // namespace
