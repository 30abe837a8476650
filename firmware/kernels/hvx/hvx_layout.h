// HVX layouts of CONV_2D, FULLY_CONNECTED and DEPTHWISE_CONV_2D: what prepare writes offline
// into a node's parameter blob after the portable arrays when a binary is prepared with
// `--kernel_layout hvx`, what the loader checks against those arrays, and the kernel scratch
// the HVX paths need. Plain C++ (no intrinsics): the host prepare, the loader on every target
// and the HVX kernels share it.
//
// A GEMM layout for n output channels and depth k_len (4-byte aligned in the blob; the HVX
// kernels read it with unaligned vector loads):
//   RequantLanes lanes[blocks]      per block of 32 lanes, the requantisation of gemm::requantize
//                                   as six int32 rows (768 bytes per block)
//   int8_t weights[blocks][groups][32][4]   only with packed weights: lane l of group g holds
//                                   w[channel(block, l)][4g .. 4g + 3] (zero past n or k_len)
// Lane l of block b is channel b * 32 + l (wide), or l % n when n is 8, 16 or 32 (narrow: one
// block, 32 / n pixels per vector).
#ifndef LPAI_KERNELS_HVX_HVX_LAYOUT_H
#define LPAI_KERNELS_HVX_HVX_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/int8_gemm.h"
#include "kernels/params/conv_2d.h"
#include "kernels/params/depthwise_conv_2d.h"

