// The x86 SIMD kernels of host simulation (host_sim/simd/x86_kernels.h) against the portable
// firmware kernels over a zoo of shapes (the families of the shared models and conformance
// cases plus edges: channel counts around the 16/32/64 lane blocks, taps not a multiple of 4,
// stride, dilation, SAME padding, zero points at the limits, left shifts and saturation):
// the same prepared node runs once through the portable kernel and once through each variant
// this CPU supports, and every output byte must match. The variant must also claim the node
// (returns true) wherever it is meant to.
#include <gtest/gtest.h>

#include <vector>

#include "kernels/kernel_harness.h"
#include "kernels/params/conv_2d.h"
#include "kernels/params/depthwise_conv_2d.h"
#include "simd/kernel_variant.h"
#include "simd/x86_kernels.h"

namespace {

using lpai::format::DataType;
using lpai::host::KernelVariant;
using lpai_test::KernelHarness;
using lpai_test::TestTensor;

using SimdFn = bool (*)(const lpai::kernels::KernelArgs&);

struct Variant {
  KernelVariant v;
  SimdFn conv, dw, fc, add;
};

const Variant kVariants[] = {
    {KernelVariant::kAvx2, lpai::host::simd::conv_s8_avx2, lpai::host::simd::dw_s8_avx2,
     lpai::host::simd::fc_s8_avx2, lpai::host::simd::add_s8_avx2},
    {KernelVariant::kAvx512Vnni, lpai::host::simd::conv_s8_avx512vnni,
     lpai::host::simd::dw_s8_avx512vnni, lpai::host::simd::fc_s8_avx512vnni,
     lpai::host::simd::add_s8_avx512vnni},
};

// Set by the override wrappers: did the variant take the node?
bool g_claimed = false;
SimdFn g_fn = nullptr;
bool wrapped(const lpai::kernels::KernelArgs& a) {
  g_claimed = g_fn(a);
  return g_claimed;
}

// Runs `h` (prepared + validated by the caller) portable, then through `pick(variant)` of each
// supported variant; expects identical bytes. Which variants must take the node (the others
// must leave it to the portable kernel).
enum class Claim { kAll, kNone, kAvx512Only };

template <class Pick>
int compare_variants(KernelHarness* h, Pick pick, bool expect_claim) {
  return compare_variants(h, pick, expect_claim ? Claim::kAll : Claim::kNone);
}

template <class Pick>
int compare_variants(KernelHarness* h, Pick pick, Claim claim) {
  h->eval_override = nullptr;
  const std::vector<uint8_t> want = h->eval();
  int ran = 0;
  for (const Variant& v : kVariants) {
    if (!lpai::host::kernel_variant_supported(v.v)) continue;
    SCOPED_TRACE(lpai::host::kernel_variant_name(v.v));
    g_fn = pick(v);
    g_claimed = false;
    h->eval_override = &wrapped;
    const std::vector<uint8_t> got = h->eval();
    h->eval_override = nullptr;
    EXPECT_EQ(g_claimed, claim == Claim::kAll ||
                             (claim == Claim::kAvx512Only && v.v == KernelVariant::kAvx512Vnni));
    EXPECT_EQ(got, want);
    ++ran;
  }
  return ran;
}

bool prepared(KernelHarness* h) {
  const auto& r = h->prepare();
  if (!r.ok()) {
    ADD_FAILURE() << "prepare rejected: " << r.error;
    return false;
  }
  if (h->validate() != lpai::Status::kOk) {
    ADD_FAILURE() << "validate rejected";
    return false;
  }
  return true;
}

struct Conv {
  int batches, h, w, in_c, out_c, kh, kw, sh, sw, dh, dw, padding;
  int32_t in_zp, out_zp;
  float out_scale;
  bool per_channel;
  int activation;
};

void conv_case(const Conv& c, uint32_t seed) {
  SCOPED_TRACE(::testing::Message() << "conv in " << c.batches << "x" << c.h << "x" << c.w << "x"
                                    << c.in_c << " k " << c.kh << "x" << c.kw << " out_c " << c.out_c
                                    << " s " << c.sh << "," << c.sw << " d " << c.dh << "," << c.dw
                                    << " pad " << c.padding << " zp " << c.in_zp << "/" << c.out_zp
                                    << " out_scale " << c.out_scale);
  const int eff_h = (c.kh - 1) * c.dh + 1, eff_w = (c.kw - 1) * c.dw + 1;
  const int oh = c.padding == 0 ? (c.h + c.sh - 1) / c.sh : (c.h - eff_h) / c.sh + 1;
  const int ow = c.padding == 0 ? (c.w + c.sw - 1) / c.sw : (c.w - eff_w) / c.sw + 1;
  const auto x = lpai_test::random_i8(static_cast<size_t>(c.batches) * c.h * c.w * c.in_c, seed);
  const auto w = lpai_test::random_i8(static_cast<size_t>(c.out_c) * c.kh * c.kw * c.in_c, seed + 1, -127, 127);
  const auto b = lpai_test::random_i32(c.out_c, seed + 2, -30000, 30000);
  std::vector<float> fs;
  for (int o = 0; o < (c.per_channel ? c.out_c : 1); ++o) fs.push_back(0.002f + 0.0013f * static_cast<float>(o % 5));
  TestTensor in = TestTensor::make(DataType::kInt8, {c.batches, c.h, c.w, c.in_c}, x, 0.02f, c.in_zp, false);
  TestTensor wt = TestTensor::make(DataType::kInt8, {c.out_c, c.kh, c.kw, c.in_c}, w, fs[0], 0, true);
  wt.scales = fs;
  wt.zero_points.assign(fs.size(), 0);
  TestTensor bias = TestTensor::make(DataType::kInt32, {c.out_c}, b, 0.02f * fs[0], 0, true);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {c.batches, oh, ow, c.out_c}, {}, c.out_scale, c.out_zp, false);
  lpai::prepare::OpOptions o;
  o.padding = c.padding;
  o.stride_h = c.sh;
  o.stride_w = c.sw;
  o.dilation_h = c.dh;
  o.dilation_w = c.dw;
  o.activation = c.activation;
  KernelHarness h(3, o, {&in, &wt, &bias}, {&out});
  if (!prepared(&h)) return;
  compare_variants(&h, [](const Variant& v) { return v.conv; }, true);
}

