// RESIZE_NEAREST_NEIGHBOR kernel: see kernels/params/resize_nearest_neighbor.h.
#include "kernels/params/resize_nearest_neighbor.h"

#include "core/check.h"
#include "kernels/registry.h"
#include "kernels/resize_common.h"

namespace lpai {
namespace kernels {
namespace {

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(validate_resize(args, ops::resize_nearest_neighbor::kName, 1, 1, true));
  const ResizeGeometry& g = *reinterpret_cast<const ResizeGeometry*>(args.params);
  const int32_t* ys = reinterpret_cast<const int32_t*>(args.params + sizeof(ResizeGeometry));
  if (!indices_valid(ys, g.out_h, g.in_h) || !indices_valid(ys + g.out_h, g.out_w, g.in_w)) {
    LPAI_FAIL(Status::kBinaryBadParams, "RESIZE_NEAREST_NEIGHBOR: index table out of range");
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const ResizeGeometry& g = *reinterpret_cast<const ResizeGeometry*>(args.params);
  const int32_t* ys = reinterpret_cast<const int32_t*>(args.params + sizeof(ResizeGeometry));
  const int32_t* xs = ys + g.out_h;
  const uint32_t esize =
      args.inputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt16) ? 2u : 1u;
  const uint32_t pixel = static_cast<uint32_t>(g.depth) * esize;  // bytes per pixel
  const uint32_t in_row = static_cast<uint32_t>(g.in_w) * pixel;
  const uint32_t out_row = static_cast<uint32_t>(g.out_w) * pixel;
  const uint8_t* in = args.inputs[0].data;
  uint8_t* out = args.outputs[0].data;
  for (int32_t b = 0; b < g.batches; ++b) {
    const uint8_t* in_b = in + static_cast<uint32_t>(b) * static_cast<uint32_t>(g.in_h) * in_row;
    for (int32_t y = 0; y < g.out_h; ++y) {
      if (y > 0 && ys[y] == ys[y - 1]) {  // same source row: repeat the previous output row
        __builtin_memcpy(out, out - out_row, out_row);
        out += out_row;
        continue;
      }
      const uint8_t* src = in_b + static_cast<uint32_t>(ys[y]) * in_row;
      if (pixel == 1) {
        for (int32_t x = 0; x < g.out_w; ++x) out[x] = src[xs[x]];
        out += out_row;
      } else {
        for (int32_t x = 0; x < g.out_w; ++x) {
          __builtin_memcpy(out, src + static_cast<uint32_t>(xs[x]) * pixel, pixel);
          out += pixel;
        }
      }
    }
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(resize_nearest_neighbor, validate, eval);

}  // namespace kernels
}  // namespace lpai
