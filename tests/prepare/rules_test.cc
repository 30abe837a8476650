// The prepare rules both front ends share (host_sim/prepare/rules.h): quantisation of a model
// tensor by role, per-tensor operands, fused activation ranges with their int32 overflow check.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "prepare/rules.h"

namespace {

using lpai::format::DataType;
using lpai::prepare::PrepTensor;
namespace rules = lpai::prepare::rules;
using rules::TensorRole;

PrepTensor quantised(DataType type, std::vector<float> scales, std::vector<int64_t> zps,
                     std::vector<int32_t> shape = {2, 3}, int axis = 0) {
  PrepTensor t;
  t.type = type;
  t.shape = shape;
  t.scales = scales;
  t.zero_points = zps;
  t.quant_axis = axis;
  return t;
}

TEST(PrepareRules, UnquantisedIsRefusedOnlyForVariables) {
  PrepTensor t = quantised(DataType::kInt8, {}, {});
  std::string why;
  EXPECT_TRUE(rules::check_quant(t, TensorRole::kActivation, &why));
  EXPECT_TRUE(rules::check_quant(t, TensorRole::kConst, &why));
  EXPECT_FALSE(rules::check_quant(t, TensorRole::kVariable, &why));
  EXPECT_EQ(why, "is not quantised (no scale)");
}

TEST(PrepareRules, ScalesAndZeroPoints) {
  std::string why;
  EXPECT_FALSE(rules::check_quant(quantised(DataType::kInt8, {0.5f}, {128}),
                                  TensorRole::kActivation, &why));
  EXPECT_EQ(why, "zero point 128 outside [-128, 127] for this tensor");
  EXPECT_TRUE(rules::check_quant(quantised(DataType::kInt16, {0.5f}, {-32768}),
                                 TensorRole::kActivation, &why));
  EXPECT_FALSE(rules::check_quant(quantised(DataType::kInt32, {0.5f}, {1}), TensorRole::kConst,
                                  &why));
  EXPECT_FALSE(rules::check_quant(quantised(DataType::kInt8, {0.0f}, {0}),
                                  TensorRole::kActivation, &why));
  EXPECT_TRUE(rules::check_quant(quantised(DataType::kInt8, {0.0f}, {0}), TensorRole::kConst,
                                 &why));
  EXPECT_FALSE(rules::check_quant(quantised(DataType::kInt8, {0.5f, 0.5f}, {0}),
                                  TensorRole::kConst, &why));
  EXPECT_EQ(why, "quantisation has 2 scales but 1 zero points");
}

TEST(PrepareRules, PerChannelOnlyOnConstantsAlongAMatchingAxis) {
  std::string why;
  const PrepTensor pc = quantised(DataType::kInt8, {0.5f, 0.25f}, {0, 0}, {2, 3}, 0);
  EXPECT_TRUE(rules::check_quant(pc, TensorRole::kConst, &why));
  EXPECT_FALSE(rules::is_per_channel_activation(pc, TensorRole::kConst));
  // On an activation it is unsupported, reported first even when the tensor is also invalid.
  const PrepTensor bad_act = quantised(DataType::kInt8, {0.5f, -1.0f}, {0, 0}, {2, 3}, 1);
  EXPECT_FALSE(rules::check_quant(bad_act, TensorRole::kActivation, &why));
  EXPECT_TRUE(rules::is_per_channel_activation(bad_act, TensorRole::kActivation));
  EXPECT_EQ(why, "per-channel quantisation is only supported on constant tensors");
  EXPECT_FALSE(rules::check_quant(quantised(DataType::kInt8, {0.5f, 0.25f}, {0, 0}, {2, 3}, 1),
                                  TensorRole::kConst, &why));
  EXPECT_FALSE(rules::check_quant(quantised(DataType::kInt8, {0.5f, 0.25f}, {0, 1}, {2, 3}, 0),
                                  TensorRole::kConst, &why));
  EXPECT_EQ(why, "per-channel quantisation must be symmetric (zero point 1)");
}

TEST(PrepareRules, PerTensorOperands) {
  std::string why;
  EXPECT_TRUE(rules::check_per_tensor(quantised(DataType::kInt16, {1.0f}, {-5}), "input", &why));
  EXPECT_FALSE(rules::check_per_tensor(quantised(DataType::kInt8, {1.0f}, {200}), "input", &why));
  EXPECT_EQ(why, "input zero point 200 is outside the int8 range");
  const PrepTensor i16 = quantised(DataType::kInt16, {1.0f}, {-5});
  EXPECT_FALSE(rules::check_per_tensor_of_type(&i16, DataType::kInt16, "output", &why));
  EXPECT_EQ(why, "output is int16 with a non-zero zero point");
  EXPECT_FALSE(rules::check_per_tensor_of_type(&i16, DataType::kInt8, "output", &why));
  EXPECT_EQ(why, "output is int16, expected int8");
  EXPECT_FALSE(rules::check_per_tensor_of_type(nullptr, DataType::kInt8, "input", &why));
  EXPECT_EQ(why, "input is absent");
}

TEST(PrepareRules, ActivationRanges) {
  const PrepTensor out = quantised(DataType::kInt8, {0.05f}, {-10});
  int32_t lo = 0, hi = 0;
  std::string why;
  ASSERT_TRUE(rules::activation_range(0, out, -128, 127, &lo, &hi, &why));
  EXPECT_EQ(lo, -128);
  EXPECT_EQ(hi, 127);
  ASSERT_TRUE(rules::activation_range(1, out, -128, 127, &lo, &hi, &why));  // RELU
  EXPECT_EQ(lo, -10);
  EXPECT_EQ(hi, 127);
  ASSERT_TRUE(rules::activation_range(2, out, -128, 127, &lo, &hi, &why));  // RELU_N1_TO_1
  EXPECT_EQ(lo, -30);
  EXPECT_EQ(hi, 10);
  ASSERT_TRUE(rules::activation_range(3, out, -128, 127, &lo, &hi, &why));  // RELU6
  EXPECT_EQ(lo, -10);
  EXPECT_EQ(hi, 110);
  EXPECT_FALSE(rules::activation_range(4, out, -128, 127, &lo, &hi, &why));
  EXPECT_EQ(why, "fused activation 4 is not supported (only NONE, RELU, RELU_N1_TO_1, RELU6)");
  // 6 / 1e-12 does not fit in int32: refused instead of an undefined conversion.
  const PrepTensor tiny = quantised(DataType::kInt8, {1e-12f}, {0});
  EXPECT_FALSE(rules::activation_range(3, tiny, -128, 127, &lo, &hi, &why));
  EXPECT_EQ(why, "activation bound overflows int32");
}

}  // namespace
