// MIRROR_PAD: offline prepare (TFLite Micro's MirrorPad with constant paddings).
#include <cstring>

#include "kernels/params/mirror_pad.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_mirror_pad(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 2, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& pads = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  if (!mv::check_copy(in, out, mv::copy_types(), &r.error)) return r;
  if (op.options.mirror_mode != 0 && op.options.mirror_mode != 1) {
    return PrepResult::reject("mode " + std::to_string(op.options.mirror_mode) + " unknown (REFLECT, SYMMETRIC)");
  }
  const uint32_t offset = op.options.mirror_mode == 0 ? 1 : 0;
  const size_t rank = in.shape.size();
  if (out.shape.size() != rank || !mv::is_paddings(pads, rank)) {
    return PrepResult::reject("paddings must be a constant int32/int64 tensor of shape [rank, 2], output of equal rank");
  }
  kernels::MirrorPadParams p;
  std::memset(&p, 0, sizeof(p));
  const size_t lead = format::kMaxRank - rank;
  for (size_t i = 0; i < format::kMaxRank; ++i) p.in_dims[i] = p.out_dims[i] = 1;
  for (size_t i = 0; i < rank; ++i) {
    int64_t before = 0, after = 0;
    mv::pad_row(pads, i, &before, &after);
    const int64_t limit = static_cast<int64_t>(in.shape[i]) - offset;
    if (before < 0 || after < 0 || before > limit || after > limit ||
        in.shape[i] + before + after != out.shape[i]) {
      return PrepResult::reject("paddings of dim " + std::to_string(i) + " are negative, exceed the dim" +
                (offset ? " - 1 (REFLECT)" : " (SYMMETRIC)") + " or do not produce the output shape");
    }
    p.in_dims[lead + i] = static_cast<uint32_t>(in.shape[i]);
    p.out_dims[lead + i] = static_cast<uint32_t>(out.shape[i]);
    p.before[lead + i] = static_cast<uint32_t>(before);
  }
  p.offset = offset;
  r.params = ew::blob_of(p);
  return r;
}

host::HostStatus decode_mirror_pad_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::MirrorPadOptions& p = *op.builtin_options_as_MirrorPadOptions();
  o->mirror_mode = p.mode();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
