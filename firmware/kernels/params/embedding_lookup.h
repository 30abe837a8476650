// EMBEDDING_LOOKUP (int8 table -> int8 output; int16 too), as TFLite Micro's EvalSimple: inputs
// (ids: int32 1-D, usually a run-time tensor; value: the table, rank >= 2, row = value[i]),
// output[i] = value[ids[i]] copied as raw bytes (the output's quantisation is not looked at,
// as in TFLite Micro). Out-of-range ids are CLAMPED to [0, rows - 1] at run time (TFLite Micro
// fails the invoke; this kernel cannot fail, so it never reads out of bounds instead).
#ifndef LPAI_KERNELS_PARAMS_EMBEDDING_LOOKUP_H
#define LPAI_KERNELS_PARAMS_EMBEDDING_LOOKUP_H

#include <stdint.h>

namespace lpai {
namespace kernels {

// Parameter blob: exactly sizeof(EmbeddingLookupParams) bytes.
struct EmbeddingLookupParams {
  uint32_t rows;       // value dim 0 (>= 1)
  uint32_t row_elems;  // elements per row (product of value dims 1..)
};
static_assert(sizeof(EmbeddingLookupParams) == 8, "EmbeddingLookupParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_EMBEDDING_LOOKUP_H
