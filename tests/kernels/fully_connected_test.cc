// FULLY_CONNECTED int8 and 16x8: prepare + validate + eval against the plain reference, and rejections.
#include <gtest/gtest.h>

#include <cstring>

#include "common/test_support.h"
#include "kernels/kernel_harness.h"
#include "kernels/params/fully_connected.h"
#include "kernels/reference/int16x8_ref.h"
#include "kernels/reference/reference_ops.h"

namespace {

using lpai::Status;
using lpai::format::DataType;
using lpai_test::KernelHarness;
using lpai_test::TestTensor;

constexpr int kFc = 9;

struct FcCase {
  int batches, k, n;
  int32_t in_zp, out_zp;
  float in_scale, out_scale;
  bool per_channel, with_bias;
  int activation;
  bool keep_dims;
  uint32_t seed;
};

void run_case(const FcCase& c) {
  SCOPED_TRACE(::testing::Message() << "batches=" << c.batches << " k=" << c.k << " n=" << c.n
                                    << " in_zp=" << c.in_zp << " out_zp=" << c.out_zp
                                    << " per_channel=" << c.per_channel << " act=" << c.activation);
  const auto x = lpai_test::random_i8(static_cast<size_t>(c.batches) * c.k, c.seed);
  const auto w = lpai_test::random_i8(static_cast<size_t>(c.n) * c.k, c.seed + 1, -127, 127);
  const auto b = lpai_test::random_i32(c.n, c.seed + 2, -40000, 40000);
  std::vector<float> w_scales;
  if (c.per_channel) {
    for (int o = 0; o < c.n; ++o) w_scales.push_back(0.002f + 0.0007f * static_cast<float>(o % 11));
  } else {
    w_scales.push_back(0.0041f);
  }
  TestTensor in = TestTensor::make(DataType::kInt8, {c.batches, c.k}, x, c.in_scale, c.in_zp, false);
  TestTensor wt = TestTensor::make(DataType::kInt8, {c.n, c.k}, w, w_scales[0], 0, true);
  wt.scales = w_scales;
  wt.zero_points.assign(w_scales.size(), 0);
  TestTensor bias = TestTensor::make(DataType::kInt32, {c.n}, b, c.in_scale * w_scales[0], 0, true);
  if (c.per_channel) bias.scales.clear(), bias.zero_points.clear();
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {c.batches, c.n}, {}, c.out_scale, c.out_zp, false);
  if (c.keep_dims && c.batches % 2 == 0) {
    in.shape = {2, c.batches / 2, c.k};
    out.shape = {2, c.batches / 2, c.n};
  }
  lpai::prepare::OpOptions opt;
  opt.activation = c.activation;
  opt.keep_num_dims = c.keep_dims;
  KernelHarness h(kFc, opt, {&in, &wt, c.with_bias ? &bias : nullptr}, {&out});
  const auto got = lpai_test::as_values<int8_t>(h.run());
  const auto want = ref::fully_connected(x, {c.in_scale, c.in_zp}, c.batches, c.k, w, w_scales,
                                         c.with_bias ? &b : nullptr, c.n,
                                         {c.out_scale, c.out_zp}, c.activation);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
}

TEST(FullyConnected, MatchesReferenceOverShapes) {
  const int ks[] = {1, 3, 15, 16, 17, 33, 64, 250, 640};
  const int ns[] = {1, 2, 3, 5, 8, 10, 17};
  uint32_t seed = 1;
  for (int k : ks) {
    for (int n : ns) {
      run_case({1, k, n, -3, 5, 0.05f, 0.2f, false, true, 0, false, seed++});
      run_case({3, k, n, 17, -9, 0.05f, 0.35f, true, true, 0, false, seed++});
    }
  }
}

TEST(FullyConnected, ZeroPointsAtTheLimits) {
  run_case({2, 37, 9, -128, 127, 0.1f, 0.5f, false, true, 0, false, 100});
  run_case({2, 37, 9, 127, -128, 0.1f, 0.5f, true, true, 0, false, 101});
  run_case({1, 64, 4, -128, -128, 0.02f, 0.01f, true, false, 0, false, 102});
}

TEST(FullyConnected, SaturatesAtBothEnds) {
  // Tiny output scale: nearly every result clamps to -128 or 127.
  run_case({4, 48, 7, 0, 0, 0.5f, 0.0005f, false, true, 0, false, 200});
  run_case({4, 48, 7, 3, -2, 0.5f, 0.0005f, true, false, 0, false, 201});
}

