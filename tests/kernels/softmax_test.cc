// SOFTMAX kernel: float reference within TFLite's tolerance, exact bytes from the shared golden
// dumps (TFLite Micro reference kernels), validation rejections.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

#include "kernels/ew_golden.h"
#include "kernels/ew_harness.h"
#include "kernels/params/softmax.h"
#include "kernels/reference/int16x8_ref.h"
#include "kernels/reference/softmax_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kSoftmax = 25;

// Runs the kernel, returns max |kernel - float reference| in output LSBs.
double run_float_case(const std::vector<int32_t>& shape, float scale, int32_t zp, float beta,
                      bool out16, uint32_t seed, std::vector<int32_t>* values = nullptr) {
  size_t n = 1;
  for (int32_t d : shape) n *= d;
  std::vector<int32_t> x = values ? *values : ew_test::random_values(n, -128, 127, seed);
  Node node(kSoftmax);
  node.options().beta = beta;
  node.add_input({DataType::kInt8, shape, scale, zp}, x);
  node.add_output({out16 ? DataType::kInt16 : DataType::kInt8, shape,
                   out16 ? 1.0f / 65536 : 1.0f / 256, out16 ? -32768 : -128});
  auto r = node.prepare();
  EXPECT_TRUE(r.ok()) << r.error;
  if (!r.ok()) return 1e9;
  EXPECT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  const auto got = node.output();
  const auto want = ref::softmax_float(x, shape.back(), scale, beta, out16);
  double worst = 0;
  for (size_t i = 0; i < n; ++i) {
    const double lim = out16 ? 32767.0 : 127.0;
    worst = std::max(worst, std::fabs(got[i] - std::min(want[i], lim)));
  }
  return worst;
}

TEST(SoftmaxKernel, Int8WithinOneLsb) {
  EXPECT_LE(run_float_case({1, 10}, 0.1f, 3, 1.0f, false, 1), 1.0);
  EXPECT_LE(run_float_case({3, 7, 13}, 0.05f, -128, 1.0f, false, 2), 1.0);
  EXPECT_LE(run_float_case({5, 1}, 0.3f, 0, 1.0f, false, 3), 1.0);  // depth 1: all 1.0
  EXPECT_LE(run_float_case({2, 300}, 0.02f, 0, 1.0f, false, 4), 1.0);
  EXPECT_LE(run_float_case({4, 33}, 0.5f, 127, 0.7f, false, 5), 1.0);
}

TEST(SoftmaxKernel, Int16OutputClose) {
  EXPECT_LE(run_float_case({1, 10}, 0.1f, 3, 1.0f, true, 6), 8.0);
  EXPECT_LE(run_float_case({6, 21}, 0.05f, -20, 1.0f, true, 7), 8.0);
}

TEST(SoftmaxKernel, SaturatedRows) {
  // One dominant value (-> 127 after clamp / -128 elsewhere) and an all-equal row.
  std::vector<int32_t> v = {127, -128, -128, -128, 5, 5, 5, 5};
  EXPECT_LE(run_float_case({2, 4}, 1.0f, 0, 1.0f, false, 0, &v), 1.0);
  Node node(kSoftmax);
  node.add_input({DataType::kInt8, {2, 4}, 1.0f, 0}, v);
  node.add_output({DataType::kInt8, {2, 4}, 1.0f / 256, -128});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), (std::vector<int32_t>{127, -128, -128, -128, -64, -64, -64, -64}));
}

