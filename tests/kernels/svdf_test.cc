// SVDF kernel against reference/matmul_svdf_ref.h: several inferences in a row, the state
// carried in the variable input.
#include <gtest/gtest.h>

#include "kernels/op_node.h"
#include "kernels/params/svdf.h"
#include "kernels/reference/matmul_svdf_ref.h"

namespace {

using op_test::DataType;
using op_test::Node;

constexpr int kSvdf = 27;

void check(int B, int I, int U, int rank, int M, bool state16, bool with_bias, float s_in,
           int32_t z_in, float s_out, int32_t z_out, int32_t z_state, uint32_t seed) {
  const int F = U * rank;
  ref::SvdfRef r;
  r.B = B; r.I = I; r.F = F; r.M = M; r.rank = rank;
  r.s_in = s_in; r.s_wf = 0.01f; r.s_wt = state16 ? 1e-4f : 0.02f;
  r.s_state = state16 ? 1.0f / 4096 : 0.05f;
  r.s_out = s_out;
  r.z_in = z_in; r.z_state = z_state; r.z_out = z_out;
  r.state16 = state16;
  r.wf = op_test::random_values(F * I, -127, 127, seed);
  r.wt = op_test::random_values(F * M, state16 ? -32767 : -127, state16 ? 32767 : 127, seed + 1);
  if (with_bias) r.bias = op_test::random_values(U, -5000, 5000, seed + 2);
  r.state.assign(static_cast<size_t>(B * F * M), z_state);
  const DataType st = state16 ? DataType::kInt16 : DataType::kInt8;
  Node node(kSvdf);
  node.options().rank = rank;
  node.options().activation = 1;  // ignored by the integer kernel, as in TFLite Micro
  node.add_input({DataType::kInt8, {B, I}, s_in, z_in}, {});
  node.add_const({DataType::kInt8, {F, I}, r.s_wf, 0}, r.wf);
  node.add_const({st, {F, M}, r.s_wt, 0}, r.wt);
  if (with_bias) {
    node.add_const({DataType::kInt32, {U}, r.s_state * r.s_wt, 0}, r.bias);
  } else {
    node.add_absent();
  }
  node.add_variable({st, {B, F * M}, r.s_state, z_state}, r.state);
  node.add_output({DataType::kInt8, {B, U}, s_out, z_out});
  auto res = node.prepare();
  ASSERT_TRUE(res.ok()) << res.error;
  EXPECT_EQ(res.temp_bytes, 0u);
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  for (int k = 0; k < M + 2; ++k) {
    const auto x = op_test::random_values(B * I, -128, 127, seed + 10 + k);
    node.set_input(0, x);
    node.run();
    const auto want = r.step(x);
    EXPECT_EQ(node.output(), want) << "inference " << k;
    EXPECT_EQ(node.input_values(4), r.state) << "state after inference " << k;
  }
}

TEST(SvdfKernel, Int16State) {
  check(1, 1, 4, 2, 6, true, true, 0.03f, -104, 2.0f, -97, 0, 1);
  check(2, 9, 6, 1, 6, true, true, 0.0016f, 109, 0.8f, 7, 0, 2);
  check(2, 16, 5, 1, 6, true, false, 0.065f, -3, 0.05f, -128, 0, 3);
  check(1, 7, 1, 2, 1, true, true, 0.0087f, 76, 0.3f, 1, 0, 4);
}

TEST(SvdfKernel, Int8StateWithZeroPoint) {
  check(2, 10, 3, 2, 4, false, true, 0.02f, 5, 0.1f, -3, 17, 5);
  check(1, 8, 4, 1, 3, false, true, 0.5f, -128, 0.01f, 127, -100, 6);  // wrapping state
}

// The sweep TFLite Micro's int8-state path needs: batch, rank, memory size and the state zero
// point (the newest state value is clamp(product) + zero point stored as int8, which wraps when
// the zero point is not 0), with and without bias. The fused activation is set to RELU in every
// case and ignored, as TFLite Micro's integer SVDF ignores it.
TEST(SvdfKernel, Int8StateSweep) {
  uint32_t seed = 100;
  for (int B : {1, 2, 3})
    for (int rank : {1, 2})
      for (int M : {1, 4})
        for (int32_t z_state : {0, 37, -90})
          for (bool bias : {false, true}) {
            SCOPED_TRACE("B=" + std::to_string(B) + " rank=" + std::to_string(rank) + " M=" +
                         std::to_string(M) + " z_state=" + std::to_string(z_state) +
                         " bias=" + std::to_string(bias));
            check(B, 6, 4, rank, M, false, bias, 0.04f, -7, 0.05f, 3, z_state, ++seed);
          }
}

TEST(SvdfKernel, Rejects) {
  Node node(kSvdf);
  node.options().rank = 1;
  node.add_input({DataType::kInt8, {1, 4}, 0.1f, 0}, {});
  node.add_const({DataType::kInt8, {2, 4}, 0.01f, 0}, {});
  node.add_const({DataType::kInt16, {2, 3}, 1e-4f, 0}, {});
  node.add_const({DataType::kInt32, {2}, 1e-4f / 4096, 0}, {});
  node.add_variable({DataType::kInt16, {1, 6}, 1.0f / 4096, 0}, {});
  node.add_output({DataType::kInt8, {1, 2}, 0.1f, 0});
  auto res = node.prepare();
  ASSERT_TRUE(res.ok()) << res.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.in_rec(4).data_type = static_cast<uint8_t>(DataType::kInt8);  // state type != weights_time
  node.in_rec(4).size = 6;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);
  node.in_rec(4).data_type = static_cast<uint8_t>(DataType::kInt16);
  node.in_rec(4).size = 12;
  node.in_rec(4).mem_class = static_cast<uint8_t>(lpai::format::MemClass::kConst);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadTensor);
  node.in_rec(4).mem_class = static_cast<uint8_t>(lpai::format::MemClass::kPersistent);
  auto p = node.params();
  lpai::kernels::SvdfParams sp;
  std::memcpy(&sp, p.data(), sizeof(sp));
  sp.rank = 2;  // filters != units * rank
  node.set_params(op_test::bytes_of(sp));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);

  Node bad_rank(kSvdf);
  bad_rank.options().rank = 3;
  bad_rank.add_input({DataType::kInt8, {1, 4}, 0.1f, 0}, {});
  bad_rank.add_const({DataType::kInt8, {2, 4}, 0.01f, 0}, {});
  bad_rank.add_const({DataType::kInt16, {2, 3}, 1e-4f, 0}, {});
  bad_rank.add_absent();
  bad_rank.add_variable({DataType::kInt16, {1, 6}, 1.0f / 4096, 0}, {});
  bad_rank.add_output({DataType::kInt8, {1, 2}, 0.1f, 0});
  EXPECT_FALSE(bad_rank.prepare().ok());
}

}  // namespace
