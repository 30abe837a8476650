// The fast paths of the int8 convolution kernels, against the plain references:
//  - gemm::FastRun / fast_requantize_block (kernels/int8_gemm.h): the vectorisable exact
//    requantisation, lane by lane against TFLite's MultiplyByQuantizedMultiplier (reference
//    tests/kernels/reference/fixed_point_ref.h), including left shifts, every right shift,
//    biases at and beyond the fast-path bound ("slow lanes") and clamping;
//  - DEPTHWISE_CONV_2D: the flat row path (in_c a multiple of 16 up to 64, one 16-channel
//    group at a time, or dividing 16: filter and lanes tiled), the per-pixel channel runs
//    (in_c above 64, strides), dilation, padding, batches, huge biases and output multipliers
//    above 1;
//  - CONV_2D: channel runs (out_c above gemm::kFastRun, odd counts), odd pixel counts, huge
//    biases and multipliers above 1, through the in-place 1x1 and the im2col paths.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "kernels/int8_gemm.h"
#include "kernels/kernel_harness.h"
#include "kernels/reference/fixed_point_ref.h"
#include "kernels/reference/reference_ops.h"

namespace {

using lpai::format::DataType;
using lpai::kernels::gemm::FastRun;
using lpai::kernels::gemm::kFastRun;
using lpai_test::KernelHarness;
using lpai_test::TestTensor;

// ---- requantisation lanes -------------------------------------------------------------------

uint32_t next(uint32_t* s) {
  *s ^= *s << 13;
  *s ^= *s >> 17;
  *s ^= *s << 5;
  return *s;
}

// TFLite's per-channel requantisation of one accumulator (reference helpers only).
int8_t want_requant(int32_t acc, int32_t bias, int32_t mult, int shift, int32_t zp, int32_t lo,
                    int32_t hi) {
  const int32_t x = static_cast<int32_t>(static_cast<uint32_t>(acc) + static_cast<uint32_t>(bias));
  const int32_t v = ref::mbqm(x, mult, shift) + zp;
  return static_cast<int8_t>(ref::clamp(v, lo, hi));
}

void check_run(uint32_t seed, uint32_t acc_bound, bool with_left_shifts, int32_t bias_range,
               uint32_t n, uint32_t period) {
  uint32_t s = seed;
  std::vector<int32_t> bias(period), mult(period), shift(period);
  for (uint32_t c = 0; c < period; ++c) {
    mult[c] = static_cast<int32_t>((next(&s) >> 1) | 0x40000000u);
    if (c % 11 == 3) mult[c] = 0;
    if (c % 4 == 1) mult[c] = 1 << 30;  // 0.5: exact halves reach the rounding ties
    shift[c] = -static_cast<int32_t>(next(&s) % (c % 2 ? 32 : 6));
    if (with_left_shifts && c % 3 == 0) shift[c] = static_cast<int32_t>(next(&s) % 8);
    bias[c] = static_cast<int32_t>(next(&s) % (2u * static_cast<uint32_t>(bias_range) + 1u)) - bias_range;
  }
  // Channels at and around the fast-path bound, and far beyond it.
  const int32_t edge = static_cast<int32_t>((1u << 30) - acc_bound);
  if (period > 4) {
    bias[0] = edge - 1;
    bias[1] = -(edge - 1);
    bias[2] = edge;
    bias[3] = -2147483647 - 1;
    shift[0] = shift[1] = shift[2] = shift[3] = -3;
    // (acc + bias) * m / 2^31 close to 2^31: the fast sequence's offset arithmetic would wrap.
    bias[4] = 2147483647 - static_cast<int32_t>(acc_bound);
    mult[4] = 2147483647;
    shift[4] = -20;
  }
  lpai::kernels::gemm::Requant q;
  q.folded_bias = bias.data();
  q.multiplier = mult.data();
  q.shift = shift.data();
  q.output_zero_point = static_cast<int32_t>(next(&s) % 256) - 128;
  q.act_min = -128 + static_cast<int32_t>(next(&s) % 20);
  q.act_max = 127 - static_cast<int32_t>(next(&s) % 20);
  // Plain (period == n): runs of kFastRun channels; tiled (period < n <= kFastRun): one run,
  // lane j is channel j % period.
  const bool plain = period == n;
  for (uint32_t first = 0; first < n; first += kFastRun) {
    const uint32_t cnt = n - first < kFastRun ? n - first : kFastRun;
    FastRun run;
    lpai::kernels::gemm::fast_run_fill(q, plain ? first : 0, cnt, plain ? cnt : period, acc_bound, &run);
    for (int trial = 0; trial < 200; ++trial) {
      std::vector<int32_t> acc(cnt);
      for (uint32_t j = 0; j < cnt; ++j) {
        const uint32_t r = next(&s);
        acc[j] = static_cast<int32_t>(r % (2 * acc_bound + 1)) - static_cast<int32_t>(acc_bound);
        if (trial % 7 == 0) acc[j] = (r & 1) ? static_cast<int32_t>(acc_bound) : -static_cast<int32_t>(acc_bound);
        if (trial % 3 == 1) acc[j] = static_cast<int32_t>(r % 4001) - 2000;  // small: ties
      }
      std::vector<int8_t> got(cnt, 0x55);
      uint32_t j = 0;
      for (; j + 16 <= cnt; j += 16) lpai::kernels::gemm::fast_requantize_block<16>(acc.data() + j, run, j, got.data() + j);
      for (; j < cnt; ++j) lpai::kernels::gemm::fast_requantize_block<1>(acc.data() + j, run, j, got.data() + j);
      for (uint32_t k = 0; k < cnt; ++k) {
        const uint32_t c = plain ? first + k : k % period;
        ASSERT_EQ(got[k], want_requant(acc[k], bias[c], mult[c], shift[c], q.output_zero_point,
                                       q.act_min, q.act_max))
            << "lane " << k << " acc " << acc[k] << " bias " << bias[c] << " mult " << mult[c]
            << " shift " << shift[c];
      }
    }
  }
}

TEST(FastRequant, MatchesTfliteOnEveryLane) {
  check_run(1, 9 * 255 * 128, false, 200000, 64, 64);
  check_run(2, 9 * 255 * 128, true, 5000, 64, 64);
  check_run(3, 576 * 128 * 128, false, 1 << 29, 48, 48);
  check_run(4, 1 << 20, true, 1 << 22, 16, 8);    // tiled: lane j is channel j % 8
  check_run(5, 27 * 128 * 128, false, 100, 17, 17);
  check_run(6, (1u << 30) - 1, false, 10, 32, 32);  // bound at the limit: every lane slow
}

// ---- DEPTHWISE_CONV_2D ----------------------------------------------------------------------

struct Dw {
  int batches, in_h, in_w, in_c, k_h, k_w, stride_h, stride_w, dil_h, dil_w, padding;
  int32_t in_zp, out_zp;
  int activation;
  uint32_t seed;
  float out_scale = 0.1f;
  int32_t big_bias = 0;  // when non-zero: channel c % 5 == 1 gets +/- big_bias
};

void run_dw(const Dw& c) {
  SCOPED_TRACE(::testing::Message() << "dw in " << c.batches << "x" << c.in_h << "x" << c.in_w << "x"
                                    << c.in_c << " k " << c.k_h << "x" << c.k_w << " s " << c.stride_h
                                    << "," << c.stride_w << " d " << c.dil_h << "," << c.dil_w
                                    << " pad " << c.padding << " seed " << c.seed);
  ref::ConvGeom g{};
  g.batches = c.batches;
  g.in_h = c.in_h;
  g.in_w = c.in_w;
  g.in_c = c.in_c;
  g.out_c = c.in_c;
  g.k_h = c.k_h;
  g.k_w = c.k_w;
  g.stride_h = c.stride_h;
  g.stride_w = c.stride_w;
  g.dil_h = c.dil_h;
  g.dil_w = c.dil_w;
  ASSERT_TRUE(ref::same_or_valid(c.padding, c.in_h, c.k_h, c.stride_h, c.dil_h, &g.out_h, &g.pad_h));
  ASSERT_TRUE(ref::same_or_valid(c.padding, c.in_w, c.k_w, c.stride_w, c.dil_w, &g.out_w, &g.pad_w));
  const auto x = lpai_test::random_i8(static_cast<size_t>(c.batches) * c.in_h * c.in_w * c.in_c, c.seed);
  const auto w = lpai_test::random_i8(static_cast<size_t>(c.k_h) * c.k_w * c.in_c, c.seed + 1, -128, 127);
  auto b = lpai_test::random_i32(c.in_c, c.seed + 2, -30000, 30000);
  if (c.big_bias != 0) {
    for (int o = 1; o < c.in_c; o += 5) b[o] = (o % 2) ? c.big_bias : -c.big_bias;
  }
  std::vector<float> fs;
  for (int o = 0; o < c.in_c; ++o) fs.push_back(0.004f + 0.0013f * static_cast<float>(o % 5));
  const float in_scale = 0.03f;
  TestTensor in = TestTensor::make(DataType::kInt8, {c.batches, c.in_h, c.in_w, c.in_c}, x, in_scale, c.in_zp, false);
  TestTensor wt = TestTensor::make(DataType::kInt8, {1, c.k_h, c.k_w, c.in_c}, w, fs[0], 0, true);
  wt.scales = fs;
  wt.zero_points.assign(fs.size(), 0);
  wt.quant_axis = 3;
  TestTensor bias = TestTensor::make(DataType::kInt32, {c.in_c}, b, in_scale * fs[0], 0, true);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {c.batches, g.out_h, g.out_w, c.in_c}, {},
                                            c.out_scale, c.out_zp, false);
  lpai::prepare::OpOptions o;
  o.padding = c.padding;
  o.stride_h = c.stride_h;
  o.stride_w = c.stride_w;
  o.dilation_h = c.dil_h;
  o.dilation_w = c.dil_w;
  o.depth_multiplier = 1;
  o.activation = c.activation;
  KernelHarness h(4, o, {&in, &wt, &bias}, {&out});
  const auto got = lpai_test::as_values<int8_t>(h.run());
  const auto want = ref::depthwise_conv_2d(g, 1, x, {in_scale, c.in_zp}, w, fs, &b,
                                           {c.out_scale, c.out_zp}, c.activation);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
}

