// MIRROR_PAD kernel against reference/movement_ref.h (REFLECT and SYMMETRIC).
#include <gtest/gtest.h>

#include "kernels/movement_test_util.h"
#include "kernels/reference/movement_ref.h"

namespace {

using mv_test::DataType;
using mv_test::Node;

constexpr int kMirrorPad = 100;

void check(DataType t, std::vector<int32_t> s, std::vector<std::pair<int, int>> pads,
           bool reflect, bool i64 = false) {
  const auto x = mv_test::values(t, mv_test::count(s), 53);
  std::vector<int32_t> os, flat;
  for (size_t i = 0; i < s.size(); ++i) {
    os.push_back(s[i] + pads[i].first + pads[i].second);
    flat.push_back(pads[i].first);
    flat.push_back(pads[i].second);
  }
  Node n(kMirrorPad);
  n.options().mirror_mode = reflect ? 0 : 1;
  n.add_input(mv_test::spec(t, s), x);
  n.add_const(mv_test::ints({static_cast<int32_t>(s.size()), 2}, i64), flat);
  n.add_output(mv_test::spec(t, os));
  if (!mv_test::run(n)) return;
  EXPECT_EQ(n.output(), ref::mirror_pad(x, s, pads, reflect));
}

TEST(MirrorPadKernel, Reflect) {
  check(DataType::kInt8, {1, 1, 2, 6}, {{0, 0}, {0, 0}, {1, 0}, {1, 1}}, true);
  check(DataType::kInt8, {3}, {{2, 2}}, true);  // largest reflect padding: dim - 1
  check(DataType::kInt8, {4, 5}, {{3, 1}, {4, 4}}, true, true);
  check(DataType::kInt8, {2, 3, 2, 2, 3, 4}, {{1, 0}, {2, 1}, {0, 1}, {1, 1}, {0, 2}, {3, 0}}, true);
  check(DataType::kInt16, {3, 4}, {{1, 2}, {2, 3}}, true);
}

TEST(MirrorPadKernel, Symmetric) {
  check(DataType::kInt8, {3}, {{3, 3}}, false);  // largest symmetric padding: dim
  check(DataType::kInt8, {2, 3, 4}, {{2, 1}, {0, 3}, {4, 2}}, false);
  check(DataType::kInt8, {1, 2}, {{0, 1}, {2, 0}}, false);
  check(DataType::kInt16, {5, 1, 2}, {{1, 4}, {1, 0}, {1, 2}}, false);
}

TEST(MirrorPadKernel, RandomSweep) {
  uint32_t seed = 31337;
  auto next = [&seed](uint32_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  for (int iter = 0; iter < 200; ++iter) {
    const bool reflect = iter % 2 == 0;
    const int rank = 1 + static_cast<int>(next(6));
    std::vector<int32_t> shape;
    std::vector<std::pair<int, int>> pads;
    for (int i = 0; i < rank; ++i) {
      shape.push_back(1 + static_cast<int32_t>(next(4)));
      const int limit = shape.back() - (reflect ? 1 : 0);
      pads.push_back({static_cast<int>(next(limit + 1)), static_cast<int>(next(limit + 1))});
    }
    check(iter % 3 == 0 ? DataType::kInt16 : DataType::kInt8, shape, pads, reflect);
    if (HasFailure()) {
      ADD_FAILURE() << "iteration " << iter;
      return;
    }
  }
}

TEST(MirrorPadKernel, Rejects) {
  {
    Node n(kMirrorPad);
    n.options().mirror_mode = 0;  // REFLECT: at most dim - 1
    n.add_input(mv_test::spec(DataType::kInt8, {3}), {});
    n.add_const(mv_test::ints({1, 2}), {3, 0});
    n.add_output(mv_test::spec(DataType::kInt8, {6}));
    mv_test::error_has(n, "exceed");
  }
  Node n(kMirrorPad);
  n.options().mirror_mode = 1;
  n.add_input(mv_test::spec(DataType::kInt8, {3}), {});
  n.add_const(mv_test::ints({1, 2}), {3, 0});
  n.add_output(mv_test::spec(DataType::kInt8, {6}));
  ASSERT_TRUE(n.prepare().ok());
  ASSERT_EQ(n.validate(), lpai::Status::kOk);
  auto blob = n.params();
  blob[72] = 1;  // MirrorPadParams::offset -> REFLECT: padding 3 now exceeds dim - 1
  n.set_params(blob);
  EXPECT_EQ(n.validate(), lpai::Status::kBinaryBadParams);
}

}  // namespace
