// LOG_SOFTMAX kernel against the real log-softmax within one step (output 16/256, 127).
#include <gtest/gtest.h>

#include <cmath>

#include "kernels/ew_harness.h"
#include "kernels/params/log_softmax.h"
#include "kernels/reference/ew_ext_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kLogSoftmax = 50;

void check(std::vector<int32_t> shape, float si, int32_t zi, uint32_t seed) {
  int64_t n = 1;
  for (int32_t d : shape) n *= d;
  auto x = ew_test::random_values(n, -128, 127, seed);
  Node node(kLogSoftmax);
  node.add_input({DataType::kInt8, shape, si, zi}, x);
  node.add_output({DataType::kInt8, shape, 16.0f / 256, 127});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  const auto got = node.output();
  const int64_t depth = shape.back();
  for (int64_t row = 0; row < n / depth; ++row) {
    double mx = -1e300;
    for (int64_t c = 0; c < depth; ++c) mx = std::max(mx, ref::real(x[row * depth + c], si, zi));
    double sum = 0;
    for (int64_t c = 0; c < depth; ++c) sum += std::exp(ref::real(x[row * depth + c], si, zi) - mx);
    for (int64_t c = 0; c < depth; ++c) {
      const int64_t i = row * depth + c;
      const double want = ref::real(x[i], si, zi) - mx - std::log(sum);
      EXPECT_LE(std::abs(got[i] - ref::quant(want, 16.0f / 256, 127, -128, 127)), 1) << i;
    }
  }
}

TEST(LogSoftmaxKernel, Int8) {
  check({2, 9, 9, 7}, 0.0424f, -67, 1);
  check({3, 2}, 0.0017f, -1, 2);
  check({1, 4, 9, 4}, 0.0853f, -83, 3);
  check({1, 7}, 0.0043f, -54, 4);
  check({2, 100}, 0.5f, 127, 5);  // wide range: most outputs saturate at -128
  check({4, 1}, 0.1f, 0, 6);     // depth 1: log(1) = 0 -> 127
}

TEST(LogSoftmaxKernel, PrepareAndValidateReject) {
  Node bad(kLogSoftmax);
  bad.add_input({DataType::kInt8, {2, 5}, 0.1f, 0}, {});
  bad.add_output({DataType::kInt8, {2, 5}, 1.0f / 256, -128});  // not TFLite's 16/256, 127
  EXPECT_FALSE(bad.prepare().ok());
  Node node(kLogSoftmax);
  node.add_input({DataType::kInt8, {2, 5}, 0.1f, 0}, {});
  node.add_output({DataType::kInt8, {2, 5}, 16.0f / 256, 127});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  std::vector<uint8_t> blob = node.params();
  lpai::kernels::LogSoftmaxParams p;
  std::memcpy(&p, blob.data(), sizeof(p));
  p.depth = 2;
  std::memcpy(blob.data(), &p, sizeof(p));
  node.set_params(blob);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  blob.resize(sizeof(p));
  node.set_params(blob);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