TEST(SimdVariants, Conv2dShapeZoo) {
  if (!lpai::host::kernel_variant_supported(KernelVariant::kAvx2)) GTEST_SKIP() << "no AVX2";
  uint32_t seed = 1;
  // The shared models' families.
  conv_case({1, 49, 10, 1, 64, 10, 4, 2, 2, 1, 1, 0, 83, -128, 0.3f, true, 1}, seed++);   // kws first
  conv_case({1, 25, 5, 64, 64, 1, 1, 1, 1, 1, 1, 0, -128, 5, 0.3f, true, 1}, seed++);    // 1x1 in place
  conv_case({1, 24, 24, 3, 8, 3, 3, 2, 2, 1, 1, 0, -1, -128, 0.3f, true, 1}, seed++);    // vww first
  conv_case({1, 16, 16, 16, 32, 3, 3, 2, 2, 1, 1, 0, 7, 3, 0.3f, true, 0}, seed++);      // resnet s2
  conv_case({1, 3, 3, 128, 256, 1, 1, 1, 1, 1, 1, 0, -3, 9, 0.3f, true, 1}, seed++);     // > 64 channels
  conv_case({1, 28, 1, 40, 128, 1, 1, 1, 1, 1, 1, 0, 11, -2, 0.3f, true, 1}, seed++);    // str_ww
  // Edges: taps not a multiple of 4, channels around the lane blocks, dilation, strides,
  // batches, zero points at the limits, tiny output scale (left shifts, saturation).
  for (int in_c : {1, 2, 5, 17, 33}) {
    for (int out_c : {1, 7, 16, 17, 33, 65}) {
      conv_case({2, 7, 6, in_c, out_c, 3, 2, 2, 1, 1, 2, 0, 127, -128, 0.3f, true, 0}, seed++);
      conv_case({1, 5, 9, in_c, out_c, 1, 1, 1, 2, 1, 1, 1, -128, 127, 0.0004f, false, 3}, seed++);
      conv_case({1, 9, 8, in_c, out_c, 2, 3, 1, 1, 2, 1, 0, 3, 0, 0.01f, true, 2}, seed++);
    }
  }
}

