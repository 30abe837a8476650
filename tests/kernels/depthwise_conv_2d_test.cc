// DEPTHWISE_CONV_2D int8 and 16x8: prepare + validate + eval against the plain reference, rejections.
#include <gtest/gtest.h>

#include <cstring>

#include "common/test_support.h"
#include "kernels/kernel_harness.h"
#include "kernels/params/depthwise_conv_2d.h"
#include "kernels/reference/int16x8_ref.h"
#include "kernels/reference/reference_ops.h"

namespace {

using lpai::Status;
using lpai::format::DataType;
using lpai_test::KernelHarness;
using lpai_test::TestTensor;

constexpr int kDw = 4;

struct DwCase {
  int batches, in_h, in_w, in_c, dm, k_h, k_w;
  int stride_h, stride_w, dil_h, dil_w;
  int padding;
  int32_t in_zp, out_zp;
  bool per_channel, with_bias;
  int activation;
  uint32_t seed;
  float out_scale = 0.1f;
};

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

void run_case(const DwCase& c) {
  SCOPED_TRACE(::testing::Message()
               << "in " << c.batches << "x" << c.in_h << "x" << c.in_w << "x" << c.in_c << " dm "
               << c.dm << " k " << c.k_h << "x" << c.k_w << " s " << c.stride_h << ","
               << c.stride_w << " d " << c.dil_h << "," << c.dil_w << " pad " << c.padding
               << " zp " << c.in_zp << "/" << c.out_zp << " act " << c.activation);
  const int out_c = c.in_c * c.dm;
  ref::ConvGeom g{};
  g.batches = c.batches;
  g.in_h = c.in_h;
  g.in_w = c.in_w;
  g.in_c = c.in_c;
  g.out_c = out_c;
  g.k_h = c.k_h;
  g.k_w = c.k_w;
  g.stride_h = c.stride_h;
  g.stride_w = c.stride_w;
  g.dil_h = c.dil_h;
  g.dil_w = c.dil_w;
  ASSERT_TRUE(ref::same_or_valid(c.padding, c.in_h, c.k_h, c.stride_h, c.dil_h, &g.out_h, &g.pad_h));
  ASSERT_TRUE(ref::same_or_valid(c.padding, c.in_w, c.k_w, c.stride_w, c.dil_w, &g.out_w, &g.pad_w));
  const auto x = lpai_test::random_i8(static_cast<size_t>(c.batches) * c.in_h * c.in_w * c.in_c, c.seed);
  const auto w = lpai_test::random_i8(static_cast<size_t>(c.k_h) * c.k_w * out_c, c.seed + 1, -127, 127);
  const auto b = lpai_test::random_i32(out_c, c.seed + 2, -5000, 5000);
  std::vector<float> fs;
  if (c.per_channel) {
    for (int o = 0; o < out_c; ++o) fs.push_back(0.004f + 0.0013f * static_cast<float>(o % 5));
  } else {
    fs.push_back(0.005f);
  }
  const float in_scale = 0.03f;
  TestTensor in = TestTensor::make(DataType::kInt8, {c.batches, c.in_h, c.in_w, c.in_c}, x, in_scale, c.in_zp, false);
  TestTensor wt = TestTensor::make(DataType::kInt8, {1, c.k_h, c.k_w, out_c}, w, fs[0], 0, true);
  wt.scales = fs;
  wt.zero_points.assign(fs.size(), 0);
  wt.quant_axis = 3;
  TestTensor bias = TestTensor::make(DataType::kInt32, {out_c}, b, in_scale * fs[0], 0, true);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {c.batches, g.out_h, g.out_w, out_c}, {},
                                            c.out_scale, c.out_zp, false);
  lpai::prepare::OpOptions o;
  o.padding = c.padding;
  o.stride_h = c.stride_h;
  o.stride_w = c.stride_w;
  o.dilation_h = c.dil_h;
  o.dilation_w = c.dil_w;
  o.depth_multiplier = c.dm;
  o.activation = c.activation;
  KernelHarness h(kDw, o, {&in, &wt, c.with_bias ? &bias : nullptr}, {&out});
  const auto got = lpai_test::as_values<int8_t>(h.run());
  const auto want = ref::depthwise_conv_2d(g, c.dm, x, {in_scale, c.in_zp}, w, fs,
                                           c.with_bias ? &b : nullptr, {c.out_scale, c.out_zp},
                                           c.activation);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
  expect_leaner_forms_match(h, want);
}

