// HVX pieces of SOFTMAX int8 (hexagon builds with LPAI_HAS_HVX only). The arithmetic stays in
// kernels/softmax.cc (one place for TFLite's reciprocal and rounding); these are its two
// vector loops:
// - the row maximum, 128 bytes per vector max;
// - the output mapping y[c] = table[base - x[c]] for a 256-entry byte table of the row (the
//   output as a function of the difference to the maximum), eight 32-entry vlut32 lookups per
//   128 elements. The table is given in lut256_layout order (two vectors).
#ifndef LPAI_KERNELS_HVX_HVX_SOFTMAX_H
#define LPAI_KERNELS_HVX_HVX_SOFTMAX_H

#include <stddef.h>
#include <stdint.h>

namespace lpai {
namespace kernels {
namespace hvx {

// Rows of at least this depth take the vector mapping: below it, building the row's 256-entry
// table costs more than looking the outputs up one by one.
constexpr uint32_t kSoftmaxMinDepth = 256;

// Byte position of entry k (0..255) of a 256-entry table in the two vectors vlut32 reads:
// entries 32m + r go to vector m / 4, halfword (m & 1) * 32 + r, byte (m >> 1) & 1.
constexpr uint32_t lut256_layout(uint32_t k) {
  return (k >> 7) * 128u + ((k >> 5) & 1u) * 64u + (k & 31u) * 2u + ((k >> 6) & 1u);
}

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX
// max(x[0, n)), n >= 1.
int32_t max_s8(const int8_t* x, uint32_t n);

// y[c] = table[(uint8)(base - x[c])] for c < n, every base - x[c] in [0, 255]; `laid_out`:
// 256 bytes, 128-byte aligned, entry k at lut256_layout(k). Writes only y[0, n).
void lut256_map_s8(const int8_t* x, int8_t* y, uint32_t n, int32_t base, const int8_t* laid_out);
#endif

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_HVX_HVX_SOFTMAX_H
