// SPACE_TO_BATCH_ND kernel against reference/movement_ref.h. The pad value is raw 0 (what the
// TFLite Micro oracle writes), not the zero point.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"
#include "kernels/reference/movement_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kSpaceToBatchNd = 38;

void check(DataType t, std::vector<int32_t> s, int bh, int bw, std::vector<int> pads) {
  const bool three = s.size() == 3;
  const std::vector<int32_t> s4 = three ? std::vector<int32_t>{s[0], s[1], 1, s[2]} : s;
  const auto x = mv_test::values(t, mv_test::count(s), 61);
  std::vector<int32_t> os4;
  // The 3-D form pads height only; the reference always takes {top, bottom, left, right}.
  const std::vector<int> pads4 = three ? std::vector<int>{pads[0], pads[1], 0, 0} : pads;
  const auto want = ref::space_to_batch(x, s4, bh, bw, pads4, 0, &os4);
  Node n(kSpaceToBatchNd);
  n.add_input(mv_test::spec(t, s, -77), x);
  if (three) {
    n.add_const(mv_test::ints({1}), {bh});
    n.add_const(mv_test::ints({1, 2}), {pads[0], pads[1]});
    n.add_output(mv_test::spec(t, {os4[0], os4[1], os4[3]}, -77));
  } else {
    n.add_const(mv_test::ints({2}), {bh, bw});
    n.add_const(mv_test::ints({2, 2}), {pads[0], pads[1], pads[2], pads[3]});
    n.add_output(mv_test::spec(t, os4, -77));
  }
  if (!mv_test::run(n)) return;
  EXPECT_EQ(n.output(), want);
}

TEST(SpaceToBatchNdKernel, Shapes) {
  check(DataType::kInt8, {1, 6, 6, 4}, 3, 2, {3, 0, 0, 0});
  check(DataType::kInt8, {2, 2, 3, 4}, 1, 2, {0, 0, 0, 1});
  check(DataType::kInt8, {2, 6, 4, 3}, 1, 1, {0, 0, 0, 0});
  check(DataType::kInt8, {2, 4, 6, 2}, 1, 1, {0, 1, 0, 0});
  check(DataType::kInt8, {1, 5, 7, 3}, 2, 3, {1, 2, 0, 2});
  check(DataType::kInt8, {2, 5, 3}, 3, 1, {1, 0});  // 3-D
  check(DataType::kInt16, {1, 4, 4, 2}, 2, 2, {0, 0, 2, 2});
}

TEST(SpaceToBatchNdKernel, RandomSweep) {
  uint32_t seed = 556;
  auto next = [&seed](uint32_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (int iter = 0; iter < 200; ++iter) {
    const int bh = 1 + static_cast<int>(next(3)), bw = 1 + static_cast<int>(next(3));
    const int h = 1 + static_cast<int>(next(6)), w = 1 + static_cast<int>(next(6));
    const int pt = static_cast<int>(next(3)), pl = static_cast<int>(next(3));
    const int pb = (bh - (h + pt) % bh) % bh + bh * static_cast<int>(next(2));
    const int pr = (bw - (w + pl) % bw) % bw;
    check(iter % 2 ? DataType::kInt16 : DataType::kInt8,
          {1 + static_cast<int32_t>(next(2)), h, w, 1 + static_cast<int32_t>(next(3))}, bh, bw,
          {pt, pb, pl, pr});
    if (HasFailure()) {
      ADD_FAILURE() << "iteration " << iter;
      return;
    }
  }
}

TEST(SpaceToBatchNdKernel, Rejects) {
  Node bad(kSpaceToBatchNd);
  bad.add_input(mv_test::spec(DataType::kInt8, {1, 5, 4, 1}), {});
  bad.add_const(mv_test::ints({2}), {2, 2});
  bad.add_const(mv_test::ints({2, 2}), {0, 0, 0, 0});
  bad.add_output(mv_test::spec(DataType::kInt8, {4, 2, 2, 1}));
  mv_test::error_has(bad, "not divisible");
  Node n(kSpaceToBatchNd);
  n.add_input(mv_test::spec(DataType::kInt8, {1, 4, 4, 1}), {});
  n.add_const(mv_test::ints({2}), {2, 2});
  n.add_const(mv_test::ints({2, 2}), {0, 0, 0, 0});
  n.add_output(mv_test::spec(DataType::kInt8, {4, 2, 2, 1}));
  ASSERT_TRUE(n.prepare().ok());
  ASSERT_EQ(n.validate(), lpai::Status::kOk);
  n.out_rec(0).dims[0] = 2;
  n.out_rec(0).size = 8;
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
