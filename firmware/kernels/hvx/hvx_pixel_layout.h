// HVX pixel-lane CONV_2D (kConvFlagHvxPixels with kConvFlagHvxLayout): the layout prepare
// writes after the portable arrays, the loader's word-by-word check of it, and the kernel
// scratch. Plain C++ (no intrinsics), shared by prepare, the loader and the kernel
// (hvx_conv_pixels.h).
//
// For convolutions with few input channels (in_c <= 4, e.g. an image's first layer) and few
// output channels (8 or 16), where the GEMM's lanes (output channels) and its im2col rows of
// k_h * k_w * in_c bytes leave most of each vector idle: lanes are 32 output pixels of a row,
// one accumulator per output channel. Per filter tap (ky, kx), word l of the tap vector holds
// the in_c input bytes under pixel l's tap (biased to unsigned: x + 128) and one byte more (its
// weight is 0); one vrmpy by the channel's four tap bytes (a scalar) adds them. The tap vector
// is gathered from a bordered input row by one byte network permute per 16 or 32 pixels
// (vdelta when the pixels are at most 4 bytes apart, stride_w * in_c < 4, vrdelta otherwise).
//
// Layout (4-byte aligned; read with unaligned vector loads):
//   PixelRequant requant[out_c]       channel c's requantisation scalars (every lane of its
//                                     accumulator is channel c), its bias folded with
//                                     -128 * (sum of the channel's filter bytes) as well
//                                     (the input is read biased to unsigned)
//   uint8_t control[chunks][128]      the permute's controls: chunk h routes byte j of pixel
//                                     l (l < 32 / chunks) from source byte S * l + j to
//                                     destination 4 * (l + h * 32 / chunks) + j, S = stride_w *
//                                     in_c (pixel_control)
//   uint32_t words[k_h * k_w][out_c]  byte j < in_c of word (tap, c): filter[c][ky][kx][j], 0
//                                     above
// Kernel scratch, from its first 128-byte boundary (one vector of slack): k_h bordered input
// rows of pixel_row_bytes(p) bytes (the input biased to unsigned, input_zero_point's byte
// biased the same outside it); with two chunks, two such sets (the lanes' two halves are units
// of 16 consecutive output pixels, the second possibly in the next output row).
//
// Pointwise form (pixel_is_pointwise: 1x1, no padding, stride 1, in_c 8, 16 or 32 to out_c 8, 16
// or 32, or in_c 32 or 64 to out_c 64 over at least kPixelWideMinPixels pixels): 32 consecutive
// pixels' channels are loaded and dealt so that vector g holds word g (channels 4g .. 4g + 3)
// of each pixel; per channel one vrmpy per word. Layout:
//   PixelRequant requant[out_c]       as above
//   uint32_t words[in_c / 4][out_c]   byte j of word (g, c): filter[c][4g + j]
// Kernel scratch: none, or with 32 output channels (two blocks of 16 accumulators) the first
// block's four byte vectors, from the first 128-byte boundary; with 64 output channels (four
// blocks) the in_c / 4 dealt word vectors, then the first three blocks' byte vectors.
//
// Channel-tap form (pixel_is_channel_taps: k_h x k_w, stride_w 1, in_c 16 or 32, out_c 16 or
// 32, not pointwise): per output row its k_h bordered input rows (as above, pixel_row_bytes
// without the permute's slack); each tap's 32 pixels are loaded from the bordered row and dealt
// like the pointwise form's, one vrmpy per (tap, word, channel). Layout:
//   PixelRequant requant[out_c]              as above
//   uint32_t words[k_h * k_w][in_c / 4][out_c] byte j of word (t, g, c): filter[c][t][4g + j]
// Kernel scratch, from its first 128-byte boundary: the k_h bordered rows, then with 32 output
// channels the first block's four byte vectors.
//
// Strip form (pixel_is_strips: in_c * k_w <= 4, no dilation, out_c 32 or 64; kws's first
// layer): a filter row's in_c * k_w bytes are one word, so a tap vector per filter row ky. Lanes
// are 32 consecutive output pixels of the image in raster order (several output rows). The
// input, padded and biased, is dealt into stride_h strips: strip s row m is padded input row
// m * stride_h + s, strip_pitch(p) bytes a row, so pixel (oy, ox)'s word for ky starts in strip
// ky % stride_h at row oy + ky / stride_h, byte ox * stride_w * in_c. A block starting at
// (oy0, ox0) loads one vector from its first pixel's word and permutes it (vdelta) with the
// control of its phase ox0 / strip_phase_step(p). Layout:
//   PixelRequant requant[out_c]          as above
//   uint8_t control[strip_phases][128]   phase f (ox0 = f * strip_phase_step): byte j of pixel
//                                        l from strip_src(p, ox0, l) + j
//   uint32_t words[k_h][out_c]           byte j < in_c * k_w of word (ky, c):
//                                        filter[c][ky][j / in_c][j % in_c], 0 above
// Kernel scratch, from its first 128-byte boundary: stride_h strips of strip_bytes(p) bytes
// (fill: input_zero_point's byte biased). The output block itself stages the channel blocks'
// bytes (16 channels each) before they are interleaved pixel by pixel.
#ifndef LPAI_KERNELS_HVX_HVX_PIXEL_LAYOUT_H
#define LPAI_KERNELS_HVX_HVX_PIXEL_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/hvx/hvx_layout.h"

