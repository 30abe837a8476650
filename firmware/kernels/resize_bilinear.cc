// RESIZE_BILINEAR kernel: see kernels/params/resize_bilinear.h.
#include "kernels/params/resize_bilinear.h"

#include "core/check.h"
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
  LPAI_RETURN_IF_ERROR(validate_resize(args, ops::resize_bilinear::kName, 3, 3, false));
  const ResizeGeometry& g = *reinterpret_cast<const ResizeGeometry*>(args.params);
  const int32_t* t = reinterpret_cast<const int32_t*>(args.params + sizeof(ResizeGeometry));
  const int32_t oh = g.out_h;
  const int32_t ow = g.out_w;
  if (!indices_valid(t, 2 * oh, g.in_h) || !weights_valid(t + 2 * oh, oh) ||
      !indices_valid(t + 3 * oh, 2 * ow, g.in_w) || !weights_valid(t + 3 * oh + 2 * ow, ow)) {
    LPAI_FAIL(Status::kBinaryBadParams, "RESIZE_BILINEAR: interpolation table out of range");
  }
  return Status::kOk;
}

// (o + (o > 0 ? 2^19 : -2^19)) / 2^20 with C truncation, branch-free: a negative t is
// biased by 2^20 - 1 before the arithmetic shift.
inline int8_t round_20(int32_t o) {
  const int32_t t = o + (o > 0 ? (1 << 19) : -(1 << 19));
  return static_cast<int8_t>((t + ((t >> 31) & ((1 << 20) - 1))) >> 20);
}

// Per-pixel path (no scratch): the four-term formula of the header.
void eval_direct(const ResizeGeometry& g, const int32_t* y0s, const int32_t* y1s,
                 const int32_t* dys, const int32_t* x0s, const int32_t* x1s, const int32_t* dxs,
                 const int8_t* in, int8_t* out) {
  const uint32_t depth = static_cast<uint32_t>(g.depth);
  const uint32_t in_row = static_cast<uint32_t>(g.in_w) * depth;
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

// h[x * depth + c] = row[x0 * depth + c] * (1024 - dx) + row[x1 * depth + c] * dx for one
// input row: the horizontal half of the separable form (|h| < 2^19).
void interpolate_row(const int8_t* row, const int32_t* x0s, const int32_t* x1s,
                     const int32_t* dxs, uint32_t out_w, uint32_t depth, int32_t* h) {
  for (uint32_t x = 0; x < out_w; ++x) {
    const int8_t* p0 = row + static_cast<uint32_t>(x0s[x]) * depth;
    const int8_t* p1 = row + static_cast<uint32_t>(x1s[x]) * depth;
    const int32_t w1 = dxs[x];
    const int32_t w0 = 1024 - w1;
    for (uint32_t c = 0; c < depth; ++c) h[c] = p0[c] * w0 + p1[c] * w1;
    h += depth;
  }
}

// out[i] = round_20(h0[i] * (1024 - dy) + h1[i] * dy), i < n, in blocks of 16 the compiler
// vectorises. Equal to the four-term formula: the sum is the same integer, and every partial
// term stays below 2^31 in magnitude.
void combine_rows(const int32_t* h0, const int32_t* h1, int32_t dy, int8_t* out, uint32_t n) {
  constexpr uint32_t kBlock = 16;
  const int32_t w0 = 1024 - dy;
  uint32_t i = 0;
  for (; i + kBlock <= n; i += kBlock) {
    int8_t res[kBlock];
    for (uint32_t j = 0; j < kBlock; ++j) res[j] = round_20(h0[i + j] * w0 + h1[i + j] * dy);
    __builtin_memcpy(out + i, res, kBlock);
  }
  for (; i < n; ++i) out[i] = round_20(h0[i] * w0 + h1[i] * dy);
}

// Separable path: each source row is interpolated horizontally once into one of two scratch
// rows (kept while consecutive output rows reuse it), then each output row is one flat blend.
void eval_separable(const ResizeGeometry& g, const int32_t* y0s, const int32_t* y1s,
                    const int32_t* dys, const int32_t* x0s, const int32_t* x1s,
                    const int32_t* dxs, const int8_t* in, int8_t* out, int32_t* scratch) {
  const uint32_t depth = static_cast<uint32_t>(g.depth);
  const uint32_t out_w = static_cast<uint32_t>(g.out_w);
  const uint32_t in_row = static_cast<uint32_t>(g.in_w) * depth;
  const uint32_t out_row = out_w * depth;
  int32_t* buf[2] = {scratch, scratch + out_row};
  const int8_t* held[2] = {nullptr, nullptr};  // source row each buffer holds
  for (int32_t b = 0; b < g.batches; ++b) {
    const int8_t* in_b = in + static_cast<uint32_t>(b) * static_cast<uint32_t>(g.in_h) * in_row;
    for (int32_t y = 0; y < g.out_h; ++y) {
      const int8_t* r[2] = {in_b + static_cast<uint32_t>(y0s[y]) * in_row,
                            in_b + static_cast<uint32_t>(y1s[y]) * in_row};
      const int32_t* h[2] = {nullptr, nullptr};
      for (int k = 0; k < 2; ++k) {
        int slot = held[0] == r[k] ? 0 : (held[1] == r[k] ? 1 : -1);
        if (slot < 0) {
          // Overwrite the buffer this output row does not otherwise need: for the upper row
          // the one not just chosen for the lower row; for the lower row the one not holding
          // the upper row.
          if (k == 1) {
            slot = h[0] == buf[0] ? 1 : 0;
          } else {
            slot = held[0] == r[1] ? 1 : 0;
          }
          interpolate_row(r[k], x0s, x1s, dxs, out_w, depth, buf[slot]);
          held[slot] = r[k];
        }
        h[k] = buf[slot];
      }
      combine_rows(h[0], h[1], dys[y], out, out_row);
      out += out_row;
    }
  }
}

void eval(const KernelArgs& args) {
  const ResizeGeometry& g = *reinterpret_cast<const ResizeGeometry*>(args.params);
  const int32_t* y0s = reinterpret_cast<const int32_t*>(args.params + sizeof(ResizeGeometry));
  const int32_t* y1s = y0s + g.out_h;
  const int32_t* dys = y1s + g.out_h;
  const int32_t* x0s = dys + g.out_h;
  const int32_t* x1s = x0s + g.out_w;
  const int32_t* dxs = x1s + g.out_w;
  const int8_t* in = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  int8_t* out = reinterpret_cast<int8_t*>(args.outputs[0].data);
  if (args.temp != nullptr && (reinterpret_cast<uintptr_t>(args.temp) & 3u) == 0 &&
      args.temp_size >= resize_bilinear_temp_bytes(static_cast<uint32_t>(g.out_w),
                                                   static_cast<uint32_t>(g.depth))) {
    eval_separable(g, y0s, y1s, dys, x0s, x1s, dxs, in, out,
                   reinterpret_cast<int32_t*>(args.temp));
  } else {
    eval_direct(g, y0s, y1s, dys, x0s, x1s, dxs, in, out);
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(resize_bilinear, validate, eval);

}  // namespace kernels
}  // namespace lpai
