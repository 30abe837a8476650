// CONV_2D's im2col row on Helium: the input window of one output pixel unrolled into
// row[k_h * k_w * in_c] (taps in [k_h][k_w][in_c] order), positions outside the input filled
// with the input zero point; the same bytes as conv_2d.cc's portable im2col_row. Byte runs
// are copied 16 at a time, the last part under a VCTP predicate (no byte past a run is read
// or written): a filter row of up to 16 bytes (first layers: in_c 1 to 4) is one predicated
// load and store instead of a library memcpy call.
#ifndef LPAI_KERNELS_CORTEX_M_MVE_IM2COL_H
#define LPAI_KERNELS_CORTEX_M_MVE_IM2COL_H

#include "kernels/cortex_m/mve_gemm.h"

#if defined(LPAI_HAS_CORTEX_M_MVE)
#include <arm_mve.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/params/conv_2d.h"

namespace lpai {
namespace kernels {
namespace mve {

// dst[0, n) = src[0, n): whole vectors, then the rest under a predicate.
inline void copy_bytes(int8_t* dst, const int8_t* src, uint32_t n) {
  uint32_t i = 0;
  for (; i + kBytes <= n; i += kBytes) vst1q_s8(dst + i, vld1q_s8(src + i));
  if (i < n) {
    const mve_pred16_t p = vctp8q(n - i);
    vstrbq_p_s8(dst + i, vldrbq_z_s8(src + i, p), p);
  }
}

// dst[0, n) = the lanes of v (every lane the same byte).
inline void fill_bytes(int8_t* dst, int8x16_t v, uint32_t n) {
  uint32_t i = 0;
  for (; i + kBytes <= n; i += kBytes) vst1q_s8(dst + i, v);
  if (i < n) vstrbq_p_s8(dst + i, v, vctp8q(n - i));
}

// The window of output pixel (b, oy, ox) of p over `in` into row.
__attribute__((noinline)) inline void im2col_row(const Conv2dParams& p, const int8_t* in, uint32_t b,
                                                 uint32_t oy, uint32_t ox, int8_t* row) {
  const uint32_t c = p.in_c;
  const uint32_t run = p.k_w * c;  // bytes per filter row
  const size_t in_row = static_cast<size_t>(p.in_w) * c;
  const int32_t in_h = static_cast<int32_t>(p.in_h), in_w = static_cast<int32_t>(p.in_w);
  const int32_t y0 = static_cast<int32_t>(oy * p.stride_h) - static_cast<int32_t>(p.pad_h);
  const int32_t x0 = static_cast<int32_t>(ox * p.stride_w) - static_cast<int32_t>(p.pad_w);
  const int32_t dil_h = static_cast<int32_t>(p.dilation_h);
  const int8x16_t zp = vdupq_n_s8(static_cast<int8_t>(p.input_zero_point));
  const int8_t* in_b = in + static_cast<size_t>(b) * p.in_h * in_row;
  if (p.dilation_w == 1 && run <= static_cast<uint32_t>(kBytes)) {
    // Each filter row is one vector: the bytes of its taps inside the input row, [lo, hi),
    // loaded under a predicate (the others are not accessed) and the zero point elsewhere.
    const int32_t k_w = static_cast<int32_t>(p.k_w);
    const int32_t first = x0 < 0 ? (-x0 < k_w ? -x0 : k_w) : 0;
    int32_t last = in_w - x0 < k_w ? in_w - x0 : k_w;
    if (last < first) last = first;
    const mve_pred16_t pr = vctp8q(run);
    const mve_pred16_t pv = static_cast<mve_pred16_t>(vctp8q(static_cast<uint32_t>(last) * c) &
                                                      ~vctp8q(static_cast<uint32_t>(first) * c));
    // Address of the row's tap 0 (before the input row when x0 < 0: those lanes are inactive).
    const uintptr_t base = reinterpret_cast<uintptr_t>(in_b) + static_cast<uintptr_t>(static_cast<intptr_t>(x0) * static_cast<intptr_t>(c));
    int32_t iy = y0;
    if (first == 0 && last == k_w) {  // the whole filter row inside
      for (uint32_t ky = 0; ky < p.k_h; ++ky, iy += dil_h, row += run) {
        const int8_t* src = reinterpret_cast<const int8_t*>(base + static_cast<size_t>(iy) * in_row);
        vstrbq_p_s8(row, iy >= 0 && iy < in_h ? vldrbq_z_s8(src, pr) : zp, pr);
      }
      return;
    }
    for (uint32_t ky = 0; ky < p.k_h; ++ky, iy += dil_h, row += run) {
      int8x16_t v = zp;
      if (iy >= 0 && iy < in_h) {
        const int8_t* src = reinterpret_cast<const int8_t*>(base + static_cast<size_t>(iy) * in_row);
        v = vpselq_s8(vldrbq_z_s8(src, pv), zp, pv);
      }
      vstrbq_p_s8(row, v, pr);
    }
    return;
  }
  const bool x_inside = p.dilation_w == 1 && x0 >= 0 && x0 + static_cast<int32_t>(p.k_w) <= in_w;
  if (x_inside) {
    // Each filter row is one contiguous run of the input row (or zero points).
    const int8_t* src = in_b + static_cast<size_t>(x0) * c;
    int32_t iy = y0;
    for (uint32_t ky = 0; ky < p.k_h; ++ky, iy += dil_h, row += run) {
      if (iy >= 0 && iy < in_h) {
        copy_bytes(row, src + static_cast<size_t>(iy) * in_row, run);
      } else {
        fill_bytes(row, zp, run);
      }
    }
    return;
  }
  // Edges and dilated filters: tap by tap.
  int32_t iy = y0;
  for (uint32_t ky = 0; ky < p.k_h; ++ky, iy += dil_h) {
    const bool row_in = iy >= 0 && iy < in_h;
    const int8_t* in_y = row_in ? in_b + static_cast<size_t>(iy) * in_row : in_b;
    int32_t ix = x0;
    for (uint32_t kx = 0; kx < p.k_w; ++kx, ix += static_cast<int32_t>(p.dilation_w), row += c) {
      if (row_in && ix >= 0 && ix < in_w) {
        copy_bytes(row, in_y + static_cast<size_t>(ix) * c, c);
      } else {
        fill_bytes(row, zp, c);
      }
    }
  }
}

}  // namespace mve
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_CORTEX_M_MVE
#endif  // LPAI_KERNELS_CORTEX_M_MVE_IM2COL_H
