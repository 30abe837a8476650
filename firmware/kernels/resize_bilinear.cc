// RESIZE_BILINEAR kernel: see kernels/resize_bilinear.h.
#include "kernels/resize_bilinear.h"

#include "kernels/registry.h"
#include "kernels/resize_common.h"

namespace lpai {
namespace kernels {
namespace {

bool weights_valid(const int32_t* d, int32_t n) {
  for (int32_t i = 0; i < n; ++i) {
    if (d[i] < -512 || d[i] >= 1024) return false;
  }
  return true;
}

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(validate_resize(args, "RESIZE_BILINEAR", 3, 3, false));
  const ResizeGeometry& g = *reinterpret_cast<const ResizeGeometry*>(args.params);
  const int32_t* t = reinterpret_cast<const int32_t*>(args.params + sizeof(ResizeGeometry));
  const int32_t oh = g.out_h;
  const int32_t ow = g.out_w;
  if (!indices_valid(t, 2 * oh, g.in_h) || !weights_valid(t + 2 * oh, oh) ||
      !indices_valid(t + 3 * oh, 2 * ow, g.in_w) || !weights_valid(t + 3 * oh + 2 * ow, ow)) {
    LPAI_LOG_ERROR("RESIZE_BILINEAR: interpolation table out of range");
    return Status::kBinaryBadParams;
  }
  return Status::kOk;
}

// (o + (o > 0 ? 2^19 : -2^19)) / 2^20 with C truncation, branch-free: a negative t is
// biased by 2^20 - 1 before the arithmetic shift.
inline int8_t round_20(int32_t o) {
  const int32_t t = o + (o > 0 ? (1 << 19) : -(1 << 19));
  return static_cast<int8_t>((t + ((t >> 31) & ((1 << 20) - 1))) >> 20);
}

void eval(const KernelArgs& args) {
  const ResizeGeometry& g = *reinterpret_cast<const ResizeGeometry*>(args.params);
  const int32_t* y0s = reinterpret_cast<const int32_t*>(args.params + sizeof(ResizeGeometry));
  const int32_t* y1s = y0s + g.out_h;
  const int32_t* dys = y1s + g.out_h;
  const int32_t* x0s = dys + g.out_h;
  const int32_t* x1s = x0s + g.out_w;
  const int32_t* dxs = x1s + g.out_w;
  const uint32_t depth = static_cast<uint32_t>(g.depth);
  const uint32_t in_row = static_cast<uint32_t>(g.in_w) * depth;
  const int8_t* in = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
  for (int32_t b = 0; b < g.batches; ++b) {
    const int8_t* in_b = in + static_cast<uint32_t>(b) * static_cast<uint32_t>(g.in_h) * in_row;
    for (int32_t y = 0; y < g.out_h; ++y) {
      const int8_t* r0 = in_b + static_cast<uint32_t>(y0s[y]) * in_row;
      const int8_t* r1 = in_b + static_cast<uint32_t>(y1s[y]) * in_row;
      const int32_t dy = dys[y];
      for (int32_t x = 0; x < g.out_w; ++x) {
        const uint32_t c0 = static_cast<uint32_t>(x0s[x]) * depth;
        const uint32_t c1 = static_cast<uint32_t>(x1s[x]) * depth;
        const int32_t dx = dxs[x];
        const int32_t w00 = (1024 - dy) * (1024 - dx);
        const int32_t w10 = dy * (1024 - dx);
        const int32_t w01 = (1024 - dy) * dx;
        const int32_t w11 = dy * dx;
        const int8_t* p00 = r0 + c0;
        const int8_t* p10 = r1 + c0;
        const int8_t* p01 = r0 + c1;
        const int8_t* p11 = r1 + c1;
        for (uint32_t c = 0; c < depth; ++c) {
          out[c] = round_20(p00[c] * w00 + p10[c] * w10 + p01[c] * w01 + p11[c] * w11);
        }
        out += depth;
      }
    }
  }
}

}  // namespace

const OpKernel kResizeBilinearKernel = {format::BuiltinOp::kResizeBilinear, "RESIZE_BILINEAR",
                                        validate, eval};

}  // namespace kernels
}  // namespace lpai
