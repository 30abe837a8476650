// PAD kernel against reference/pad_ref.h.
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"
#include "kernels/params/pad.h"
#include "kernels/reference/pad_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kPad = 34;

void check(DataType t, std::vector<int32_t> shape, std::vector<std::pair<int32_t, int32_t>> pads,
           int32_t zp, bool pads64 = false) {
  size_t n = 1;
  std::vector<int32_t> out_shape, flat_pads;
  for (size_t i = 0; i < shape.size(); ++i) {
    n *= shape[i];
    out_shape.push_back(shape[i] + pads[i].first + pads[i].second);
    flat_pads.push_back(pads[i].first);
    flat_pads.push_back(pads[i].second);
  }
  const bool is16 = t == DataType::kInt16;
  const auto x = ew_test::random_values(n, is16 ? -32768 : -128, is16 ? 32767 : 127, 17);
  Node node(kPad);
  node.add_input({t, shape, 0.1f, zp}, x);
  node.add_const({pads64 ? DataType::kInt64 : DataType::kInt32,
                  {static_cast<int32_t>(shape.size()), 2}, 0.0f, 0},
                 flat_pads);
  node.add_output({t, out_shape, 0.1f, zp});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::pad(x, shape, pads, is16 ? 0 : zp));
}

TEST(PadKernel, Int8) {
  check(DataType::kInt8, {1, 5, 7, 3}, {{0, 0}, {1, 2}, {2, 1}, {0, 0}}, -128);
  check(DataType::kInt8, {3}, {{4, 0}}, 127);
  check(DataType::kInt8, {2, 3, 1, 2, 2, 3}, {{1, 0}, {0, 1}, {2, 2}, {0, 0}, {1, 1}, {0, 3}}, 5,
        true);
  check(DataType::kInt8, {2, 2}, {{0, 0}, {0, 0}}, 0);  // no padding
}

TEST(PadKernel, Int16) { check(DataType::kInt16, {1, 9, 4}, {{0, 0}, {3, 5}, {0, 1}}, 0); }

TEST(PadKernel, Rejects) {
  {
    Node node(kPad);
    node.add_input({DataType::kInt8, {2}, 0.1f, 0}, {});
    node.add_const({DataType::kInt32, {1, 2}, 0.0f, 0}, {-1, 2});
    node.add_output({DataType::kInt8, {3}, 0.1f, 0});
    EXPECT_NE(node.prepare().error.find("negative"), std::string::npos);
  }
  {
    Node node(kPad);
    node.add_input({DataType::kInt8, {2}, 0.1f, 0}, {});
    node.add_output({DataType::kInt8, {3}, 0.1f, 0});
    node.add_input({DataType::kInt32, {1, 2}, 0.0f, 0}, {0, 1});  // not constant
    EXPECT_NE(node.prepare().error.find("constant"), std::string::npos);
  }
  Node node(kPad);
  node.add_input({DataType::kInt8, {2, 3}, 0.1f, 0}, {});
  node.add_const({DataType::kInt32, {2, 2}, 0.0f, 0}, {1, 0, 0, 2});
  node.add_output({DataType::kInt8, {3, 5}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.out_rec(0).dims[1] = 6;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.out_rec(0).dims[1] = 5;
  // PAD copies bytes: input and output quantisation must be equal.
  node.out_rec(0).zero_point = 1;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.out_rec(0).zero_point = 0;
  node.out_rec(0).scale_bits ^= 1u;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.out_rec(0).scale_bits ^= 1u;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.drop_last_input();
  node.drop_last_input();
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
