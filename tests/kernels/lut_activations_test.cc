// ELU, HARD_SWISH and RSQRT (int8 tables built by prepare), over every int8 input through the
// whole kernel: ELU against TFLite Micro's float formula restated; HARD_SWISH and RSQRT exactly
// against TFLite's integer algorithms (reference/lut_activations_ref.h) and within one step of
// the real function.
#include <gtest/gtest.h>

#include <cmath>

#include "kernels/ew_harness.h"
#include "kernels/reference/ew_ext_ref.h"
#include "kernels/reference/lut_activations_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kElu = 111;
constexpr int kHardSwish = 117;
constexpr int kRsqrt = 76;

std::vector<int32_t> run_all_bytes(int code, float si, int32_t zi, float so, int32_t zo) {
  std::vector<int32_t> x;
  for (int i = -128; i <= 127; ++i) x.push_back(i);
  Node node(code);
  node.add_input({DataType::kInt8, {16, 16}, si, zi}, x);
  node.add_output({DataType::kInt8, {16, 16}, so, zo});
  auto r = node.prepare();
  EXPECT_TRUE(r.ok()) << r.error;
  if (!r.ok()) return {};
  EXPECT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  return node.output();
}

TEST(EluKernel, MatchesFloatTable) {
  for (auto q : {std::make_tuple(0.0064f, 104, 0.0032f, 105), std::make_tuple(0.0019f, -88, 0.0017f, -102),
                 std::make_tuple(0.05f, 127, 0.02f, -128), std::make_tuple(0.1f, -128, 0.1f, 127)}) {
    const float si = std::get<0>(q), so = std::get<2>(q);
    const int32_t zi = std::get<1>(q), zo = std::get<3>(q);
    const auto got = run_all_bytes(kElu, si, zi, so, zo);
    ASSERT_EQ(got.size(), 256u);
    for (int i = 0; i < 256; ++i) {
      const int32_t x = i - 128;
      const float d = si * static_cast<float>(x - zi);
      const float t = d < 0.0f ? std::exp(d) - 1.0f : d;
      const int32_t want = std::max(-128, std::min(127, static_cast<int32_t>(
                                                            std::round(t * (1 / so)) + zo)));
      EXPECT_EQ(got[i], want) << x;
    }
  }
}

TEST(HardSwishKernel, WithinOneStepOfTheRealFunction) {
  for (auto q : {std::make_tuple(0.0114f, 32, 0.0036f, -58), std::make_tuple(0.0071f, 98, 0.00155f, 85),
                 std::make_tuple(0.0148f, -117, 0.0154f, -117), std::make_tuple(0.05f, 0, 0.03f, -128)}) {
    const float si = std::get<0>(q), so = std::get<2>(q);
    const int32_t zi = std::get<1>(q), zo = std::get<3>(q);
    const auto got = run_all_bytes(kHardSwish, si, zi, so, zo);
    ASSERT_EQ(got.size(), 256u);
    for (int i = 0; i < 256; ++i) {
      const double x = ref::real(i - 128, si, zi);
      const double hs = x * std::min(6.0, std::max(0.0, x + 3.0)) / 6.0;
      EXPECT_LE(std::abs(got[i] - ref::quant(hs, so, zo, -128, 127)), 1) << i - 128;
    }
  }
}

// Quantisations covering reluish exponents from -3 to 5 (input scale / 128 against 3 / 32768)
// and zero points at both limits.
TEST(HardSwishKernel, ExactAgainstTfliteIntegerReference) {
  for (auto q : {std::make_tuple(0.0114f, 32, 0.0036f, -58), std::make_tuple(0.0071f, 98, 0.00155f, 85),
                 std::make_tuple(0.0148f, -117, 0.0154f, -117), std::make_tuple(0.05f, 0, 0.03f, -128),
                 std::make_tuple(0.2f, 127, 0.1f, 127), std::make_tuple(0.001f, -128, 0.0005f, 0),
                 std::make_tuple(0.024f, -5, 0.011f, -110)}) {
    const float si = std::get<0>(q), so = std::get<2>(q);
    const int32_t zi = std::get<1>(q), zo = std::get<3>(q);
    const auto got = run_all_bytes(kHardSwish, si, zi, so, zo);
    ASSERT_EQ(got.size(), 256u);
    for (int i = 0; i < 256; ++i) {
      EXPECT_EQ(got[i], ref::hard_swish_int8(i - 128, si, zi, so, zo))
          << "x " << i - 128 << " scales " << si << "/" << so << " zps " << zi << "/" << zo;
    }
  }
}

