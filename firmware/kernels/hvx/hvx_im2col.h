// The im2col rows of the HVX CONV_2D (hvx_gemm.cc, HVX sources only): the zero-point bordered
// input rows they are unrolled from (the whole bordered image when small, else a ring of the
// rows one output row reads; hvx_layout.h) and the unrolling loops. Internal to conv_2d_s8.
#ifndef LPAI_KERNELS_HVX_HVX_IM2COL_H
#define LPAI_KERNELS_HVX_HVX_IM2COL_H

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include <stddef.h>
#include <stdint.h>

#include "kernels/hvx/hvx_common.h"
#include "kernels/params/conv_2d.h"

namespace lpai {
namespace kernels {
namespace hvx {
namespace im2col {

// dst[0, n) = src[0, n) (src_end: first byte the source may not read). Vector copies may write
// up to 127 bytes past dst + n: callers fill their buffer front to back, and the rows have slack.
inline void copy_forward(int8_t* dst, const int8_t* src, uint32_t n, const int8_t* src_end) {
  uint32_t i = 0;
  for (; i < n && src + i + kVec <= src_end; i += kVec) {
    *reinterpret_cast<HVX_UVector*>(dst + i) = *reinterpret_cast<const HVX_UVector*>(src + i);
  }
  for (; i < n; ++i) dst[i] = src[i];
}

// dst[0, n) = v's bytes, writing nothing else.
inline void fill_exact(int8_t* dst, HVX_Vector v, uint32_t n) {
  uint32_t i = 0;
  for (; i + kVec <= n; i += kVec) *reinterpret_cast<HVX_UVector*>(dst + i) = v;
  if (i < n) store_tail(dst + i, v, dst + n);
}

// dst[0, n) = src[0, n), writing nothing else and reading nothing at or past src_end.
inline void copy_exact(int8_t* dst, const int8_t* src, uint32_t n, const int8_t* src_end) {
  uint32_t i = 0;
  for (; i + kVec <= n; i += kVec) {
    *reinterpret_cast<HVX_UVector*>(dst + i) = *reinterpret_cast<const HVX_UVector*>(src + i);
  }
  if (i < n) {
    const int8_t* s = src + i;
    store_tail(dst + i, s + kVec <= src_end ? *reinterpret_cast<const HVX_UVector*>(s) : load_tail(s, src + n),
               dst + n);
  }
}

// The ring of zero-point bordered input rows of one CONV_2D image (hvx_layout.h): bordered row
// by (input row by - pad_h, the zero point above and below the image) lives in slot by % rows;
// the rows an output row reads are built before its pixels are unrolled, each once per image.
struct Ring {
  const Conv2dParams* p;
  const int8_t* in;      // the batch's image [in_h][in_w][in_c]
  const int8_t* in_end;  // its end
  int8_t* base;          // slots of `pitch` bytes
  uint32_t rows, pitch;
  uint32_t limit;        // bordered rows of the image
  uint32_t oy;           // output row whose bordered rows [top, top + rows) the ring holds
  uint32_t top, top_slot;
  uint32_t built, built_slot;  // next bordered row to build, and its slot
  int32_t zp_word;       // the input zero point in all 4 bytes
};

// Builds bordered row `by` into `slot`, exactly (the other slots may still be read).
__attribute__((noinline)) inline void build_row(const Ring& r, uint32_t by, uint32_t slot) {
  const Conv2dParams& p = *r.p;
  int8_t* dst = r.base + static_cast<size_t>(slot) * r.pitch;
  const HVX_Vector zp = Q6_V_vsplat_R(r.zp_word);
  const uint32_t iy = by - p.pad_h;  // wraps above the image
  if (by < p.pad_h || iy >= p.in_h) {
    fill_exact(dst, zp, r.pitch);
    return;
  }
  const uint32_t left = p.pad_w * p.in_c, in_row = p.in_w * p.in_c;
  fill_exact(dst, zp, left);
  copy_exact(dst + left, r.in + static_cast<size_t>(iy) * in_row, in_row, r.in_end);
  fill_exact(dst + left + in_row, zp, r.pitch - left - in_row);
}

// Brings the ring to output row oy (>= its current one): the bordered rows it reads, built.
inline void ring_to(Ring& r, uint32_t oy) {
  const Conv2dParams& p = *r.p;
  for (; r.oy < oy; ++r.oy) {
    r.top += p.stride_h;
    r.top_slot += p.stride_h;
    while (r.top_slot >= r.rows) r.top_slot -= r.rows;
  }
  if (r.built < r.top) {  // rows between the windows (stride_h > the rows read): never built
    r.built = r.top;
    r.built_slot = r.top_slot;
  }
  const uint32_t want = r.top + r.rows < r.limit ? r.top + r.rows : r.limit;
  for (; r.built < want; ++r.built) {
    build_row(r, r.built, r.built_slot);
    if (++r.built_slot == r.rows) r.built_slot = 0;
  }
}

// The whole bordered image of in_b: `bytes` of the zero point (whole vectors: up to 127 bytes
// past them, into the im2col block that follows), then each input row at (pad_h, pad_w).
__attribute__((noinline)) inline void bordered_copy(const Conv2dParams& p, const int8_t* in_b, int8_t* padded,
                                             uint32_t bytes, uint32_t pitch, int32_t zp_word) {
  const HVX_Vector zp = Q6_V_vsplat_R(zp_word);
  for (uint32_t i = 0; i < bytes; i += kVec) *reinterpret_cast<HVX_UVector*>(padded + i) = zp;
  const uint32_t in_row = p.in_w * p.in_c;
  for (uint32_t y = 0; y < p.in_h; ++y) {
    int8_t* dst = padded + static_cast<size_t>(p.pad_h + y) * pitch + static_cast<size_t>(p.pad_w) * p.in_c;
    const int8_t* src = in_b + static_cast<size_t>(y) * in_row;
    uint32_t i = 0;
    for (; i + kVec <= in_row; i += kVec) {
      *reinterpret_cast<HVX_UVector*>(dst + i) = *reinterpret_cast<const HVX_UVector*>(src + i);
    }
    for (; i < in_row; ++i) dst[i] = src[i];
  }
}

// `count` im2col rows (k_pad bytes apart from `rows` on) of output pixels from (oy, ox) on, read
// from the whole bordered image (rows sy apart per output row, dy per filter row): per pixel
// k_h vector copies of seg <= 128 bytes. Kept out of line: a tight loop of its own.
__attribute__((noinline)) inline void im2col_rows(int8_t* rows, const int8_t* img, uint32_t sx, size_t sy,
                                           size_t dy, uint32_t k_h, uint32_t seg, uint32_t k_pad,
                                           uint32_t out_w, uint32_t oy, uint32_t ox, uint32_t count) {
  int8_t* row = rows;
  const int8_t* line = img + oy * sy;
  const int8_t* src = line + static_cast<size_t>(ox) * sx;
  for (uint32_t j = 0; j < count; ++j, row += k_pad) {
    const int8_t* s = src;
    int8_t* r = row;
    if (k_h == 3) {
      const HVX_Vector v0 = *reinterpret_cast<const HVX_UVector*>(s);
      const HVX_Vector v1 = *reinterpret_cast<const HVX_UVector*>(s + dy);
      const HVX_Vector v2 = *reinterpret_cast<const HVX_UVector*>(s + 2 * dy);
      *reinterpret_cast<HVX_UVector*>(r) = v0;
      *reinterpret_cast<HVX_UVector*>(r + seg) = v1;
      *reinterpret_cast<HVX_UVector*>(r + 2 * seg) = v2;
    } else {
      for (uint32_t ky = 0; ky < k_h; ++ky, s += dy, r += seg) {
        *reinterpret_cast<HVX_UVector*>(r) = *reinterpret_cast<const HVX_UVector*>(s);
      }
    }
    src += sx;
    if (++ox == out_w) {
      ox = 0;
      line += sy;
      src = line;
    }
  }
}

// Filter rows unroll_rows takes (more: unroll_rows_any).
constexpr uint32_t kUnrollMaxRows = 16;

// `count` im2col rows (k_pad bytes apart from `row` on) of output row r.oy's pixels from ox on,
// read from the ring: per pixel and filter row ceil(seg / 128) vector copies (dilation_w 1).
// Reads may run past a slot (into the next one or the im2col block after the ring): those
// bytes land past the segment, where the next segment, the zero-weight padding or the slack is.
__attribute__((noinline)) inline void unroll_rows(const Ring& r, int8_t* row, uint32_t ox, uint32_t count,
                                           uint32_t seg, uint32_t k_pad) {
  const Conv2dParams& p = *r.p;
  const uint32_t sx = p.stride_w * p.in_c;
  const size_t off = static_cast<size_t>(ox) * sx;
  if (p.k_h == 3 && seg <= kVec) {
    uint32_t t1 = r.top_slot + p.dilation_h, t2 = t1 + p.dilation_h;
    if (t1 >= r.rows) t1 -= r.rows;
    if (t2 >= r.rows) t2 -= r.rows;
    const int8_t* s0 = r.base + static_cast<size_t>(r.top_slot) * r.pitch + off;
    const int8_t* s1 = r.base + static_cast<size_t>(t1) * r.pitch + off;
    const int8_t* s2 = r.base + static_cast<size_t>(t2) * r.pitch + off;
    for (uint32_t j = 0; j < count; ++j, row += k_pad, s0 += sx, s1 += sx, s2 += sx) {
      const HVX_Vector v0 = *reinterpret_cast<const HVX_UVector*>(s0);
      const HVX_Vector v1 = *reinterpret_cast<const HVX_UVector*>(s1);
      const HVX_Vector v2 = *reinterpret_cast<const HVX_UVector*>(s2);
      *reinterpret_cast<HVX_UVector*>(row) = v0;
      *reinterpret_cast<HVX_UVector*>(row + seg) = v1;
      *reinterpret_cast<HVX_UVector*>(row + 2 * seg) = v2;
    }
    return;
  }
  // Each pixel's segments front to back (a segment's 128-byte store runs into the next ones),
  // from the slot of each filter row.
  const int8_t* slot[kUnrollMaxRows];
  const uint32_t k_h = p.k_h;
  for (uint32_t ky = 0, t = r.top_slot; ky < k_h; ++ky) {
    slot[ky] = r.base + static_cast<size_t>(t) * r.pitch + off;
    t += p.dilation_h;
    if (t >= r.rows) t -= r.rows;
  }
  if (seg <= kVec) {
    for (uint32_t j = 0; j < count; ++j, row += k_pad) {
      const size_t o = static_cast<size_t>(j) * sx;
      int8_t* d = row;
      for (uint32_t ky = 0; ky < k_h; ++ky, d += seg) {
        *reinterpret_cast<HVX_UVector*>(d) = *reinterpret_cast<const HVX_UVector*>(slot[ky] + o);
      }
    }
    return;
  }
  for (uint32_t j = 0; j < count; ++j, row += k_pad) {  // segments of several vectors
    const size_t o = static_cast<size_t>(j) * sx;
    int8_t* d = row;
    for (uint32_t ky = 0; ky < k_h; ++ky, d += seg) {
      const int8_t* s = slot[ky] + o;
      for (uint32_t i = 0; i < seg; i += kVec) {
        *reinterpret_cast<HVX_UVector*>(d + i) = *reinterpret_cast<const HVX_UVector*>(s + i);
      }
    }
  }
}

// The same for the other windows (dilation_w > 1, more than kUnrollMaxRows filter rows):
// bounded copies front to back, reading below src_end.
__attribute__((noinline)) inline void unroll_rows_any(const Ring& r, int8_t* row, uint32_t ox, uint32_t count,
                                               uint32_t seg, uint32_t k_pad, const int8_t* src_end) {
  const Conv2dParams& p = *r.p;
  const uint32_t sx = p.stride_w * p.in_c;
  for (uint32_t j = 0; j < count; ++j, ++ox, row += k_pad) {
    int8_t* d = row;
    for (uint32_t ky = 0, t = r.top_slot; ky < p.k_h; ++ky, d += seg) {
      const int8_t* s = r.base + static_cast<size_t>(t) * r.pitch + static_cast<size_t>(ox) * sx;
      if (p.dilation_w == 1) {
        copy_forward(d, s, seg, src_end);
      } else {
        for (uint32_t kx = 0; kx < p.k_w; ++kx) {
          copy_forward(d + kx * p.in_c, s + static_cast<size_t>(kx) * p.dilation_w * p.in_c, p.in_c, src_end);
        }
      }
      t += p.dilation_h;
      if (t >= r.rows) t -= r.rows;
    }
  }
}

}  // namespace im2col
}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX

#endif  // LPAI_KERNELS_HVX_HVX_IM2COL_H