TEST(FullyConnected, FusedActivations) {
  for (int act : {1, 2, 3}) {
    run_case({2, 40, 11, 10, -20, 0.03f, 0.03f, false, true, act, false, 300u + act});
    run_case({2, 40, 11, -10, 20, 0.03f, 0.02f, true, true, act, false, 310u + act});
  }
}

TEST(FullyConnected, NoBiasAndKeepNumDims) {
  run_case({4, 20, 6, 1, 2, 0.04f, 0.1f, false, false, 0, true, 400});
  run_case({6, 19, 5, 1, 2, 0.04f, 0.1f, true, true, 1, true, 401});
}

// A valid small node for the rejection tests.
struct SmallFc {
  TestTensor in = TestTensor::make(DataType::kInt8, {2, 8}, lpai_test::random_i8(16, 7), 0.1f, 1, false);
  TestTensor w = TestTensor::make(DataType::kInt8, {3, 8}, lpai_test::random_i8(24, 8), 0.01f, 0, true);
  TestTensor b = TestTensor::make(DataType::kInt32, {3}, std::vector<int32_t>{1, -2, 3}, 0.001f, 0, true);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {2, 3}, {}, 0.2f, -1, false);
};

TEST(FullyConnectedValidate, AcceptsThePreparedNode) {
  SmallFc f;
  KernelHarness h(kFc, {}, {&f.in, &f.w, &f.b}, {&f.out});
  ASSERT_TRUE(h.prepare().ok()) << h.prepare().error;
  EXPECT_EQ(h.params.size(), lpai::kernels::fully_connected_params_size(3));
  EXPECT_EQ(h.temp_bytes, 0u);
  EXPECT_EQ(h.validate(), Status::kOk);
}

// kFcFlagLarge: set by prepare exactly at batches >= 8 or depth * units >= 4096, never int16x8.
TEST(FullyConnectedPrepare, MarksLargeProducts) {
  struct Dims {
    int32_t batches, depth, units;
    bool large;
  };
  for (const Dims d : {Dims{1, 64, 63, false}, Dims{1, 64, 64, true}, Dims{7, 8, 3, false},
                       Dims{8, 8, 3, true}}) {
    const int32_t n_in = d.batches * d.depth, n_w = d.units * d.depth;
    TestTensor in = TestTensor::make(DataType::kInt8, {d.batches, d.depth},
                                     lpai_test::random_i8(static_cast<size_t>(n_in), 3), 0.1f, 1, false);
    TestTensor w = TestTensor::make(DataType::kInt8, {d.units, d.depth},
                                    lpai_test::random_i8(static_cast<size_t>(n_w), 4), 0.01f, 0, true);
    TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {d.batches, d.units}, {}, 0.2f, -1, false);
    KernelHarness h(kFc, {}, {&in, &w}, {&out});
    ASSERT_TRUE(h.prepare().ok());
    const auto* p = reinterpret_cast<const lpai::kernels::FullyConnectedParams*>(h.params.data());
    EXPECT_EQ((p->flags & lpai::kernels::kFcFlagLarge) != 0, d.large)
        << d.batches << "x" << d.depth << "x" << d.units;
    EXPECT_EQ(h.validate(), Status::kOk);
  }
}

TEST(FullyConnectedValidate, RejectsBadParamsSize) {
  SmallFc f;
  KernelHarness h(kFc, {}, {&f.in, &f.w, &f.b}, {&f.out});
  ASSERT_TRUE(h.prepare().ok());
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  h.params.push_back(0);
  h.params.push_back(0);
  h.params.push_back(0);
  h.params.push_back(0);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params.resize(lpai::kernels::fully_connected_params_size(3) - 4);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params.resize(8);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  EXPECT_TRUE(logs.contains("FULLY_CONNECTED"));
}

// 16x8 ---------------------------------------------------------------------------------------

enum class Bias16 { kNone, kInt32, kInt64 };

struct Fc16Case {
  int batches, k, n;
  float in_scale, out_scale;
  bool per_channel;
  Bias16 bias;
  int activation;
  uint32_t seed;
};

