// HVX DEPTHWISE_CONV_2D int8, the flat path's whole-image form (hexagon builds with LPAI_HAS_HVX
// only; internal to hvx_depthwise.cc). For 3x3 filters at stride 1 with one pixel of padding on
// every side, output and input have the same shape, and output byte p (pixel p / c, channel
// p % c) reads input bytes p + dy * w * c + dx * c (dy, dx in {-1, 0, 1}). The image is one flat
// byte sequence cut into 128-byte chunks, read in place: no bordered rows, no per-row set-up.
// Taps outside the image read the input zero point: horizontal ones (the column x + dx outside)
// through masks from the chunk's column numbers, vertical ones only in the chunks near the first
// and the last row, through a staged copy of the bytes they read with the zero point around the
// image (chunk by chunk with bounded loads where the stage does not fit). Two chunks at a time,
// each filter vector and requantisation lane loaded once for both. Taps are interleaved with
// ALU even/odd shuffles (no permutes): the accumulators hold positions word-dealt (lane l of
// accumulator s: position 4l + s) and are shuffled back before requantisation. The layout is
// the kFlat layout (hvx_layout.h) unchanged; its filter vectors (dealt) and the distinct blocks
// of its requantisation lanes are copied to aligned kernel scratch, inside
// hvx_layout::dw_temp_bytes(p), which also holds the stage.
#ifndef LPAI_KERNELS_HVX_HVX_DEPTHWISE_MAP_H
#define LPAI_KERNELS_HVX_HVX_DEPTHWISE_MAP_H

#include <stdint.h>

#include "kernels/hvx/hvx_layout.h"
#include "kernels/params/depthwise_conv_2d.h"

namespace lpai {
namespace kernels {
namespace hvx {

// Stride-2 form (dw_map_is_stride2): output row oy reads input rows 2 oy + ky - pad_h, each
// staged as a bordered row (column b = input column + pad_w, the input zero point outside the
// image) in a ring of three (row iy in slot iy % 3: consecutive output rows share one). An output
// chunk (128 bytes: 128 / c pixels of one row, rows being whole chunks) reads, per filter row,
// 256 bytes from bordered column 2 ox0 and 256 from 2 ox0 + 2 (byte-aligned out of three aligned
// vectors): the even c-byte groups of the first are tap kx = 0, its odd ones kx = 1, the even
// ones of the second kx = 2 (one deal each).
// Bordered row bytes (whole vectors): the last chunk's aligned reads end at byte 2 c out_w + 128
// (kx = 2 reaches 2 c (out_w + 1) <= that, or for c = 128 exactly it).
constexpr uint64_t dw_map2_row_bytes(const DepthwiseConv2dParams& p) {
  return hvx_layout::round_vec(2 * uint64_t{p.out_c} * p.out_w + hvx_layout::kVec);
}

constexpr bool dw_map_is_stride2(const DepthwiseConv2dParams& p) { return p.stride_h == 2 && p.stride_w == 2; }

// Bytes of kernel scratch the whole-image form uses (with one vector of alignment slack): the
// filter vectors and the distinct requantisation blocks (1, 2 or 4 of the four: the lanes
// repeat with period c); at stride 2 the three bordered rows after them.
constexpr uint64_t dw_map_temp_bytes(const DepthwiseConv2dParams& p) {
  const uint64_t blocks = p.out_c >= 128 ? 4 : p.out_c >= 64 ? 2 : 1;
  return hvx_layout::kVec * (1 + uint64_t{hvx_layout::dw_flat_geometry(p).groups} * 4 + blocks * 6) +
         (dw_map_is_stride2(p) ? 3 * dw_map2_row_bytes(p) : 0);
}

// Whether a node on the kFlat path (hvx_layout::dw_path) takes the whole-image form: depth
// multiplier 1, 3x3, dilation 1, and its scratch inside the kFlat scratch; at stride 1 padding 1
// and output shape = input shape, a chunk's pixels (128 / c) within one row (<= w), w < 128; at
// stride 2 (both axes) output rows of whole chunks (out_w * c a multiple of 128, c <= 128),
// padding at most 1 and the taps inside the bordered rows (2 out_w + 2 - pad_w >= in_w: every
// input column the taps read is staged).
inline bool dw_map_takes_flat(const DepthwiseConv2dParams& p) {
  const bool common = p.depth_multiplier == 1 && p.in_c == p.out_c && p.k_h == 3 && p.k_w == 3 &&
                      p.dilation_h == 1 && p.dilation_w == 1;
  if (!common) return false;
  if (dw_map_is_stride2(p)) {
    return p.out_c >= 8 && p.out_c <= hvx_layout::kVec && (uint64_t{p.out_w} * p.out_c) % hvx_layout::kVec == 0 &&
           p.pad_h <= 1 && p.pad_w <= 1 && p.out_h != 0 && p.in_w <= 2 * p.out_w + 2 - p.pad_w &&
           dw_map_temp_bytes(p) <= hvx_layout::dw_flat_temp_bytes(p);
  }
  return p.stride_h == 1 && p.stride_w == 1 && p.pad_h == 1 && p.pad_w == 1 && p.out_h == p.in_h &&
         p.out_w == p.in_w && p.in_w < 128 && hvx_layout::kVec / p.out_c <= p.in_w &&
         dw_map_temp_bytes(p) <= hvx_layout::dw_flat_temp_bytes(p);
}

inline bool dw_map_applies(const DepthwiseConv2dParams& p) {
  return hvx_layout::dw_path(p) == hvx_layout::DwPath::kFlat && dw_map_takes_flat(p);
}

// Runs a node for which dw_map_applies(p), `temp` as for depthwise_s8 (any alignment).
void depthwise_map_s8(const DepthwiseConv2dParams& p, const uint8_t* layout, const int8_t* in, uint8_t* temp,
                      int8_t* out);

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_HVX_HVX_DEPTHWISE_MAP_H