struct Dw {
  int batches, h, w, in_c, dm, kh, kw, sh, sw, dh, dw, padding;
  int32_t in_zp, out_zp;
  float out_scale;
};

void dw_case(const Dw& c, uint32_t seed, Claim expect_claim) {
  SCOPED_TRACE(::testing::Message() << "dw in " << c.batches << "x" << c.h << "x" << c.w << "x"
                                    << c.in_c << " dm " << c.dm << " k " << c.kh << "x" << c.kw
                                    << " s " << c.sh << "," << c.sw << " d " << c.dh << "," << c.dw
                                    << " pad " << c.padding << " zp " << c.in_zp << "/" << c.out_zp);
  const int out_c = c.in_c * c.dm;
  const int eff_h = (c.kh - 1) * c.dh + 1, eff_w = (c.kw - 1) * c.dw + 1;
  const int oh = c.padding == 0 ? (c.h + c.sh - 1) / c.sh : (c.h - eff_h) / c.sh + 1;
  const int ow = c.padding == 0 ? (c.w + c.sw - 1) / c.sw : (c.w - eff_w) / c.sw + 1;
  const auto x = lpai_test::random_i8(static_cast<size_t>(c.batches) * c.h * c.w * c.in_c, seed);
  const auto f = lpai_test::random_i8(static_cast<size_t>(c.kh) * c.kw * out_c, seed + 1, -127, 127);
  const auto b = lpai_test::random_i32(out_c, seed + 2, -30000, 30000);
  std::vector<float> fs;
  for (int o = 0; o < out_c; ++o) fs.push_back(0.003f + 0.0011f * static_cast<float>(o % 7));
  TestTensor in = TestTensor::make(DataType::kInt8, {c.batches, c.h, c.w, c.in_c}, x, 0.02f, c.in_zp, false);
  TestTensor ft = TestTensor::make(DataType::kInt8, {1, c.kh, c.kw, out_c}, f, fs[0], 0, true);
  ft.scales = fs;
  ft.zero_points.assign(fs.size(), 0);
  ft.quant_axis = 3;
  TestTensor bias = TestTensor::make(DataType::kInt32, {out_c}, b, 0.02f * fs[0], 0, true);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {c.batches, oh, ow, out_c}, {}, c.out_scale, c.out_zp, false);
  lpai::prepare::OpOptions o;
  o.padding = c.padding;
  o.stride_h = c.sh;
  o.stride_w = c.sw;
  o.dilation_h = c.dh;
  o.dilation_w = c.dw;
  o.depth_multiplier = c.dm;
  KernelHarness h(4, o, {&in, &ft, &bias}, {&out});
  if (!prepared(&h)) return;
  compare_variants(&h, [](const Variant& v) { return v.dw; }, expect_claim);
}

// Depth multiplier 1: AVX-512 takes every shape; AVX2 leaves fewer than 16 channels (except 8
// at stride_w 1), and layers with fewer output pixels than taps, to the portable kernel.
void dw_case(const Dw& c, uint32_t seed) {
  auto out_size = [&](int in, int k, int stride, int dil) {
    const int eff = (k - 1) * dil + 1;
    return c.padding == 0 ? (in + stride - 1) / stride : (in - eff + stride) / stride;
  };
  const int pixels = out_size(c.h, c.kh, c.sh, c.dh) * out_size(c.w, c.kw, c.sw, c.dw);
  const bool few_channels = c.in_c < 16 && !(c.in_c == 8 && c.sw == 1);
  dw_case(c, seed, few_channels || pixels < c.kh * c.kw ? Claim::kAvx512Only : Claim::kAll);
}