// TFLite Micro (the conformance oracle): an int32 bias accumulates in int32 (32-bit
// requantisation); an int64 bias or none in int64.
void run_case_16x8(const Fc16Case& c) {
  SCOPED_TRACE(::testing::Message() << "16x8 batches=" << c.batches << " k=" << c.k << " n=" << c.n
                                    << " per_channel=" << c.per_channel << " bias="
                                    << static_cast<int>(c.bias) << " act=" << c.activation);
  const auto x = lpai_test::random_i16(static_cast<size_t>(c.batches) * c.k, c.seed);
  const auto w = lpai_test::random_i8(static_cast<size_t>(c.n) * c.k, c.seed + 1, -127, 127);
  const auto b32 = lpai_test::random_i32(c.n, c.seed + 2, -3000000, 3000000);
  std::vector<int64_t> b(c.n);
  for (int o = 0; o < c.n; ++o) b[o] = c.bias == Bias16::kInt64 ? int64_t{b32[o]} * 4099 : b32[o];
  std::vector<float> w_scales;
  if (c.per_channel) {
    for (int o = 0; o < c.n; ++o) w_scales.push_back(0.002f + 0.0007f * static_cast<float>(o % 11));
  } else {
    w_scales.push_back(0.0041f);
  }
  TestTensor in = TestTensor::make(DataType::kInt16, {c.batches, c.k}, x, c.in_scale, 0, false);
  TestTensor wt = TestTensor::make(DataType::kInt8, {c.n, c.k}, w, w_scales[0], 0, true);
  wt.scales = w_scales;
  wt.zero_points.assign(w_scales.size(), 0);
  TestTensor bias = c.bias == Bias16::kInt64
                        ? TestTensor::make(DataType::kInt64, {c.n}, b, c.in_scale * w_scales[0], 0, true)
                        : TestTensor::make(DataType::kInt32, {c.n}, b32, c.in_scale * w_scales[0], 0, true);
  bias.scales.clear();
  bias.zero_points.clear();
  TestTensor out = TestTensor::make<int16_t>(DataType::kInt16, {c.batches, c.n}, {}, c.out_scale, 0, false);
  lpai::prepare::OpOptions opt;
  opt.activation = c.activation;
  KernelHarness h(kFc, opt, {&in, &wt, c.bias != Bias16::kNone ? &bias : nullptr}, {&out});
  const auto got = lpai_test::as_values<int16_t>(h.run());
  const auto want = ref::fully_connected_16x8(x, c.in_scale, c.batches, c.k, w, w_scales,
                                              c.bias != Bias16::kNone ? &b : nullptr, c.n,
                                              c.out_scale, c.activation, c.bias == Bias16::kInt32);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
}

TEST(FullyConnected16x8, MatchesReferenceForEveryBiasKind) {
  uint32_t seed = 500;
  for (Bias16 bias : {Bias16::kNone, Bias16::kInt32, Bias16::kInt64}) {
    for (bool pc : {false, true}) {
      run_case_16x8({2, 37, 26, 0.00038f, 0.05f, pc, bias, 3, seed++});
      run_case_16x8({4, 109, 28, 0.0006f, 0.08f, pc, bias, 1, seed++});
      run_case_16x8({1, 1, 1, 0.001f, 0.001f, pc, bias, 0, seed++});            // 1x1
      run_case_16x8({3, 300, 17, 0.0003f, 0.00002f, pc, bias, 0, seed++});      // saturates
      run_case_16x8({1, 9000, 5, 0.0001f, 0.01f, pc, bias, 2, seed++});         // > one dot chunk
    }
  }
}