TEST(DepthwiseFastPaths, FlatRowsEveryChannelCount) {
  uint32_t seed = 100;
  for (int in_c : {1, 2, 4, 8, 16, 32, 48, 64}) {
    for (int padding : {0, 1}) {
      run_dw({1, 7, 11, in_c, 3, 3, 1, 1, 1, 1, padding, -128, -128, 3, seed++});
      run_dw({2, 5, 9, in_c, 3, 3, 2, 1, 1, 1, padding, 17, -5, 1, seed++});   // stride_h 2
      run_dw({1, 6, 13, in_c, 2, 3, 1, 1, 2, 2, padding, -3, 4, 0, seed++});   // dilation
      // SAME: no interior pixel; VALID: a single one.
      run_dw({1, 4, padding == 0 ? 3 : 5, in_c, 3, 5, 1, 1, 1, 1, padding, 5, 0, 2, seed++});
    }
  }
  run_dw({1, 9, 17, 8, 3, 3, 1, 1, 1, 1, 0, 127, -128, 0, 150});   // 15 interior pixels * 8
  run_dw({1, 3, 40, 4, 1, 9, 1, 1, 1, 1, 0, -128, 127, 0, 151});   // 1 x 9 taps, tiled
}

TEST(DepthwiseFastPaths, PixelRunsStridesAndWideChannels) {
  uint32_t seed = 200;
  for (int in_c : {3, 24, 40, 65, 80, 128, 144}) {
    run_dw({1, 9, 8, in_c, 3, 3, 2, 2, 1, 1, 0, -128, -128, 3, seed++});
    run_dw({1, 8, 7, in_c, 3, 3, 1, 1, 1, 1, 0, 9, -9, 1, seed++});
    run_dw({2, 30, 1, in_c, 5, 1, 1, 1, 1, 1, 1, -1, 3, 0, seed++});  // str_ww-like columns
  }
}

