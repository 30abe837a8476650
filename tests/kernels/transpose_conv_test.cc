// TRANSPOSE_CONV int8 and 16x8: prepare + validate + eval against the plain reference, and
// rejections.
#include <gtest/gtest.h>

#include <cstring>

#include "common/test_support.h"
#include "kernels/kernel_harness.h"
#include "kernels/params/transpose_conv.h"
#include "kernels/reference/int16x8_ref.h"

namespace {

using lpai::Status;
using lpai::format::DataType;
using lpai_test::KernelHarness;
using lpai_test::TestTensor;

constexpr int kTc = 67;

struct TcCase {
  int batches, in_h, in_w, in_c, out_c, k_h, k_w, stride_h, stride_w;
  int padding;  // 0 SAME, 1 VALID
  int32_t in_zp, out_zp;
  bool per_channel, with_bias;
  int activation;
  uint32_t seed;
  float out_scale = 0.05f;
};

// TFLite's output size of a transpose convolution.
int out_size(int padding, int in, int k, int stride) {
  return padding == 0 ? in * stride : (in - 1) * stride + k;
}

ref::TransposeGeom geometry(const TcCase& c) {
  return {c.batches, c.in_h, c.in_w, c.in_c,
          out_size(c.padding, c.in_h, c.k_h, c.stride_h), out_size(c.padding, c.in_w, c.k_w, c.stride_w),
          c.out_c, c.k_h, c.k_w, c.stride_h, c.stride_w, c.padding};
}

std::vector<float> filter_scales(const TcCase& c) {
  std::vector<float> s;
  if (c.per_channel) {
    for (int o = 0; o < c.out_c; ++o) s.push_back(0.003f + 0.0009f * static_cast<float>(o % 6));
  } else {
    s.push_back(0.004f);
  }
  return s;
}

lpai::prepare::OpOptions options(const TcCase& c) {
  lpai::prepare::OpOptions o;
  o.padding = c.padding;
  o.stride_h = c.stride_h;
  o.stride_w = c.stride_w;
  o.activation = c.activation;
  return o;
}

TestTensor shape_tensor(const ref::TransposeGeom& g) {
  TestTensor t = TestTensor::make(DataType::kInt32, {4},
                                  std::vector<int32_t>{g.batches, g.out_h, g.out_w, g.out_c}, 1.0f, 0, true);
  t.scales.clear();
  t.zero_points.clear();
  return t;
}

void run_case(const TcCase& c) {
  SCOPED_TRACE(::testing::Message()
               << "int8 in " << c.batches << "x" << c.in_h << "x" << c.in_w << "x" << c.in_c
               << " out_c " << c.out_c << " k " << c.k_h << "x" << c.k_w << " s " << c.stride_h
               << "," << c.stride_w << " pad " << c.padding << " zp " << c.in_zp << "/" << c.out_zp
               << " act " << c.activation);
  const ref::TransposeGeom g = geometry(c);
  const auto x = lpai_test::random_i8(static_cast<size_t>(c.batches) * c.in_h * c.in_w * c.in_c, c.seed);
  const auto w = lpai_test::random_i8(static_cast<size_t>(c.out_c) * c.k_h * c.k_w * c.in_c, c.seed + 1, -127, 127);
  const auto b = lpai_test::random_i32(c.out_c, c.seed + 2, -30000, 30000);
  const auto fs = filter_scales(c);
  const float in_scale = 0.02f;
  TestTensor shape = shape_tensor(g);
  TestTensor in = TestTensor::make(DataType::kInt8, {c.batches, c.in_h, c.in_w, c.in_c}, x, in_scale, c.in_zp, false);
  TestTensor wt = TestTensor::make(DataType::kInt8, {c.out_c, c.k_h, c.k_w, c.in_c}, w, fs[0], 0, true);
  wt.scales = fs;
  wt.zero_points.assign(fs.size(), 0);
  TestTensor bias = TestTensor::make(DataType::kInt32, {c.out_c}, b, in_scale * fs[0], 0, true);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {c.batches, g.out_h, g.out_w, c.out_c}, {},
                                            c.out_scale, c.out_zp, false);
  std::vector<const TestTensor*> inputs = {&shape, &wt, &in};
  if (c.with_bias) inputs.push_back(&bias);
  KernelHarness h(kTc, options(c), inputs, {&out});
  const auto got = lpai_test::as_values<int8_t>(h.run());
  const auto want = ref::transpose_conv(g, x, {in_scale, c.in_zp}, w, fs, c.with_bias ? &b : nullptr,
                                        {c.out_scale, c.out_zp}, c.activation);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
}