TEST(SimdVariants, DepthwiseShapeZoo) {
  if (!lpai::host::kernel_variant_supported(KernelVariant::kAvx2)) GTEST_SKIP() << "no AVX2";
  uint32_t seed = 500;
  // One input channel and an output depth that is a multiple of 4 (micro_speech): prepare asks
  // no scratch (the Cortex-M kernel without staging), so there is no row path to leave it to and
  // AVX2 runs it as a convolution over the input channel too.
  dw_case({1, 49, 40, 1, 8, 10, 8, 2, 2, 1, 1, 0, -1, 4, 0.3f}, seed++, Claim::kAll);  // micro_speech
  dw_case({1, 25, 5, 64, 1, 3, 3, 1, 1, 1, 1, 0, -128, 3, 0.3f}, seed++);    // kws
  dw_case({1, 48, 48, 8, 1, 3, 3, 1, 1, 1, 1, 0, -128, 3, 0.3f}, seed++);    // vww, 8 channels
  dw_case({1, 48, 48, 16, 1, 3, 3, 2, 2, 1, 1, 0, 5, -3, 0.3f}, seed++);     // vww, 16, s2
  dw_case({1, 30, 1, 40, 1, 3, 1, 1, 1, 1, 1, 1, 9, 9, 0.3f}, seed++);       // str_ww
  for (int c : {1, 3, 8, 16, 20, 32, 48, 70}) {
    for (int s : {1, 2}) {
      dw_case({2, 9, 11, c, 1, 3, 3, s, s, 1, 1, 0, 127, -128, 0.3f}, seed++);
      dw_case({1, 8, 13, c, 1, 2, 5, 1, s, 2, 1, 0, -128, 127, 0.0004f}, seed++);
      dw_case({1, 10, 10, c, 1, 3, 3, s, 1, 1, 2, 1, 0, 1, 0.02f}, seed++);
    }
  }
  for (int dm : {2, 3, 8, 70}) {
    // Input depth 1: AVX2 leaves it to the portable row path, except without scratch (dm % 4 == 0).
    dw_case({1, 12, 10, 1, dm, 4, 3, 2, 1, 1, 1, 0, 11, -7, 0.3f}, seed++,
            dm % 4 == 0 ? Claim::kAll : Claim::kAvx512Only);
    dw_case({1, 6, 7, 3, dm, 3, 3, 1, 1, 1, 1, 0, -20, 2, 0.3f}, seed++, Claim::kNone);   // portable
  }
  // Input depth 1 with more taps than the row path takes (kDwRowsMaxTaps): AVX2 too runs it as
  // a convolution over the input channel.
  dw_case({1, 16, 14, 1, 4, 12, 12, 1, 1, 1, 1, 1, 3, -5, 0.05f}, seed++, Claim::kAll);
  dw_case({1, 20, 9, 1, 3, 3, 50, 2, 1, 1, 1, 0, -128, 0, 0.05f}, seed++, Claim::kAll);
}

// A node's parameter blob and filter rewritten in place between two calls (same addresses, as
// when a graph is released and another one loaded where it was): the variants' per-node data
// cached by address (packed filters, requantisation tables, interleaved depthwise filters)
// must follow the new bytes. Changes a folded bias, a multiplier and a shift, and every 7th
// filter byte; the portable output must change and every variant must still match it.
template <class Header, class Pick>
void expect_follows_rewrite(KernelHarness* h, TestTensor* filter, uint32_t channels, Pick pick) {
  ASSERT_GT(compare_variants(h, pick, true), 0);
  h->eval_override = nullptr;
  const std::vector<uint8_t> before = h->eval();
  int32_t* arrays = reinterpret_cast<int32_t*>(h->params.data() + sizeof(Header));
  arrays[0] += 977;               // folded bias, channel 0
  arrays[channels + 1] /= 2;      // multiplier, channel 1
  arrays[2 * channels + 2] -= 1;  // shift, channel 2
  for (size_t i = 0; i < filter->bytes.size(); i += 7) {
    filter->bytes[i] = static_cast<uint8_t>(-static_cast<int8_t>(filter->bytes[i]));
  }
  EXPECT_NE(h->eval(), before);
  compare_variants(h, pick, true);
}

