// BATCH_TO_SPACE_ND: offline prepare (TFLite Micro's reference kernel with constant
// block_shape and crops; 3-D inputs seen as [B, H, 1, C]).
#include <cstring>

#include "kernels/params/batch_to_space_nd.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_batch_to_space_nd(const PrepOp& op) {
  PrepResult r;
  std::vector<int64_t> in, out, block, crops;
  if (!mv::space_batch_common(op, "crops", &in, &out, &block, &crops, &r.error)) return r;
  const int64_t bb = block[0] * block[1];
  if (in[0] % bb != 0 || out[0] != in[0] / bb ||
      out[1] != in[1] * block[0] - crops[0] - crops[1] ||
      out[2] != in[2] * block[1] - crops[2] - crops[3] || out[1] < 0 || out[2] < 0 ||
      out[3] != in[3]) {
    return PrepResult::reject("input batch not divisible by the block size or output shape " +
              util::shape_string(op.outputs[0]->shape) + " wrong");
  }
  kernels::BatchToSpaceNdParams p = mv::space_batch_params<kernels::BatchToSpaceNdParams>(in, out, block);
  p.crop_top = static_cast<uint32_t>(crops[0]);
  p.crop_left = static_cast<uint32_t>(crops[2]);
  r.params = ew::blob_of(p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