TEST(DepthwiseConv2d, ModelLikeShapes) {
  run_case({1, 25, 5, 64, 1, 3, 3, 1, 1, 1, 1, 0, -128, -128, true, true, 1, 1});  // kws
  run_case({1, 48, 48, 8, 1, 3, 3, 1, 1, 1, 1, 0, -128, -128, true, true, 3, 2});  // vww early
  run_case({1, 12, 12, 24, 1, 3, 3, 2, 2, 1, 1, 0, 5, -3, true, true, 3, 3});      // 16 + 8 blocks
  run_case({1, 49, 40, 1, 8, 10, 8, 2, 2, 1, 1, 0, -128, 11, false, true, 1, 4});  // micro_speech
}

TEST(DepthwiseConv2d, DepthMultipliersDilationPadding) {
  uint32_t seed = 10;
  for (int dm : {1, 2, 3, 5}) {
    for (int in_c : {1, 3, 7, 16, 19, 33}) {
      for (int padding : {0, 1}) {
        const int sh = 1 + static_cast<int>(seed % 2), sw = 1 + (seed % 3 == 0 ? 1 : 0), dh = 1 + (seed % 4 == 1 ? 1 : 0);
        run_case({1, 7, 8, in_c, dm, 3, 2, sh, sw, dh,
                  1, padding, static_cast<int32_t>(seed % 40) - 20, static_cast<int32_t>(seed % 17) - 8,
                  (seed & 1) != 0, (seed & 2) == 0, static_cast<int>(seed % 4), seed});
        ++seed;
      }
    }
  }
  run_case({2, 9, 9, 20, 1, 3, 3, 1, 1, 2, 2, 0, 1, 2, true, true, 0, 90});
  run_case({1, 9, 9, 4, 70, 2, 2, 1, 1, 3, 1, 0, 1, 2, true, true, 0, 91});  // dm > chunk
}

TEST(DepthwiseConv2d, ZeroPointsAtTheLimitsAndSaturation) {
  run_case({1, 6, 6, 20, 1, 3, 3, 1, 1, 1, 1, 0, 127, -128, true, true, 0, 40});
  run_case({1, 6, 6, 20, 1, 3, 3, 1, 1, 1, 1, 0, -128, 127, false, true, 0, 41});
  run_case({1, 6, 6, 20, 1, 3, 3, 1, 1, 1, 1, 0, 0, 0, true, true, 0, 42, 0.0005f});
}

// Depth multiplier > 1 over 1 to 4 input channels (the row path): strides 1 and 2, dilation,
// SAME and VALID, output widths below, between and above the pixel blocks, channel runs
// longer than 16, two batches, zero points at the limits.
TEST(DepthwiseConv2d, FewInputChannelsWithDepthMultiplier) {
  uint32_t seed = 200;
  for (int in_c = 1; in_c <= 4; ++in_c) {
    for (int dm : {2, 3, 8, 16}) {
      for (int stride : {1, 2}) {
        for (int padding : {0, 1}) {
          const int in_w = 5 + static_cast<int>(seed % 7) * 6;  // 5 .. 41
          const int32_t in_zp = (seed % 3 == 0) ? -128 : (seed % 3 == 1 ? 127 : 3);
          const int32_t out_zp = (seed % 2 == 0) ? 127 : -128;
          run_case({2, 9, in_w, in_c, dm, 3 + static_cast<int>(seed % 2), 2 + static_cast<int>(seed % 4),
                    stride, stride, 1, 1, padding, in_zp, out_zp, (seed & 1) != 0, (seed & 2) == 0,
                    static_cast<int>(seed % 4), seed});
          ++seed;
        }
      }
    }
  }
  run_case({2, 49, 40, 1, 8, 10, 8, 2, 2, 1, 1, 1, 127, -128, true, true, 0, 300});   // micro_speech, zp limits
  run_case({2, 49, 40, 1, 8, 10, 8, 2, 2, 1, 1, 0, -128, 127, true, false, 1, 301});  // SAME
  run_case({2, 11, 30, 2, 20, 3, 5, 1, 2, 2, 3, 0, -128, 0, true, true, 0, 302});     // dilation, 16 + 4
  run_case({1, 12, 33, 3, 5, 4, 3, 2, 3, 1, 2, 1, 0, 5, false, true, 3, 303});        // stride_w 3
  run_case({2, 6, 19, 4, 2, 3, 3, 1, 1, 1, 1, 0, 127, 127, true, true, 0, 304, 0.001f});  // saturates
}

