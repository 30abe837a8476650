// ADD, MUL and DIV on plain int32 tensors (firmware/kernels/int32_arith.h) against TFLite Micro's
// reference_ops semantics written here: wrapping sums/products, truncating division, MUL/DIV
// clamped to the fused activation's int32 range, ADD never clamped; broadcasting a scalar.
#include <gtest/gtest.h>

#include <limits>

#include "kernels/kernel_harness.h"

namespace lpai_test {
namespace {

using lpai::Status;
using lpai::format::BuiltinOp;
using lpai::format::DataType;

TestTensor plain_i32(std::vector<int32_t> shape, const std::vector<int32_t>& v, bool is_const) {
  TestTensor t = TestTensor::make(DataType::kInt32, std::move(shape), v, 1.0f, 0, is_const);
  t.scales.clear();
  t.zero_points.clear();
  return t;
}

std::vector<int32_t> run(BuiltinOp op, const std::vector<int32_t>& a, const std::vector<int32_t>& b,
                         int activation) {
  TestTensor x = plain_i32({static_cast<int32_t>(a.size())}, a, false);
  TestTensor y = plain_i32({static_cast<int32_t>(b.size())}, b, b.size() == 1);
  TestTensor o = plain_i32({static_cast<int32_t>(a.size())}, {}, false);
  lpai::prepare::OpOptions opt;
  opt.activation = activation;
  KernelHarness h(static_cast<int>(op), opt, {&x, &y}, {&o});
  return as_values<int32_t>(h.run());
}

constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
constexpr int32_t kMax = std::numeric_limits<int32_t>::max();

TEST(Int32Arith, AddWrapsAndIgnoresTheActivation) {
  EXPECT_EQ(run(BuiltinOp::kAdd, {1, kMax, -5, kMin}, {333}, 3),
            (std::vector<int32_t>{334, kMin + 332, 328, kMin + 333}));
}

TEST(Int32Arith, MulWrapsAndClampsToTheActivation) {
  EXPECT_EQ(run(BuiltinOp::kMul, {3, -2, 65536, 7}, {256}, 0),
            (std::vector<int32_t>{768, -512, 16777216, 1792}));  // 65536 * 256 = 2^24
  EXPECT_EQ(run(BuiltinOp::kMul, {65536, 46341}, {65536, 46341}, 0),
            (std::vector<int32_t>{0, static_cast<int32_t>(46341u * 46341u)}));  // wraps
  EXPECT_EQ(run(BuiltinOp::kMul, {3, -2, 1}, {2}, 3), (std::vector<int32_t>{6, 0, 2}));  // RELU6
}

TEST(Int32Arith, DivTruncatesTowardZeroWithDefinedEdges) {
  EXPECT_EQ(run(BuiltinOp::kDiv, {7, -7, 666, -1}, {666}, 0), (std::vector<int32_t>{0, 0, 1, 0}));
  EXPECT_EQ(run(BuiltinOp::kDiv, {7, -7, kMin, 5}, {2, 2, -1, 0}, 0),
            (std::vector<int32_t>{3, -3, kMin, 0}));  // INT32_MIN / -1 wraps; / 0 gives 0
  EXPECT_EQ(run(BuiltinOp::kDiv, {-9, 9}, {2, 2}, 1), (std::vector<int32_t>{0, 4}));  // RELU
}

TEST(Int32Arith, RefusesAConstantZeroDivisorAndQuantisedOperands) {
  TestTensor x = plain_i32({2}, {1, 2}, false);
  TestTensor zero = plain_i32({1}, {0}, true);
  TestTensor o = plain_i32({2}, {}, false);
  KernelHarness h(static_cast<int>(BuiltinOp::kDiv), {}, {&x, &zero}, {&o});
  EXPECT_NE(h.prepare().error.find("constant divisor holds 0"), std::string::npos);
  TestTensor q = TestTensor::make(DataType::kInt32, {2}, std::vector<int32_t>{1, 2}, 0.5f, 0, false);
  TestTensor one = plain_i32({1}, {1}, true);
  KernelHarness m(static_cast<int>(BuiltinOp::kMul), {}, {&q, &one}, {&o});
  EXPECT_NE(m.prepare().error.find("must not be quantised"), std::string::npos);
  KernelHarness v(static_cast<int>(BuiltinOp::kAdd), {}, {&x, &one}, {&o});
  ASSERT_TRUE(v.prepare().ok()) << v.prepare().error;
  v.params.resize(4);  // a truncated blob
  EXPECT_EQ(v.validate(), Status::kBinaryBadParams);
}

}  // namespace
}  // namespace lpai_test
