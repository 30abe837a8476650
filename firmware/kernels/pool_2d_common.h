// Shared kernels of AVERAGE_POOL_2D and MAX_POOL_2D (int8 or int16
// activations, input and output with the same quantisation), TFLite semantics: windows clipped
// to the input (padded taps are skipped, never counted), average rounded half away from zero
// over the taps actually inside, fused activation as a clamp range.
// Parameter blob: kernels/params/pool_2d.h.
#ifndef LPAI_KERNELS_POOL_2D_COMMON_H
#define LPAI_KERNELS_POOL_2D_COMMON_H

#include <stdint.h>

#include "kernels/kernel_api.h"
#include "kernels/params/pool_2d.h"
#include "kernels/pool_window.h"

namespace lpai {
namespace kernels {

namespace pool {

enum class Kind { kAverage, kMax };

// Load-time checks shared by both ops (op: name for the log line).
Status validate(const KernelArgs& args, const char* op);
void eval(const KernelArgs& args, Kind kind);

}  // namespace pool
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_POOL_2D_COMMON_H