struct SmallDw {
  TestTensor in = TestTensor::make(DataType::kInt8, {1, 5, 5, 2}, lpai_test::random_i8(50, 3), 0.1f, 2, false);
  TestTensor w = TestTensor::make(DataType::kInt8, {1, 3, 3, 4}, lpai_test::random_i8(36, 4), 0.01f, 0, true);
  TestTensor b = TestTensor::make(DataType::kInt32, {4}, std::vector<int32_t>{1, 2, 3, 4}, 0.001f, 0, true);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {1, 5, 5, 4}, {}, 0.2f, -1, false);
  lpai::prepare::OpOptions opt = [] {
    lpai::prepare::OpOptions o;
    o.depth_multiplier = 2;
    return o;
  }();
};

TEST(DepthwiseConv2dValidate, RejectsBadParamsAndTensors) {
  SmallDw f;
  KernelHarness h(kDw, f.opt, {&f.in, &f.w, &f.b}, {&f.out});
  ASSERT_TRUE(h.prepare().ok()) << h.prepare().error;
  EXPECT_EQ(h.params.size(), lpai::kernels::depthwise_conv_2d_params_size(4));
  // Row path (2 input channels, depth_multiplier 2, 3x3, stride 1, 5 output columns): sums,
  // bias and bytes of a 16-channel run (2 x 16 + 16 int32, 32 int8), filter 2 channels x 16 (9 taps rounded up to 16) int16, two windows of 16 + 8 int16, 3 row offsets
  // and 3 slot tags (24 bytes, to 32), a ring of 3 + 1 rows x 1 phase x (4 + 3 rounded up to 8)
  // int16.
  EXPECT_EQ(h.temp_bytes, (2u * 16u + 16u) * 4u + 32u + 2u * 16u * 2u + 2u * (16u + 8u) * 2u + 32u +
                              4u * 1u * (4u + 8u) * 2u);
  ASSERT_EQ(h.validate(), Status::kOk);
  const auto good = h.params;
  const uint32_t good_temp = h.temp_bytes;
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  h.temp_bytes -= 1;
  EXPECT_EQ(h.validate(), Status::kBinaryBadPlan);
  h.temp_bytes += 1;
  auto hdr = [&h]() { return reinterpret_cast<lpai::kernels::DepthwiseConv2dParams*>(h.params.data()); };
  h.params.resize(good.size() - 4);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->depth_multiplier = 3;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  // The no-scratch flag: the same node takes no temp; not with an HVX layout.
  h.params = good;
  hdr()->flags |= lpai::kernels::kDwFlagNoTemp;
  h.temp_bytes = 0;
  EXPECT_EQ(h.validate(), Status::kOk);
  EXPECT_EQ(lpai::kernels::depthwise_conv_2d_temp_bytes(*hdr()), 0u);
  hdr()->flags |= lpai::kernels::kDwFlagHvxLayout;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  EXPECT_TRUE(logs.contains("DEPTHWISE_CONV_2D: no-scratch flag on an int16x8 or HVX-layout node"));
  h.temp_bytes = good_temp;
  h.params = good;
  hdr()->dilation_w = 0;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->input_zero_point = -129;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->out_w = 7;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  h.in_records[1].dims[0] = 2;
  EXPECT_EQ(h.validate(), Status::kBinaryBadTensor);
  h.in_records[1].dims[0] = 1;
  h.out_records[0].dims[3] = 2;
  EXPECT_EQ(h.validate(), Status::kBinaryBadTensor);
  h.out_records[0].dims[3] = 4;
  h.in_present[2] = false;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.in_present[2] = true;
  EXPECT_EQ(h.validate(), Status::kOk);
  EXPECT_TRUE(logs.contains("DEPTHWISE_CONV_2D"));
}

