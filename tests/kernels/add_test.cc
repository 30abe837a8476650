// ADD kernel: prepare -> validate -> eval against the reference in reference/add_ref.h, plus the
// ADD nodes of the shared ResNet golden dump (bit-exact).
#include <gtest/gtest.h>

#include "kernels/ew_golden.h"
#include "kernels/ew_harness.h"
#include "kernels/params/add.h"
#include "kernels/reference/add_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;
using ew_test::Spec;

constexpr int kAdd = 0;

struct Case {
  DataType type;
  std::vector<int32_t> s1, s2;
  float sc1, sc2, sco;
  int32_t z1, z2, zo;
  int activation;
};

void run_case(const Case& c, uint32_t seed) {
  const bool is16 = c.type == DataType::kInt16;
  const int32_t lo = is16 ? -32768 : -128;
  const int32_t hi = is16 ? 32767 : 127;
  const std::vector<int32_t> so = ref::broadcast_shape(c.s1, c.s2);
  size_t n1 = 1, n2 = 1;
  for (int32_t d : c.s1) n1 *= d;
  for (int32_t d : c.s2) n2 *= d;
  std::vector<int32_t> a = ew_test::random_values(n1, lo, hi, seed);
  std::vector<int32_t> b = ew_test::random_values(n2, lo, hi, seed + 77);
  // Pin the extremes.
  a[0] = lo;
  b[0] = hi;
  if (n1 > 1) a[n1 - 1] = hi;
  if (n2 > 1) b[n2 - 1] = lo;
  Node node(kAdd);
  node.options().activation = c.activation;
  node.add_input({c.type, c.s1, c.sc1, c.z1}, a);
  node.add_input({c.type, c.s2, c.sc2, c.z2}, b);
  node.add_output({c.type, so, c.sco, c.zo});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.params.size(), sizeof(lpai::kernels::AddParams));
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  const auto expect = ref::add_sub({c.s1, c.sc1, c.z1}, a, {c.s2, c.sc2, c.z2}, b,
                                   {so, c.sco, c.zo}, c.activation, is16, false);
  EXPECT_EQ(node.output(), expect);
}

TEST(AddKernel, SameShapeInt8) {
  run_case({DataType::kInt8, {1, 5, 7, 3}, {1, 5, 7, 3}, 0.05f, 0.11f, 0.13f, -3, 10, 2, 0}, 1);
  run_case({DataType::kInt8, {37}, {37}, 0.5f, 0.5f, 0.7f, -128, 127, -128, 0}, 2);
  run_case({DataType::kInt8, {3, 1, 11}, {3, 1, 11}, 0.02f, 0.9f, 0.05f, 127, -128, 127, 0}, 3);
}

TEST(AddKernel, FusedActivationsInt8) {
  for (int act : {1, 2, 3}) {
    run_case({DataType::kInt8, {2, 9}, {2, 9}, 0.03f, 0.04f, 0.05f, 0, -5, -20, act}, 10 + act);
  }
}

TEST(AddKernel, SaturatesInt8) {
  // Output scale far smaller than the inputs': most results clamp to the type limits.
  run_case({DataType::kInt8, {64}, {64}, 1.0f, 1.0f, 0.01f, 0, 0, 0, 0}, 20);
}

TEST(AddKernel, BroadcastInt8) {
  run_case({DataType::kInt8, {2, 3, 1, 5}, {1, 1, 4, 1}, 0.05f, 0.07f, 0.1f, 1, -2, 3, 0}, 30);
  run_case({DataType::kInt8, {4, 6}, {1}, 0.05f, 0.07f, 0.1f, 1, -2, 3, 0}, 31);
  run_case({DataType::kInt8, {7}, {2, 3, 7}, 0.05f, 0.02f, 0.04f, 0, 0, 0, 1}, 32);
  run_case({DataType::kInt8, {2, 1, 3, 1, 2, 3}, {3, 4, 2, 1}, 0.05f, 0.02f, 0.04f, 5, 6, 7, 0}, 33);
}

TEST(AddKernel, Int16) {
  run_case({DataType::kInt16, {3, 17}, {3, 17}, 0.001f, 0.0007f, 0.0015f, 0, 0, 0, 0}, 40);
  run_case({DataType::kInt16, {3, 17}, {17}, 0.001f, 0.0007f, 0.0015f, 0, 0, 0, 3}, 41);
  run_case({DataType::kInt16, {5, 4}, {5, 4}, 2e-4f, 3e-4f, 1e-5f, 0, 0, 0, 0}, 42);
}

