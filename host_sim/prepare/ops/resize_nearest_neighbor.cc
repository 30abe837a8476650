// RESIZE_NEAREST_NEIGHBOR: offline prepare. The index tables are TFLite's GetNearestNeighbor
// evaluated in float exactly as the reference does.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "kernels/params/resize_nearest_neighbor.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/resize_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {
namespace {

int32_t nearest(int value, int32_t in_size, int32_t out_size, bool align_corners,
                bool half_pixel_centers) {
  const float scale = (align_corners && out_size > 1)
                          ? static_cast<float>(in_size - 1) / static_cast<float>(out_size - 1)
                          : static_cast<float>(in_size) / static_cast<float>(out_size);
  const float offset = half_pixel_centers ? 0.5f : 0.0f;
  const float pos = (static_cast<float>(value) + offset) * scale;
  int32_t v = std::min(align_corners ? static_cast<int32_t>(std::round(pos))
                                     : static_cast<int32_t>(std::floor(pos)),
                       in_size - 1);
  if (half_pixel_centers) v = std::max(0, v);
  return v;
}

}  // namespace

PrepResult prepare_resize_nearest_neighbor(const PrepOp& op) {
  PrepResult r;
  kernels::ResizeGeometry g;
  if (!resize_geometry(op, true, &g, &r.error)) return r;
  const bool ac = op.options.align_corners;
  const bool hp = op.options.half_pixel_centers;
  std::vector<int32_t> table;
  for (int y = 0; y < g.out_h; ++y) table.push_back(nearest(y, g.in_h, g.out_h, ac, hp));
  for (int x = 0; x < g.out_w; ++x) table.push_back(nearest(x, g.in_w, g.out_w, ac, hp));
  for (size_t i = 0; i < table.size(); ++i) {
    const int32_t limit = i < static_cast<size_t>(g.out_h) ? g.in_h : g.in_w;
    if (table[i] < 0 || table[i] >= limit) {
      return PrepResult::reject("source index out of range (TFLite would read outside the input)");
    }
  }
  r.params.resize(sizeof(g));
  std::memcpy(r.params.data(), &g, sizeof(g));
  append_array(&r.params, table);
  return r;
}

host::HostStatus decode_resize_nearest_neighbor_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::ResizeNearestNeighborOptions& p = *op.builtin_options_as_ResizeNearestNeighborOptions();
  o->align_corners = p.align_corners();
  o->half_pixel_centers = p.half_pixel_centers();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
