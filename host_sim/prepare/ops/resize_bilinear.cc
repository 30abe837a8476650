// RESIZE_BILINEAR: offline prepare. The interpolation tables are TFLite's
// ComputeInterpolationValuesInteger (10-bit scales rounded as ResizeBilinearInteger does).
#include <algorithm>
#include <cstring>
#include <vector>

#include "kernels/params/resize_bilinear.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/resize_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {
namespace {

int32_t scale_10(int32_t in_size, int32_t out_size, bool align_corners) {
  if (align_corners && out_size > 1) {
    return ((1 << 10) * (in_size - 1) + (out_size - 1) / 2) / (out_size - 1);
  }
  return ((1 << 10) * in_size + out_size / 2) / out_size;
}

// Appends lower[n], upper[n], delta[n]; false when TFLite would index outside the input.
bool axis_tables(int32_t in_size, int32_t out_size, bool align_corners, bool half_pixel,
                 std::vector<int32_t>* blob_tables) {
  const int32_t s = scale_10(in_size, out_size, align_corners);
  std::vector<int32_t> lo(out_size), hi(out_size), d(out_size);
  for (int32_t v = 0; v < out_size; ++v) {
    const int32_t pos = half_pixel ? v * s + s / 2 - (1 << 9) : v * s;
    lo[v] = std::max(pos / (1 << 10), 0);
    hi[v] = std::min((pos + (1 << 10) - 1) / (1 << 10), in_size - 1);
    d[v] = pos - (1 << 10) * lo[v];
    if (lo[v] >= in_size || hi[v] < 0 || d[v] < -512 || d[v] >= 1024) return false;
  }
  blob_tables->insert(blob_tables->end(), lo.begin(), lo.end());
  blob_tables->insert(blob_tables->end(), hi.begin(), hi.end());
  blob_tables->insert(blob_tables->end(), d.begin(), d.end());
  return true;
}

}  // namespace

PrepResult prepare_resize_bilinear(const PrepOp& op) {
  PrepResult r;
  kernels::ResizeGeometry g;
  if (!resize_geometry(op, false, &g, &r.error)) return r;
  const bool ac = op.options.align_corners;
  const bool hp = op.options.half_pixel_centers;
  if (ac && hp) {
    return PrepResult::reject("half_pixel_centers requires align_corners false");
  }
  if (static_cast<int64_t>(g.in_h) * 1024 * 2 > INT32_MAX / 4 ||
      static_cast<int64_t>(g.in_w) * 1024 * 2 > INT32_MAX / 4 ||
      static_cast<int64_t>(g.out_h) * g.in_h * 1024 > INT32_MAX ||
      static_cast<int64_t>(g.out_w) * g.in_w * 1024 > INT32_MAX) {
    return PrepResult::reject("image too large for the 10-bit interpolation");
  }
  std::vector<int32_t> tables;
  if (!axis_tables(g.in_h, g.out_h, ac, hp, &tables) ||
      !axis_tables(g.in_w, g.out_w, ac, hp, &tables)) {
    return PrepResult::reject("resize ratio outside what TFLite's 10-bit interpolation indexes safely");
  }
  r.params.resize(sizeof(g));
  std::memcpy(r.params.data(), &g, sizeof(g));
  append_array(&r.params, tables);
  // Scratch for the kernel's separable path; an image whose rows would need more than 1 MiB
  // runs the per-pixel path instead.
  const uint64_t temp = kernels::resize_bilinear_temp_bytes(static_cast<uint32_t>(g.out_w),
                                                            static_cast<uint32_t>(g.depth));
  r.temp_bytes = temp <= (uint64_t{1} << 20) ? static_cast<uint32_t>(temp) : 0u;
  return r;
}

host::HostStatus decode_resize_bilinear_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::ResizeBilinearOptions& p = *op.builtin_options_as_ResizeBilinearOptions();
  o->align_corners = p.align_corners();
  o->half_pixel_centers = p.half_pixel_centers();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
