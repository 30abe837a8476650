// PADV2 kernel: constant padding with the constant_values input, against reference/pad_ref.h.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"
#include "kernels/reference/pad_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kPadV2 = 60;

void check(DataType t, std::vector<int32_t> s, std::vector<std::pair<int32_t, int32_t>> pads,
           int32_t value, int32_t zp) {
  const auto x = mv_test::values(t, mv_test::count(s), 59);
  std::vector<int32_t> os, flat;
  for (size_t i = 0; i < s.size(); ++i) {
    os.push_back(s[i] + pads[i].first + pads[i].second);
    flat.push_back(pads[i].first);
    flat.push_back(pads[i].second);
  }
  Node n(kPadV2);
  n.add_input(mv_test::spec(t, s, zp), x);
  n.add_const(mv_test::ints({static_cast<int32_t>(s.size()), 2}), flat);
  n.add_const(mv_test::spec(t, {}, zp), {value});
  n.add_output(mv_test::spec(t, os, zp));
  if (!mv_test::run(n)) return;
  EXPECT_EQ(n.output(), ref::pad(x, s, pads, value));
}

TEST(Padv2Kernel, Values) {
  check(DataType::kInt8, {6, 3}, {{2, 2}, {1, 0}}, -118, -60);
  check(DataType::kInt8, {1, 2, 6}, {{2, 1}, {2, 0}, {2, 1}}, 55, 127);
  check(DataType::kInt8, {5}, {{0, 0}}, -128, -128);
  check(DataType::kInt8, {2, 1, 1, 2, 1, 2}, {{1, 0}, {0, 1}, {1, 1}, {0, 0}, {2, 0}, {0, 1}}, 127,
        0);
  check(DataType::kInt16, {1}, {{0, 2}}, 13853, 0);
  check(DataType::kInt16, {2, 2, 1, 5}, {{1, 0}, {0, 0}, {1, 2}, {0, 2}}, -32768, 0);
}

TEST(Padv2Kernel, Rejects) {
  {
    Node n(kPadV2);
    n.add_input(mv_test::spec(DataType::kInt8, {2}, 3), {});
    n.add_const(mv_test::ints({1, 2}), {1, 1});
    n.add_const(mv_test::spec(DataType::kInt8, {}, 4), {0});  // other zero point
    n.add_output(mv_test::spec(DataType::kInt8, {4}, 3));
    mv_test::error_has(n, "constant_values quantisation");
  }
  {
    Node n(kPadV2);
    n.add_input(mv_test::spec(DataType::kInt8, {2}, 3), {});
    n.add_const(mv_test::ints({1, 2}), {1, 1});
    n.add_input(mv_test::spec(DataType::kInt8, {}, 3), {0});  // run-time pad value
    n.add_output(mv_test::spec(DataType::kInt8, {4}, 3));
    mv_test::error_has(n, "constant");
  }
  Node n(kPadV2);
  n.add_input(mv_test::spec(DataType::kInt8, {2}, 3), {});
  n.add_const(mv_test::ints({1, 2}), {1, 1});
  n.add_const(mv_test::spec(DataType::kInt8, {}, 3), {9});
  n.add_output(mv_test::spec(DataType::kInt8, {4}, 3));
  ASSERT_TRUE(n.prepare().ok());
  ASSERT_EQ(n.validate(), lpai::Status::kOk);
  n.in_rec(2).data_type = static_cast<uint8_t>(DataType::kInt16);
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryTensorTypeRefused);
  n.in_rec(2).data_type = static_cast<uint8_t>(DataType::kInt8);
  n.out_rec(0).dims[0] = 5;  // PAD's own checks still apply
  n.out_rec(0).size = 5;
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