TEST(SoftmaxKernel, GoldenModelsBitExact) {
  int checked = 0;
  for (const char* model : {"kws_ref_model", "micro_speech_quantized", "pretrainedResnet_quant",
                            "trained_lstm_int8"}) {
    LPAI_REQUIRE_SHARED(dir, std::string("golden/") + model + "/tensors");
    const auto ts = ew_test::load_golden_tensors(dir);
    for (const auto& out : ts) {
      if (out.producer_name != "SOFTMAX") continue;
      const auto in = ew_test::golden_inputs(ts, out.producer_op);
      ASSERT_EQ(in.size(), 1u);
      Node node(kSoftmax);
      node.add_input({DataType::kInt8, in[0]->shape, in[0]->scale, in[0]->zero_point},
                     in[0]->values);
      node.add_output({DataType::kInt8, out.shape, out.scale, out.zero_point});
      auto r = node.prepare();
      ASSERT_TRUE(r.ok()) << r.error;
      ASSERT_EQ(node.validate(), lpai::Status::kOk);
      node.run();
      EXPECT_EQ(node.output(), out.values) << model;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 4);
}

// int16 -> int16: bit-exact against the table reference, and close to the real softmax.
void run_int16_case(const std::vector<int32_t>& shape, float scale, float beta, uint32_t seed,
                    const std::vector<int32_t>* values = nullptr) {
  size_t n = 1;
  for (int32_t d : shape) n *= d;
  const std::vector<int32_t> x = values ? *values : ew_test::random_values(n, -32768, 32767, seed);
  Node node(kSoftmax);
  node.options().beta = beta;
  node.add_input({DataType::kInt16, shape, scale, 0}, x);
  node.add_output({DataType::kInt16, shape, 1.0f / 32768, 0});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  const auto got = node.output();
  std::vector<int16_t> x16(x.begin(), x.end());
  const auto want = ref::softmax_int16(x16, shape.back(), scale, beta);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(got[i], want[i]) << "element " << i;
  // Sanity against the real function (the tables cut exp below -10 and interpolate).
  const size_t depth = static_cast<size_t>(shape.back());
  for (size_t row = 0; row < n / depth; ++row) {
    int32_t m = -32768;
    for (size_t c = 0; c < depth; ++c) m = std::max(m, x[row * depth + c]);
    double sum = 0;
    for (size_t c = 0; c < depth; ++c) sum += std::exp(double(beta) * scale * (x[row * depth + c] - m));
    for (size_t c = 0; c < depth; ++c) {
      const double p = std::exp(double(beta) * scale * (x[row * depth + c] - m)) / sum;
      EXPECT_NEAR(got[row * depth + c], std::min(p * 32768.0, 32767.0), 64.0);
    }
  }
}

TEST(SoftmaxKernel, Int16MatchesTableReference) {
  run_int16_case({9}, 0.0005f, 1.0f, 11);
  run_int16_case({4, 6}, 0.00028f, 0.34f, 12);
  run_int16_case({7, 7, 2}, 0.0012f, 1.0f, 13);
  run_int16_case({10, 7, 1}, 0.00038f, 1.0f, 14);  // depth 1: all 1.0
  run_int16_case({3, 500}, 0.0001f, 2.0f, 15);
  run_int16_case({2, 33}, 0.01f, 1.0f, 16);  // large differences: exp table clamps at -10
  std::vector<int32_t> v = {32767, -32768, -32768, 0, 7, 7, 7, 7};
  run_int16_case({2, 4}, 0.001f, 1.0f, 0, &v);
}

TEST(SoftmaxKernel, Int16ValidateRejects) {
  Node node(kSoftmax);
  node.add_input({DataType::kInt16, {2, 4}, 0.001f, 0}, {});
  node.add_output({DataType::kInt16, {2, 4}, 1.0f / 32768, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.out_rec(0).zero_point = -32768;  // the int8-input rule does not apply to int16 input
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.out_rec(0).zero_point = 0;
  const std::vector<uint8_t> good = node.params();
  std::vector<uint8_t> bad = good;
  lpai::kernels::Softmax16Params p;
  std::memcpy(&p, bad.data(), sizeof(p));
  p.input_shift = 31;
  std::memcpy(bad.data(), &p, sizeof(p));
  node.set_params(bad);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  p.input_shift = 0;
  p.tag = 0;
  std::memcpy(bad.data(), &p, sizeof(p));
  node.set_params(bad);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.set_params(good);
  EXPECT_EQ(node.validate(), lpai::Status::kOk);
}

TEST(SoftmaxKernel, PrepareRejects) {
  {
    Node node(kSoftmax);
    node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
    node.add_output({DataType::kInt8, {4}, 1.0f / 128, -128});
    EXPECT_NE(node.prepare().error.find("scale 1/256"), std::string::npos);
  }
  {
    Node node(kSoftmax);
    node.add_input({DataType::kInt16, {4}, 0.1f, 0}, {});
    node.add_output({DataType::kInt8, {4}, 1.0f / 256, -128});
    EXPECT_NE(node.prepare().error.find("unsupported"), std::string::npos);
  }
  {
    // int16 -> int16: output zero point 0 and scale 1/32768 (TFLite Micro's rule).
    Node node(kSoftmax);
    node.add_input({DataType::kInt16, {4}, 0.1f, 0}, {});
    node.add_output({DataType::kInt16, {4}, 1.0f / 65536, 0});
    EXPECT_NE(node.prepare().error.find("1/32768"), std::string::npos);
  }
  // A NaN, infinite or negative beta (a crafted model's options; the prepare fuzzer's NaN
  // reached the float-to-integer conversion of the multiplier) is refused with the message.
  for (float beta : {std::nanf(""), -std::numeric_limits<float>::infinity(), -1.0f}) {
    Node node(kSoftmax);
    node.options().beta = beta;
    node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
    node.add_output({DataType::kInt8, {4}, 1.0f / 256, -128});
    EXPECT_NE(node.prepare().error.find("beta * input scale is too small"), std::string::npos)
        << beta;
  }
}

TEST(SoftmaxKernel, ValidateRejects) {
  Node node(kSoftmax);
  node.add_input({DataType::kInt8, {2, 4}, 0.1f, 0}, {});
  node.add_output({DataType::kInt8, {2, 4}, 1.0f / 256, -128});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.out_rec(0).zero_point = 0;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.out_rec(0).zero_point = -128;
  node.out_rec(0).dims[1] = 5;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.out_rec(0).dims[1] = 4;
  // The exp table must give every row a non-zero sum: exp_lut[0] >= 2048, no entry above it.
  const std::vector<uint8_t> good = node.params();
  for (const auto& patch : {std::pair<size_t, int32_t>{0, 0}, std::pair<size_t, int32_t>{0, 2047},
                            std::pair<size_t, int32_t>{5, 0x7FFFFFFF}, std::pair<size_t, int32_t>{9, -1}}) {
    std::vector<uint8_t> bad = good;
    lpai::kernels::SoftmaxParams sp;
    std::memcpy(&sp, bad.data(), sizeof(sp));
    sp.exp_lut[patch.first] = patch.second;
    if (patch.first == 5) sp.exp_lut[0] = 0x7FFFFFFE;
    std::memcpy(bad.data(), &sp, sizeof(sp));
    node.set_params(bad);
    EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams) << "exp_lut[" << patch.first << "]";
  }
  node.set_params(good);
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  auto p = node.params();
  p.resize(p.size() - 4);
  node.set_params(p);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
