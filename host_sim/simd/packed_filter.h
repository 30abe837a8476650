// Packed int8 weights of the x86 SIMD kernels (host simulation only), cached per thread.
// A filter [n][k] (or [k][n], transposed) is repacked once for the vector lanes of one layout:
//   kIsaAvx512: [o / 16][kk / 4][o % 16][kk % 4] int8, plus the VNNI corrections
//               corr[o] = 128 * sum_k w[o][k] (vpdpbusd multiplies unsigned activations);
//   kIsaAvx2:   [o / 8][kk / 2][o % 8][kk % 2] int16 (stored as bytes), corr all zero;
//   kPackAvx2Bytes: the AVX2 layout with int8 storage (widened on load, half the bytes: the
//               LSTM's, which streams its weights every time step).
// Zero past n and k. Entries are keyed by the filter's address, shape and layout and verified
// byte for byte against a copy on every lookup, so a reused address never serves stale weights.
#ifndef LPAI_HOST_SIMD_PACKED_FILTER_H
#define LPAI_HOST_SIMD_PACKED_FILTER_H

#include <cstddef>
#include <cstdint>
#include <vector>

#include "simd/x86_target.h"

#if defined(LPAI_X86_SIMD)
namespace lpai::host::simd {

// packed_filter's third layout beside the two ISAs' (see above).
constexpr int kPackAvx2Bytes = 2;

// Channel lanes per block and taps per group of each ISA.
constexpr uint32_t lanes_of(int isa) { return isa == kIsaAvx512 ? 16u : 8u; }
constexpr uint32_t group_of(int isa) { return isa == kIsaAvx512 ? 4u : 2u; }

struct Packed {
  uint32_t n = 0, k = 0;
  std::vector<int8_t> orig;    // the filter as last packed (verification copy)
  std::vector<int8_t> data;    // packed layout (AVX2: int16 pairs stored as bytes, or int8)
  std::vector<int32_t> corr;   // VNNI: 128 * sum_k w[o][k]; AVX2: zeros
  uint64_t generation = 0;     // distinct per (re)pack in this thread, never 0
};

// The packed form of w (layout isa: kIsaAvx2, kIsaAvx512 or kPackAvx2Bytes). The reference
// stays valid until trim_packed_cache() runs.
const Packed& packed_filter(const int8_t* w, uint32_t n, uint32_t k, int isa, bool transposed);

// Empties this thread's packed-filter cache once it holds more than its limit (256 MiB).
// Called at the start of a node's evaluation, never by packed_filter itself: the references a
// node gets from packed_filter stay valid until the node returns.
void trim_packed_cache();

}  // namespace lpai::host::simd
#endif  // LPAI_X86_SIMD

#endif  // LPAI_HOST_SIMD_PACKED_FILTER_H
