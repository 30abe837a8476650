// DIV kernel against an independent restatement of TFLite Micro's integer division
// (GetReciprocal's Newton iteration, CountLeadingSignBits, the oracle build's shift semantics),
// and against real division within one step.
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"
#include "kernels/params/div.h"
#include "kernels/reference/ew_ext_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kDiv = 42;

int32_t sat_shl(int32_t x, int e) {  // saturating x * 2^e, e > 0
  const int64_t v = static_cast<int64_t>(x) * (int64_t{1} << e);
  return static_cast<int32_t>(std::max<int64_t>(INT32_MIN, std::min<int64_t>(INT32_MAX, v)));
}

// gemmlowp one_over_one_plus_x_for_x_in_0_1 (Q0 in, Q0 out).
int32_t one_over_one_plus_x(int32_t a) {
  const int64_t sum = static_cast<int64_t>(a) + INT32_MAX;
  const int32_t half = static_cast<int32_t>((sum + (sum >= 0 ? 1 : -1)) / 2);
  int32_t x = static_cast<int32_t>(1515870810LL + ref::srdhm(half, -1010580540));
  for (int i = 0; i < 3; ++i) {
    const int32_t hx = ref::srdhm(half, x);
    const int32_t one_minus = static_cast<int32_t>((1LL << 29) - hx);
    x = static_cast<int32_t>(static_cast<int64_t>(x) + sat_shl(ref::srdhm(x, one_minus), 2));
  }
  return sat_shl(x, 1);
}

// gemmlowp RoundingDivideByPOT as the x86-64 g++ -O2 oracle evaluates it for any exponent.
int32_t rdbp_oracle(int32_t x, int e) {
  const int32_t mask = static_cast<int32_t>(static_cast<uint32_t>(((1ULL << (e & 63)) - 1)));
  const int32_t rem = x & mask;
  const int32_t thr = (mask >> 1) + (x < 0 ? 1 : 0);
  return (x >> (e & 31)) + (rem > thr ? 1 : 0);
}

int clrsb(int32_t x) {
  int n = 0;
  const uint32_t sign = static_cast<uint32_t>(x) >> 31;
  for (int b = 30; b >= 0 && ((static_cast<uint32_t>(x) >> b) & 1u) == sign; --b) ++n;
  return n;
}

int32_t div_ref(int32_t x, int32_t y, int32_t z1, int32_t z2, int32_t zo, int32_t m, int s,
                int32_t lo, int32_t hi) {
  int32_t a = x - z1, b = y - z2;
  if (b < 0) {
    a = -a;
    b = -b;
  }
  int clz = 0;
  while (!((static_cast<uint32_t>(b) << clz) & 0x80000000u)) ++clz;
  const int rs = 31 - clz;
  const int32_t inv = one_over_one_plus_x(
      static_cast<int32_t>((static_cast<uint32_t>(b) << clz) - 0x80000000u));
  const int h = clrsb(a);
  const int32_t q = ref::srdhm(static_cast<int32_t>(static_cast<uint32_t>(a) << h), inv);
  const int total = s - rs - h;
  return ref::clamp(zo + rdbp_oracle(ref::srdhm(q, m), -total), lo, hi);
}

void check(std::vector<int32_t> sa, float s1, int32_t z1, std::vector<int32_t> sb, float s2,
           int32_t z2, float so, int32_t zo, int act, uint32_t seed) {
  int64_t na = 1, nb = 1;
  for (int32_t d : sa) na *= d;
  for (int32_t d : sb) nb *= d;
  auto a = ew_test::random_values(na, -128, 127, seed);
  auto b = ew_test::random_values(nb, -128, 127, seed + 5);
  a[0] = z1;  // zero dividend
  if (na > 1) a[1] = std::max(-128, z1 - 1);
  for (auto& v : b) {
    if (v == z2) v = z2 == 127 ? 126 : z2 + 1;  // TFLite Micro never divides by zero
  }
  Node node(kDiv);
  node.options().activation = act;
  node.add_input({DataType::kInt8, sa, s1, z1}, a);
  node.add_input({DataType::kInt8, sb, s2, z2}, b);
  node.add_output({DataType::kInt8, ref::broadcast_shape(sa, sb), so, zo});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  int32_t m;
  int s;
  ref::quantize_multiplier(static_cast<double>(s1 / (s2 * so)), &m, &s);
  int32_t lo, hi;
  ref::activation_range(act, so, zo, -128, 127, &lo, &hi);
  const auto got = node.output();
  const auto want = ref::binary(sa, a, sb, b, [&](int32_t x, int32_t y) {
    return div_ref(x, y, z1, z2, zo, m, s, lo, hi);
  });
  EXPECT_EQ(got, want);
  // Against real division, except dividends 0 and -1 (their final shift can exceed 31 bits,
  // where the oracle's arithmetic is not a division any more).
  const auto real = ref::binary(sa, a, sb, b, [&](int32_t x, int32_t y) {
    if (x - z1 == 0 || x - z1 == -1) return 1000;
    return ref::quant(ref::real(x, s1, z1) / ref::real(y, s2, z2), so, zo, lo, hi);
  });
  for (size_t i = 0; i < got.size(); ++i) {
    if (real[i] != 1000) {
      EXPECT_LE(std::abs(got[i] - real[i]), 1) << i;
    }
  }
}

TEST(DivKernel, Int8) {
  check({1, 2, 3, 6}, 0.0239f, 95, {1, 2, 3, 6}, 0.00196f, -90, 0.9885f, -7, 0, 1);
  check({5, 4}, 0.0127f, 27, {1, 4}, 0.0402f, -5, 0.013f, 3, 0, 2);
  check({4, 2}, 0.353f, 28, {1, 1}, 0.0831f, -69, 0.0256f, -122, 3, 3);  // RELU6
  check({1, 1, 3, 5}, 0.1387f, 122, {1, 5, 3, 5}, 0.1296f, 72, 0.0158f, 1, 1, 4);
  check({64}, 0.01f, -128, {64}, 0.5f, 127, 0.002f, 127, 0, 5);
}

TEST(DivKernel, ZeroDividendFollowsTheOracle) {
  // 0 / b: the final shift exceeds 31 bits when b's reciprocal shift beats the output shift;
  // the oracle build then adds its rounding bit, giving zero point + 1.
  Node node(kDiv);
  node.add_input({DataType::kInt8, {2}, 0.0127f, 27}, {27, 27});
  node.add_input({DataType::kInt8, {2}, 0.0402f, -5}, {-5 + 100, -5 + 4});
  node.add_output({DataType::kInt8, {2}, 0.013f, 3});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), (std::vector<int32_t>{4, 3}));
}

TEST(DivKernel, ValidateRejects) {
  Node node(kDiv);
  node.add_input({DataType::kInt8, {2, 3}, 0.1f, 0}, {});
  node.add_input({DataType::kInt8, {3}, 0.1f, 1}, {});
  node.add_output({DataType::kInt8, {2, 3}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  std::vector<uint8_t> blob = node.params();
  lpai::kernels::DivParams p;
  std::memcpy(&p, blob.data(), sizeof(p));
  p.output_shift = 23;  // the final shift could turn negative
  std::memcpy(blob.data(), &p, sizeof(p));
  node.set_params(blob);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  blob = node.params();
  p.output_shift = 0;
  std::memcpy(blob.data(), &p, sizeof(p));
  blob[sizeof(p) + 256 * 4] = 40;  // reciprocal shift out of range
  node.set_params(blob);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  blob.pop_back();
  node.set_params(blob);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
