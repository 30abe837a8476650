// HVX layout of the int8 UNIDIRECTIONAL_SEQUENCE_LSTM: what prepare writes offline after the
// node's portable parameter blob when a binary is prepared with `--kernel_layout hvx`, what the
// loader checks against the blob and the weights, and the kernel scratch the HVX step needs.
// Plain C++ (no intrinsics): the host prepare, the loader on every target and the HVX kernel
// share it.
//
// The four gates' rows form one matrix of 4S channels, channel c = g * S + j (gate g, unit j),
// evaluated as two GEMVs sharing lanes (lane l of block b is channel b * 32 + l):
//   RequantLanes in_lanes[blocks]    input FC: bias_in[c], input_fc[g]
//   RequantLanes rec_lanes[blocks]   recurrent FC: bias_rec[c], recurrent_fc[g]
//   int8_t w_in[blocks][groups(I)][32][4]   lane l of group q: W_g[j][4q .. 4q + 3]
//   int8_t w_rec[blocks][groups(S)][32][4]  lane l of group q: R_g[j][4q .. 4q + 3]
// (zero past 4S channels or past the depth; channels past 4S requantise with all-zero lanes).
// The layout is 4-byte aligned in the blob; the kernel reads it with unaligned vector loads.
#ifndef LPAI_KERNELS_HVX_HVX_LSTM_LAYOUT_H
#define LPAI_KERNELS_HVX_HVX_LSTM_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/hvx/hvx_layout.h"
#include "kernels/params/unidirectional_sequence_lstm.h"

