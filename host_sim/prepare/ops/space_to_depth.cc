// SPACE_TO_DEPTH: offline prepare (TFLite Micro's SpaceToDepth Prepare, NHWC).
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_space_to_depth(const PrepOp& op) {
  if (const host::HostStatus st = mv::check_block_rearrange(op); !st.ok()) return PrepResult::reject(st);
  PrepResult r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  const int64_t bs = op.options.block_size;
  const int64_t b = in.shape[0], h = in.shape[1], w = in.shape[2], c = in.shape[3];
  if (h % bs != 0 || w % bs != 0 ||
      out.shape != std::vector<int32_t>{static_cast<int32_t>(b), static_cast<int32_t>(h / bs),
                                        static_cast<int32_t>(w / bs),
                                        static_cast<int32_t>(c * bs * bs)}) {
    return PrepResult::reject("input height/width not divisible by block_size or output shape " +
              util::shape_string(out.shape) + " wrong");
  }
  // Output [B, H/bs, W/bs, bs, bs, C] read from the input [B, H/bs, bs, W/bs, bs, C].
  mv::strided_blob({b, h / bs, w / bs, bs, bs, c}, {h * w * c, bs * w * c, bs * c, w * c, c, 1},
                   0, &r);
  return r;
}

host::HostStatus decode_space_to_depth_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::SpaceToDepthOptions& p = *op.builtin_options_as_SpaceToDepthOptions();
  o->block_size = p.block_size();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