TEST(DepthwiseFastPaths, HugeBiasesAndMultipliersAboveOne) {
  // Biases far beyond the fast-path bound: those channels take the general sequence.
  run_dw({1, 6, 9, 16, 3, 3, 1, 1, 1, 1, 0, -128, 0, 0, 300, 0.1f, 1 << 30});
  run_dw({1, 6, 9, 8, 3, 3, 1, 1, 1, 1, 0, 3, 0, 0, 301, 0.1f, 2000000000});
  run_dw({1, 6, 9, 80, 3, 3, 2, 2, 1, 1, 0, 3, 0, 0, 302, 0.1f, 1 << 29});
  // Output scale far below input * filter scale: multipliers above 1 (left shifts).
  run_dw({1, 6, 9, 16, 3, 3, 1, 1, 1, 1, 0, 0, 0, 0, 303, 0.00002f});
  run_dw({1, 6, 9, 4, 3, 3, 1, 1, 1, 1, 1, 0, 0, 0, 304, 0.00003f});
  run_dw({1, 6, 9, 70, 3, 3, 1, 1, 1, 1, 0, 0, 0, 0, 305, 0.00001f, 100000});
}

// ---- CONV_2D --------------------------------------------------------------------------------

struct Conv {
  int batches, in_h, in_w, in_c, out_c, k_h, k_w, stride, padding;
  int32_t in_zp, out_zp;
  int activation;
  uint32_t seed;
  float out_scale = 0.3f;
  int32_t big_bias = 0;
};