TEST(DepthwiseConv2dPrepare, RejectsUnsupportedModels) {
  SmallDw f;
  {
    lpai::prepare::OpOptions o = f.opt;
    o.depth_multiplier = 3;
    KernelHarness h(kDw, o, {&f.in, &f.w, &f.b}, {&f.out});
    EXPECT_NE(h.prepare().error.find("depth_multiplier"), std::string::npos) << h.prepare().error;
  }
  {
    TestTensor out = f.out;
    out.shape = {1, 3, 3, 4};
    KernelHarness h(kDw, f.opt, {&f.in, &f.w, &f.b}, {&out});
    EXPECT_NE(h.prepare().error.find("output shape"), std::string::npos) << h.prepare().error;
  }
  {
    TestTensor in = f.in;
    in.type = DataType::kInt16;
    KernelHarness h(kDw, f.opt, {&in, &f.w, &f.b}, {&f.out});
    EXPECT_FALSE(h.prepare().ok());
  }
}

// 16x8 ---------------------------------------------------------------------------------------

// bias_kind: 0 none, 1 int32 (widened), 2 int64. Always the int64 accumulator.
void run_case_16x8(const DwCase& c, int bias_kind) {
  SCOPED_TRACE(::testing::Message()
               << "16x8 in " << c.batches << "x" << c.in_h << "x" << c.in_w << "x" << c.in_c
               << " dm " << c.dm << " k " << c.k_h << "x" << c.k_w << " s " << c.stride_h << ","
               << c.stride_w << " d " << c.dil_h << "," << c.dil_w << " pad " << c.padding
               << " bias " << bias_kind << " act " << c.activation);
  const int out_c = c.in_c * c.dm;
  ref::ConvGeom g{};
  g.batches = c.batches;
  g.in_h = c.in_h;
  g.in_w = c.in_w;
  g.in_c = c.in_c;
  g.out_c = out_c;
  g.k_h = c.k_h;
  g.k_w = c.k_w;
  g.stride_h = c.stride_h;
  g.stride_w = c.stride_w;
  g.dil_h = c.dil_h;
  g.dil_w = c.dil_w;
  ASSERT_TRUE(ref::same_or_valid(c.padding, c.in_h, c.k_h, c.stride_h, c.dil_h, &g.out_h, &g.pad_h));
  ASSERT_TRUE(ref::same_or_valid(c.padding, c.in_w, c.k_w, c.stride_w, c.dil_w, &g.out_w, &g.pad_w));
  const auto x = lpai_test::random_i16(static_cast<size_t>(c.batches) * c.in_h * c.in_w * c.in_c, c.seed);
  const auto w = lpai_test::random_i8(static_cast<size_t>(c.k_h) * c.k_w * out_c, c.seed + 1, -127, 127);
  const auto b32 = lpai_test::random_i32(out_c, c.seed + 2, -2000000, 2000000);
  std::vector<int64_t> b(out_c);
  for (int o = 0; o < out_c; ++o) b[o] = bias_kind == 2 ? int64_t{b32[o]} * 777 : b32[o];
  std::vector<float> fs;
  if (c.per_channel) {
    for (int o = 0; o < out_c; ++o) fs.push_back(0.004f + 0.0013f * static_cast<float>(o % 5));
  } else {
    fs.push_back(0.005f);
  }
  const float in_scale = 0.0002f;
  TestTensor in = TestTensor::make(DataType::kInt16, {c.batches, c.in_h, c.in_w, c.in_c}, x, in_scale, 0, false);
  TestTensor wt = TestTensor::make(DataType::kInt8, {1, c.k_h, c.k_w, out_c}, w, fs[0], 0, true);
  wt.scales = fs;
  wt.zero_points.assign(fs.size(), 0);
  wt.quant_axis = 3;
  TestTensor bias = bias_kind == 2 ? TestTensor::make(DataType::kInt64, {out_c}, b, in_scale * fs[0], 0, true)
                                   : TestTensor::make(DataType::kInt32, {out_c}, b32, in_scale * fs[0], 0, true);
  TestTensor out = TestTensor::make<int16_t>(DataType::kInt16, {c.batches, g.out_h, g.out_w, out_c}, {},
                                             c.out_scale, 0, false);
  lpai::prepare::OpOptions o;
  o.padding = c.padding;
  o.stride_h = c.stride_h;
  o.stride_w = c.stride_w;
  o.dilation_h = c.dil_h;
  o.dilation_w = c.dil_w;
  o.depth_multiplier = c.dm;
  o.activation = c.activation;
  KernelHarness h(kDw, o, {&in, &wt, bias_kind != 0 ? &bias : nullptr}, {&out});
  const auto got = lpai_test::as_values<int16_t>(h.run());
  const auto want = ref::depthwise_conv_2d_16x8(g, c.dm, x, in_scale, w, fs,
                                                bias_kind != 0 ? &b : nullptr, c.out_scale,
                                                c.activation);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
}