TEST(FullyConnected16x8, ValidateRejectsBadNodes) {
  const auto x = lpai_test::random_i16(2 * 5, 9);
  const auto w = lpai_test::random_i8(3 * 5, 10, -127, 127);
  TestTensor in = TestTensor::make(DataType::kInt16, {2, 5}, x, 0.001f, 0, false);
  TestTensor wt = TestTensor::make(DataType::kInt8, {3, 5}, w, 0.01f, 0, true);
  TestTensor b = TestTensor::make(DataType::kInt64, {3}, std::vector<int64_t>{1, -2, 3}, 1e-5f, 0, true);
  TestTensor out = TestTensor::make<int16_t>(DataType::kInt16, {2, 3}, {}, 0.01f, 0, false);
  KernelHarness h(kFc, {}, {&in, &wt, &b}, {&out});
  ASSERT_TRUE(h.prepare().ok());
  ASSERT_EQ(h.validate(), Status::kOk);
  const std::vector<uint8_t> good = h.params;
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  auto hdr = [&h]() { return reinterpret_cast<lpai::kernels::FullyConnectedParams*>(h.params.data()); };
  hdr()->flags |= lpai::kernels::kFcFlagAcc32;  // int32 mode with an int64 bias tensor
  EXPECT_EQ(h.validate(), Status::kBinaryTensorTypeRefused);
  h.params = good;
  hdr()->output_zero_point = 1;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  int32_t shift8 = 8;  // beyond the 64-bit requantisation's range
  std::memcpy(h.params.data() + sizeof(lpai::kernels::FullyConnectedParams) + 8 * 3 + 4 * 3, &shift8, 4);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  int64_t big = int64_t{1} << 47;
  std::memcpy(h.params.data() + sizeof(lpai::kernels::FullyConnectedParams), &big, 8);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  h.params.resize(h.params.size() - 4);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  h.in_records[0].data_type = static_cast<uint8_t>(DataType::kInt8);
  h.in_records[0].size = 10;
  EXPECT_EQ(h.validate(), Status::kBinaryTensorTypeRefused);
}

TEST(FullyConnected16x8, PrepareRejects) {
  const auto x = lpai_test::random_i16(5, 9);
  const auto w = lpai_test::random_i8(3 * 5, 10, -127, 127);
  TestTensor in = TestTensor::make(DataType::kInt16, {1, 5}, x, 0.001f, 0, false);
  TestTensor wt = TestTensor::make(DataType::kInt8, {3, 5}, w, 0.01f, 0, true);
  TestTensor b16 = TestTensor::make(DataType::kInt16, {3}, std::vector<int16_t>{1, 2, 3}, 1e-5f, 0, true);
  TestTensor out = TestTensor::make<int16_t>(DataType::kInt16, {1, 3}, {}, 0.01f, 0, false);
  TestTensor out8 = TestTensor::make<int8_t>(DataType::kInt8, {1, 3}, {}, 0.01f, 0, false);
  KernelHarness bad_bias(kFc, {}, {&in, &wt, &b16}, {&out});
  EXPECT_FALSE(bad_bias.prepare().ok());
  KernelHarness mixed(kFc, {}, {&in, &wt}, {&out8});
  EXPECT_FALSE(mixed.prepare().ok());
  // 64-bit requantisation: an effective scale of 2^8 or more is refused.
  TestTensor tiny_out = TestTensor::make<int16_t>(DataType::kInt16, {1, 3}, {}, 1e-8f, 0, false);
  KernelHarness big_scale(kFc, {}, {&in, &wt}, {&tiny_out});
  EXPECT_FALSE(big_scale.prepare().ok());
}

TEST(FullyConnectedValidate, RejectsBadParamContents) {
  SmallFc f;
  KernelHarness h(kFc, {}, {&f.in, &f.w, &f.b}, {&f.out});
  ASSERT_TRUE(h.prepare().ok());
  const std::vector<uint8_t> good = h.params;
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  auto hdr = [&h]() { return reinterpret_cast<lpai::kernels::FullyConnectedParams*>(h.params.data()); };
  hdr()->act_min = 10;
  hdr()->act_max = 9;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->output_zero_point = 128;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->flags |= 0x80;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->flags &= ~lpai::kernels::kFcFlagHasBias;  // says no bias, node has one
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->flags |= lpai::kernels::kFcFlagLarge;  // 2 x 8 x 3 is no large product
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  int32_t bad_shift = 31;
  std::memcpy(h.params.data() + sizeof(lpai::kernels::FullyConnectedParams) + 4 * (2 * 3 + 1), &bad_shift, 4);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  int32_t bad_mult = -5;
  std::memcpy(h.params.data() + sizeof(lpai::kernels::FullyConnectedParams) + 4 * 3, &bad_mult, 4);
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  h.params = good;
  hdr()->accum_depth = 4;  // blob still sized for 3 channels, but input no longer 2 x 4
  EXPECT_EQ(h.validate(), Status::kBinaryBadTensor);
  h.params = good;
  EXPECT_EQ(h.validate(), Status::kOk);
}

