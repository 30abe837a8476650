// CONCATENATION (int8, int16; int32 and bool as plain values) along any axis, up to 6-D and
// kMaxNodeInputs inputs. All inputs share the output's type, scale and zero point (TFLite's rule
// for quantised concatenation), so the op copies bytes: for each index over the dims before `axis`,
// the output row is the inputs' rows one after the other.
#ifndef LPAI_KERNELS_PARAMS_CONCATENATION_H
#define LPAI_KERNELS_PARAMS_CONCATENATION_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Parameter blob: exactly sizeof(ConcatenationParams) bytes.
struct ConcatenationParams {
  uint32_t axis;      // in [0, rank), negative TFLite axes already resolved
  uint32_t reserved;  // 0
};
static_assert(sizeof(ConcatenationParams) == 8, "ConcatenationParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_CONCATENATION_H
