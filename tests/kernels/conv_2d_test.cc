// CONV_2D int8 and int16x8: prepare + validate + eval against the plain reference, rejections.
#include <gtest/gtest.h>

#include <cstring>

#include "common/test_support.h"
#include "kernels/kernel_harness.h"
#include "kernels/params/conv_2d.h"
#include "kernels/reference/int16x8_ref.h"
#include "kernels/reference/reference_ops.h"

namespace {

using lpai::Status;
using lpai::format::DataType;
using lpai_test::KernelHarness;
using lpai_test::TestTensor;

constexpr int kConv = 3;

struct ConvCase {
  int batches, in_h, in_w, in_c, out_c, k_h, k_w;
  int stride_h, stride_w, dil_h, dil_w;
  int padding;  // 0 SAME, 1 VALID
  int32_t in_zp, out_zp;
  bool per_channel, with_bias;
  int activation;
  uint32_t seed;
  float out_scale = 0.3f;
};

std::vector<float> filter_scales(const ConvCase& c) {
  std::vector<float> s;
  if (c.per_channel) {
    for (int o = 0; o < c.out_c; ++o) s.push_back(0.003f + 0.0011f * static_cast<float>(o % 7));
  } else {
    s.push_back(0.0045f);
  }
  return s;
}

ref::ConvGeom geometry(const ConvCase& c) {
  ref::ConvGeom g{};
  g.batches = c.batches;
  g.in_h = c.in_h;
  g.in_w = c.in_w;
  g.in_c = c.in_c;
  g.out_c = c.out_c;
  g.k_h = c.k_h;
  g.k_w = c.k_w;
  g.stride_h = c.stride_h;
  g.stride_w = c.stride_w;
  g.dil_h = c.dil_h;
  g.dil_w = c.dil_w;
  EXPECT_TRUE(ref::same_or_valid(c.padding, c.in_h, c.k_h, c.stride_h, c.dil_h, &g.out_h, &g.pad_h));
  EXPECT_TRUE(ref::same_or_valid(c.padding, c.in_w, c.k_w, c.stride_w, c.dil_w, &g.out_w, &g.pad_w));
  return g;
}

lpai::prepare::OpOptions options(const ConvCase& c) {
  lpai::prepare::OpOptions o;
  o.padding = c.padding;
  o.stride_h = c.stride_h;
  o.stride_w = c.stride_w;
  o.dilation_h = c.dil_h;
  o.dilation_w = c.dil_w;
  o.activation = c.activation;
  return o;
}

// Every leaner form prepare offers (less kernel scratch: fewer im2col rows, the path without
// scratch) validates with exactly its temp_bytes and gives the reference's bytes.
void expect_leaner_forms_match(KernelHarness& h, const std::vector<int8_t>& want) {
  const std::vector<lpai::prepare::PrepResult::Leaner> leaner = h.prepare().leaner;
  uint32_t last = h.temp_bytes;
  for (const auto& l : leaner) {
    SCOPED_TRACE(::testing::Message() << "leaner form with " << l.temp_bytes << " temp bytes");
    EXPECT_LT(l.temp_bytes, last);
    last = l.temp_bytes;
    h.prepare();
    h.params = l.params;
    h.temp_bytes = l.temp_bytes;
    ASSERT_EQ(h.validate(), Status::kOk);
    EXPECT_EQ(lpai_test::as_values<int8_t>(h.eval(0)), want);
  }
}

void run_case(const ConvCase& c) {
  SCOPED_TRACE(::testing::Message()
               << "in " << c.batches << "x" << c.in_h << "x" << c.in_w << "x" << c.in_c << " k "
               << c.k_h << "x" << c.k_w << " out_c " << c.out_c << " s " << c.stride_h << ","
               << c.stride_w << " d " << c.dil_h << "," << c.dil_w << " pad " << c.padding
               << " zp " << c.in_zp << "/" << c.out_zp << " pc " << c.per_channel << " act "
               << c.activation);
  const ref::ConvGeom g = geometry(c);
  const auto x = lpai_test::random_i8(static_cast<size_t>(c.batches) * c.in_h * c.in_w * c.in_c, c.seed);
  const auto w = lpai_test::random_i8(static_cast<size_t>(c.out_c) * c.k_h * c.k_w * c.in_c, c.seed + 1, -127, 127);
  const auto b = lpai_test::random_i32(c.out_c, c.seed + 2, -20000, 20000);
  const auto fs = filter_scales(c);
  const float in_scale = 0.02f;
  TestTensor in = TestTensor::make(DataType::kInt8, {c.batches, c.in_h, c.in_w, c.in_c}, x, in_scale, c.in_zp, false);
  TestTensor wt = TestTensor::make(DataType::kInt8, {c.out_c, c.k_h, c.k_w, c.in_c}, w, fs[0], 0, true);
  wt.scales = fs;
  wt.zero_points.assign(fs.size(), 0);
  TestTensor bias = TestTensor::make(DataType::kInt32, {c.out_c}, b, in_scale * fs[0], 0, true);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {c.batches, g.out_h, g.out_w, c.out_c}, {},
                                            c.out_scale, c.out_zp, false);
  KernelHarness h(kConv, options(c), {&in, &wt, c.with_bias ? &bias : nullptr}, {&out});
  const auto got = lpai_test::as_values<int8_t>(h.run());
  const auto want = ref::conv_2d(g, x, {in_scale, c.in_zp}, w, fs, c.with_bias ? &b : nullptr,
                                 {c.out_scale, c.out_zp}, c.activation);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
  expect_leaner_forms_match(h, want);
}

