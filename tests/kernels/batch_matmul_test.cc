// BATCH_MATMUL kernel against reference/matmul_svdf_ref.h.
#include <gtest/gtest.h>

#include "kernels/op_node.h"
#include "kernels/params/batch_matmul.h"
#include "kernels/reference/matmul_svdf_ref.h"

namespace {

using op_test::DataType;
using op_test::Node;

constexpr int kBatchMatmul = 126;

struct Case {
  std::vector<int32_t> lhs, rhs;
  bool adj_x, adj_y;
  float sl;
  int32_t zl;
  float sr;
  int32_t zr;
  float so;
  int32_t zo;
  bool rhs_const;
};

std::vector<int32_t> out_shape(const Case& c) {
  std::vector<int32_t> l = c.lhs, r = c.rhs;
  const size_t rank = std::max(l.size(), r.size());
  while (l.size() < rank) l.insert(l.begin(), 1);
  while (r.size() < rank) r.insert(r.begin(), 1);
  std::vector<int32_t> o;
  for (size_t i = 0; i + 2 < rank; ++i) o.push_back(std::max(l[i], r[i]));
  o.push_back(c.adj_x ? l[rank - 1] : l[rank - 2]);
  o.push_back(c.adj_y ? r[rank - 2] : r[rank - 1]);
  return o;
}

void check(DataType t, const Case& c, uint32_t seed) {
  const bool i16 = t == DataType::kInt16;
  auto count = [](const std::vector<int32_t>& s) {
    int64_t n = 1;
    for (int32_t d : s) n *= d;
    return static_cast<size_t>(n);
  };
  const int lo = i16 ? -32768 : -128, hi = i16 ? 32767 : 127;
  const auto a = op_test::random_values(count(c.lhs), lo, hi, seed);
  const auto b = op_test::random_values(count(c.rhs), lo, hi, seed + 100);
  Node node(kBatchMatmul);
  node.options().adj_x = c.adj_x;
  node.options().adj_y = c.adj_y;
  node.add_input({t, c.lhs, c.sl, c.zl}, a);
  if (c.rhs_const) {
    node.add_const({t, c.rhs, c.sr, c.zr}, b);
  } else {
    node.add_input({t, c.rhs, c.sr, c.zr}, b);
  }
  node.add_output({t, out_shape(c), c.so, c.zo});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::batch_matmul(a, c.lhs, b, c.rhs, c.adj_x, c.adj_y, c.sl, c.zl,
                                             c.sr, c.zr, c.so, c.zo, i16));
  node.run();  // the transposes in temp are rebuilt every run
  EXPECT_EQ(node.output(), ref::batch_matmul(a, c.lhs, b, c.rhs, c.adj_x, c.adj_y, c.sl, c.zl,
                                             c.sr, c.zr, c.so, c.zo, i16));
}

TEST(BatchMatmulKernel, Int8AllAdjoints) {
  for (int m = 0; m < 4; ++m) {
    const bool ax = m & 1, ay = m & 2;
    std::vector<int32_t> l = ax ? std::vector<int32_t>{2, 9, 5} : std::vector<int32_t>{2, 5, 9};
    std::vector<int32_t> r = ay ? std::vector<int32_t>{2, 7, 9} : std::vector<int32_t>{2, 9, 7};
    check(DataType::kInt8, {l, r, ax, ay, 0.01f, 74, 0.02f, -24, 0.05f, 5, false}, 1 + m);
    check(DataType::kInt8, {l, r, ax, ay, 0.01f, -128, 0.02f, 127, 0.02f, -128, true}, 5 + m);
  }
}

TEST(BatchMatmulKernel, Int8BroadcastBatches) {
  check(DataType::kInt8, {{3, 1, 4, 6}, {2, 6, 5}, false, false, 0.03f, 3, 0.01f, -7, 0.1f, 0, false}, 10);
  check(DataType::kInt8, {{4, 6}, {2, 3, 6, 5}, false, false, 0.03f, 3, 0.01f, -7, 0.1f, 0, true}, 11);
  check(DataType::kInt8, {{2, 1, 2, 4, 6}, {3, 1, 5, 4}, true, true, 0.03f, 0, 0.01f, 1, 0.1f, 2, false}, 12);
  check(DataType::kInt8, {{1, 30}, {30, 1}, false, false, 0.1f, 82, 0.1f, 2, 4.0f, 2, true}, 13);
}

TEST(BatchMatmulKernel, Int8Saturation) {
  check(DataType::kInt8, {{3, 40}, {40, 4}, false, false, 0.5f, 0, 0.5f, 0, 0.01f, 0, false}, 14);
}

TEST(BatchMatmulKernel, Int16) {
  check(DataType::kInt16, {{6, 1}, {5, 1}, false, true, 4e-5f, 0, 1e-4f, 0, 5e-3f, 0, true}, 20);
  check(DataType::kInt16, {{5, 14}, {14, 7}, false, false, 2e-3f, 0, 1.2e-3f, 0, 0.29f, 0, false}, 21);
  check(DataType::kInt16, {{3, 2, 30, 6}, {2, 3, 30}, true, true, 3e-5f, 0, 2.3e-5f, 0, 1.4e-4f, 0, false}, 22);
  check(DataType::kInt16, {{2, 9, 20}, {20, 3}, false, false, 1e-3f, 0, 1e-3f, 0, 1e-5f, 0, true}, 23);
}

TEST(BatchMatmulKernel, Rejects) {
  Node node(kBatchMatmul);
  node.add_input({DataType::kInt8, {2, 3, 4}, 0.1f, 0}, {});
  node.add_input({DataType::kInt8, {2, 4, 5}, 0.1f, 0}, {});
  node.add_output({DataType::kInt8, {2, 3, 5}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  const uint32_t temp = node.temp_size();
  EXPECT_EQ(temp, 40u);  // the rhs transposed: 2 * 4 * 5 bytes
  node.temp_size() = temp - 1;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadPlan);
  node.temp_size() = temp;
  auto p = node.params();
  lpai::kernels::BatchMatmulParams bp;
  std::memcpy(&bp, p.data(), sizeof(bp));
  bp.rhs_stride[2] = 2;  // would read past the rhs
  node.set_params(op_test::bytes_of(bp));
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.set_params(p);
  node.in_rec(1).data_type = static_cast<uint8_t>(DataType::kInt16);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);

  Node mismatch(kBatchMatmul);
  mismatch.add_input({DataType::kInt8, {3, 4}, 0.1f, 0}, {});
  mismatch.add_input({DataType::kInt8, {5, 5}, 0.1f, 0}, {});
  mismatch.add_output({DataType::kInt8, {3, 5}, 0.1f, 0});
  EXPECT_FALSE(mismatch.prepare().ok());

  Node zp16(kBatchMatmul);
  zp16.add_input({DataType::kInt16, {3, 4}, 0.1f, 1}, {});
  zp16.add_input({DataType::kInt16, {4, 5}, 0.1f, 0}, {});
  zp16.add_output({DataType::kInt16, {3, 5}, 0.1f, 0});
  EXPECT_FALSE(zp16.prepare().ok());
}

}  // namespace
