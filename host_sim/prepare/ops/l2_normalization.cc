// L2_NORMALIZATION: offline prepare (TFLite Micro's l2norm.cc: int8, no fused activation).
#include <cstring>

#include "kernels/params/l2_normalization.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_l2_normalization(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_unary_int(op, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  if (in.type != format::DataType::kInt8) {
    return PrepResult::reject("only int8 is supported");
  }
  if (op.options.activation != 0) {
    return PrepResult::reject("fused activations are not supported (TFLite Micro requires NONE)");
  }
  if (in.shape.empty() || in.shape.back() <= 0) {
    return PrepResult::reject("input must have rank >= 1 and a non-empty last dimension");
  }
  kernels::L2NormalizationParams p;
  std::memset(&p, 0, sizeof(p));
  p.input_zero_point = ew::zp_of(in);
  p.depth = static_cast<uint32_t>(in.shape.back());
  p.outer = static_cast<uint32_t>(in.element_count() / in.shape.back());
  r.params = ew::blob_of(p);
  return r;
}

host::HostStatus decode_l2_normalization_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::L2NormOptions& p = *op.builtin_options_as_L2NormOptions();
  o->activation = p.fused_activation_function();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