TEST(Conv2d, PointwiseInPlace) {
  run_case({1, 5, 5, 64, 64, 1, 1, 1, 1, 1, 1, 0, -128, 5, true, true, 0, 1});
  run_case({2, 3, 7, 13, 9, 1, 1, 1, 1, 1, 1, 1, 7, -3, false, true, 1, 2});
  run_case({1, 7, 9, 17, 5, 1, 1, 2, 3, 1, 1, 1, 3, 0, true, false, 0, 3});   // strided 1x1 VALID
  run_case({1, 1, 1, 33, 3, 1, 1, 1, 1, 1, 1, 0, 0, 0, true, true, 3, 4});     // single pixel
}

TEST(Conv2d, SpatialFiltersWithPadding) {
  run_case({1, 49, 10, 1, 64, 10, 4, 2, 2, 1, 1, 0, 83, -128, true, true, 1, 10});  // kws first conv
  run_case({1, 9, 8, 3, 8, 3, 3, 1, 1, 1, 1, 0, -5, 2, true, true, 0, 11});
  run_case({2, 8, 9, 5, 7, 3, 2, 2, 1, 1, 1, 0, 12, -7, false, true, 3, 12});
  run_case({1, 10, 11, 4, 6, 4, 3, 3, 2, 1, 1, 1, -1, 1, true, false, 2, 13});
  run_case({1, 6, 6, 16, 16, 5, 5, 1, 1, 1, 1, 0, 127, -128, true, true, 0, 14});  // window > half
}

TEST(Conv2d, Dilation) {
  run_case({1, 12, 11, 3, 5, 3, 3, 1, 1, 2, 3, 0, 4, -4, true, true, 0, 20});
  run_case({1, 12, 11, 3, 5, 3, 2, 2, 1, 2, 2, 1, -9, 9, false, true, 1, 21});
  run_case({1, 7, 7, 2, 3, 2, 2, 1, 1, 4, 4, 0, 0, 0, true, false, 0, 22});
}

TEST(Conv2d, ZeroPointsAtTheLimitsAndSaturation) {
  ConvCase c{1, 6, 5, 7, 6, 3, 3, 1, 1, 1, 1, 0, -128, 127, true, true, 0, 30};
  run_case(c);
  c.in_zp = 127;
  c.out_zp = -128;
  c.seed = 31;
  run_case(c);
  c.out_scale = 0.0004f;  // saturates at both ends
  c.seed = 32;
  run_case(c);
  c.per_channel = false;
  c.seed = 33;
  run_case(c);
}

TEST(Conv2d, ManyShapesAgainstReference) {
  uint32_t seed = 100;
  for (int in_c : {1, 3, 8, 20}) {
    for (int out_c : {1, 2, 5, 16}) {
      for (int k : {1, 2, 3}) {
        for (int stride : {1, 2}) {
          for (int padding : {0, 1}) {
            run_case({1, 7, 6, in_c, out_c, k, k, stride, stride, 1, 1, padding,
                      static_cast<int32_t>(seed % 50) - 25, static_cast<int32_t>(seed % 30) - 15,
                      (seed & 1) != 0, (seed & 2) != 0, static_cast<int>(seed % 4), seed});
            ++seed;
          }
        }
      }
    }
  }
}

// int16x8 ------------------------------------------------------------------------------------