namespace lpai {
namespace kernels {
namespace hvx_layout {

constexpr uint32_t kLanes = 32;          // int32 lanes per 128-byte vector
constexpr uint32_t kVec = 128;           // bytes per vector
constexpr uint32_t kMaxChannels = 1024;  // n limit of the HVX GEMM
constexpr uint32_t kMinGemmRows = 8;     // fewer rows: gemv (plain weights), no packed copy
constexpr uint32_t kMinGemvMacs = 4096;  // smaller k_len * n: the portable kernel is cheaper

// The six int32 rows of one block's requantisation; lane l of each.
struct RequantLanes {
  int32_t bias[kLanes];   // folded bias
  int32_t left[kLanes];   // max(shift, 0)
  int32_t mult[kLanes];   // Q31 multiplier (>= 0)
  int32_t right[kLanes];  // max(-shift, 0)
  int32_t mask[kLanes];   // 2^right - 1
  int32_t half[kLanes];   // mask >> 1
};
static_assert(sizeof(RequantLanes) == 6 * kVec, "RequantLanes layout");

struct GemmShape {
  uint32_t n, k_len;
  uint32_t blocks;  // 32-lane blocks
  uint32_t groups;  // 4-byte depth groups
  uint32_t period;  // narrow: n (lanes repeat every n); wide: 0
};

constexpr bool gemm_is_narrow(uint32_t n) { return n == 8 || n == 16 || n == 32; }

constexpr GemmShape gemm_shape(uint32_t n, uint32_t k_len) {
  return GemmShape{n, k_len, gemm_is_narrow(n) ? 1u : (n + kLanes - 1) / kLanes, (k_len + 3) / 4,
                   gemm_is_narrow(n) ? n : 0u};
}

// Whether the HVX GEMM takes n x k_len at all (0 < n <= kMaxChannels, 0 < k_len <= 2^16).
constexpr bool gemm_shape_ok(uint32_t n, uint32_t k_len) {
  return n != 0 && n <= kMaxChannels && k_len != 0 && k_len <= gemm::kMaxAccumDepth;
}

// Bytes of the layout: the requantisation lanes, then the packed weights when `packed`.
constexpr uint32_t gemm_layout_bytes(uint32_t n, uint32_t k_len, bool packed) {
  return gemm_shape(n, k_len).blocks * static_cast<uint32_t>(sizeof(RequantLanes)) +
         (packed ? gemm_shape(n, k_len).blocks * gemm_shape(n, k_len).groups * kVec : 0u);
}

inline uint32_t lane_channel(const GemmShape& s, uint32_t block, uint32_t lane) {
  return s.period != 0 ? lane % s.period : block * kLanes + lane;
}

// One lane of gemm::requantize's parameters; false when the HVX sequence cannot reproduce it
// (negative multiplier, shift outside [-31, 30]). Channels >= n get all zeros.
inline bool requant_lane(const gemm::Requant& q, uint32_t n, uint32_t c, RequantLanes* r,
                         uint32_t l) {
  int32_t b = 0, m = 0, s = 0;
  if (c < n) {
    b = q.folded_bias[c];
    m = q.multiplier[c];
    s = q.shift[c];
    if (m < 0 || s > 30 || s < -31) return false;
  }
  const int32_t rs = s > 0 ? 0 : -s;
  r->bias[l] = b;
  r->left[l] = s > 0 ? s : 0;
  r->mult[l] = m;
  r->right[l] = rs;
  r->mask[l] = static_cast<int32_t>((uint32_t{1} << rs) - 1u);
  r->half[l] = static_cast<int32_t>(((uint32_t{1} << rs) - 1u) >> 1);
  return true;
}

// Packed weight word of (block, group, lane): little-endian bytes w[c][4g .. 4g + 3].
inline uint32_t packed_word(const int8_t* w, const GemmShape& s, uint32_t block, uint32_t group,
                            uint32_t lane) {
  const uint32_t c = lane_channel(s, block, lane);
  if (c >= s.n) return 0;
  const int8_t* src = w + static_cast<size_t>(c) * s.k_len;
  uint32_t v = 0;
  for (uint32_t j = 0; j < 4 && group * 4 + j < s.k_len; ++j) {
    v |= static_cast<uint32_t>(static_cast<uint8_t>(src[group * 4 + j])) << (8 * j);
  }
  return v;
}

// Visits the layout of weights w [n][k_len] and requantisation q word by word, in memory
// order: emit(uint32_t word) returns false to stop. False when stopped, or when the shape or a
// channel's requantisation is outside the HVX path. Writing (build) and checking (matches)
// are the same walk, so they cannot disagree.
template <typename Emit>
bool visit_gemm_layout(const int8_t* w, uint32_t n, uint32_t k_len, const gemm::Requant& q,
                       bool packed, Emit&& emit) {
  if (!gemm_shape_ok(n, k_len)) return false;
  const GemmShape s = gemm_shape(n, k_len);
  for (uint32_t b = 0; b < s.blocks; ++b) {
    RequantLanes r{};
    for (uint32_t l = 0; l < kLanes; ++l) {
      if (!requant_lane(q, n, lane_channel(s, b, l), &r, l)) return false;
    }
    const int32_t* words = r.bias;  // the six rows are contiguous
    for (uint32_t i = 0; i < 6 * kLanes; ++i) {
      if (!emit(static_cast<uint32_t>(words[i]))) return false;
    }
  }
  if (!packed) return true;
  for (uint32_t b = 0; b < s.blocks; ++b) {
    for (uint32_t g = 0; g < s.groups; ++g) {
      for (uint32_t l = 0; l < kLanes; ++l) {
        if (!emit(packed_word(w, s, b, g, l))) return false;
      }
    }
  }
  return true;
}

// Sinks of the visits: write words to `out`, or compare them with `in` (both 4-byte aligned).
struct WordWriter {
  uint32_t* out;
  bool operator()(uint32_t v) {
    *out++ = v;
    return true;
  }
};
struct WordMatcher {
  const uint32_t* in;
  bool operator()(uint32_t v) { return *in++ == v; }
};

// Writes the layout into out (gemm_layout_bytes(n, k_len, packed) bytes, 4-byte aligned).
inline bool build_gemm_layout(const int8_t* w, uint32_t n, uint32_t k_len, const gemm::Requant& q,
                              bool packed, uint8_t* out) {
  return visit_gemm_layout(w, n, k_len, q, packed, WordWriter{reinterpret_cast<uint32_t*>(out)});
}

// Whether `layout` is exactly what build_gemm_layout writes for (w, q): the loader's check,
// so a binary's HVX path computes what its portable arrays say.
inline bool gemm_layout_matches(const uint8_t* layout, const int8_t* w, uint32_t n,
                                uint32_t k_len, const gemm::Requant& q, bool packed) {
  return visit_gemm_layout(w, n, k_len, q, packed,
                           WordMatcher{reinterpret_cast<const uint32_t*>(layout)});
}

// ---- kernel scratch of the HVX GEMM paths (planned by prepare, checked by the validators) ----
// Layout of the temp buffer of the GEMM over rows that may need staging (FULLY_CONNECTED, the
// pointwise CONV_2D), from its first 128-byte boundary, each part 128-byte rounded:
//   staged rows     stage_rows(n) * k_pad bytes (rows copied to word alignment, zero padded)
//   second pixel    ceil(blocks / 4) vectors (the wide mode's second output row of a pair)
// CONV_2D other than 1x1 without padding unrolls its im2col rows block by block from the
// zero-point bordered input rows (each input row bordered once), and the GEMM reads those rows
// in place (no staged rows):
//   second pixel    from the first 128-byte boundary, round_vec(ceil(blocks / 4) vectors), only
//                   in the wide mode (n neither 8, 16, 32, 64 nor 128); else from the first
//                   4-byte boundary:
//   bordered rows   conv_ring_rows(p) rows of conv_ring_pitch(p) bytes, rounded up to 4 (the
//                   whole bordered image when small, else a ring of the rows one output row
//                   reads)
//   im2col rows     conv_block_rows(p) * k_pad bytes + one vector of slack
// The gemv path (FULLY_CONNECTED with fewer than kMinGemmRows rows) uses only blocks * 32 int32
// sums, from the temp's first 128-byte boundary.
constexpr uint32_t kStageRows = 16;             // the narrow mode's rows per step
constexpr uint32_t kIm2colBlockBytes = 8192;    // unrolled rows per block without im2col_rows

constexpr uint64_t round_vec(uint64_t v) { return (v + kVec - 1) / kVec * kVec; }
constexpr uint32_t k_pad_of(uint32_t k_len) { return (k_len + 3u) & ~3u; }
// Rows a GEMM step may stage: the narrow mode's step, four for n = 64, else a pair.
constexpr uint32_t stage_rows(uint32_t n) { return gemm_is_narrow(n) ? kStageRows : n == 64 ? 4u : 2u; }
// Rows one GEMM step computes: 4 vectors of 32 / n pixels (narrow), 4 (n = 64), else 2.
constexpr uint32_t gemm_step_rows(uint32_t n) { return gemm_is_narrow(n) ? 4u * kLanes / n : n == 64 ? 4u : 2u; }
// The wide mode (its second pixel's vectors in the temp): n neither narrow nor 64 nor 128.
constexpr bool gemm_is_wide(uint32_t n) { return !gemm_is_narrow(n) && n != 64 && n != 128; }

constexpr uint64_t gemm_second_bytes(uint32_t n, uint32_t k_len) {
  return round_vec(uint64_t{(gemm_shape(n, k_len).blocks + 3) / 4} * kVec);
}
constexpr uint64_t gemm_temp_bytes(uint32_t n, uint32_t k_len) {
  return round_vec(uint64_t{stage_rows(n)} * k_pad_of(k_len)) + gemm_second_bytes(n, k_len);
}

// CONV_2D through the HVX GEMM: int8, one group, a shape the GEMM takes.
inline bool conv_takes_hvx(const Conv2dParams& p) {
  const uint64_t k_len = uint64_t{p.k_h} * p.k_w * p.in_c;  // no wrap on unchecked headers
  return (p.flags & kConvFlagInt16x8) == 0 && p.groups == 1 && k_len <= gemm::kMaxAccumDepth &&
         gemm_shape_ok(p.out_c, static_cast<uint32_t>(k_len));
}

// 1x1 without padding: rows are input pixels, read in place (no im2col).
constexpr bool conv_is_pointwise(const Conv2dParams& p) {
  return p.k_h == 1 && p.k_w == 1 && p.pad_h == 0 && p.pad_w == 0;
}

// Output pixels unrolled per im2col block: the header's im2col_rows (about kIm2colBlockBytes of
// rows when 0) rounded down to whole GEMM steps, at least one step, at most one image's
// pixels. Prepare's leaner forms of the same path halve im2col_rows down to
// kConvMinBlockRows (smaller blocks cost more per pixel than their scratch saves).
constexpr uint32_t kConvMinBlockRows = 16;
constexpr uint32_t conv_block_rows(const Conv2dParams& p) {
  const uint32_t k_pad = k_pad_of(p.k_h * p.k_w * p.in_c);
  const uint32_t step = gemm_step_rows(p.out_c);
  uint32_t rows = p.im2col_rows != 0 ? p.im2col_rows : k_pad == 0 ? 1u : kIm2colBlockBytes / k_pad;
  rows = rows >= step ? rows - rows % step : step;
  const uint32_t plane = p.out_h * p.out_w;
  return rows < plane ? rows : (plane == 0 ? 1u : plane);
}

// The bordered input: every window of the output inside it, pitch bytes per row.
constexpr uint64_t conv_ring_pitch(const Conv2dParams& p) {
  const uint64_t span_w = uint64_t{p.out_w - 1} * p.stride_w + uint64_t{p.k_w - 1} * p.dilation_w + 1;
  const uint64_t w = span_w > uint64_t{p.pad_w} + p.in_w ? span_w : uint64_t{p.pad_w} + p.in_w;
  return w * p.in_c;
}
constexpr uint64_t conv_bordered_rows(const Conv2dParams& p) {
  const uint64_t span_h = uint64_t{p.out_h - 1} * p.stride_h + uint64_t{p.k_h - 1} * p.dilation_h + 1;
  return span_h > uint64_t{p.pad_h} + p.in_h ? span_h : uint64_t{p.pad_h} + p.in_h;
}
// A bordered image of at most this many bytes is kept whole (built once per image by one fill
// and row copies, unrolled across output rows), except under 3-row filters (the ring's fastest
// loop); a larger one as a ring of the rows one output row reads.
constexpr uint64_t kConvWholeImageBytes = 4096;
constexpr bool conv_ring_is_whole(const Conv2dParams& p) {
  return p.k_h != 3 && conv_bordered_rows(p) * conv_ring_pitch(p) <= kConvWholeImageBytes;
}
// Rows of the ring: the whole bordered image, or the (k_h - 1) * dilation_h + 1 one output row
// reads.
constexpr uint32_t conv_ring_rows(const Conv2dParams& p) {
  return conv_ring_is_whole(p) ? static_cast<uint32_t>(conv_bordered_rows(p)) : (p.k_h - 1) * p.dilation_h + 1;
}
constexpr uint64_t conv_ring_bytes(const Conv2dParams& p) {
  return (uint64_t{conv_ring_rows(p)} * conv_ring_pitch(p) + 3u) & ~uint64_t{3};
}

// Kernel scratch of the HVX CONV_2D (see the layouts above), with the slack that aligns its start
// (one vector; 3 bytes for the im2col path outside the wide mode).
constexpr uint64_t conv_temp_bytes(const Conv2dParams& p) {
  const uint32_t k_len = p.k_h * p.k_w * p.in_c;
  if (conv_is_pointwise(p)) return kVec + gemm_temp_bytes(p.out_c, k_len);
  return (gemm_is_wide(p.out_c) ? kVec + gemm_second_bytes(p.out_c, k_len) : 3u) + conv_ring_bytes(p) +
         uint64_t{conv_block_rows(p)} * k_pad_of(k_len) + kVec;
}

// FULLY_CONNECTED: kernel scratch of the HVX path (the packed GEMM from kMinGemmRows rows on,
// gemv below), with the alignment slack.
constexpr uint64_t fc_temp_bytes(uint32_t batches, uint32_t output_depth, uint32_t accum_depth) {
  return kVec + (batches >= kMinGemmRows ? gemm_temp_bytes(output_depth, accum_depth)
                                         : round_vec(uint64_t{(output_depth + kLanes - 1) / kLanes} * kVec));
}

// ---- DEPTHWISE_CONV_2D int8 ----------------------------------------------------------------
// Three HVX paths, chosen from the header alone (dw_path), each with its layout after the
// portable arrays (bias, multiplier, shift; the bias not folded):
//   kSingleRows in_c == 1, depth multiplier kDwRowsChannels (dw_single_rows): lanes are up to
//             32 output pixels of a row, one accumulator per channel. RequantLanes[8] (lanes of
//             vector c all channel c; the bias folded with -(input_zero_point + 128) * sum of
//             the channel's taps: the input is read biased to unsigned), then uint32
//             words[k_h][groups][8]: byte j of word [ky][g][c] is filter tap (ky, 4g + j) of
//             channel c (0 for 4g + j >= k_w), groups = ceil(k_w / 4).
//   kSingle   other in_c == 1 (any depth multiplier): a CONV_2D with in_c = 1 (dw_as_conv); the
//             GEMM layout of the filter transposed to [out_c][taps], bias folded with
//             -input_zero_point * (sum of the channel's taps).
//   kFlat     depth multiplier 1, 128 % c == 0, stride_w <= 2, rows within the kDwFlat*
//             limits: whole output rows as byte vectors (position p is channel p % c).
//             RequantLanes[4] (vector r, lane l: position 32r + l), then per group of four
//             taps four vectors: vector r, word l = byte j of the word is tap 4g + j's filter
//             at position 32r + l (0 past the last tap).
//   kPerPixel depth multiplier 1, c <= kDwMaxChannels, columns (dw_is_column) included:
//             blocks of 128 channels per pixel, four pixels of a row at a time.
//             RequantLanes[blocks][4] ([b][s], lane l: channel 128b + 4l + s), then per block
//             and tap four vectors: vector s keeps byte s of each word of the tap's 128 filter
//             bytes (channels 128b .. 128b + 127, 0 past c) and zeroes the others.
// The folded bias of every path: bias[c] - input_zero_point * sum over taps of filter[.][c],
// wrapped to 32 bits.
enum class DwPath : uint32_t { kNone, kSingle, kFlat, kPerPixel, kSingleRows };

// kSingleRows: one input channel, kDwRowsChannels outputs per pixel, stride_w 1 or 2,
// dilation_w 1, and the input bytes under 32 output pixels and a group of four taps within one
// vector (stride_w * 31 + 4 * groups <= 128).
constexpr uint32_t kDwRowsChannels = 8;
constexpr uint32_t dw_single_rows_groups(const DepthwiseConv2dParams& p) { return (p.k_w + 3) / 4; }
constexpr bool dw_single_rows(const DepthwiseConv2dParams& p) {
  return p.in_c == 1 && p.out_c == kDwRowsChannels && (p.stride_w == 1 || p.stride_w == 2) &&
         p.dilation_w == 1 && p.k_w <= kVec && uint64_t{p.stride_w} * 31 + 4u * dw_single_rows_groups(p) <= kVec;
}

constexpr uint32_t kDwMaxChannels = 1024;
constexpr uint32_t kDwFlatMaxRows = 8;        // k_h
constexpr uint32_t kDwFlatMaxRowBytes = 8192;  // bordered row, and the stride-1 output row
constexpr uint32_t kDwFlatMaxTaps = 256;       // taps rounded up to groups of four

struct DwFlatGeometry {
  uint32_t chunks;     // 128-byte chunks of the stride-1 output row
  uint32_t row_bytes;  // bordered input row: chunks * 128 + the filter's span
  uint32_t groups;     // groups of four taps
};
constexpr DwFlatGeometry dw_flat_geometry(const DepthwiseConv2dParams& p) {
  const uint64_t wide_row = (uint64_t{p.out_w - 1} * p.stride_w + 1) * p.out_c;
  const uint64_t chunks = (wide_row + kVec - 1) / kVec;
  const uint64_t span = uint64_t{p.k_w - 1} * p.dilation_w * p.out_c;
  const uint64_t row = chunks * kVec + span;
  return DwFlatGeometry{chunks > 0xFFFFu ? 0xFFFFu : static_cast<uint32_t>(chunks),
                        row > 0xFFFFFFu ? 0xFFFFFFu : static_cast<uint32_t>(row),
                        (p.k_h * p.k_w + 3) / 4};
}

// The flat path at stride_w 2 over channel counts below 128 (dilation_w 1) computes the output
// pixels directly: each bordered input row is dealt into its even and its odd pixels (`half`
// bytes each, from a row of `blocks` 256-byte blocks), so every tap reads contiguous bytes.
struct DwFlatDirect {
  uint32_t chunks;  // 128-byte chunks of the output row
  uint32_t blocks;  // 256-byte blocks of the bordered row that is dealt
  uint32_t half;    // bytes of the even (then the odd) pixels: blocks * 128 and the taps' reach
};
constexpr bool dw_flat_direct(const DepthwiseConv2dParams& p) {
  return p.stride_w == 2 && p.dilation_w == 1 && p.out_c < kVec;
}
constexpr DwFlatDirect dw_flat_direct_geometry(const DepthwiseConv2dParams& p) {
  const uint64_t chunks = (uint64_t{p.out_w} * p.out_c + kVec - 1) / kVec;
  const uint64_t src = (uint64_t{p.out_w - 1} * 2 + p.k_w) * p.out_c;  // bordered bytes read
  const uint64_t blocks = (src + 2 * kVec - 1) / (2 * kVec);
  const uint64_t reach = chunks * kVec + uint64_t{p.k_w / 2} * p.out_c;  // last tap read + 1
  const uint64_t half = round_vec(blocks * kVec > reach ? blocks * kVec : reach);
  return DwFlatDirect{chunks > 0xFFFFu ? 0xFFFFu : static_cast<uint32_t>(chunks),
                      blocks > 0xFFFFu ? 0xFFFFu : static_cast<uint32_t>(blocks),
                      half > 0xFFFFFFu ? 0xFFFFFFu : static_cast<uint32_t>(half)};
}

// Bordered input rows the flat path keeps: those under an output row pair (rows oy and oy + 1),
// stride_h + (k_h - 1) * dilation_h + 1 consecutive input rows, reused by the next pair.
constexpr uint64_t dw_flat_ring_rows(const DepthwiseConv2dParams& p) {
  return uint64_t{p.stride_h} + uint64_t{p.k_h - 1} * p.dilation_h + 1;
}

// The CONV_2D (in_c = 1) an in_c == 1 depthwise convolution is.
constexpr Conv2dParams dw_as_conv(const DepthwiseConv2dParams& p) {
  return Conv2dParams{p.batches,    p.in_h,     p.in_w,     1u,       p.out_h,  p.out_w,
                      p.out_c,      p.k_h,      p.k_w,      p.stride_h, p.stride_w,
                      p.dilation_h, p.dilation_w, p.pad_h,  p.pad_w,  p.input_zero_point,
                      p.output_zero_point, p.act_min, p.act_max, 0u,   0u,       1u};
}

// A column: in_w == out_w == k_w == 1 and no left padding (e.g. temporal convolutions over
// [1, time, 1, channels]). Its bytes are those of one row of in_h pixels, so the per-pixel path
// runs it as that row (dw_column_as_row: H and W geometry swapped, the taps keep their order),
// where the flat path would pay its per-row set-up for every single pixel.
constexpr bool dw_is_column(const DepthwiseConv2dParams& p) {
  return p.in_w == 1 && p.out_w == 1 && p.k_w == 1 && p.pad_w == 0 && p.in_h > 1;
}
constexpr DepthwiseConv2dParams dw_column_as_row(const DepthwiseConv2dParams& p) {
  DepthwiseConv2dParams r = p;
  r.in_h = 1;
  r.in_w = p.in_h;
  r.out_h = 1;
  r.out_w = p.out_h;
  r.k_h = 1;
  r.k_w = p.k_h;
  r.stride_h = 1;
  r.stride_w = p.stride_h;
  r.dilation_h = 1;
  r.dilation_w = p.dilation_h;
  r.pad_h = 0;
  r.pad_w = p.pad_h;
  return r;
}

inline DwPath dw_path(const DepthwiseConv2dParams& p) {
  if ((p.flags & kDwFlagInt16x8) != 0 || p.out_c == 0 || p.k_h * p.k_w == 0) return DwPath::kNone;
  if (dw_single_rows(p)) return DwPath::kSingleRows;
  if (p.in_c == 1) return conv_takes_hvx(dw_as_conv(p)) ? DwPath::kSingle : DwPath::kNone;
  if (p.depth_multiplier != 1 || p.out_c > kDwMaxChannels) return DwPath::kNone;
  const DwFlatGeometry f = dw_flat_geometry(p);
  if (p.stride_w <= 2 && kVec % p.out_c == 0 && !dw_is_column(p) && p.k_h <= kDwFlatMaxRows &&
      f.row_bytes <= kDwFlatMaxRowBytes && f.chunks * kVec <= kDwFlatMaxRowBytes &&
      f.groups * 4 <= kDwFlatMaxTaps) {
    return DwPath::kFlat;
  }
  return DwPath::kPerPixel;
}

inline uint64_t dw_layout_bytes(const DepthwiseConv2dParams& p) {
  const uint64_t taps = uint64_t{p.k_h} * p.k_w;
  const uint64_t blocks = (uint64_t{p.out_c} + kVec - 1) / kVec;
  switch (dw_path(p)) {
    case DwPath::kSingle:
      return gemm_layout_bytes(p.out_c, static_cast<uint32_t>(taps), true);
    case DwPath::kSingleRows:
      return kDwRowsChannels * (sizeof(RequantLanes) + uint64_t{p.k_h} * dw_single_rows_groups(p) * 4);
    case DwPath::kFlat:
      return 4 * sizeof(RequantLanes) + uint64_t{dw_flat_geometry(p).groups} * 4 * kVec;
    case DwPath::kPerPixel:
      return blocks * 4 * (sizeof(RequantLanes) + taps * kVec);
    case DwPath::kNone:
      break;
  }
  return 0;
}

// Kernel scratch of the HVX paths (with one vector of alignment slack):
//   kSingle   conv_temp_bytes(dw_as_conv(p))
//   kFlat     a ring of dw_flat_ring_rows(p) bordered input rows of row_bytes + one vector
//             (dw_flat_direct: of 2 * half bytes, and one bordered row of blocks * 256 bytes +
//             one vector to deal them from, instead of the stride-1 output rows),
//             two stride-1 output rows (chunks vectors each), the tap offset tables of both
//             output rows for each ring position: ring rows * 2 * groups * 4 uint32, then
//             aligned copies of the layout's filter vectors (groups * 4; the requantisation
//             lanes are read in place); the whole-image form of 3x3 stride-1 layers
//             (hvx_depthwise_map.h) lays out the same bytes its own way
//   kPerPixel, kSingleRows none
// The kFlat case of dw_temp_bytes (for a node on that path).
inline uint64_t dw_flat_temp_bytes(const DepthwiseConv2dParams& p) {
  const DwFlatGeometry f = dw_flat_geometry(p);
  if (dw_flat_direct(p)) {
    const DwFlatDirect d = dw_flat_direct_geometry(p);
    return kVec + round_vec(dw_flat_ring_rows(p) * 2 * d.half) + round_vec(uint64_t{d.blocks} * 2 * kVec + kVec) +
           round_vec(dw_flat_ring_rows(p) * f.groups * 4 * 8) + uint64_t{f.groups} * 4 * kVec;
  }
  return kVec + round_vec(dw_flat_ring_rows(p) * (f.row_bytes + kVec)) + round_vec(2 * uint64_t{f.chunks} * kVec) +
         round_vec(dw_flat_ring_rows(p) * f.groups * 4 * 8) + uint64_t{f.groups} * 4 * kVec;
}

inline uint64_t dw_temp_bytes(const DepthwiseConv2dParams& p) {
  switch (dw_path(p)) {
    case DwPath::kSingle:
      return conv_temp_bytes(dw_as_conv(p));
    case DwPath::kFlat:
      return dw_flat_temp_bytes(p);
    case DwPath::kPerPixel:
    case DwPath::kSingleRows:
    case DwPath::kNone:
      break;
  }
  return 0;
}

// Filter byte of tap t, channel c (filter [1, k_h, k_w, out_c]).
inline int8_t dw_filter(const int8_t* f, const DepthwiseConv2dParams& p, uint32_t t, uint32_t c) {
  return f[static_cast<size_t>(t) * p.out_c + c];
}

// bias[c] - input_zero_point * sum_t filter[t][c], wrapped.
inline int32_t dw_folded_bias(const int8_t* f, const DepthwiseConv2dParams& p, const int32_t* bias,
                              uint32_t c) {
  int32_t sum = 0;
  for (uint32_t t = 0; t < p.k_h * p.k_w; ++t) sum += dw_filter(f, p, t, c);
  return static_cast<int32_t>(static_cast<uint32_t>(bias[c]) -
                              static_cast<uint32_t>(p.input_zero_point) * static_cast<uint32_t>(sum));
}

// Visits the layout of path dw_path(p) word by word (see visit_gemm_layout). q: the portable
// arrays (q.folded_bias is the unfolded bias of the depthwise blob).
template <typename Emit>
bool visit_dw_layout(const DepthwiseConv2dParams& p, const int8_t* f, const gemm::Requant& q,
                     Emit&& emit) {
  const uint32_t taps = p.k_h * p.k_w, c_total = p.out_c;
  // One RequantLanes of channels ch(l), emitted.
  auto lanes = [&](auto&& ch) {
    RequantLanes r{};
    for (uint32_t l = 0; l < kLanes; ++l) {
      const uint32_t c = ch(l);
      const int32_t folded = c < c_total ? dw_folded_bias(f, p, q.folded_bias, c) : 0;
      const gemm::Requant one{&folded, q.multiplier + (c < c_total ? c : 0),
                              q.shift + (c < c_total ? c : 0), 0, 0, 0};
      if (!requant_lane(one, c < c_total ? 1u : 0u, 0, &r, l)) return false;
    }
    const int32_t* words = r.bias;
    for (uint32_t i = 0; i < 6 * kLanes; ++i) {
      if (!emit(static_cast<uint32_t>(words[i]))) return false;
    }
    return true;
  };
  switch (dw_path(p)) {
    case DwPath::kSingle: {
      const GemmShape s = gemm_shape(c_total, taps);
      for (uint32_t b = 0; b < s.blocks; ++b) {
        if (!lanes([&](uint32_t l) { return lane_channel(s, b, l); })) return false;
      }
      for (uint32_t b = 0; b < s.blocks; ++b) {
        for (uint32_t g = 0; g < s.groups; ++g) {
          for (uint32_t l = 0; l < kLanes; ++l) {
            const uint32_t c = lane_channel(s, b, l);
            uint32_t v = 0;
            for (uint32_t j = 0; j < 4 && c < c_total && 4 * g + j < taps; ++j) {
              v |= static_cast<uint32_t>(static_cast<uint8_t>(dw_filter(f, p, 4 * g + j, c))) << (8 * j);
            }
            if (!emit(v)) return false;
          }
        }
      }
      return true;
    }
    case DwPath::kSingleRows: {
      for (uint32_t c = 0; c < kDwRowsChannels; ++c) {
        RequantLanes r{};
        int32_t sum = 0;
        for (uint32_t t = 0; t < taps; ++t) sum += dw_filter(f, p, t, c);
        const int32_t folded = static_cast<int32_t>(
            static_cast<uint32_t>(q.folded_bias[c]) -
            (static_cast<uint32_t>(p.input_zero_point) + 128u) * static_cast<uint32_t>(sum));
        const gemm::Requant one{&folded, q.multiplier + c, q.shift + c, 0, 0, 0};
        for (uint32_t l = 0; l < kLanes; ++l) {
          if (!requant_lane(one, 1u, 0, &r, l)) return false;
        }
        const int32_t* words = r.bias;
        for (uint32_t i = 0; i < 6 * kLanes; ++i) {
          if (!emit(static_cast<uint32_t>(words[i]))) return false;
        }
      }
      const uint32_t groups = dw_single_rows_groups(p);
      for (uint32_t ky = 0; ky < p.k_h; ++ky) {
        for (uint32_t g = 0; g < groups; ++g) {
          for (uint32_t c = 0; c < kDwRowsChannels; ++c) {
            uint32_t v = 0;
            for (uint32_t j = 0; j < 4 && 4 * g + j < p.k_w; ++j) {
              v |= static_cast<uint32_t>(static_cast<uint8_t>(dw_filter(f, p, ky * p.k_w + 4 * g + j, c))) << (8 * j);
            }
            if (!emit(v)) return false;
          }
        }
      }
      return true;
    }
    case DwPath::kFlat: {
      for (uint32_t r = 0; r < 4; ++r) {
        if (!lanes([&](uint32_t l) { return (32 * r + l) % c_total; })) return false;
      }
      const uint32_t groups = dw_flat_geometry(p).groups;
      for (uint32_t g = 0; g < groups; ++g) {
        for (uint32_t r = 0; r < 4; ++r) {
          for (uint32_t l = 0; l < kLanes; ++l) {
            uint32_t v = 0;
            for (uint32_t j = 0; j < 4 && 4 * g + j < taps; ++j) {
              const int8_t b = dw_filter(f, p, 4 * g + j, (32 * r + l) % c_total);
              v |= static_cast<uint32_t>(static_cast<uint8_t>(b)) << (8 * j);
            }
            if (!emit(v)) return false;
          }
        }
      }
      return true;
    }
    case DwPath::kPerPixel: {
      const uint32_t blocks = (c_total + kVec - 1) / kVec;
      for (uint32_t b = 0; b < blocks; ++b) {
        for (uint32_t s = 0; s < 4; ++s) {
          if (!lanes([&](uint32_t l) { return b * kVec + 4 * l + s; })) return false;
        }
      }
      for (uint32_t b = 0; b < blocks; ++b) {
        for (uint32_t t = 0; t < taps; ++t) {
          for (uint32_t s = 0; s < 4; ++s) {
            for (uint32_t l = 0; l < kLanes; ++l) {
              const uint32_t c = b * kVec + 4 * l + s;
              const uint32_t v = c < c_total ? static_cast<uint32_t>(static_cast<uint8_t>(dw_filter(f, p, t, c))) << (8 * s) : 0u;
              if (!emit(v)) return false;
            }
          }
        }
      }
      return true;
    }
    case DwPath::kNone:
      break;
  }
  return false;
}

inline bool build_dw_layout(const DepthwiseConv2dParams& p, const int8_t* f, const gemm::Requant& q,
                            uint8_t* out) {
  return visit_dw_layout(p, f, q, WordWriter{reinterpret_cast<uint32_t*>(out)});
}

inline bool dw_layout_matches(const DepthwiseConv2dParams& p, const uint8_t* layout, const int8_t* f,
                              const gemm::Requant& q) {
  return visit_dw_layout(p, f, q, WordMatcher{reinterpret_cast<const uint32_t*>(layout)});
}

// ---- FULLY_CONNECTED int8 with few rows over packed weights (kFcFlagHvxPacked) -------------
// hvx::fc_gemv_packed_s8 reads a row that starts on a 4-byte boundary in place (whole words;
// the bytes of the last word past k_len meet zero weights) and stages any other row into the
// temp: k_len bytes, zero padded to whole vectors, from the temp's first 128-byte boundary.
constexpr uint64_t gemv_packed_stage_bytes(uint32_t k_len) { return kVec + round_vec(k_pad_of(k_len)); }
// Whether every row of an input starting on a 4-byte boundary does too.
constexpr bool gemv_rows_aligned(uint32_t rows, uint32_t k_len) { return rows == 1 || (k_len & 3u) == 0; }
// Kernel scratch prepare plans: none where the rows of an aligned input are aligned (the plan
// aligns its tensors), else the staging row. With less, an input whose rows are not all
// aligned (a caller's unaligned IO buffer) runs the portable kernel: same bytes.
constexpr uint64_t gemv_packed_temp_bytes(uint32_t rows, uint32_t k_len) {
  return gemv_rows_aligned(rows, k_len) ? 0u : gemv_packed_stage_bytes(k_len);
}

// Whether prepare gives a few-row FULLY_CONNECTED (batches < kMinGemmRows) the packed GEMV
// rather than the depth dot products: estimated packets, blocks * (groups + 30) against
// n * (ceil(k_len / 128) + 10) + 30 (the fixed costs of a block's requantisation and of a
// row's lane reduction).
constexpr bool fc_prefers_packed_gemv(uint32_t n, uint32_t k_len) {
  return gemm_shape_ok(n, k_len) &&
         uint64_t{gemm_shape(n, k_len).blocks} * (gemm_shape(n, k_len).groups + 30u) <
             uint64_t{n} * ((k_len + kVec - 1) / kVec + 10u) + 30u;
}

}  // namespace hvx_layout
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_HVX_HVX_LAYOUT_H
