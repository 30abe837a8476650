// Shared validation and loops of the reductions MEAN, SUM, REDUCE_MAX and REDUCE_MIN (int8 /
// int16 as TFLite Micro's reduce kernels). The blob, the flattened description prepare writes
// and the modes: kernels/params/reduce.h.
#ifndef LPAI_KERNELS_REDUCE_COMMON_H
#define LPAI_KERNELS_REDUCE_COMMON_H

#include <stdint.h>

#include "core/log.h"
#include "core/status.h"
#include "kernels/elementwise_common.h"
#include "kernels/fixed_point.h"
#include "kernels/kernel_api.h"
#include "kernels/params/reduce.h"

namespace lpai {
namespace kernels {

// Load-time checks shared by the four reductions. `modes` is a bit set of accepted modes;
// int16 is accepted when allow_int16.
Status validate_reduce(const KernelArgs& args, const char* name, uint32_t modes, bool allow_int16);
// Runs the reduction described by the blob (after validate_reduce).
void eval_reduce(const KernelArgs& args);

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_REDUCE_COMMON_H
