// SELECT_V2 kernel against a plain three-way broadcast reference.
#include <gtest/gtest.h>

#include "kernels/ew_harness.h"
#include "kernels/params/select_v2.h"
#include "kernels/reference/ew_ext_ref.h"

namespace {

using ew_test::DataType;
using ew_test::Node;

constexpr int kSelectV2 = 123;

int64_t count(const std::vector<int32_t>& s) {
  int64_t n = 1;
  for (int32_t d : s) n *= d;
  return n;
}

void check(DataType t, std::vector<int32_t> sc, std::vector<int32_t> sx, std::vector<int32_t> sy,
           uint32_t seed, bool const_cond) {
  const int32_t lo = t == DataType::kInt8 ? -128 : -32768, hi = t == DataType::kInt8 ? 127 : 32767;
  const auto c = ew_test::random_values(count(sc), 0, 1, seed);
  const auto x = ew_test::random_values(count(sx), lo, hi, seed + 1);
  const auto y = ew_test::random_values(count(sy), lo, hi, seed + 2);
  const auto so = ref::broadcast_shape(ref::broadcast_shape(sc, sx), sy);
  Node node(kSelectV2);
  if (const_cond) {
    node.add_const({DataType::kBool, sc, 1.0f, 0}, c);
  } else {
    node.add_input({DataType::kBool, sc, 1.0f, 0}, c);
  }
  node.add_input({t, sx, 0.1f, 0}, x);
  node.add_input({t, sy, 0.1f, 0}, y);
  node.add_output({t, so, 0.1f, 0});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  std::vector<int32_t> want;
  ref::for_each_coord(so, [&](size_t, const std::vector<int32_t>& k) {
    want.push_back(c[ref::broadcast_index(sc, k)] ? x[ref::broadcast_index(sx, k)]
                                                  : y[ref::broadcast_index(sy, k)]);
  });
  EXPECT_EQ(node.output(), want);
}

TEST(SelectV2Kernel, Flat) {
  check(DataType::kInt8, {3, 4}, {3, 4}, {3, 4}, 1, false);
  check(DataType::kInt16, {5}, {5}, {5}, 2, true);
}

TEST(SelectV2Kernel, BroadcastAllOperands) {
  check(DataType::kInt8, {1, 5, 1}, {3, 5, 3}, {3, 5, 3}, 3, true);
  check(DataType::kInt8, {1, 1, 1, 1}, {1, 1, 5, 2}, {1, 2}, 4, true);
  check(DataType::kInt16, {1, 5, 1, 4}, {1, 5, 3, 4}, {1, 1, 1, 1}, 5, false);
  check(DataType::kInt16, {2, 1, 1}, {1, 3, 1}, {1, 1, 4}, 6, false);  // output from all three
  check(DataType::kInt8, {1}, {4}, {1}, 7, true);
}

TEST(SelectV2Kernel, ValidateRejects) {
  Node node(kSelectV2);
  node.add_input({DataType::kBool, {1, 3}, 1.0f, 0}, {});
  node.add_input({DataType::kInt8, {2, 3}, 0.1f, 0}, {});
  node.add_input({DataType::kInt8, {2, 1}, 0.1f, 0}, {});
  node.add_output({DataType::kInt8, {2, 3}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  lpai::kernels::SelectV2Params p{};
  p.flat = 1;  // shapes differ
  node.set_params(ew_test::bytes_of(p));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  ASSERT_TRUE(node.prepare().ok());
  std::vector<uint8_t> blob = node.params();
  blob[4 + 6 * 4 + 5 * 4] ^= 1;  // a condition stride
  node.set_params(blob);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  ASSERT_TRUE(node.prepare().ok());
  node.in_rec(0).data_type = static_cast<uint8_t>(DataType::kInt8);  // condition must be bool
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);
}

}  // namespace
