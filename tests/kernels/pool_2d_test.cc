// AVERAGE_POOL_2D and MAX_POOL_2D int8 (one pooling implementation, kernels/pool_2d_common):
// prepare + validate + eval against the plain references, rejections; parameterised over the op.
#include <gtest/gtest.h>

#include "common/test_support.h"
#include "kernels/kernel_harness.h"
#include "kernels/params/average_pool_2d.h"
#include "kernels/params/max_pool_2d.h"
#include "kernels/reference/reference_ops.h"

namespace {

using lpai::Status;
using lpai::format::DataType;
using lpai_test::KernelHarness;
using lpai_test::TestTensor;

using RefPool = std::vector<int8_t> (*)(const ref::ConvGeom&, const std::vector<int8_t>&,
                                        ref::Quant, int);

struct PoolOp {
  const char* name;
  lpai::format::BuiltinOp op;
  const char* log_name;
  RefPool reference;
};

const PoolOp kOps[] = {
    {"Average", lpai::format::BuiltinOp::kAveragePool2d, "AVERAGE_POOL_2D", ref::average_pool},
    {"Max", lpai::format::BuiltinOp::kMaxPool2d, "MAX_POOL_2D", ref::max_pool},
};

class Pool2d : public ::testing::TestWithParam<PoolOp> {};

INSTANTIATE_TEST_SUITE_P(Ops, Pool2d, ::testing::ValuesIn(kOps),
                         [](const ::testing::TestParamInfo<PoolOp>& i) { return i.param.name; });

struct PoolCase {
  int batches, in_h, in_w, channels, k_h, k_w, stride_h, stride_w, padding;
  int32_t zp;
  int activation;
  uint32_t seed;
};

void run_case(const PoolOp& op, const PoolCase& c) {
  SCOPED_TRACE(::testing::Message() << "in " << c.batches << "x" << c.in_h << "x" << c.in_w << "x"
                                    << c.channels << " k " << c.k_h << "x" << c.k_w << " s "
                                    << c.stride_h << "," << c.stride_w << " pad " << c.padding
                                    << " zp " << c.zp << " act " << c.activation);
  ref::ConvGeom g{};
  g.batches = c.batches;
  g.in_h = c.in_h;
  g.in_w = c.in_w;
  g.in_c = c.channels;
  g.out_c = c.channels;
  g.k_h = c.k_h;
  g.k_w = c.k_w;
  g.stride_h = c.stride_h;
  g.stride_w = c.stride_w;
  g.dil_h = g.dil_w = 1;
  ASSERT_TRUE(ref::same_or_valid(c.padding, c.in_h, c.k_h, c.stride_h, 1, &g.out_h, &g.pad_h));
  ASSERT_TRUE(ref::same_or_valid(c.padding, c.in_w, c.k_w, c.stride_w, 1, &g.out_w, &g.pad_w));
  const auto x = lpai_test::random_i8(static_cast<size_t>(c.batches) * c.in_h * c.in_w * c.channels, c.seed);
  const float scale = 0.05f;
  TestTensor in = TestTensor::make(DataType::kInt8, {c.batches, c.in_h, c.in_w, c.channels}, x, scale, c.zp, false);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {c.batches, g.out_h, g.out_w, c.channels}, {},
                                            scale, c.zp, false);
  lpai::prepare::OpOptions o;
  o.padding = c.padding;
  o.stride_h = c.stride_h;
  o.stride_w = c.stride_w;
  o.filter_h = c.k_h;
  o.filter_w = c.k_w;
  o.activation = c.activation;
  KernelHarness h(static_cast<int>(op.op), o, {&in}, {&out});
  const auto got = lpai_test::as_values<int8_t>(h.run());
  const auto want = op.reference(g, x, {scale, c.zp}, c.activation);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
}