// bias32: an int32 bias (TFLite Micro's int32 accumulator); without a bias the int32
// accumulator too; an int64 bias the int64 one.
void run_case_16x8(const ConvCase& c, bool bias32 = false) {
  SCOPED_TRACE(::testing::Message() << "16x8 in_c " << c.in_c << " out_c " << c.out_c << " k "
                                    << c.k_h << "x" << c.k_w << " pad " << c.padding
                                    << " bias " << (c.with_bias ? (bias32 ? "int32" : "int64") : "none"));
  const ref::ConvGeom g = geometry(c);
  const auto x = lpai_test::random_i16(static_cast<size_t>(c.batches) * c.in_h * c.in_w * c.in_c, c.seed);
  const auto w = lpai_test::random_i8(static_cast<size_t>(c.out_c) * c.k_h * c.k_w * c.in_c, c.seed + 1, -127, 127);
  std::vector<int64_t> b(c.out_c);
  const auto b32 = lpai_test::random_i32(c.out_c, c.seed + 2, -4000000, 4000000);
  for (int i = 0; i < c.out_c; ++i) b[i] = static_cast<int64_t>(b32[i]) * (bias32 ? 1 : 1000);
  const auto fs = filter_scales(c);
  const float in_scale = 0.0005f;
  TestTensor in = TestTensor::make(DataType::kInt16, {c.batches, c.in_h, c.in_w, c.in_c}, x, in_scale, 0, false);
  TestTensor wt = TestTensor::make(DataType::kInt8, {c.out_c, c.k_h, c.k_w, c.in_c}, w, fs[0], 0, true);
  wt.scales = fs;
  wt.zero_points.assign(fs.size(), 0);
  TestTensor bias = bias32 ? TestTensor::make(DataType::kInt32, {c.out_c}, b32, in_scale * fs[0], 0, true)
                          : TestTensor::make(DataType::kInt64, {c.out_c}, b, in_scale * fs[0], 0, true);
  TestTensor out = TestTensor::make<int16_t>(DataType::kInt16, {c.batches, g.out_h, g.out_w, c.out_c}, {},
                                             c.out_scale, 0, false);
  KernelHarness h(kConv, options(c), {&in, &wt, c.with_bias ? &bias : nullptr}, {&out});
  const auto got = lpai_test::as_values<int16_t>(h.run());
  const bool acc32 = !c.with_bias || bias32;
  const auto want = ref::conv_2d_16x8_acc(g, x, in_scale, w, fs, c.with_bias ? &b : nullptr,
                                          c.out_scale, c.activation, acc32);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
}

TEST(Conv2d16x8, MatchesReference) {
  run_case_16x8({1, 9, 7, 5, 6, 3, 3, 1, 1, 1, 1, 0, 0, 0, true, true, 0, 50, 0.004f});
  run_case_16x8({2, 8, 8, 17, 4, 1, 1, 1, 1, 1, 1, 1, 0, 0, false, true, 1, 51, 0.01f});
  run_case_16x8({1, 16, 1, 24, 8, 5, 1, 2, 1, 1, 1, 0, 0, 0, true, false, 0, 52, 0.02f});
  run_case_16x8({1, 10, 9, 3, 3, 3, 2, 1, 2, 2, 1, 1, 0, 0, true, true, 3, 53, 0.0001f});
  run_case_16x8({1, 6, 6, 40, 3, 2, 2, 1, 1, 1, 1, 0, 0, 0, true, true, 0, 54, 0.00002f});  // saturates
}

TEST(Conv2d16x8, Int32BiasAndNoBiasUseTheInt32Accumulator) {
  run_case_16x8({1, 9, 7, 5, 6, 3, 3, 1, 1, 1, 1, 0, 0, 0, true, true, 0, 60, 0.004f}, true);
  run_case_16x8({2, 8, 8, 17, 4, 1, 1, 1, 1, 1, 1, 1, 0, 0, false, true, 1, 61, 0.01f}, true);
  run_case_16x8({1, 10, 9, 3, 3, 3, 2, 1, 2, 2, 1, 1, 0, 0, true, true, 3, 62, 0.0001f}, true);
  run_case_16x8({1, 6, 6, 40, 3, 2, 2, 1, 1, 1, 1, 0, 0, 0, true, true, 0, 63, 0.00002f}, true);
  run_case_16x8({1, 12, 7, 16, 13, 3, 3, 2, 1, 2, 1, 1, 0, 0, true, false, 0, 64, 0.0005f});
  // A large output scale gives a positive shift (allowed up to 30 with the int32 accumulator).
  run_case_16x8({1, 5, 5, 4, 3, 3, 3, 1, 1, 1, 1, 0, 0, 0, true, true, 0, 65, 1e-7f}, true);
}

