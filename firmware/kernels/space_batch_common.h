// Load-time checks SPACE_TO_BATCH_ND and BATCH_TO_SPACE_ND share: both move [B, H, W, C] blocks
// (3-D records [B, H, C] seen as [B, H, 1, C]) between an int8 or int16 input and an output of
// the same type and quantisation, described by a blob with in_dims[4] and out_dims[4].
#ifndef LPAI_KERNELS_SPACE_BATCH_COMMON_H
#define LPAI_KERNELS_SPACE_BATCH_COMMON_H

#include <stdint.h>

#include "core/status.h"
#include "kernels/kernel_api.h"

namespace lpai {
namespace kernels {
namespace space_batch {

// kOk when the blob is params_size bytes and the node has 3 inputs (data, block shape and
// paddings or crops) and 1 output, the data input int8 or int16 and the output of its type;
// otherwise one log line naming `op` and the Status of the failed check.
Status validate_args(const KernelArgs& args, const char* op, uint32_t params_size);

// True when input and output share type and quantisation and rank, and their dims (as 4-D)
// are in_dims and out_dims.
bool dims_match(const KernelArgs& args, const uint32_t* in_dims, const uint32_t* out_dims);

}  // namespace space_batch
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_SPACE_BATCH_COMMON_H