// Per-tensor weights (no kFcFlagPerChannel): the multiplier and shift arrays repeat one value,
// which the Cortex-M DSP path relies on; a blob that differs is refused at load.
TEST(FullyConnectedValidate, RejectsPerTensorArraysThatDiffer) {
  SmallFc f;
  KernelHarness h(kFc, {}, {&f.in, &f.w, &f.b}, {&f.out});
  ASSERT_TRUE(h.prepare().ok());
  const std::vector<uint8_t> good = h.params;
  ASSERT_EQ(reinterpret_cast<const lpai::kernels::FullyConnectedParams*>(good.data())->flags &
                lpai::kernels::kFcFlagPerChannel,
            0u);
  const size_t arrays = sizeof(lpai::kernels::FullyConnectedParams);
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  for (size_t at : {arrays + 4 * (3 + 2), arrays + 4 * (2 * 3 + 1)}) {  // multiplier[2], shift[1]
    h.params = good;
    int32_t v;
    std::memcpy(&v, h.params.data() + at, 4);
    v -= 1;
    std::memcpy(h.params.data() + at, &v, 4);
    EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
    EXPECT_TRUE(logs.contains("per-tensor weights with differing multipliers or shifts"));
  }
  h.params = good;
  EXPECT_EQ(h.validate(), Status::kOk);
}

TEST(FullyConnectedValidate, RejectsInconsistentTensors) {
  SmallFc f;
  KernelHarness h(kFc, {}, {&f.in, &f.w, &f.b}, {&f.out});
  ASSERT_TRUE(h.prepare().ok());
  lpai_test::LogCapture logs(LPAI_LOG_LEVEL_ERROR);
  auto reset = [&]() { h = KernelHarness(kFc, {}, {&f.in, &f.w, &f.b}, {&f.out}); ASSERT_TRUE(h.prepare().ok()); };
  h.in_records[0].data_type = static_cast<uint8_t>(DataType::kInt16);
  EXPECT_EQ(h.validate(), Status::kBinaryTensorTypeRefused);
  reset();
  h.in_records[1].mem_class = static_cast<uint8_t>(lpai::format::MemClass::kScratch);
  EXPECT_EQ(h.validate(), Status::kBinaryBadTensor);
  reset();
  h.in_records[1].dims[1] = 9;
  EXPECT_EQ(h.validate(), Status::kBinaryBadTensor);
  reset();
  h.in_records[2].data_type = static_cast<uint8_t>(DataType::kInt64);
  EXPECT_EQ(h.validate(), Status::kBinaryTensorTypeRefused);
  reset();
  h.out_records[0].dims[1] = 4;
  EXPECT_EQ(h.validate(), Status::kBinaryBadTensor);
  reset();
  h.num_inputs_override = 1;
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
  reset();
  h.in_present[2] = false;  // bias absent but blob says folded bias present
  EXPECT_EQ(h.validate(), Status::kBinaryBadParams);
}

TEST(FullyConnectedPrepare, RejectsUnsupportedModels) {
  SmallFc f;
  {
    TestTensor w = f.w;
    w.zero_points = {3};
    KernelHarness h(kFc, {}, {&f.in, &w, &f.b}, {&f.out});
    EXPECT_NE(h.prepare().error.find("zero point"), std::string::npos) << h.prepare().error;
  }
  {
    TestTensor w = f.w;
    w.is_const = false;
    KernelHarness h(kFc, {}, {&f.in, &w, &f.b}, {&f.out});
    EXPECT_FALSE(h.prepare().ok());
  }
  {
    TestTensor out = f.out;
    out.shape = {2, 4};
    KernelHarness h(kFc, {}, {&f.in, &f.w, &f.b}, {&out});
    EXPECT_NE(h.prepare().error.find("output"), std::string::npos) << h.prepare().error;
  }
  {
    lpai::prepare::OpOptions opt;
    opt.activation = 4;  // TANH
    KernelHarness h(kFc, opt, {&f.in, &f.w, &f.b}, {&f.out});
    EXPECT_NE(h.prepare().error.find("activation"), std::string::npos) << h.prepare().error;
  }
  {
    TestTensor in = f.in;
    in.type = DataType::kInt16;
    KernelHarness h(kFc, {}, {&in, &f.w, &f.b}, {&f.out});
    EXPECT_FALSE(h.prepare().ok());
  }
  {
    TestTensor b = f.b;
    b.scales = {0.5f};  // far from input_scale * weight_scale
    KernelHarness h(kFc, {}, {&f.in, &f.w, &b}, {&f.out});
    EXPECT_NE(h.prepare().error.find("bias scale"), std::string::npos) << h.prepare().error;
  }
}

}  // namespace