void run_case_16x8(const TcCase& c, bool bias32 = false) {
  SCOPED_TRACE(::testing::Message()
               << "16x8 in " << c.batches << "x" << c.in_h << "x" << c.in_w << "x" << c.in_c
               << " out_c " << c.out_c << " k " << c.k_h << "x" << c.k_w << " s " << c.stride_h
               << "," << c.stride_w << " pad " << c.padding << " act " << c.activation);
  const ref::TransposeGeom g = geometry(c);
  const auto x = lpai_test::random_i16(static_cast<size_t>(c.batches) * c.in_h * c.in_w * c.in_c, c.seed);
  const auto w = lpai_test::random_i8(static_cast<size_t>(c.out_c) * c.k_h * c.k_w * c.in_c, c.seed + 1, -127, 127);
  const auto b32 = lpai_test::random_i32(c.out_c, c.seed + 2, -3000000, 3000000);
  std::vector<int64_t> b(b32.begin(), b32.end());
  if (!bias32) {
    for (auto& v : b) v *= 513;
  }
  const auto fs = filter_scales(c);
  const float in_scale = 0.0002f;
  TestTensor shape = shape_tensor(g);
  TestTensor in = TestTensor::make(DataType::kInt16, {c.batches, c.in_h, c.in_w, c.in_c}, x, in_scale, 0, false);
  TestTensor wt = TestTensor::make(DataType::kInt8, {c.out_c, c.k_h, c.k_w, c.in_c}, w, fs[0], 0, true);
  wt.scales = fs;
  wt.zero_points.assign(fs.size(), 0);
  TestTensor bias = bias32 ? TestTensor::make(DataType::kInt32, {c.out_c}, b32, in_scale * fs[0], 0, true)
                           : TestTensor::make(DataType::kInt64, {c.out_c}, b, in_scale * fs[0], 0, true);
  TestTensor out = TestTensor::make<int16_t>(DataType::kInt16, {c.batches, g.out_h, g.out_w, c.out_c}, {},
                                             c.out_scale, 0, false);
  std::vector<const TestTensor*> inputs = {&shape, &wt, &in};
  if (c.with_bias) inputs.push_back(&bias);
  KernelHarness h(kTc, options(c), inputs, {&out});
  const auto got = lpai_test::as_values<int16_t>(h.run());
  const auto want = ref::transpose_conv_16x8(g, x, in_scale, w, fs, c.with_bias ? &b : nullptr,
                                             c.out_scale, c.activation);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
}

TEST(TransposeConv, MatchesReferenceOverShapes) {
  uint32_t seed = 10;
  for (int k : {1, 2, 3}) {
    for (int stride : {1, 2, 3}) {
      for (int padding : {0, 1}) {
        run_case({2, 3, 4, 5, 6, k, k + 1, stride, stride == 3 ? 2 : stride, padding,
                  static_cast<int32_t>(seed % 40) - 20, static_cast<int32_t>(seed % 9) - 4,
                  (seed & 1) != 0, (seed & 2) != 0, static_cast<int>(seed % 4), seed});
        ++seed;
      }
    }
  }
}

TEST(TransposeConv, ZeroPointsAtTheLimitsAndSaturation) {
  TcCase c{1, 4, 3, 7, 5, 3, 3, 2, 2, 0, -128, 127, true, true, 0, 40};
  run_case(c);
  c.in_zp = 127;
  c.out_zp = -128;
  c.seed = 41;
  run_case(c);
  c.out_scale = 0.0005f;  // saturates at both ends
  c.seed = 42;
  run_case(c);
  c.per_channel = false;
  c.activation = 3;
  c.seed = 43;
  run_case(c);
}

TEST(TransposeConv, KernelLargerThanStrideAndSingleChannel) {
  run_case({1, 1, 1, 1, 1, 4, 4, 1, 1, 1, 0, 0, true, true, 0, 50});
  run_case({1, 5, 6, 9, 2, 2, 3, 1, 3, 1, -12, 3, true, false, 0, 51});
  run_case({2, 1, 1, 4, 5, 1, 1, 2, 3, 1, 35, 6, true, false, 0, 52});
  run_case({1, 2, 2, 300, 3, 2, 2, 2, 2, 0, 5, 0, true, true, 1, 53});  // long dot products
}

TEST(TransposeConv16x8, MatchesReference) {
  uint32_t seed = 60;
  for (bool bias32 : {false, true}) {
    run_case_16x8({2, 6, 3, 6, 6, 1, 3, 3, 2, 1, 0, 0, true, false, 3, seed++, 0.0002f}, bias32);
    run_case_16x8({2, 1, 4, 11, 7, 3, 3, 3, 1, 1, 0, 0, true, true, 0, seed++, 0.00015f}, bias32);
    run_case_16x8({1, 2, 6, 2, 6, 3, 4, 3, 1, 0, 0, 0, true, true, 0, seed++, 0.000006f}, bias32);
    run_case_16x8({1, 4, 2, 10, 10, 1, 4, 1, 1, 1, 0, 0, false, true, 1, seed++, 0.0047f}, bias32);
    run_case_16x8({1, 3, 3, 5, 4, 3, 3, 2, 2, 0, 0, 0, true, true, 2, seed++, 0.0000001f}, bias32);
  }
}

