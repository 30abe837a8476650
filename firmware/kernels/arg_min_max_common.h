// Shared parameter blob and loops of ARG_MAX and ARG_MIN (TFLite Micro's ArgMinMax): int8
// input, int32 output of rank input rank - 1 holding, for every (outer, inner) position, the
// index along the constant axis of the first maximum (ARG_MAX, strict greater) or first minimum
// (ARG_MIN, strict less). Prepare folds the axis into outer / axis_size / inner.
#ifndef LPAI_KERNELS_ARG_MIN_MAX_COMMON_H
#define LPAI_KERNELS_ARG_MIN_MAX_COMMON_H

#include <stdint.h>

#include "core/log.h"
#include "core/status.h"
#include "kernels/elementwise_common.h"
#include "kernels/kernel_api.h"
#include "kernels/params/arg_min_max.h"

namespace lpai {
namespace kernels {

Status validate_arg_min_max(const KernelArgs& args, const char* name);

// kMax: first index of the maximum; else of the minimum.
template <bool kMax>
void eval_arg_min_max(const KernelArgs& args) {
  const ArgMinMaxParams& p = *reinterpret_cast<const ArgMinMaxParams*>(args.params);
  const int8_t* in = reinterpret_cast<const int8_t*>(args.inputs[0].data);
  int32_t* out = reinterpret_cast<int32_t*>(args.outputs[0].data);
  const uint32_t outer = static_cast<uint32_t>(p.outer);
  const uint32_t n = static_cast<uint32_t>(p.axis_size);
  const uint32_t inner = static_cast<uint32_t>(p.inner);
  if (inner == 1) {
    for (uint32_t o = 0; o < outer; ++o) {
      const int8_t* x = in + o * n;
      int32_t best = x[0];
      int32_t idx = 0;
      for (uint32_t i = 1; i < n; ++i) {
        if (kMax ? x[i] > best : x[i] < best) {
          best = x[i];
          idx = static_cast<int32_t>(i);
        }
      }
      out[o] = idx;
    }
    return;
  }
  // inner > 1: walk the axis outermost so every load is contiguous; the running best value of
  // column j is re-read from the input at its index.
  for (uint32_t o = 0; o < outer; ++o) {
    const int8_t* x = in + o * n * inner;
    int32_t* y = out + o * inner;
    for (uint32_t j = 0; j < inner; ++j) y[j] = 0;
    for (uint32_t i = 1; i < n; ++i) {
      const int8_t* row = x + i * inner;
      for (uint32_t j = 0; j < inner; ++j) {
        const int8_t best = x[static_cast<uint32_t>(y[j]) * inner + j];
        if (kMax ? row[j] > best : row[j] < best) y[j] = static_cast<int32_t>(i);
      }
    }
  }
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_ARG_MIN_MAX_COMMON_H