// Grouped convolution ------------------------------------------------------------------------

void run_grouped(const ConvCase& c, int groups, bool wide) {
  SCOPED_TRACE(::testing::Message() << (wide ? "16x8" : "int8") << " groups " << groups << " in_c "
                                    << c.in_c << " out_c " << c.out_c << " k " << c.k_h << "x"
                                    << c.k_w << " pad " << c.padding);
  const ref::ConvGeom g = geometry(c);
  const int fc = c.in_c / groups;
  const size_t n_in = static_cast<size_t>(c.batches) * c.in_h * c.in_w * c.in_c;
  const auto w = lpai_test::random_i8(static_cast<size_t>(c.out_c) * c.k_h * c.k_w * fc, c.seed + 1, -127, 127);
  const auto b32 = lpai_test::random_i32(c.out_c, c.seed + 2, -20000, 20000);
  const auto fs = filter_scales(c);
  TestTensor wt = TestTensor::make(DataType::kInt8, {c.out_c, c.k_h, c.k_w, fc}, w, fs[0], 0, true);
  wt.scales = fs;
  wt.zero_points.assign(fs.size(), 0);
  if (!wide) {
    const auto x = lpai_test::random_i8(n_in, c.seed);
    const float in_scale = 0.02f;
    TestTensor in = TestTensor::make(DataType::kInt8, {c.batches, c.in_h, c.in_w, c.in_c}, x, in_scale, c.in_zp, false);
    TestTensor bias = TestTensor::make(DataType::kInt32, {c.out_c}, b32, in_scale * fs[0], 0, true);
    TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {c.batches, g.out_h, g.out_w, c.out_c}, {},
                                              c.out_scale, c.out_zp, false);
    KernelHarness h(kConv, options(c), {&in, &wt, c.with_bias ? &bias : nullptr}, {&out});
    const auto got = lpai_test::as_values<int8_t>(h.run());
    const auto want = ref::conv_2d_grouped(g, groups, x, {in_scale, c.in_zp}, w, fs,
                                           c.with_bias ? &b32 : nullptr, {c.out_scale, c.out_zp},
                                           c.activation);
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
    return;
  }
  const auto x = lpai_test::random_i16(n_in, c.seed);
  const float in_scale = 0.0005f;
  std::vector<int64_t> b(b32.begin(), b32.end());
  TestTensor in = TestTensor::make(DataType::kInt16, {c.batches, c.in_h, c.in_w, c.in_c}, x, in_scale, 0, false);
  TestTensor bias = TestTensor::make(DataType::kInt64, {c.out_c}, b, in_scale * fs[0], 0, true);
  TestTensor out = TestTensor::make<int16_t>(DataType::kInt16, {c.batches, g.out_h, g.out_w, c.out_c}, {},
                                             c.out_scale, 0, false);
  KernelHarness h(kConv, options(c), {&in, &wt, c.with_bias ? &bias : nullptr}, {&out});
  const auto got = lpai_test::as_values<int16_t>(h.run());
  const auto want = ref::conv_2d_grouped_16x8(g, groups, x, in_scale, w, fs, c.with_bias ? &b : nullptr,
                                              c.out_scale, c.activation, !c.with_bias);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
}

TEST(Conv2dGrouped, MatchesReference) {
  // int8: im2col per group, in-place 1x1, many groups, groups == in_c (depthwise-like).
  run_grouped({1, 7, 6, 8, 6, 3, 3, 1, 1, 1, 1, 0, 5, -3, true, true, 1, 90}, 2, false);
  run_grouped({2, 5, 5, 12, 9, 2, 3, 2, 1, 1, 1, 1, -20, 4, false, true, 0, 91}, 3, false);
  run_grouped({1, 6, 6, 16, 8, 1, 1, 1, 1, 1, 1, 1, 0, 0, true, false, 3, 92}, 4, false);
  run_grouped({1, 5, 4, 6, 12, 3, 3, 1, 1, 2, 1, 0, 7, 1, true, true, 0, 93}, 6, false);
  run_grouped({1, 4, 4, 4, 140, 3, 3, 1, 1, 1, 1, 0, -7, 0, true, true, 0, 94}, 2, false);  // > one run
  // 16x8.
  run_grouped({1, 7, 6, 8, 6, 3, 3, 1, 1, 1, 1, 0, 0, 0, true, true, 1, 95, 0.004f}, 2, true);
  run_grouped({1, 5, 5, 12, 9, 2, 3, 2, 1, 1, 1, 1, 0, 0, false, false, 0, 96, 0.01f}, 3, true);
}