Node make_valid(DataType t = DataType::kInt8) {
  Node node(kAdd);
  node.add_input({t, {2, 3}, 0.1f, 0}, std::vector<int32_t>(6, 1));
  node.add_input({t, {3}, 0.2f, 1}, std::vector<int32_t>(3, 1));
  node.add_output({t, {2, 3}, 0.3f, 2});
  return node;
}

TEST(AddKernel, PrepareRejects) {
  {
    Node node(kAdd);
    node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
    node.add_input({DataType::kInt16, {4}, 0.1f, 0}, {});
    node.add_output({DataType::kInt8, {4}, 0.1f, 0});
    EXPECT_NE(node.prepare().error.find("unsupported"), std::string::npos);
  }
  {
    Node node(kAdd);
    node.add_input({DataType::kInt8, {4}, 0.1f, 0}, {});
    node.add_input({DataType::kInt8, {3}, 0.1f, 0}, {});
    node.add_output({DataType::kInt8, {4}, 0.1f, 0});
    EXPECT_NE(node.prepare().error.find("do not broadcast"), std::string::npos);
  }
  {
    Node node = make_valid();
    node.options().activation = 4;  // TANH
    EXPECT_NE(node.prepare().error.find("fused activation 4"), std::string::npos);
  }
  {
    // Output multiplier >= 1: output scale below input scale / 2^20.
    Node node(kAdd);
    node.add_input({DataType::kInt8, {4}, 1.0f, 0}, {});
    node.add_input({DataType::kInt8, {4}, 1.0f, 0}, {});
    node.add_output({DataType::kInt8, {4}, 1e-7f, 0});
    EXPECT_NE(node.prepare().error.find("outside (0, 1)"), std::string::npos);
  }
}

TEST(AddKernel, ValidateRejects) {
  {
    Node node = make_valid();
    ASSERT_TRUE(node.prepare().ok());
    ASSERT_EQ(node.validate(), lpai::Status::kOk);
    auto p = node.params();
    p.push_back(0);
    node.set_params(p);
    EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  }
  {
    Node node = make_valid();
    ASSERT_TRUE(node.prepare().ok());
    node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
    EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);
  }
  {
    // Output shape not the broadcast shape.
    Node node = make_valid();
    ASSERT_TRUE(node.prepare().ok());
    node.out_rec(0).dims[0] = 3;
    EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  }
  {
    // Tampered broadcast strides.
    Node node = make_valid();
    ASSERT_TRUE(node.prepare().ok());
    auto p = node.params();
    lpai::kernels::AddParams ap;
    std::memcpy(&ap, p.data(), sizeof(ap));
    ap.shape.in2_strides[5] = 2;
    std::memcpy(p.data(), &ap, sizeof(ap));
    node.set_params(p);
    EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  }
  {
    // Non-broadcast blob on different shapes.
    Node node(kAdd);
    node.add_input({DataType::kInt8, {3}, 0.1f, 0}, {});
    node.add_input({DataType::kInt8, {3}, 0.1f, 0}, {});
    node.add_output({DataType::kInt8, {3}, 0.1f, 0});
    ASSERT_TRUE(node.prepare().ok());
    node.in_rec(1).dims[0] = 1;
    EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  }
  {
    // Shift out of range.
    Node node = make_valid();
    ASSERT_TRUE(node.prepare().ok());
    auto p = node.params();
    lpai::kernels::AddParams ap;
    std::memcpy(&ap, p.data(), sizeof(ap));
    ap.output_shift = 3;
    std::memcpy(p.data(), &ap, sizeof(ap));
    node.set_params(p);
    EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  }
}

TEST(AddKernel, ResnetGoldenBitExact) {
  LPAI_REQUIRE_SHARED(dir, "golden/pretrainedResnet_quant/tensors");
  const auto ts = ew_test::load_golden_tensors(dir);
  int checked = 0;
  for (const auto& out : ts) {
    if (out.producer_name != "ADD") continue;
    const auto in = ew_test::golden_inputs(ts, out.producer_op);
    ASSERT_EQ(in.size(), 2u) << out.name;
    Node node(kAdd);
    node.options().activation = out.name.find("Relu") != std::string::npos ? 1 : 0;
    for (const auto* t : in) node.add_input({DataType::kInt8, t->shape, t->scale, t->zero_point}, t->values);
    node.add_output({DataType::kInt8, out.shape, out.scale, out.zero_point});
    auto r = node.prepare();
    ASSERT_TRUE(r.ok()) << r.error;
    ASSERT_EQ(node.validate(), lpai::Status::kOk);
    node.run();
    EXPECT_EQ(node.output(), out.values) << out.name;
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}

}  // namespace
