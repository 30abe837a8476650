// MEAN kernel against reference/reduce_ref.h.
#include "kernels/reduce_test_util.h"

#include "kernels/reduce_common.h"

namespace {

using reduce_test::check;
using reduce_test::DataType;
using reduce_test::kMean;

TEST(MeanKernel, Int8SpatialMeanNhwc) {  // the MobileNet head: mean over H, W, keep_dims
  check(kMean, DataType::kInt8, {1, 7, 7, 32}, {1, 2}, true, 0.05f, -3, 0.02f, 5, 1);
  check(kMean, DataType::kInt8, {2, 5, 3, 8}, {2, 1}, false, 0.05f, 10, 0.05f, 10, 2);  // equal quant: still requantised
}

TEST(MeanKernel, Int8AxesAndShapes) {
  check(kMean, DataType::kInt8, {6, 7}, {1}, false, 0.0157f, 21, 0.009f, 41, 3);
  check(kMean, DataType::kInt8, {4, 3}, {-2}, true, 0.0078f, -128, 0.0063f, -128, 4);
  check(kMean, DataType::kInt8, {2, 3, 4, 5}, {0, 2}, false, 0.1f, 0, 0.3f, -7, 5);
  check(kMean, DataType::kInt8, {2, 3, 4, 5}, {3, -1, 0}, true, 0.1f, 127, 0.05f, -128, 6);
  check(kMean, DataType::kInt8, {1}, {0}, false, 0.1f, 3, 0.2f, 4, 7);
  check(kMean, DataType::kInt8, {3, 1, 4}, {1}, true, 0.1f, 3, 0.2f, 4, 8);  // size-1 axis
  check(kMean, DataType::kInt8, {2, 3, 2, 3, 2, 3}, {1, 3, 5}, false, 0.1f, 3, 0.02f, 4, 9);
}

TEST(MeanKernel, Int8Saturation) {
  check(kMean, DataType::kInt8, {4, 9}, {1}, false, 1.0f, -128, 0.01f, 0, 10);
  check(kMean, DataType::kInt8, {4, 9}, {1}, false, 1.0f, 127, 0.01f, 0, 11,
        std::vector<int32_t>(36, -128));
}

TEST(MeanKernel, Int8LargeCountClampsShift) {  // 2^k elements and a large ratio
  check(kMean, DataType::kInt8, {1, 64, 64, 2}, {1, 2}, true, 0.9f, 1, 1e-3f, 0, 12);
}

TEST(MeanKernel, Int16) {
  check(kMean, DataType::kInt16, {1, 5, 2, 3}, {0}, true, 5.3e-4f, 0, 8.2e-4f, 0, 13);
  check(kMean, DataType::kInt16, {6, 8}, {0, 1}, false, 9.9e-4f, 0, 2.1e-4f, 0, 14);
  check(kMean, DataType::kInt16, {3, 10, 4}, {1}, false, 1e-3f, 0, 1e-3f, 0, 15);  // equal quant: still requantised
  check(kMean, DataType::kInt16, {2, 33}, {-1}, false, 1e-3f, 0, 1e-5f, 0, 16);  // saturates
}

TEST(MeanKernel, ValidateRejects) {
  reduce_test::Node node(kMean);
  node.add_input({DataType::kInt8, {2, 3}, 0.1f, 0}, {});
  node.add_const({DataType::kInt32, {1}, 1.0f, 0, false}, {1});
  node.add_output({DataType::kInt8, {2}, 0.2f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  EXPECT_EQ(node.params().size(), sizeof(lpai::kernels::ReduceParams));
  node.temp_size() = 4;  // two int32 accumulators needed
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadPlan);
  node.temp_size() = 8;
  auto p = node.params();
  lpai::kernels::ReduceParams rp;
  std::memcpy(&rp, p.data(), sizeof(rp));
  rp.shift = 31;
  node.set_params(op_test::bytes_of(rp));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  rp.shift = 0;
  rp.mode = lpai::kernels::kReduceMaxMode;  // not a MEAN mode
  node.set_params(op_test::bytes_of(rp));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.set_params(p);
  node.out_rec(0).dims[0] = 3;
  node.out_rec(0).size = 3;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

TEST(MeanKernel, PrepareRejects) {
  reduce_test::Node node(kMean);
  node.add_input({DataType::kInt8, {2, 3}, 0.1f, 0}, {});
  node.add_input({DataType::kInt32, {1}, 1.0f, 0, false}, {1});  // runtime axes
  node.add_output({DataType::kInt8, {2}, 0.2f, 0});
  EXPECT_FALSE(node.prepare().ok());
  reduce_test::Node bad_axis(kMean);
  bad_axis.add_input({DataType::kInt8, {2, 3}, 0.1f, 0}, {});
  bad_axis.add_const({DataType::kInt32, {1}, 1.0f, 0, false}, {2});
  bad_axis.add_output({DataType::kInt8, {2}, 0.2f, 0});
  EXPECT_FALSE(bad_axis.prepare().ok());
}

}  // namespace