// Validation ---------------------------------------------------------------------------------

struct SmallConv {
  TestTensor in = TestTensor::make(DataType::kInt8, {1, 5, 4, 3}, lpai_test::random_i8(60, 3), 0.1f, 2, false);
  TestTensor w = TestTensor::make(DataType::kInt8, {4, 3, 3, 3}, lpai_test::random_i8(108, 4), 0.01f, 0, true);
  TestTensor b = TestTensor::make(DataType::kInt32, {4}, std::vector<int32_t>{1, 2, 3, 4}, 0.001f, 0, true);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {1, 5, 4, 4}, {}, 0.2f, -1, false);
  lpai::prepare::OpOptions opt;  // SAME, stride 1
};

TEST(Conv2dValidate, AcceptsThePreparedNodeAndChecksTemp) {
  SmallConv f;
  KernelHarness h(kConv, f.opt, {&f.in, &f.w, &f.b}, {&f.out});
  ASSERT_TRUE(h.prepare().ok()) << h.prepare().error;
  EXPECT_EQ(h.params.size(), lpai::kernels::conv_2d_params_size(4, lpai::kernels::kConvFlagHasBias));
  // 20 output pixels (< 64) of 27 unrolled bytes; depth 27 > kConvSmallKDepth, so no
  // transposed filter run follows.
  static_assert(27 > lpai::kernels::kConvSmallKDepth, "the fixture's depth takes the blocked path");
  EXPECT_EQ(h.temp_bytes, 20u * 27u);
  EXPECT_EQ(h.validate(), Status::kOk);
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  h.temp_bytes -= 1;
  EXPECT_EQ(h.validate(), Status::kBinaryBadPlan);
  h.temp_bytes = 0;
  EXPECT_EQ(h.validate(), Status::kBinaryBadPlan);
  EXPECT_TRUE(logs.contains("CONV_2D"));
}

TEST(Conv2dValidate, ShortRowPointwiseNeedsTheTransposedRunInTemp) {
  // 1x1 over 8 input channels, no padding: rows in place, depth 8 <= kConvSmallKDepth, so the
  // only scratch is the transposed filter run (8 x 16 lanes).
  TestTensor in = TestTensor::make(DataType::kInt8, {1, 3, 3, 8}, lpai_test::random_i8(72, 5), 0.1f, 2, false);
  TestTensor w = TestTensor::make(DataType::kInt8, {4, 1, 1, 8}, lpai_test::random_i8(32, 6), 0.01f, 0, true);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {1, 3, 3, 4}, {}, 0.2f, -1, false);
  lpai::prepare::OpOptions opt;
  opt.padding = 1;  // VALID (for a 1x1 filter SAME pads nothing either)
  KernelHarness h(kConv, opt, {&in, &w}, {&out});
  ASSERT_TRUE(h.prepare().ok()) << h.prepare().error;
  static_assert(8 <= lpai::kernels::kConvSmallKDepth, "depth 8 takes the short-row path");
  EXPECT_EQ(h.temp_bytes, 8u * lpai::kernels::kConvSmallKLanes);
  EXPECT_EQ(h.validate(), Status::kOk);
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  h.temp_bytes -= 1;
  EXPECT_EQ(h.validate(), Status::kBinaryBadPlan);
}

TEST(Conv2dValidate, RejectsBadParams) {
  SmallConv f;
  KernelHarness h(kConv, f.opt, {&f.in, &f.w, &f.b}, {&f.out});
  ASSERT_TRUE(h.prepare().ok());
  const std::vector<uint8_t> good = h.params;
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  auto hdr = [&h]() { return reinterpret_cast<lpai::kernels::Conv2dParams*>(h.params.data()); };
  h.params.resize(good.size() + 4);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params.resize(good.size() - 4);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params.resize(40);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->stride_h = 0;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->pad_h = 3;  // >= effective filter height
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->out_h = 9;  // last window starts below the input
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->im2col_rows = 0;  // in place needs 1x1 without padding
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->groups = 0;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->groups = 2;  // does not divide in_c 3
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->groups = 3;  // divides in_c but not out_c 4
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->flags |= lpai::kernels::kConvFlagInt16x8;  // blob size then wrong
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->act_min = -129;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  int32_t bad_shift = -32;
  std::memcpy(h.params.data() + sizeof(lpai::kernels::Conv2dParams) + 4 * 8, &bad_shift, 4);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->out_h = 4;  // consistent geometry, but the output tensor says 5
  EXPECT_EQ(h.validate(), Status::kBinaryBadTensor);
  h.params = good;
  EXPECT_EQ(h.validate(), Status::kOk);
}

