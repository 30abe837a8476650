// SHAPE, as TFLite Micro's Shape: output[k] = input dim k, as int32 (or int64 when the op's
// out_type says so). The input's bytes are never read; the dims come from the parameter blob
// (checked against the input record at load).
#ifndef LPAI_KERNELS_PARAMS_SHAPE_H
#define LPAI_KERNELS_PARAMS_SHAPE_H

#include <stdint.h>

#include "kernels/params/rank.h"

namespace lpai {
namespace kernels {

// Parameter blob: exactly sizeof(ShapeParams) bytes.
struct ShapeParams {
  uint32_t rank;                     // == input rank == output element count
  uint32_t dims[kParamsMaxRank];   // input dims[0..rank), rest 0
};
static_assert(sizeof(ShapeParams) == 28, "ShapeParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_SHAPE_H