namespace lpai {
namespace kernels {
namespace hvx_layout {

constexpr uint32_t kLstmMaxHvxChannels = 4096;  // 4S limit of the HVX LSTM (1024 units)

struct LstmShape {
  uint32_t channels;    // 4S
  uint32_t blocks;      // 32-lane blocks
  uint32_t in_groups;   // 4-byte groups of the input depth I
  uint32_t rec_groups;  // 4-byte groups of the recurrent depth S
};

constexpr LstmShape lstm_shape(uint32_t input_size, uint32_t state_size) {
  return LstmShape{4u * state_size, (4u * state_size + kLanes - 1) / kLanes, (input_size + 3) / 4,
                   (state_size + 3) / 4};
}

// Whether the HVX LSTM step takes an int8 LSTM of these sizes.
constexpr bool lstm_takes_hvx(uint32_t input_size, uint32_t state_size) {
  return input_size != 0 && input_size <= gemm::kMaxAccumDepth && state_size != 0 &&
         4u * static_cast<uint64_t>(state_size) <= kLstmMaxHvxChannels;
}

// Bytes of the layout (lstm_takes_hvx sizes).
constexpr uint32_t lstm_layout_bytes(uint32_t input_size, uint32_t state_size) {
  return lstm_shape(input_size, state_size).blocks *
         (2u * static_cast<uint32_t>(sizeof(RequantLanes)) +
          (lstm_shape(input_size, state_size).in_groups +
           lstm_shape(input_size, state_size).rec_groups) *
              kVec);
}

// Kernel scratch of the HVX step, from the temp's first 4-byte boundary: the int32 gate values
// of channel c at lane c (unaligned vectors; each 32-lane vector is also the table reads'
// scratch once its values are read), lstm_gate_lanes(S) lanes: the blocks' lanes, and past
// them the lanes the last unit chunk's output-gate load reaches (3S + j0 + 32, j0 the last
// chunk's first unit). The input row and hidden state are read in place (4-byte aligned: the
// kernel's caller runs the portable step otherwise). At least the portable step's 8S bytes:
// every build runs the binary.
constexpr uint32_t lstm_gate_lanes(uint32_t input_size, uint32_t state_size) {
  return lstm_shape(input_size, state_size).blocks * kLanes > 3u * state_size + (state_size - 1) / kLanes * kLanes + kLanes
             ? lstm_shape(input_size, state_size).blocks * kLanes
             : 3u * state_size + (state_size - 1) / kLanes * kLanes + kLanes;
}
constexpr uint64_t lstm_temp_bytes(uint32_t input_size, uint32_t state_size) {
  return uint64_t{3} + uint64_t{4} * lstm_gate_lanes(input_size, state_size) > uint64_t{8} * state_size
             ? uint64_t{3} + uint64_t{4} * lstm_gate_lanes(input_size, state_size)
             : uint64_t{8} * state_size;
}

// One lane of a gate FC's requantisation: channel c (< channels: gate c / S) of bias[] with
// the gate's rescale; zeros past the channels. False for a rescale outside the HVX sequence.
inline bool lstm_requant_lane(const LstmRescale* fc, const int32_t* bias, uint32_t state_size,
                              uint32_t channels, uint32_t c, RequantLanes* r, uint32_t l) {
  int32_t b = 0, m = 0, s = 0;
  if (c < channels) {
    const uint32_t g = c / state_size;
    b = bias[c];
    m = fc[g].multiplier;
    s = fc[g].shift;
  }
  const gemm::Requant q{&b, &m, &s, 0, 0, 0};
  return requant_lane(q, 1, 0, r, l);
}

// Packed word of (block, group, lane) over the gate rows w[g] ([S][k_len] each).
inline uint32_t lstm_packed_word(const int8_t* const* w, uint32_t state_size, uint32_t channels,
                                 uint32_t k_len, uint32_t block, uint32_t group, uint32_t lane) {
  const uint32_t c = block * kLanes + lane;
  if (c >= channels) return 0;
  const uint32_t g = c / state_size;
  const int8_t* src = w[g] + static_cast<size_t>(c - g * state_size) * k_len;
  uint32_t v = 0;
  for (uint32_t j = 0; j < 4 && group * 4 + j < k_len; ++j) {
    v |= static_cast<uint32_t>(static_cast<uint8_t>(src[group * 4 + j])) << (8 * j);
  }
  return v;
}

// Visits the layout word by word in memory order (emit as visit_gemm_layout). w_in / w_rec:
// the four gates' input [S][I] and recurrent [S][S] weights; bias_in / bias_rec: the blob's
// folded biases (4S each). False when stopped or when the LSTM is outside the HVX path.
template <typename Emit>
bool visit_lstm_layout(const UnidirectionalSequenceLstmParams& p, const int32_t* bias_in,
                       const int32_t* bias_rec, const int8_t* const* w_in,
                       const int8_t* const* w_rec, Emit&& emit) {
  if (!lstm_takes_hvx(p.input_size, p.state_size)) return false;
  const LstmShape s = lstm_shape(p.input_size, p.state_size);
  for (uint32_t part = 0; part < 2; ++part) {
    const LstmRescale* fc = part == 0 ? p.input_fc : p.recurrent_fc;
    const int32_t* bias = part == 0 ? bias_in : bias_rec;
    for (uint32_t b = 0; b < s.blocks; ++b) {
      RequantLanes r{};
      for (uint32_t l = 0; l < kLanes; ++l) {
        if (!lstm_requant_lane(fc, bias, p.state_size, s.channels, b * kLanes + l, &r, l)) {
          return false;
        }
      }
      const int32_t* words = r.bias;  // the six rows are contiguous
      for (uint32_t i = 0; i < 6 * kLanes; ++i) {
        if (!emit(static_cast<uint32_t>(words[i]))) return false;
      }
    }
  }
  for (uint32_t part = 0; part < 2; ++part) {
    const int8_t* const* w = part == 0 ? w_in : w_rec;
    const uint32_t k_len = part == 0 ? p.input_size : p.state_size;
    const uint32_t groups = part == 0 ? s.in_groups : s.rec_groups;
    for (uint32_t b = 0; b < s.blocks; ++b) {
      for (uint32_t g = 0; g < groups; ++g) {
        for (uint32_t l = 0; l < kLanes; ++l) {
          if (!emit(lstm_packed_word(w, p.state_size, s.channels, k_len, b, g, l))) return false;
        }
      }
    }
  }
  return true;
}

inline bool build_lstm_layout(const UnidirectionalSequenceLstmParams& p, const int32_t* bias_in,
                              const int32_t* bias_rec, const int8_t* const* w_in,
                              const int8_t* const* w_rec, uint8_t* out) {
  return visit_lstm_layout(p, bias_in, bias_rec, w_in, w_rec,
                           WordWriter{reinterpret_cast<uint32_t*>(out)});
}

inline bool lstm_layout_matches(const UnidirectionalSequenceLstmParams& p, const uint8_t* layout,
                                const int32_t* bias_in, const int32_t* bias_rec,
                                const int8_t* const* w_in, const int8_t* const* w_rec) {
  return visit_lstm_layout(p, bias_in, bias_rec, w_in, w_rec,
                           WordMatcher{reinterpret_cast<const uint32_t*>(layout)});
}

}  // namespace hvx_layout
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_HVX_HVX_LSTM_LAYOUT_H