TEST(Conv2dValidate, RejectsInconsistentTensors) {
  SmallConv f;
  KernelHarness h(kConv, f.opt, {&f.in, &f.w, &f.b}, {&f.out});
  auto reset = [&]() { h = KernelHarness(kConv, f.opt, {&f.in, &f.w, &f.b}, {&f.out}); ASSERT_TRUE(h.prepare().ok()); };
  reset();
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  h.in_records[0].dims[3] = 4;
  EXPECT_EQ(h.validate(), Status::kBinaryBadTensor);
  reset();
  h.in_records[1].mem_class = static_cast<uint8_t>(lpai::format::MemClass::kScratch);
  EXPECT_EQ(h.validate(), Status::kBinaryBadTensor);
  reset();
  h.in_records[2].dims[0] = 5;
  EXPECT_EQ(h.validate(), Status::kBinaryBadTensor);
  reset();
  h.out_records[0].data_type = static_cast<uint8_t>(DataType::kInt16);
  EXPECT_EQ(h.validate(), Status::kBinaryTensorTypeRefused);
  reset();
  h.in_present[2] = false;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  reset();
  h.num_inputs_override = 1;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
}

TEST(Conv2dPrepare, RejectsUnsupportedModels) {
  SmallConv f;
  {
    // 3 groups (filter depth 1) do not divide the 4 output channels.
    TestTensor w = TestTensor::make(DataType::kInt8, {4, 3, 3, 1}, lpai_test::random_i8(36, 4), 0.01f, 0, true);
    KernelHarness h(kConv, f.opt, {&f.in, &w, &f.b}, {&f.out});
    EXPECT_NE(h.prepare().error.find("groups"), std::string::npos) << h.prepare().error;
  }
  {
    // Filter depth 2 does not divide the input depth 3.
    TestTensor w = TestTensor::make(DataType::kInt8, {4, 3, 3, 2}, lpai_test::random_i8(72, 4), 0.01f, 0, true);
    KernelHarness h(kConv, f.opt, {&f.in, &w, &f.b}, {&f.out});
    EXPECT_NE(h.prepare().error.find("does not divide"), std::string::npos) << h.prepare().error;
  }
  {
    TestTensor out = f.out;
    out.shape = {1, 3, 2, 4};  // VALID shape while options say SAME
    KernelHarness h(kConv, f.opt, {&f.in, &f.w, &f.b}, {&out});
    EXPECT_NE(h.prepare().error.find("output shape"), std::string::npos) << h.prepare().error;
  }
  {
    TestTensor in16 = TestTensor::make(DataType::kInt16, {1, 5, 4, 3}, lpai_test::random_i16(60, 3), 0.1f, 0, false);
    TestTensor out16 = TestTensor::make<int16_t>(DataType::kInt16, {1, 5, 4, 4}, {}, 0.2f, 0, false);
    // 16x8 takes int32 or int64 biases (TFLite Micro); an int16 bias is refused.
    TestTensor b16 = TestTensor::make(DataType::kInt16, {4}, std::vector<int16_t>{1, 2, 3, 4}, 0.001f, 0, true);
    KernelHarness h(kConv, f.opt, {&in16, &f.w, &b16}, {&out16});
    EXPECT_NE(h.prepare().error.find("int64 or int32"), std::string::npos) << h.prepare().error;
    KernelHarness ok(kConv, f.opt, {&in16, &f.w, &f.b}, {&out16});
    EXPECT_TRUE(ok.prepare().ok()) << ok.prepare().error;
  }
  {
    lpai::prepare::OpOptions opt = f.opt;
    opt.activation = 4;
    KernelHarness h(kConv, opt, {&f.in, &f.w, &f.b}, {&f.out});
    EXPECT_NE(h.prepare().error.find("activation"), std::string::npos) << h.prepare().error;
  }
  {
    TestTensor w = f.w;
    w.zero_points = {1};
    KernelHarness h(kConv, f.opt, {&f.in, &w, &f.b}, {&f.out});
    EXPECT_NE(h.prepare().error.find("zero point"), std::string::npos) << h.prepare().error;
  }
}

}  // namespace
