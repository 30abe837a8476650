// ABS kernel against reference/ew_ext_ref.h.
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"
#include "kernels/params/abs.h"
#include "kernels/reference/ew_ext_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kAbs = 101;

void check(DataType t, float si, int32_t zi, float so, int32_t zo) {
  const bool is16 = t == DataType::kInt16;
  std::vector<int32_t> x;
  if (is16) {
    x = ew_test::random_values(500, -32768, 32767, 3);
    x.push_back(-32768);
    x.push_back(32767);
    x.push_back(0);
  } else {
    for (int i = -128; i <= 127; ++i) x.push_back(i);
  }
  const std::vector<int32_t> shape = {static_cast<int32_t>(x.size())};
  Node node(kAbs);
  node.add_input({t, shape, si, zi}, x);
  node.add_output({t, shape, so, zo});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  std::vector<int32_t> want;
  for (int32_t v : x) {
    want.push_back(ref::abs_q(v, si, zi, so, zo, is16 ? -32768 : -128, is16 ? 32767 : 127));
  }
  EXPECT_EQ(node.output(), want);
}

TEST(AbsKernel, Int8SameScale) {
  check(DataType::kInt8, 0.1f, 0, 0.1f, 0);
  check(DataType::kInt8, 0.1f, -128, 0.1f, -128);  // |x + 128| saturates at 127
  check(DataType::kInt8, 0.1f, 127, 0.1f, 127);
}

TEST(AbsKernel, Int8Rescaled) {
  check(DataType::kInt8, 0.05f, 27, 0.03f, -100);
  check(DataType::kInt8, 0.005f, -102, 0.004f, -128);
  check(DataType::kInt8, 0.5f, 0, 0.001f, 0);  // saturation
}

TEST(AbsKernel, Int16) {
  check(DataType::kInt16, 1.0f / 4096, 0, 1.0f / 4096, 0);  // |-32768| saturates to 32767
  check(DataType::kInt16, 5e-4f, 0, 7e-5f, 0);
}

TEST(AbsKernel, Int16Unquantised) {
  // Raw int16 (no quantisation): std::abs semantics, -32768 stays -32768.
  lpai::prepare::PrepTensor in, out;
  in.type = out.type = DataType::kInt16;
  in.shape = out.shape = {3};
  lpai::prepare::PrepOp op;
  op.builtin = kAbs;
  op.inputs = {&in};
  op.outputs = {&out};
  auto r = lpai::prepare::find_prepare(kAbs)(op);
  ASSERT_TRUE(r.ok()) << r.error;
  lpai::kernels::AbsParams p;
  std::memcpy(&p, r.params.data(), sizeof(p));
  EXPECT_EQ(p.raw, 1);
  Node node(kAbs);
  node.add_input({DataType::kInt16, {3}, 1.0f, 0}, {-32768, -5, 7});
  node.add_output({DataType::kInt16, {3}, 1.0f, 0});
  ASSERT_TRUE(node.prepare().ok());
  node.set_params(r.params);
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), (std::vector<int32_t>{-32768, 5, 7}));
}

TEST(AbsKernel, ValidateRejects) {
  Node node(kAbs);
  node.add_input({DataType::kInt16, {4}, 0.1f, 0}, {});
  node.add_output({DataType::kInt16, {4}, 0.2f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  lpai::kernels::AbsParams p{};
  p.shift = 31;
  node.set_params(ew_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  p.shift = 0;
  p.input_zero_point = 3;  // int16 is symmetric
  node.set_params(ew_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  p.input_zero_point = 0;
  node.set_params(ew_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kOk);
  node.in_rec(0).data_type = static_cast<uint8_t>(DataType::kInt8);  // int8 needs the table
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