TEST(DepthwiseConv2d16x8, MatchesReference) {
  uint32_t seed = 700;
  for (int bias_kind : {0, 1, 2}) {
    run_case_16x8({2, 5, 1, 3, 3, 2, 1, 1, 2, 1, 1, 0, 0, 0, true, true, 0, seed++, 0.002f}, bias_kind);
    run_case_16x8({1, 7, 11, 4, 3, 1, 3, 2, 2, 1, 1, 1, 0, 0, true, true, 0, seed++, 0.0004f}, bias_kind);
    run_case_16x8({2, 4, 12, 10, 1, 3, 3, 1, 1, 1, 1, 0, 0, 0, true, true, 1, seed++, 0.004f}, bias_kind);
    run_case_16x8({1, 9, 9, 70, 1, 3, 3, 1, 1, 2, 2, 0, 0, 0, false, true, 3, seed++, 0.01f}, bias_kind);
    run_case_16x8({1, 6, 5, 2, 2, 3, 2, 2, 1, 1, 2, 1, 0, 0, true, true, 2, seed++, 0.0001f}, bias_kind);
    run_case_16x8({1, 5, 5, 3, 1, 3, 3, 1, 1, 1, 1, 0, 0, 0, true, true, 0, seed++, 0.000001f}, bias_kind);  // saturates
  }
}

TEST(DepthwiseConv2d16x8, ValidateRejects) {
  const auto x = lpai_test::random_i16(1 * 4 * 4 * 2, 3);
  const auto w = lpai_test::random_i8(3 * 3 * 2, 4, -127, 127);
  TestTensor in = TestTensor::make(DataType::kInt16, {1, 4, 4, 2}, x, 0.001f, 0, false);
  TestTensor wt = TestTensor::make(DataType::kInt8, {1, 3, 3, 2}, w, 0.01f, 0, true);
  TestTensor b = TestTensor::make(DataType::kInt64, {2}, std::vector<int64_t>{5, -5}, 1e-5f, 0, true);
  TestTensor out = TestTensor::make<int16_t>(DataType::kInt16, {1, 4, 4, 2}, {}, 0.01f, 0, false);
  KernelHarness h(kDw, {}, {&in, &wt, &b}, {&out});
  ASSERT_TRUE(h.prepare().ok());
  ASSERT_EQ(h.validate(), Status::kOk);
  const std::vector<uint8_t> good = h.params;
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  auto hdr = [&h]() { return reinterpret_cast<lpai::kernels::DepthwiseConv2dParams*>(h.params.data()); };
  hdr()->input_zero_point = 3;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->flags |= lpai::kernels::kDwFlagNoTemp;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  EXPECT_TRUE(logs.contains("DEPTHWISE_CONV_2D: no-scratch flag on an int16x8 or HVX-layout node"));
  h.params = good;
  hdr()->flags &= ~lpai::kernels::kDwFlagInt16x8;  // blob size no longer matches
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  int32_t shift8 = 8;
  std::memcpy(h.params.data() + sizeof(lpai::kernels::DepthwiseConv2dParams) + 8 * 2 + 4 * 2, &shift8, 4);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  h.out_records[0].data_type = static_cast<uint8_t>(DataType::kInt8);
  h.out_records[0].size /= 2;
  EXPECT_EQ(h.validate(), Status::kBinaryTensorTypeRefused);
}

}  // namespace
