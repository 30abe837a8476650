// LOGISTIC and TANH kernels (one LUT-activation implementation, kernels/lut_activation.h),
// run through the same parameterised tests.
// int8: all 256 inputs within TFLite's 1-LSB tolerance of the float function, monotonicity.
// int16: all 65536 inputs bit-exact with the TFLite LUT reference (reference/logistic_tanh_ref.h)
// for power-of-two and general input scales, and close to the float function.
// Validation rejections for both.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "kernels/ew_harness.h"
#include "kernels/params/logistic.h"
#include "kernels/params/tanh.h"
#include "kernels/reference/logistic_tanh_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

// What distinguishes the two ops: code, int8 output quantisation, references.
struct LutOp {
  const char* name;
  lpai::format::BuiltinOp op;
  float out_scale;  // int8 output scale and zero point TFLite requires
  int32_t out_zp;
  double (*ref_lsb)(int32_t q, float scale, int32_t zp);
  int16_t (*ref_int16)(int16_t x, float scale);
  double (*real)(double x);
};

double real_logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }
double real_tanh(double x) { return std::tanh(x); }

const LutOp kOps[] = {
    {"Logistic", lpai::format::BuiltinOp::kLogistic, 1.0f / 256, -128, ref::logistic_lsb,
     ref::logistic_int16, real_logistic},
    {"Tanh", lpai::format::BuiltinOp::kTanh, 1.0f / 128, 0, ref::tanh_lsb, ref::tanh_int16,
     real_tanh},
};

class LutActivation : public ::testing::TestWithParam<LutOp> {
 protected:
  int op() const { return static_cast<int>(GetParam().op); }
};

INSTANTIATE_TEST_SUITE_P(Ops, LutActivation, ::testing::ValuesIn(kOps),
                         [](const ::testing::TestParamInfo<LutOp>& i) { return i.param.name; });

std::vector<int32_t> run(const LutOp& o, float si, int32_t zi) {
  std::vector<int32_t> x;
  for (int i = -128; i <= 127; ++i) x.push_back(i);
  Node node(static_cast<int>(o.op));
  node.add_input({DataType::kInt8, {16, 16}, si, zi}, x);
  node.add_output({DataType::kInt8, {16, 16}, o.out_scale, o.out_zp});
  auto r = node.prepare();
  EXPECT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  return node.output();
}

TEST_P(LutActivation, Int8AllInputsWithinOneLsb) {
  for (float si : {0.01f, 0.0625f, 0.1f, 0.25f}) {
    for (int32_t zi : {-128, 0, 37, 127}) {
      const auto y = run(GetParam(), si, zi);
      ASSERT_EQ(y.size(), 256u);
      for (int i = 0; i < 256; ++i) {
        EXPECT_LE(std::fabs(y[i] - GetParam().ref_lsb(i - 128, si, zi)), 1.0)
            << "scale " << si << " zp " << zi << " input " << i - 128;
        if (i > 0) {
          EXPECT_GE(y[i], y[i - 1]);
        }
      }
    }
  }
}

TEST_P(LutActivation, Int8Rejects) {
  const int kOp = op();
  const LutOp& o = GetParam();
  {
    Node node(kOp);
    node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
    node.add_output({DataType::kInt8, {4}, 0.1f, 0});
    EXPECT_NE(node.prepare().error.find("int8 output must have scale"), std::string::npos);
  }
  {
    Node node(kOp);
    node.add_input({DataType::kInt16, {4}, 1.0f / 4096, 0}, {});
    node.add_output({DataType::kInt16, {4}, 1.0f / 32768, 0});
    const auto r = node.prepare();
    EXPECT_TRUE(r.ok()) << r.error;  // int16 -> int16 is supported
  }
  {
    Node node(kOp);
    node.add_input({DataType::kInt16, {4}, 1.0f / 4096, 0}, {});
    node.add_output({DataType::kInt8, {4}, o.out_scale, o.out_zp});
    EXPECT_NE(node.prepare().error.find("unsupported (int8 -> int8 or int16 -> int16)"),
              std::string::npos);
  }
  Node node(kOp);
  node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
  node.add_output({DataType::kInt8, {4}, o.out_scale, o.out_zp});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.out_rec(0).zero_point = 5;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.out_rec(0).zero_point = o.out_zp;
  auto p = node.params();
  p.pop_back();
  node.set_params(p);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

// ---- int16 ----

std::vector<int32_t> all_int16() {
  std::vector<int32_t> x;
  for (int i = -32768; i <= 32767; ++i) x.push_back(i);
  return x;
}

std::vector<int32_t> run16(int op, float si) {
  Node node(op);
  node.add_input({DataType::kInt16, {256, 256}, si, 0}, all_int16());
  node.add_output({DataType::kInt16, {256, 256}, 1.0f / 32768, 0});
  auto r = node.prepare();
  EXPECT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.params.size(), sizeof(lpai::kernels::LutActivationParams));
  EXPECT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  return node.output();
}