TEST(TransposeConvValidate, RejectsBadParamsAndTensors) {
  TcCase c{1, 3, 3, 4, 5, 3, 3, 2, 2, 0, 3, -2, true, true, 0, 70};
  const ref::TransposeGeom g = geometry(c);
  const auto fs = filter_scales(c);
  TestTensor shape = shape_tensor(g);
  TestTensor in = TestTensor::make(DataType::kInt8, {1, 3, 3, 4}, lpai_test::random_i8(36, 1), 0.02f, 3, false);
  TestTensor wt = TestTensor::make(DataType::kInt8, {5, 3, 3, 4}, lpai_test::random_i8(180, 2, -127, 127), fs[0], 0, true);
  wt.scales = fs;
  wt.zero_points.assign(fs.size(), 0);
  TestTensor b = TestTensor::make(DataType::kInt32, {5}, std::vector<int32_t>{1, 2, 3, 4, 5}, 1e-4f, 0, true);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {1, g.out_h, g.out_w, 5}, {}, 0.05f, -2, false);
  KernelHarness h(kTc, options(c), {&shape, &wt, &in, &b}, {&out});
  ASSERT_TRUE(h.prepare().ok()) << h.prepare().error;
  EXPECT_EQ(h.temp_bytes, static_cast<uint32_t>(g.out_h * g.out_w * 5 * 4 + 2 * 4));
  ASSERT_EQ(h.validate(), Status::kOk);
  const std::vector<uint8_t> good = h.params;
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  auto hdr = [&h]() { return reinterpret_cast<lpai::kernels::TransposeConvParams*>(h.params.data()); };
  hdr()->stride_h = 0;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->act_min = 5;
  hdr()->act_max = 4;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->flags |= 0x100;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->flags &= ~lpai::kernels::kTcFlagHasBias;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  int32_t bad_shift = 31;
  std::memcpy(h.params.data() + sizeof(lpai::kernels::TransposeConvParams) + 4 * 10, &bad_shift, 4);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  h.params.resize(h.params.size() - 4);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  const uint32_t temp = h.temp_bytes;
  h.temp_bytes = temp - 1;
  EXPECT_EQ(h.validate(), Status::kBinaryBadPlan);
  h.temp_bytes = temp;
  h.in_records[2].dims[3] = 3;
  EXPECT_EQ(h.validate(), Status::kBinaryBadTensor);
  h.in_records[2].dims[3] = 4;
  h.in_records[1].mem_class = static_cast<uint8_t>(lpai::format::MemClass::kScratch);
  EXPECT_EQ(h.validate(), Status::kBinaryBadTensor);
  h.in_records[1].mem_class = static_cast<uint8_t>(lpai::format::MemClass::kConst);
  h.out_records[0].dims[1] += 1;
  EXPECT_EQ(h.validate(), Status::kBinaryBadTensor);
  h.out_records[0].dims[1] -= 1;
  EXPECT_EQ(h.validate(), Status::kOk);
}

TEST(TransposeConvPrepare, RejectsUnsupportedModels) {
  TcCase c{1, 3, 3, 4, 5, 3, 3, 2, 2, 0, 3, -2, true, true, 0, 80};
  const ref::TransposeGeom g = geometry(c);
  TestTensor shape = shape_tensor(g);
  TestTensor in = TestTensor::make(DataType::kInt8, {1, 3, 3, 4}, lpai_test::random_i8(36, 1), 0.02f, 3, false);
  TestTensor wt = TestTensor::make(DataType::kInt8, {5, 3, 3, 4}, lpai_test::random_i8(180, 2, -127, 127), 0.01f, 0, true);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {1, g.out_h, g.out_w, 5}, {}, 0.05f, -2, false);
  {
    TestTensor b64 = TestTensor::make(DataType::kInt64, {5}, std::vector<int64_t>{1, 2, 3, 4, 5}, 1e-4f, 0, true);
    KernelHarness h(kTc, options(c), {&shape, &wt, &in, &b64}, {&out});
    EXPECT_NE(h.prepare().error.find("int32"), std::string::npos) << h.prepare().error;
  }
  {
    TestTensor w3 = wt;
    w3.shape = {5, 3, 3, 2};
    w3.bytes.resize(90);
    KernelHarness h(kTc, options(c), {&shape, &w3, &in}, {&out});
    EXPECT_NE(h.prepare().error.find("depth"), std::string::npos) << h.prepare().error;
  }
  {
    TestTensor wz = wt;
    wz.zero_points = {1};
    KernelHarness h(kTc, options(c), {&shape, &wz, &in}, {&out});
    EXPECT_NE(h.prepare().error.find("zero point"), std::string::npos) << h.prepare().error;
  }
  {
    TestTensor o2 = out;
    o2.shape[3] = 4;
    KernelHarness h(kTc, options(c), {&shape, &wt, &in}, {&o2});
    EXPECT_NE(h.prepare().error.find("output"), std::string::npos) << h.prepare().error;
  }
  {
    KernelHarness h(kTc, options(c), {&wt, &in}, {&out});
    EXPECT_NE(h.prepare().error.find("3 or 4 inputs"), std::string::npos) << h.prepare().error;
  }
}

}  // namespace
