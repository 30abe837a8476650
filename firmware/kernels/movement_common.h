// Shared engines of the data-movement kernels (bytes are copied, never requantised).
//
// StridedCopy: out[i0..i5] = in[in_offset + sum_k ik * in_strides[k]] over the output, walked
// in order. Prepare (host_sim/prepare/ops/movement_prep.h) flattens the view to the minimal
// rank (drops unit dims, merges dims that are contiguous in the input) and right-aligns it to
// 6 dims. Strides are in elements: 0 broadcasts, negative reverses. Used by TRANSPOSE,
// DEPTH_TO_SPACE, SPACE_TO_DEPTH, REVERSE_V2, BROADCAST_TO and SLICE. The innermost two dims
// are copied as rows (memcpy when contiguous, fill when broadcast) or as a cache-blocked 2-D
// transpose.
//
// ChunkCopy: the tensor list of SPLIT / SPLIT_V / UNPACK (one input, several outputs) or PACK
// (several inputs, one output) seen as `outer` rows in which tensor t owns a chunk of
// chunk[t] elements; the big tensor is the concatenation of the chunks row by row.
#ifndef LPAI_KERNELS_MOVEMENT_COMMON_H
#define LPAI_KERNELS_MOVEMENT_COMMON_H

#include <stdint.h>

#include "core/status.h"
#include "format/context_binary_format.h"
#include "kernels/kernel_api.h"
#include "kernels/params/movement.h"

namespace lpai {
namespace kernels {
namespace movement {

// Byte-copyable element types of these ops: int8, int16, int32, bool.
bool copyable_type(uint8_t data_type);
// Same type and per-tensor quantisation (zero point and scale bits).
bool same_type_and_quant(const format::TensorRecord* a, const format::TensorRecord* b);

// Validates a strided-copy node: params size, `n_inputs` inputs (input 0 the data) and 1
// output, same copyable type and quantisation, dims product == output elements, and every
// reachable input index inside the input. Logs with `op`; returns kBinaryTensorTypeRefused for
// an input type that is not copyable or an output of another type, kBinaryBadParams otherwise.
Status validate_strided(const KernelArgs& args, const char* op, uint32_t n_inputs);
void eval_strided(const KernelArgs& args);

// Validates a chunk-copy node whose single big tensor is input `data_input` (split) or the
// output (pack, data_input < 0): every tensor on the many side has outer * chunk[t] elements,
// the big one outer * sum(chunk), same type and quantisation everywhere. Types are checked
// first (kBinaryTensorTypeRefused), then counts and sizes (kBinaryBadParams).
Status validate_chunks(const KernelArgs& args, const char* op, int32_t data_input,
                       uint32_t n_inputs);
void eval_split(const KernelArgs& args, uint32_t data_input);
void eval_pack(const KernelArgs& args);

// Lowest/highest reachable input element index of a strided view (64-bit, exact); false when
// an extent does not fit in int64 (such a view is refused).
bool strided_extent(const StridedCopyParams& p, int64_t* lo, int64_t* hi);

}  // namespace movement
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_MOVEMENT_COMMON_H