void run_conv(const Conv& c) {
  SCOPED_TRACE(::testing::Message() << "conv in " << c.batches << "x" << c.in_h << "x" << c.in_w
                                    << "x" << c.in_c << " k " << c.k_h << "x" << c.k_w << " out_c "
                                    << c.out_c << " s " << c.stride << " seed " << c.seed);
  ref::ConvGeom g{};
  g.batches = c.batches;
  g.in_h = c.in_h;
  g.in_w = c.in_w;
  g.in_c = c.in_c;
  g.out_c = c.out_c;
  g.k_h = c.k_h;
  g.k_w = c.k_w;
  g.stride_h = g.stride_w = c.stride;
  g.dil_h = g.dil_w = 1;
  ASSERT_TRUE(ref::same_or_valid(c.padding, c.in_h, c.k_h, c.stride, 1, &g.out_h, &g.pad_h));
  ASSERT_TRUE(ref::same_or_valid(c.padding, c.in_w, c.k_w, c.stride, 1, &g.out_w, &g.pad_w));
  const auto x = lpai_test::random_i8(static_cast<size_t>(c.batches) * c.in_h * c.in_w * c.in_c, c.seed);
  const auto w = lpai_test::random_i8(static_cast<size_t>(c.out_c) * c.k_h * c.k_w * c.in_c, c.seed + 1, -127, 127);
  auto b = lpai_test::random_i32(c.out_c, c.seed + 2, -20000, 20000);
  if (c.big_bias != 0) {
    for (int o = 2; o < c.out_c; o += 7) b[o] = (o % 2) ? c.big_bias : -c.big_bias;
  }
  std::vector<float> fs;
  for (int o = 0; o < c.out_c; ++o) fs.push_back(0.003f + 0.0011f * static_cast<float>(o % 7));
  const float in_scale = 0.02f;
  TestTensor in = TestTensor::make(DataType::kInt8, {c.batches, c.in_h, c.in_w, c.in_c}, x, in_scale, c.in_zp, false);
  TestTensor wt = TestTensor::make(DataType::kInt8, {c.out_c, c.k_h, c.k_w, c.in_c}, w, fs[0], 0, true);
  wt.scales = fs;
  wt.zero_points.assign(fs.size(), 0);
  TestTensor bias = TestTensor::make(DataType::kInt32, {c.out_c}, b, in_scale * fs[0], 0, true);
  TestTensor out = TestTensor::make<int8_t>(DataType::kInt8, {c.batches, g.out_h, g.out_w, c.out_c}, {},
                                            c.out_scale, c.out_zp, false);
  lpai::prepare::OpOptions o;
  o.padding = c.padding;
  o.stride_h = o.stride_w = c.stride;
  o.dilation_h = o.dilation_w = 1;
  o.activation = c.activation;
  KernelHarness h(3, o, {&in, &wt, &bias}, {&out});
  const auto got = lpai_test::as_values<int8_t>(h.run());
  const auto want = ref::conv_2d(g, x, {in_scale, c.in_zp}, w, fs, &b, {c.out_scale, c.out_zp},
                                 c.activation);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
}

TEST(ConvFastPaths, ChannelRunsAndOddPixelCounts) {
  uint32_t seed = 400;
  for (int out_c : {1, 8, 17, 64, 65, 130}) {
    run_conv({1, 5, 3, 24, out_c, 1, 1, 1, 0, -128, 3, 1, seed++});   // in place, 15 pixels
    run_conv({1, 7, 5, 3, out_c, 3, 3, 2, 0, 11, -4, 0, seed++});     // im2col, 12 pixels
    run_conv({2, 4, 5, 9, out_c, 3, 2, 1, 1, -7, 0, 3, seed++});      // VALID, batches 2
  }
}

TEST(ConvFastPaths, HugeBiasesAndMultipliersAboveOne) {
  run_conv({1, 5, 5, 16, 70, 1, 1, 1, 0, -128, 0, 0, 500, 0.3f, 1 << 30});
  run_conv({1, 5, 5, 3, 20, 3, 3, 1, 0, 5, 0, 0, 501, 0.3f, 2000000000});
  run_conv({1, 4, 4, 8, 66, 1, 1, 1, 0, 0, 0, 0, 502, 0.00002f});
  run_conv({1, 5, 4, 5, 12, 3, 3, 1, 0, 0, 0, 0, 503, 0.00001f, 300000});
}

}  // namespace