TEST(HardSwishKernel, RejectsOutputMultiplierAboveOne) {
  Node node(kHardSwish);
  node.add_input({DataType::kInt8, {4}, 1.0f, 0}, {});
  node.add_output({DataType::kInt8, {4}, 0.001f, 0});  // (s_in / 128) / s_out > 1
  EXPECT_FALSE(node.prepare().ok());
}

TEST(RsqrtKernel, WithinOneStepAndZeroGivesMax) {
  for (auto q : {std::make_tuple(0.0357f, -89, 0.00426f, -128), std::make_tuple(0.0039f, -71, 0.0712f, -128),
                 std::make_tuple(0.0398f, -10, 0.0694f, -38), std::make_tuple(0.01f, -128, 0.05f, -128)}) {
    const float si = std::get<0>(q), so = std::get<2>(q);
    const int32_t zi = std::get<1>(q), zo = std::get<3>(q);
    const auto got = run_all_bytes(kRsqrt, si, zi, so, zo);
    ASSERT_EQ(got.size(), 256u);
    for (int x = zi; x <= 127; ++x) {
      const int32_t g = got[x + 128];
      if (x == zi) {
        EXPECT_EQ(g, 127);
        continue;
      }
      const double want = 1.0 / std::sqrt(ref::real(x, si, zi));
      EXPECT_LE(std::abs(g - ref::quant(want, so, zo, -128, 127)), 1) << x;
    }
  }
}

// Every input at or above the zero point (TFLite Micro rejects the others at eval).
TEST(RsqrtKernel, ExactAgainstTfliteIntegerReference) {
  for (auto q : {std::make_tuple(0.0357f, -89, 0.00426f, -128), std::make_tuple(0.0039f, -71, 0.0712f, -128),
                 std::make_tuple(0.0398f, -10, 0.0694f, -38), std::make_tuple(0.01f, -128, 0.05f, -128),
                 std::make_tuple(1.0f, -128, 0.004f, -128), std::make_tuple(0.0005f, 0, 0.5f, 0),
                 std::make_tuple(0.02f, 127, 0.1f, 127)}) {
    const float si = std::get<0>(q), so = std::get<2>(q);
    const int32_t zi = std::get<1>(q), zo = std::get<3>(q);
    const auto got = run_all_bytes(kRsqrt, si, zi, so, zo);
    ASSERT_EQ(got.size(), 256u);
    for (int x = zi; x <= 127; ++x) {
      EXPECT_EQ(got[x + 128], ref::rsqrt_int8(x, si, zi, so, zo))
          << "x " << x << " scales " << si << "/" << so << " zps " << zi << "/" << zo;
    }
  }
}

TEST(LutActivations, ValidateRejects) {
  for (int code : {kElu, kHardSwish, kRsqrt}) {
    Node node(code);
    node.add_input({DataType::kInt8, {4}, 0.05f, 0}, {});
    node.add_output({DataType::kInt8, {4}, 0.05f, 0});
    ASSERT_TRUE(node.prepare().ok());
    ASSERT_EQ(node.validate(), lpai::Status::kOk);
    std::vector<uint8_t> blob = node.params();
    blob.pop_back();
    node.set_params(blob);
    EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
    ASSERT_TRUE(node.prepare().ok());
    node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
    EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);
  }
}

}  // namespace
