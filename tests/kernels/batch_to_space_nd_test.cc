// BATCH_TO_SPACE_ND kernel against reference/movement_ref.h.
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"
#include "kernels/reference/movement_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kBatchToSpaceNd = 37;

void check(DataType t, std::vector<int32_t> s, int bh, int bw, std::vector<int> crops) {
  const bool three = s.size() == 3;
  const std::vector<int32_t> s4 = three ? std::vector<int32_t>{s[0], s[1], 1, s[2]} : s;
  const auto x = mv_test::values(t, mv_test::count(s), 67);
  std::vector<int32_t> os4;
  // The 3-D form crops height only; the reference always takes {top, bottom, left, right}.
  const std::vector<int> crops4 = three ? std::vector<int>{crops[0], crops[1], 0, 0} : crops;
  const auto want = ref::batch_to_space(x, s4, bh, bw, crops4, &os4);
  Node n(kBatchToSpaceNd);
  n.add_input(mv_test::spec(t, s), x);
  if (three) {
    n.add_const(mv_test::ints({1}), {bh});
    n.add_const(mv_test::ints({1, 2}), {crops[0], crops[1]});
    n.add_output(mv_test::spec(t, {os4[0], os4[1], os4[3]}));
  } else {
    n.add_const(mv_test::ints({2}), {bh, bw});
    n.add_const(mv_test::ints({2, 2}), {crops[0], crops[1], crops[2], crops[3]});
    n.add_output(mv_test::spec(t, os4));
  }
  if (!mv_test::run(n)) return;
  EXPECT_EQ(n.output(), want);
}

TEST(BatchToSpaceNdKernel, Shapes) {
  check(DataType::kInt8, {3, 4, 1, 3}, 3, 1, {0, 0, 0, 0});
  check(DataType::kInt8, {12, 2, 2, 2}, 3, 2, {0, 0, 2, 0});
  check(DataType::kInt8, {2, 4, 2, 3}, 2, 1, {1, 0, 1, 0});
  check(DataType::kInt8, {12, 1, 2, 2}, 2, 3, {0, 0, 0, 1});
  check(DataType::kInt8, {8, 3, 3, 2}, 2, 2, {1, 2, 2, 1});
  check(DataType::kInt8, {6, 4, 5}, 3, 1, {2, 1});  // 3-D
  check(DataType::kInt16, {4, 2, 3, 3}, 2, 2, {0, 1, 1, 0});
}

TEST(BatchToSpaceNdKernel, RandomSweep) {
  uint32_t seed = 555;
  auto next = [&seed](uint32_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (int iter = 0; iter < 200; ++iter) {
    const int bh = 1 + static_cast<int>(next(3)), bw = 1 + static_cast<int>(next(3));
    const int h = 1 + static_cast<int>(next(4)), w = 1 + static_cast<int>(next(4));
    const int b = 1 + static_cast<int>(next(2)), c = 1 + static_cast<int>(next(3));
    const int ct = static_cast<int>(next(h * bh)), cb = static_cast<int>(next(h * bh - ct));
    const int cl = static_cast<int>(next(w * bw)), cr = static_cast<int>(next(w * bw - cl));
    check(iter % 2 ? DataType::kInt16 : DataType::kInt8, {b * bh * bw, h, w, c}, bh, bw,
          {ct, cb, cl, cr});
    if (HasFailure()) {
      ADD_FAILURE() << "iteration " << iter;
      return;
    }
  }
}

TEST(BatchToSpaceNdKernel, Rejects) {
  Node bad(kBatchToSpaceNd);
  bad.add_input(mv_test::spec(DataType::kInt8, {3, 2, 2, 1}), {});
  bad.add_const(mv_test::ints({2}), {2, 1});
  bad.add_const(mv_test::ints({2, 2}), {0, 0, 0, 0});
  bad.add_output(mv_test::spec(DataType::kInt8, {1, 4, 2, 1}));
  mv_test::error_has(bad, "not divisible");
  Node n(kBatchToSpaceNd);
  n.add_input(mv_test::spec(DataType::kInt8, {4, 2, 2, 1}), {});
  n.add_const(mv_test::ints({2}), {2, 2});
  n.add_const(mv_test::ints({2, 2}), {1, 0, 0, 0});
  n.add_output(mv_test::spec(DataType::kInt8, {1, 3, 4, 1}));
  ASSERT_TRUE(n.prepare().ok());
  ASSERT_EQ(n.validate(), lpai::Status::kOk);
  n.out_rec(0).dims[1] = 4;  // would leave an output row unwritten (crop_top 1)
  n.out_rec(0).size = 16;
  auto blob = n.params();
  blob[20] = 4;  // BatchToSpaceNdParams::out_dims[1]
  n.set_params(blob);
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
