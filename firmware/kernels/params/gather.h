// GATHER (int8; int16, int32 and bool too), as TFLite Micro's Gather: with batch_dims B and
// axis A (both normalised at prepare), output[b, o, c, i] = input[b, o, indices[b, c], i] where
// b runs over the B leading dims, o over the dims [B, A), c over the index dims after B and i
// over the dims after A. Indices are int32 or int64, constant or a run-time tensor: each is
// read at run time and CLAMPED to [0, axis_size - 1] (TFLite Micro fails the invoke on an
// out-of-range index; this kernel cannot fail, so it never reads out of bounds instead).
// Input and output share type and quantisation.
#ifndef LPAI_KERNELS_PARAMS_GATHER_H
#define LPAI_KERNELS_PARAMS_GATHER_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Parameter blob: exactly sizeof(GatherParams) bytes; sizes in elements.
struct GatherParams {
  uint32_t batch;        // product of the batch_dims leading dims
  uint32_t outer;        // product of the input dims [batch_dims, axis)
  uint32_t axis_size;    // input dim axis (>= 1 unless the output is empty)
  uint32_t coords;       // indices per batch (product of index dims after batch_dims)
  uint32_t inner;        // product of the input dims after axis
  uint32_t index_bytes;  // 4 (int32) or 8 (int64)
};
static_assert(sizeof(GatherParams) == 24, "GatherParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_GATHER_H