TEST_P(Pool2d, ModelLikeShapes) {
  run_case(GetParam(), {1, 25, 5, 64, 25, 5, 25, 5, 1, -128, 0, 1});  // kws global average
  run_case(GetParam(), {1, 3, 3, 256, 3, 3, 1, 1, 1, -128, 0, 2});     // vww global average
  run_case(GetParam(), {1, 8, 8, 64, 8, 8, 8, 8, 1, 5, 0, 3});         // resnet global average
}

TEST_P(Pool2d, PaddingStridesActivations) {
  uint32_t seed = 10;
  for (int padding : {0, 1}) {
    for (int k : {1, 2, 3, 4}) {
      for (int stride : {1, 2, 3}) {
        for (int channels : {1, 5, 64, 70}) {
          if (padding == 1 && k > 7) continue;
          run_case(GetParam(), {1 + static_cast<int>(seed % 2), 7, 9, channels, k, k == 4 ? 2 : k, stride,
                    stride == 3 ? 1 : stride, padding, static_cast<int32_t>(seed % 61) - 30,
                    static_cast<int>(seed % 4), seed});
          ++seed;
        }
      }
    }
  }
}

TEST_P(Pool2d, ZeroPointsAtTheLimits) {
  run_case(GetParam(), {1, 6, 7, 9, 3, 3, 2, 2, 0, -128, 1, 40});
  run_case(GetParam(), {1, 6, 7, 9, 3, 3, 2, 2, 0, 127, 3, 41});
}

TEST_P(Pool2d, ValidateRejectsBadParamsAndTensors) {
  const int kOp = static_cast<int>(GetParam().op);
  TestTensor in = TestTensor::make(DataType::kInt8, {1, 6, 6, 3}, lpai_test::random_i8(108, 1), 0.1f, 0, false);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {1, 3, 3, 3}, {}, 0.1f, 0, false);
  lpai::prepare::OpOptions o;
  o.stride_h = o.stride_w = 2;
  o.filter_h = o.filter_w = 3;
  KernelHarness h(kOp, o, {&in}, {&out});
  ASSERT_TRUE(h.prepare().ok()) << h.prepare().error;
  EXPECT_EQ(h.params.size(), sizeof(lpai::kernels::Pool2dParams));
  ASSERT_EQ(h.validate(), Status::kOk);
  const auto good = h.params;
  auto hdr = [&h]() { return reinterpret_cast<lpai::kernels::Pool2dParams*>(h.params.data()); };
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  h.params.push_back(0);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->pad_w = 3;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->data_type = static_cast<uint32_t>(DataType::kInt32);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->act_max = 128;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->k_h = 0;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  h.out_records[0].dims[1] = 4;
  EXPECT_EQ(h.validate(), Status::kBinaryBadTensor);
  h.out_records[0].dims[1] = 3;
  h.in_records[0].data_type = static_cast<uint8_t>(DataType::kInt16);
  EXPECT_EQ(h.validate(), Status::kBinaryTensorTypeRefused);
  EXPECT_TRUE(logs.contains(GetParam().log_name));
}

TEST_P(Pool2d, PrepareRejectsRequantisationAndBadShapes) {
  const int kOp = static_cast<int>(GetParam().op);
  TestTensor in = TestTensor::make(DataType::kInt8, {1, 6, 6, 3}, lpai_test::random_i8(108, 1), 0.1f, 0, false);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {1, 3, 3, 3}, {}, 0.2f, 0, false);
  lpai::prepare::OpOptions o;
  o.stride_h = o.stride_w = 2;
  o.filter_h = o.filter_w = 3;
  {
    KernelHarness h(kOp, o, {&in}, {&out});
    EXPECT_NE(h.prepare().error.find("quantisation"), std::string::npos) << h.prepare().error;
  }
  out.scales = {0.1f};
  out.shape = {1, 2, 2, 3};
  {
    KernelHarness h(kOp, o, {&in}, {&out});
    EXPECT_NE(h.prepare().error.find("output shape"), std::string::npos) << h.prepare().error;
  }
}

}  // namespace