namespace lpai {
namespace kernels {
namespace hvx_layout {

// One output channel's requantisation (gemm::requantize's parameters for that channel; the
// kernel splats them over its accumulator's 32 lanes).
struct PixelRequant {
  int32_t bias;   // folded bias (see the layout)
  int32_t left;   // max(shift, 0), <= 30
  int32_t mult;   // Q31 multiplier, >= 0
  int32_t right;  // max(-shift, 0), <= 31
};
static_assert(sizeof(PixelRequant) == 16, "PixelRequant layout");

constexpr uint32_t kPixelMaxInChannels = 4;
constexpr uint32_t kPixelMaxTaps = 64;           // k_h * k_w
constexpr uint32_t kPixelMaxRowBytes = 16384;    // one bordered row of the scratch

// Bytes between the taps of neighbouring output pixels.
constexpr uint32_t pixel_step(const Conv2dParams& p) { return p.stride_w * p.in_c; }
// Permute chunks per tap vector: 1 (32 pixels within one source vector) or 2 (16 each).
constexpr uint32_t pixel_chunks(const Conv2dParams& p) { return pixel_step(p) * 31u + 4u <= kVec ? 1u : 2u; }
// vdelta (expanding) when pixels are less than a word apart, else vrdelta (compressing).
constexpr bool pixel_expands(const Conv2dParams& p) { return pixel_step(p) < 4u; }

// The wide pointwise form (64 output channels) wants at least this many output pixels: with
// fewer, most lanes of its 32-pixel groups idle and the GEMM (channels in the lanes) is faster.
constexpr uint32_t kPixelWideMinPixels = 64;

// The pointwise form's shapes: 8/16/32 input and output channels, or 32/64 -> 64 (wide).
constexpr bool pixel_is_pointwise(const Conv2dParams& p) {
  return p.k_h == 1 && p.k_w == 1 && p.pad_h == 0 && p.pad_w == 0 && p.stride_h == 1 && p.stride_w == 1 &&
         (((p.in_c == 8 || p.in_c == 16 || p.in_c == 32) && (p.out_c == 8 || p.out_c == 16 || p.out_c == 32)) ||
          ((p.in_c == 32 || p.in_c == 64) && p.out_c == 64 &&
           uint64_t{p.batches} * p.out_h * p.out_w >= kPixelWideMinPixels));
}

// The channel-tap form's shapes (some not pointwise).
constexpr bool pixel_is_channel_taps(const Conv2dParams& p) {
  return !pixel_is_pointwise(p) && p.stride_w == 1 && (p.in_c == 16 || p.in_c == 32) &&
         (p.out_c == 16 || p.out_c == 32);
}

// ---- strip form ----
constexpr uint32_t kStripMaxPhases = 8;
constexpr uint32_t kStripMaxBytes = 8192;  // all strips

constexpr uint32_t strip_pitch(const Conv2dParams& p) { return ((p.out_w - 1u) * p.stride_w + p.k_w) * p.in_c; }
constexpr uint32_t strip_rows(const Conv2dParams& p) { return p.out_h + (p.k_h - 1u) / p.stride_h; }
constexpr uint64_t strip_bytes(const Conv2dParams& p) {
  return round_vec(uint64_t{strip_rows(p)} * strip_pitch(p) + kVec);
}
// Block starts ox0 are multiples of gcd(out_w, 32); phases: out_w / that.
constexpr uint32_t strip_phase_step(const Conv2dParams& p) {
  return (p.out_w & (0u - p.out_w)) < kLanes ? (p.out_w & (0u - p.out_w)) : kLanes;
}
constexpr uint32_t strip_phases(const Conv2dParams& p) {
  return p.out_w / strip_phase_step(p) == 0 ? 1u : p.out_w / strip_phase_step(p);
}
// Byte offset of pixel l's word (block from ox0) from the block's first pixel's word.
constexpr uint32_t strip_src(const Conv2dParams& p, uint32_t ox0, uint32_t l) {
  return strip_pitch(p) * ((ox0 + l) / p.out_w) + p.stride_w * p.in_c * ((ox0 + l) % p.out_w) -
         p.stride_w * p.in_c * ox0;
}
constexpr bool pixel_is_strips(const Conv2dParams& p) {
  if (p.in_c == 0 || p.k_w == 0 || p.k_h == 0 || p.in_c * p.k_w > 4u || p.dilation_w != 1 || p.dilation_h != 1 ||
      (p.out_c != 32 && p.out_c != 64) || p.stride_w == 0 || p.stride_w > 4 || p.stride_h == 0 || p.out_w == 0 ||
      p.out_h == 0 || p.k_h > kPixelMaxTaps || p.out_w > 4096 || p.out_h > 4096 || p.stride_h > 4 ||
      strip_phases(p) > kStripMaxPhases || uint64_t{p.stride_h} * strip_bytes(p) > kStripMaxBytes) {
    return false;
  }
  for (uint32_t f = 0; f < strip_phases(p); ++f) {
    if (strip_src(p, f * strip_phase_step(p), kLanes - 1) + 4u > kVec) return false;
  }
  return true;
}

// Bordered row bytes: every tap vector's source loads (whole vectors) inside, rounded to vectors.
constexpr uint64_t pixel_row_bytes(const Conv2dParams& p) {
  const uint64_t blocks = (uint64_t{p.out_w} + kLanes - 1) / kLanes;
  return round_vec((blocks * kLanes * p.stride_w + uint64_t{p.k_w - 1} * p.dilation_w) * p.in_c +
                   (pixel_is_channel_taps(p) ? 0u : kVec));
}

// The shapes the pixel-lane kernel takes (int8, one group; prepare picks it for all of them):
// the pointwise form, the channel-tap form, or in_c <= 4 with 8 or 16 output channels.
constexpr bool conv_pixels_ok(const Conv2dParams& p) {
  return (p.flags & kConvFlagInt16x8) == 0 && p.groups == 1 &&
         (pixel_is_pointwise(p) || pixel_is_strips(p) ||
          (pixel_is_channel_taps(p) && p.k_h != 0 && p.k_w != 0 && uint64_t{p.k_h} * p.k_w <= kPixelMaxTaps &&
           p.out_w != 0 && pixel_row_bytes(p) <= kPixelMaxRowBytes) ||
          (p.in_c != 0 && p.in_c <= kPixelMaxInChannels && (p.out_c == 8 || p.out_c == 16) && p.stride_w != 0 &&
           p.stride_w <= 2 && p.k_h != 0 && p.k_w != 0 && uint64_t{p.k_h} * p.k_w <= kPixelMaxTaps &&
           p.out_w != 0 && pixel_row_bytes(p) <= kPixelMaxRowBytes));
}

constexpr uint64_t pixel_layout_bytes(const Conv2dParams& p) {
  if (pixel_is_strips(p)) {
    return uint64_t{p.out_c} * sizeof(PixelRequant) + uint64_t{strip_phases(p)} * kVec + uint64_t{p.k_h} * p.out_c * 4u;
  }
  if (pixel_is_channel_taps(p)) {
    return uint64_t{p.out_c} * sizeof(PixelRequant) + uint64_t{p.k_h} * p.k_w * p.in_c * p.out_c;
  }
  return pixel_is_pointwise(p) ? uint64_t{p.out_c} * sizeof(PixelRequant) + uint64_t{p.in_c} * p.out_c
                               : uint64_t{p.out_c} * sizeof(PixelRequant) + uint64_t{pixel_chunks(p)} * kVec +
                                     uint64_t{p.k_h} * p.k_w * p.out_c * 4u;
}

constexpr uint64_t pixel_temp_bytes(const Conv2dParams& p) {
  if (pixel_is_pointwise(p)) {
    if (p.out_c == 64) return kVec + (p.in_c / 4u + 12u) * kVec;  // dealt words, three blocks' bytes
    return p.out_c == 32 ? kVec + 4u * kVec : 0u;
  }
  if (pixel_is_strips(p)) return kVec + uint64_t{p.stride_h} * strip_bytes(p);
  if (pixel_is_channel_taps(p)) return kVec + uint64_t{p.k_h} * pixel_row_bytes(p) + (p.out_c == 32 ? 4u * kVec : 0u);
  return kVec + uint64_t{pixel_chunks(p)} * p.k_h * pixel_row_bytes(p);
}

// Control bytes of a byte network permute (vdelta: offsets 64, 32, .., 1; vrdelta: 1, 2, ..,
// 64; at each stage destination k takes byte k ^ offset when bit `offset` of control[k] is
// set, else keeps byte k) that brings source byte src[d] to destination d for every d with
// src[d] >= 0. False when two routes need one position at one stage with different bytes
// (monotone expansions through vdelta and compressions through vrdelta never do).
inline bool delta_control(const int16_t src[kVec], bool high_first, uint8_t control[kVec]) {
  int16_t held[kVec];  // source byte each position holds after the current stage (-1: free)
  for (uint32_t k = 0; k < kVec; ++k) control[k] = 0;
  for (uint32_t stage = 0; stage < 7; ++stage) {
    const uint32_t bit = high_first ? 64u >> stage : 1u << stage;
    // Bits done after this stage: the destination's, the others still the source's.
    const uint32_t done = high_first ? (0x7Fu & ~(bit - 1u)) : (bit << 1) - 1u;
    for (uint32_t k = 0; k < kVec; ++k) held[k] = -1;
    for (uint32_t d = 0; d < kVec; ++d) {
      if (src[d] < 0) continue;
      const uint32_t s = static_cast<uint32_t>(src[d]);
      const uint32_t at = (d & done) | (s & ~done & 0x7Fu);
      if (held[at] >= 0 && held[at] != src[d]) return false;
      held[at] = src[d];
      if (((at ^ s) & bit) != 0) control[at] = static_cast<uint8_t>(control[at] | bit);
    }
  }
  return true;
}

// The controls of chunk h (see the layout): byte j of pixel l from S * l + j.
inline bool pixel_control(const Conv2dParams& p, uint32_t h, uint8_t control[kVec]) {
  const uint32_t chunks = pixel_chunks(p), per = kLanes / chunks, s = pixel_step(p);
  int16_t src[kVec];
  for (uint32_t d = 0; d < kVec; ++d) {
    const uint32_t l = d / 4, j = d % 4;
    src[d] = l / per == h ? static_cast<int16_t>(s * (l % per) + j) : int16_t{-1};
  }
  return delta_control(src, pixel_expands(p), control);
}

// The strip form's control of phase f (see the layout).
inline bool strip_control(const Conv2dParams& p, uint32_t f, uint8_t control[kVec]) {
  int16_t src[kVec];
  for (uint32_t d = 0; d < kVec; ++d) {
    src[d] = static_cast<int16_t>(strip_src(p, f * strip_phase_step(p), d / 4) + d % 4);
  }
  return delta_control(src, true, control);
}

// Visits the pixel layout of filter f [out_c][k_h][k_w][in_c] and requantisation q (the
// portable arrays: q.folded_bias already folded with -input_zero_point * sum) word by word
// (see visit_gemm_layout).
template <typename Emit>
bool visit_pixel_layout(const Conv2dParams& p, const int8_t* f, const gemm::Requant& q, Emit&& emit) {
  if (!conv_pixels_ok(p)) return false;
  const uint32_t taps = p.k_h * p.k_w, depth = taps * p.in_c;
  for (uint32_t c = 0; c < p.out_c; ++c) {
    int32_t sum = 0;
    for (uint32_t i = 0; i < depth; ++i) sum += f[static_cast<size_t>(c) * depth + i];
    const int32_t folded =
        static_cast<int32_t>(static_cast<uint32_t>(q.folded_bias[c]) - 128u * static_cast<uint32_t>(sum));
    const gemm::Requant one{&folded, q.multiplier + c, q.shift + c, 0, 0, 0};
    RequantLanes r{};
    if (!requant_lane(one, 1u, 0, &r, 0)) return false;
    const int32_t words[4] = {r.bias[0], r.left[0], r.mult[0], r.right[0]};  // PixelRequant
    for (uint32_t i = 0; i < 4; ++i) {
      if (!emit(static_cast<uint32_t>(words[i]))) return false;
    }
  }
  if (pixel_is_channel_taps(p)) {
    for (uint32_t t = 0; t < taps; ++t) {
      for (uint32_t g = 0; g < p.in_c / 4; ++g) {
        for (uint32_t c = 0; c < p.out_c; ++c) {
          uint32_t v = 0;
          for (uint32_t j = 0; j < 4; ++j) {
            v |= static_cast<uint32_t>(static_cast<uint8_t>(f[(static_cast<size_t>(c) * taps + t) * p.in_c + 4 * g + j]))
                 << (8 * j);
          }
          if (!emit(v)) return false;
        }
      }
    }
    return true;
  }
  if (pixel_is_strips(p)) {
    for (uint32_t f = 0; f < strip_phases(p); ++f) {
      uint8_t control[kVec];
      if (!strip_control(p, f, control)) return false;
      for (uint32_t i = 0; i < kVec; i += 4) {
        const uint32_t v = uint32_t{control[i]} | uint32_t{control[i + 1]} << 8 | uint32_t{control[i + 2]} << 16 |
                           uint32_t{control[i + 3]} << 24;
        if (!emit(v)) return false;
      }
    }
    const uint32_t row = p.k_w * p.in_c;
    for (uint32_t ky = 0; ky < p.k_h; ++ky) {
      for (uint32_t c = 0; c < p.out_c; ++c) {
        uint32_t v = 0;
        for (uint32_t j = 0; j < row; ++j) {
          v |= static_cast<uint32_t>(static_cast<uint8_t>(f[(static_cast<size_t>(c) * p.k_h + ky) * row + j])) << (8 * j);
        }
        if (!emit(v)) return false;
      }
    }
    return true;
  }
  if (pixel_is_pointwise(p)) {
    for (uint32_t g = 0; g < p.in_c / 4; ++g) {
      for (uint32_t c = 0; c < p.out_c; ++c) {
        uint32_t v = 0;
        for (uint32_t j = 0; j < 4; ++j) {
          v |= static_cast<uint32_t>(static_cast<uint8_t>(f[static_cast<size_t>(c) * p.in_c + 4 * g + j])) << (8 * j);
        }
        if (!emit(v)) return false;
      }
    }
    return true;
  }
  for (uint32_t h = 0; h < pixel_chunks(p); ++h) {
    uint8_t control[kVec];
    if (!pixel_control(p, h, control)) return false;
    for (uint32_t i = 0; i < kVec; i += 4) {
      const uint32_t v = uint32_t{control[i]} | uint32_t{control[i + 1]} << 8 | uint32_t{control[i + 2]} << 16 |
                         uint32_t{control[i + 3]} << 24;
      if (!emit(v)) return false;
    }
  }
  for (uint32_t t = 0; t < taps; ++t) {
    for (uint32_t c = 0; c < p.out_c; ++c) {
      uint32_t v = 0;
      for (uint32_t j = 0; j < p.in_c; ++j) {
        v |= static_cast<uint32_t>(static_cast<uint8_t>(f[(static_cast<size_t>(c) * taps + t) * p.in_c + j])) << (8 * j);
      }
      if (!emit(v)) return false;
    }
  }
  return true;
}

inline bool build_pixel_layout(const Conv2dParams& p, const int8_t* f, const gemm::Requant& q, uint8_t* out) {
  return visit_pixel_layout(p, f, q, WordWriter{reinterpret_cast<uint32_t*>(out)});
}

// ---- the CONV_2D HVX layout of a header, either form ----
constexpr bool conv_is_pixels(const Conv2dParams& p) { return (p.flags & kConvFlagHvxPixels) != 0; }

// Whether the header's HVX form takes the convolution.
inline bool conv_hvx_ok(const Conv2dParams& p) {
  return conv_is_pixels(p) ? conv_pixels_ok(p) && conv_takes_hvx(p) : conv_takes_hvx(p);
}

// Layout bytes after the portable arrays (conv_hvx_ok(p)).
inline uint64_t conv_hvx_layout_bytes(const Conv2dParams& p) {
  return conv_is_pixels(p) ? pixel_layout_bytes(p) : gemm_layout_bytes(p.out_c, p.k_h * p.k_w * p.in_c, true);
}

// Kernel scratch of the header's HVX form.
inline uint64_t conv_hvx_temp_bytes(const Conv2dParams& p) {
  return conv_is_pixels(p) ? pixel_temp_bytes(p) : conv_temp_bytes(p);
}

// Whether `layout` is exactly what prepare writes for the header's form (the loader's check).
inline bool conv_hvx_layout_matches(const Conv2dParams& p, const uint8_t* layout, const int8_t* f,
                                    const gemm::Requant& q) {
  if (conv_is_pixels(p)) {
    return visit_pixel_layout(p, f, q, WordMatcher{reinterpret_cast<const uint32_t*>(layout)});
  }
  return gemm_layout_matches(layout, f, p.out_c, p.k_h * p.k_w * p.in_c, q, true);
}

}  // namespace hvx_layout
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_HVX_HVX_PIXEL_LAYOUT_H
