// ARG_MAX and ARG_MIN kernels (one implementation, kernels/arg_min_max_common.h) against
// reference/arg_cumsum_ref.h, parameterised over the op.
#include <gtest/gtest.h>

#include "kernels/arg_min_max_common.h"
#include "kernels/op_node.h"
#include "kernels/reference/arg_cumsum_ref.h"

namespace {

using op_test::DataType;
using op_test::Node;

struct ArgOp {
  const char* name;
  lpai::format::BuiltinOp op;
  bool is_max;
};

const ArgOp kOps[] = {{"ArgMax", lpai::format::BuiltinOp::kArgMax, true},
                      {"ArgMin", lpai::format::BuiltinOp::kArgMin, false}};

class ArgMinMax : public ::testing::TestWithParam<ArgOp> {};

INSTANTIATE_TEST_SUITE_P(Ops, ArgMinMax, ::testing::ValuesIn(kOps),
                         [](const ::testing::TestParamInfo<ArgOp>& i) { return i.param.name; });

std::vector<int32_t> out_shape(std::vector<int32_t> s, int axis) {
  if (axis < 0) axis += static_cast<int>(s.size());
  s.erase(s.begin() + axis);
  return s;
}

void check(const ArgOp& op, std::vector<int32_t> shape, int axis, uint32_t seed,
           std::vector<int32_t> x = {}, int lo = -128, int hi = 127) {
  int64_t n = 1;
  for (int32_t d : shape) n *= d;
  if (x.empty()) x = op_test::random_values(static_cast<size_t>(n), lo, hi, seed);
  Node node(static_cast<int>(op.op));
  node.options().output_type = 2;  // int32
  node.add_input({DataType::kInt8, shape, 0.05f, 3}, x);
  node.add_const({DataType::kInt32, {1}, 1.0f, 0, false}, {axis});
  node.add_output({DataType::kInt32, out_shape(shape, axis), 1.0f, 0, false});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::arg_min_max(x, shape, axis, op.is_max));
}

TEST_P(ArgMinMax, Shapes) {
  check(GetParam(), {6, 3}, 0, 1);
  check(GetParam(), {6}, 0, 2);
  check(GetParam(), {7, 1}, 1, 3);
  check(GetParam(), {2, 8, 8, 5}, 1, 4);
  check(GetParam(), {1, 4, 6, 5}, 3, 5);
  check(GetParam(), {1, 4, 6, 5}, -1, 6);
  check(GetParam(), {3, 2, 4, 2, 3}, -3, 7);
}

TEST_P(ArgMinMax, TiesTakeTheFirstIndex) {
  check(GetParam(), {4, 9}, 1, 8, {}, -2, 2);
  check(GetParam(), {9, 4}, 0, 9, {}, -2, 2);
  check(GetParam(), {3, 5}, 1, 10, std::vector<int32_t>(15, -128));
  check(GetParam(), {3, 5}, 0, 11, std::vector<int32_t>(15, 127));
}

TEST_P(ArgMinMax, Rejects) {
  const int kOp = static_cast<int>(GetParam().op);
  Node node(kOp);
  node.add_input({DataType::kInt8, {2, 3}, 0.05f, 3}, {});
  node.add_const({DataType::kInt32, {1}, 1.0f, 0, false}, {1});
  node.add_output({DataType::kInt32, {2}, 1.0f, 0, false});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
  node.out_rec(0).size = 4;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);
  node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt32);
  node.out_rec(0).size = 8;
  lpai::kernels::ArgMinMaxParams p{1, 3, 3};  // 9 != 6 elements
  node.set_params(op_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);

  Node bad_axis(kOp);
  bad_axis.add_input({DataType::kInt8, {2, 3}, 0.05f, 3}, {});
  bad_axis.add_const({DataType::kInt32, {1}, 1.0f, 0, false}, {-3});
  bad_axis.add_output({DataType::kInt32, {2}, 1.0f, 0, false});
  EXPECT_FALSE(bad_axis.prepare().ok());

  Node wide(kOp);  // int64 output: TFLite Micro supports int32 only
  wide.add_input({DataType::kInt8, {2, 3}, 0.05f, 3}, {});
  wide.add_const({DataType::kInt32, {1}, 1.0f, 0, false}, {1});
  wide.add_output({DataType::kInt64, {2}, 1.0f, 0, false});
  EXPECT_FALSE(wide.prepare().ok());
}

}  // namespace
