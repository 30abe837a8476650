// RESIZE_NEAREST_NEIGHBOR kernel against reference/resize_ref.h.
#include <gtest/gtest.h>

#include "kernels/op_node.h"
#include "kernels/reference/resize_ref.h"

namespace {

using op_test::DataType;
using op_test::Node;

constexpr int kResizeNn = 97;

void check(DataType t, int B, int H, int W, int C, int OH, int OW, bool ac, bool hp, uint32_t seed) {
  const bool i16 = t == DataType::kInt16;
  const auto x = op_test::random_values(B * H * W * C, i16 ? -32768 : -128, i16 ? 32767 : 127, seed);
  Node node(kResizeNn);
  node.options().align_corners = ac;
  node.options().half_pixel_centers = hp;
  node.add_input({t, {B, H, W, C}, 0.02f, i16 ? 0 : 11}, x);
  node.add_const({DataType::kInt32, {2}, 1.0f, 0, false}, {OH, OW});
  node.add_output({t, {B, OH, OW, C}, 0.02f, i16 ? 0 : 11});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::resize_nearest(x, B, H, W, C, OH, OW, ac, hp))
      << H << "x" << W << " -> " << OH << "x" << OW << " ac " << ac << " hp " << hp;
}

TEST(ResizeNearestNeighborKernel, AllModes) {
  for (DataType t : {DataType::kInt8, DataType::kInt16}) {
    for (int mode = 0; mode < 3; ++mode) {
      const bool ac = mode == 1, hp = mode == 2;
      check(t, 2, 1, 6, 1, 7, 10, ac, hp, 1);
      check(t, 2, 3, 5, 3, 7, 6, ac, hp, 2);
      check(t, 2, 2, 1, 2, 7, 1, ac, hp, 3);
      check(t, 2, 5, 3, 2, 8, 7, ac, hp, 4);
      check(t, 1, 9, 7, 4, 4, 3, ac, hp, 5);   // downscale
      check(t, 1, 3, 3, 5, 1, 1, ac, hp, 6);
      check(t, 1, 4, 4, 1, 16, 16, ac, hp, 7);
    }
  }
}

TEST(ResizeNearestNeighborKernel, Rejects) {
  Node node(kResizeNn);
  node.add_input({DataType::kInt8, {1, 2, 2, 1}, 0.1f, 0}, {});
  node.add_const({DataType::kInt32, {2}, 1.0f, 0, false}, {4, 4});
  node.add_output({DataType::kInt8, {1, 4, 4, 1}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  auto p = node.params();
  auto bad = p;
  const int32_t big = 2;  // y_index[0] = 2 is outside a 2-row input
  std::memcpy(bad.data() + 24, &big, 4);
  node.set_params(bad);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  bad = p;
  bad.pop_back();
  node.set_params(bad);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);

  Node wrong_size(kResizeNn);
  wrong_size.add_input({DataType::kInt8, {1, 2, 2, 1}, 0.1f, 0}, {});
  wrong_size.add_const({DataType::kInt32, {2}, 1.0f, 0, false}, {4, 5});
  wrong_size.add_output({DataType::kInt8, {1, 4, 4, 1}, 0.1f, 0});
  EXPECT_FALSE(wrong_size.prepare().ok());
}

}  // namespace
