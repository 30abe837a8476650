// DEPTH_TO_SPACE: offline prepare (TFLite Micro's DepthToSpace Prepare, NHWC).
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_depth_to_space(const PrepOp& op) {
  if (const host::HostStatus st = mv::check_block_rearrange(op); !st.ok()) return PrepResult::reject(st);
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  const int64_t bs = op.options.block_size;
  const int64_t b = in.shape[0], h = in.shape[1], w = in.shape[2], c = in.shape[3];
  if (c % (bs * bs) != 0 ||
      out.shape != std::vector<int32_t>{static_cast<int32_t>(b), static_cast<int32_t>(h * bs),
                                        static_cast<int32_t>(w * bs),
                                        static_cast<int32_t>(c / (bs * bs))}) {
    return PrepResult::reject("input depth not divisible by block_size^2 or output shape " +
              util::shape_string(out.shape) + " wrong");
  }
  const int64_t co = c / (bs * bs);
  // Output [B, H, bs, W, bs, Co] read from the input [B, H, W, bs, bs, Co].
  PrepResult r;
  mv::strided_blob({b, h, bs, w, bs, co}, {h * w * c, w * c, bs * co, c, co, 1}, 0, &r);
  return r;
}

host::HostStatus decode_depth_to_space_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::DepthToSpaceOptions& p = *op.builtin_options_as_DepthToSpaceOptions();
  o->block_size = p.block_size();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