TEST(SimdVariants, CachedNodeDataFollowsBlobsRewrittenInPlace) {
  if (!lpai::host::kernel_variant_supported(KernelVariant::kAvx2)) GTEST_SKIP() << "no AVX2";
  constexpr int kC = 32;
  const auto x = lpai_test::random_i8(10 * 10 * kC, 41);
  const auto b = lpai_test::random_i32(kC, 42, -30000, 30000);
  std::vector<float> fs;
  for (int o = 0; o < kC; ++o) fs.push_back(0.003f + 0.0011f * static_cast<float>(o % 7));
  TestTensor in = TestTensor::make(DataType::kInt8, {1, 10, 10, kC}, x, 0.02f, -3, false);
  TestTensor bias = TestTensor::make(DataType::kInt32, {kC}, b, 0.02f * fs[0], 0, true);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {1, 10, 10, kC}, {}, 0.1f, 2, false);
  lpai::prepare::OpOptions o;
  o.padding = 0;  // SAME
  o.stride_h = o.stride_w = o.dilation_h = o.dilation_w = 1;
  {
    SCOPED_TRACE("depthwise 3x3");
    TestTensor ft = TestTensor::make(DataType::kInt8, {1, 3, 3, kC},
                                     lpai_test::random_i8(9 * kC, 43, -127, 127), fs[0], 0, true);
    ft.scales = fs;
    ft.zero_points.assign(fs.size(), 0);
    ft.quant_axis = 3;
    lpai::prepare::OpOptions od = o;
    od.depth_multiplier = 1;
    KernelHarness h(4, od, {&in, &ft, &bias}, {&out});
    if (!prepared(&h)) return;
    expect_follows_rewrite<lpai::kernels::DepthwiseConv2dParams>(
        &h, &ft, kC, [](const Variant& v) { return v.dw; });
  }
  {
    SCOPED_TRACE("conv 3x3");
    TestTensor wt =
        TestTensor::make(DataType::kInt8, {kC, 3, 3, kC},
                         lpai_test::random_i8(9 * kC * kC, 44, -127, 127), fs[0], 0, true);
    wt.scales = fs;
    wt.zero_points.assign(fs.size(), 0);
    KernelHarness h(3, o, {&in, &wt, &bias}, {&out});
    if (!prepared(&h)) return;
    expect_follows_rewrite<lpai::kernels::Conv2dParams>(&h, &wt, kC,
                                                        [](const Variant& v) { return v.conv; });
  }
}

TEST(SimdVariants, FullyConnectedAndAdd) {
  if (!lpai::host::kernel_variant_supported(KernelVariant::kAvx2)) GTEST_SKIP() << "no AVX2";
  uint32_t seed = 900;
  for (int batches : {1, 3}) {
    for (int k : {1, 15, 16, 63, 64, 65, 640, 4000}) {
      for (int n : {1, 4, 5, 12, 128}) {
        SCOPED_TRACE(::testing::Message() << "fc " << batches << "x" << k << " -> " << n);
        const auto x = lpai_test::random_i8(static_cast<size_t>(batches) * k, seed++);
        const auto w = lpai_test::random_i8(static_cast<size_t>(n) * k, seed++, -127, 127);
        const auto b = lpai_test::random_i32(n, seed++, -30000, 30000);
        TestTensor in = TestTensor::make(DataType::kInt8, {batches, k}, x, 0.05f, k % 2 ? -128 : 17, false);
        TestTensor wt = TestTensor::make(DataType::kInt8, {n, k}, w, 0.004f, 0, true);
        TestTensor bias = TestTensor::make(DataType::kInt32, {n}, b, 0.0002f, 0, true);
        TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {batches, n}, {}, k > 100 ? 0.9f : 0.001f, 3, false);
        KernelHarness h(9, {}, {&in, &wt, &bias}, {&out});
        if (!prepared(&h)) return;
        compare_variants(&h, [](const Variant& v) { return v.fc; }, true);
      }
    }
  }
  for (int n : {1, 15, 16, 17, 100, 4096}) {
    for (float out_scale : {0.05f, 0.002f}) {
      SCOPED_TRACE(::testing::Message() << "add " << n << " out_scale " << out_scale);
      const auto a = lpai_test::random_i8(static_cast<size_t>(n), seed++);
      const auto b = lpai_test::random_i8(static_cast<size_t>(n), seed++);
      TestTensor ta = TestTensor::make(DataType::kInt8, {1, n}, a, 0.03f, -7, false);
      TestTensor tb = TestTensor::make(DataType::kInt8, {1, n}, b, 0.011f, 120, false);
      TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {1, n}, {}, out_scale, -5, false);
      KernelHarness h(0, {}, {&ta, &tb}, {&out});
      if (!prepared(&h)) return;
      compare_variants(&h, [](const Variant& v) { return v.add; }, true);
    }
  }
}

}  // namespace
