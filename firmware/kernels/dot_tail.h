// The scalar end of a one-row, four-weight-row dot product, shared by the vector GEMV kernels
// (Cortex-M DSP extension, HVX) whose blocks leave a few entries over. Integer-only,
// freestanding.
#ifndef LPAI_KERNELS_DOT_TAIL_H
#define LPAI_KERNELS_DOT_TAIL_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// out[r] = s_r + the sum of x[k] * w_r[k] over k in [from, to): the entries a block loop left.
__attribute__((always_inline)) inline void finish_dot_1x4(const int8_t* x, const int8_t* w0,
                                                          const int8_t* w1, const int8_t* w2,
                                                          const int8_t* w3, uint32_t from, uint32_t to,
                                                          int32_t s0, int32_t s1, int32_t s2,
                                                          int32_t s3, int32_t out[4]) {
  for (uint32_t k = from; k < to; ++k) {
    const int32_t xv = x[k];
    s0 += xv * w0[k];
    s1 += xv * w1[k];
    s2 += xv * w2[k];
    s3 += xv * w3[k];
  }
  out[0] = s0;
  out[1] = s1;
  out[2] = s2;
  out[3] = s3;
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_DOT_TAIL_H