TEST_P(LutActivation, Int16AllInputsBitExactWithTfliteLut) {
  // 2^-12 and 2^-11: TFLite's power-of-two paths (2^-11 only for TANH); the others go through
  // the general multiplier, including large scales (no doubling) and tiny ones (many doublings).
  for (float si : {1.0f / 4096, 1.0f / 2048, 1.0f / 1024, 1.0f / 8192, 1.0f / 32768, 0.000305f,
                   0.00048828f, 0.001f, 0.0123f, 0.5f, 1.0f, 2.0f, 1e-6f}) {
    const auto y = run16(op(), si);
    ASSERT_EQ(y.size(), 65536u);
    int mismatches = 0;
    for (int i = 0; i < 65536; ++i) {
      const int16_t x = static_cast<int16_t>(i - 32768);
      const int16_t want = GetParam().ref_int16(x, si);
      if (y[i] != want && ++mismatches <= 5) {
        ADD_FAILURE() << "scale " << si << " input " << x << ": got " << y[i] << ", want " << want;
      }
    }
    EXPECT_EQ(mismatches, 0) << "scale " << si;
  }
}

TEST_P(LutActivation, Int16CloseToTheRealFunction) {
  for (float si : {1.0f / 4096, 1.0f / 2048, 0.000305f}) {
    const auto y = run16(op(), si);
    double worst = 0.0;
    for (int i = 0; i < 65536; ++i) {
      const double x = static_cast<double>(si) * (i - 32768);
      const double want = std::min(32767.0, 32768.0 * GetParam().real(x));
      worst = std::max(worst, std::fabs(y[i] - want));
      if (i > 0) {
        EXPECT_GE(y[i], y[i - 1]) << "scale " << si << " input " << i - 32768;
      }
    }
    EXPECT_LE(worst, 8.0) << "scale " << si;
  }
}

TEST_P(LutActivation, Int16Rejects) {
  const int kOp = op();
  auto prepare_error = [kOp](float si, int32_t zi, float so, int32_t zo) {
    Node node(kOp);
    node.add_input({DataType::kInt16, {4}, si, zi}, {});
    node.add_output({DataType::kInt16, {4}, so, zo});
    return node.prepare().error;
  };
  EXPECT_NE(prepare_error(1.0f / 4096, 3, 1.0f / 32768, 0).find("zero points must be 0"),
            std::string::npos);
  EXPECT_NE(prepare_error(1.0f / 4096, 0, 1.0f / 32768, -2).find("zero points must be 0"),
            std::string::npos);
  EXPECT_NE(prepare_error(1.0f / 4096, 0, 1.0f / 16384, 0).find("output scale must be 2^-15"),
            std::string::npos);
  EXPECT_NE(prepare_error(1.0f / 4096, 0, 0.00003f, 0).find("output scale must be 2^-15"),
            std::string::npos);
  EXPECT_NE(prepare_error(3.0f, 0, 1.0f / 32768, 0).find("input scale too large"),
            std::string::npos);
  EXPECT_NE(prepare_error(1e-15f, 0, 1.0f / 32768, 0).find("input scale too small"),
            std::string::npos);

  Node node(kOp);
  node.add_input({DataType::kInt16, {4}, 0.001f, 0}, {});
  node.add_output({DataType::kInt16, {4}, 1.0f / 32768, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  const std::vector<uint8_t> good = node.params();
  lpai::kernels::LutActivationParams p;
  std::memcpy(&p, good.data(), sizeof(p));
  EXPECT_EQ(p.input_zero_point, 0);
  EXPECT_EQ(p.input_range_radius, 0);

  auto with = [&](int32_t multiplier, int32_t shift) {
    lpai::kernels::LutActivationParams q = p;
    q.input_multiplier = multiplier;
    q.input_left_shift = shift;
    node.set_params(ew_test::bytes_of(q));
    return node.validate();
  };
  EXPECT_EQ(with(0, 0), lpai::Status::kBinaryBadParams);
  EXPECT_EQ(with(-3, 0), lpai::Status::kBinaryBadParams);
  EXPECT_EQ(with(3, -1), lpai::Status::kBinaryBadParams);
  EXPECT_EQ(with(3, 32), lpai::Status::kBinaryBadParams);
  EXPECT_EQ(with(65536, 0), lpai::Status::kBinaryBadParams);  // 32768 * m overflows int32
  EXPECT_EQ(with(65535, 0), lpai::Status::kOk);
  EXPECT_EQ(with(49152, 31), lpai::Status::kBinaryBadParams);  // + 2^30 overflows
  EXPECT_EQ(with(32767, 31), lpai::Status::kOk);
  EXPECT_EQ(with(32767, 30), lpai::Status::kOk);
  EXPECT_EQ(with(p.input_multiplier, p.input_left_shift), lpai::Status::kOk);

  {
    lpai::kernels::LutActivationParams q = p;
    q.input_zero_point = 1;
    node.set_params(ew_test::bytes_of(q));
    EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  }
  std::vector<uint8_t> longer = good;
  longer.resize(good.size() + 256, 0);
  node.set_params(longer);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.set_params(good);
  node.out_rec(0).zero_point = 1;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.out_rec(0).zero_point = 0;
  node.in_rec(0).zero_point = 1;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.in_rec(0).zero_point = 0;
  node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt8);
  node.out_rec(0).size = 4;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);
}

}  // namespace
