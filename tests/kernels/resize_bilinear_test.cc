// RESIZE_BILINEAR kernel against reference/resize_ref.h.
#include <gtest/gtest.h>

#include "kernels/op_node.h"
#include "kernels/reference/resize_ref.h"

namespace {

using op_test::DataType;
using op_test::Node;

constexpr int kResizeBilinear = 23;

// without_temp: the node runs with no scratch (the kernel's per-pixel path); otherwise with
// the scratch prepare asks for (the separable path).
void check(int B, int H, int W, int C, int OH, int OW, bool ac, bool hp, uint32_t seed,
           std::vector<int32_t> x = {}, bool without_temp = false) {
  if (x.empty()) x = op_test::random_values(B * H * W * C, -128, 127, seed);
  Node node(kResizeBilinear);
  node.options().align_corners = ac;
  node.options().half_pixel_centers = hp;
  node.add_input({DataType::kInt8, {B, H, W, C}, 0.15f, -128}, x);
  node.add_const({DataType::kInt32, {2}, 1.0f, 0, false}, {OH, OW});
  node.add_output({DataType::kInt8, {B, OH, OW, C}, 0.15f, -128});
  auto r = node.prepare();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.temp_bytes, static_cast<uint32_t>(8 * OW * C));
  if (without_temp) node.temp_size() = 0;
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  node.run();
  EXPECT_EQ(node.output(), ref::resize_bilinear_int8(x, B, H, W, C, OH, OW, ac, hp))
      << H << "x" << W << " -> " << OH << "x" << OW << " ac " << ac << " hp " << hp;
}

TEST(ResizeBilinearKernel, AllModes) {
  for (int mode = 0; mode < 3; ++mode) {
    const bool ac = mode == 1, hp = mode == 2;
    check(1, 1, 6, 2, 9, 9, ac, hp, 1);
    check(1, 2, 3, 1, 2, 10, ac, hp, 2);
    check(2, 5, 1, 1, 2, 5, ac, hp, 3);
    check(1, 5, 4, 2, 4, 2, ac, hp, 4);
    check(1, 7, 9, 3, 13, 5, ac, hp, 5);
    check(1, 3, 3, 4, 1, 1, ac, hp, 6);
    check(1, 4, 4, 2, 16, 16, ac, hp, 7);
  }
}

TEST(ResizeBilinearKernel, SeparableAndPerPixelPathsAgree) {
  for (int mode = 0; mode < 3; ++mode) {
    const bool ac = mode == 1, hp = mode == 2;
    for (const bool no_temp : {false, true}) {
      check(1, 16, 16, 32, 32, 32, ac, hp, 10, {}, no_temp);  // upsampling, rows of 1024
      check(2, 24, 24, 4, 96, 96, ac, hp, 11, {}, no_temp);   // x4, two batches
      check(1, 9, 13, 3, 4, 5, ac, hp, 12, {}, no_temp);      // downsampling
      check(1, 5, 7, 5, 11, 3, ac, hp, 13, {}, no_temp);      // mixed ratios
    }
  }
}

TEST(ResizeBilinearKernel, ExtremeValues) {  // rounding of negative and positive extremes
  for (int mode = 0; mode < 3; ++mode) {
    check(1, 2, 2, 1, 5, 7, mode == 1, mode == 2, 8, {-128, 127, 127, -128});
    check(1, 2, 2, 1, 5, 7, mode == 1, mode == 2, 9, {-128, -128, -128, -128});
  }
}

TEST(ResizeBilinearKernel, Rejects) {
  Node both(kResizeBilinear);
  both.options().align_corners = true;
  both.options().half_pixel_centers = true;
  both.add_input({DataType::kInt8, {1, 2, 2, 1}, 0.1f, 0}, {});
  both.add_const({DataType::kInt32, {2}, 1.0f, 0, false}, {4, 4});
  both.add_output({DataType::kInt8, {1, 4, 4, 1}, 0.1f, 0});
  EXPECT_FALSE(both.prepare().ok());

  Node node(kResizeBilinear);
  node.add_input({DataType::kInt8, {1, 2, 2, 1}, 0.1f, 0}, {});
  node.add_const({DataType::kInt32, {2}, 1.0f, 0, false}, {4, 4});
  node.add_output({DataType::kInt8, {1, 4, 4, 1}, 0.1f, 0});
  ASSERT_TRUE(node.prepare().ok());
  ASSERT_EQ(node.validate(), lpai::Status::kOk);
  auto p = node.params();
  auto bad = p;
  const int32_t dy = 1024;  // outside [-512, 1024)
  std::memcpy(bad.data() + 24 + 2 * 4 * 4, &dy, 4);
  node.set_params(bad);
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryBadParams);
  node.set_params(p);
  node.in_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
  node.in_rec(0).size = 8;
  node.out_rec(0).data_type = static_cast<uint8_t>(DataType::kInt16);
  node.out_rec(0).size = 32;
  EXPECT_EQ(node.validate(), lpai::Status::kBinaryTensorTypeRefused);  // int8 only
}

}  // namespace
