// PACK: offline prepare (TFLite Micro's Pack).
#include "kernels/kernel_api.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_pack(const PrepOp& op) {
  PrepResult r;
  const size_t n = op.inputs.size();
  if (!ew::check_arity(op, n, 1, &r.error)) return r;
  if (n > kernels::kMaxNodeInputs) {
    return PrepResult::reject(std::to_string(n) + " inputs exceed the node limit of " +
              std::to_string(kernels::kMaxNodeInputs));
  }
  if (n == 0 || (op.options.values_count != 0 && op.options.values_count != static_cast<int>(n))) {
    return PrepResult::reject("values_count " + std::to_string(op.options.values_count) + " does not match " +
              std::to_string(n) + " inputs");
  }
  const PrepTensor& out = *op.outputs[0];
  const PrepTensor& in0 = *op.inputs[0];
  int64_t axis;
  if (!mv::normalize_axis(op.options.axis, in0.shape.size() + 1, &axis)) {
    return PrepResult::reject("axis " + std::to_string(op.options.axis) + " out of range");
  }
  std::vector<int32_t> want = in0.shape;
  want.insert(want.begin() + axis, static_cast<int32_t>(n));
  if (out.shape != want) {
    return PrepResult::reject("output shape " + util::shape_string(out.shape) + " should be " + util::shape_string(want));
  }
  for (size_t t = 0; t < n; ++t) {
    const PrepTensor& in = *op.inputs[t];
    if (!mv::check_copy(in, out, mv::copy_types(), &r.error)) return r;
    if (in.shape != in0.shape) {
      return PrepResult::reject("input " + std::to_string(t) + " shape differs from input 0");
    }
  }
  const uint32_t chunk = static_cast<uint32_t>(mv::product(in0.shape, axis, in0.shape.size()));
  r.params = mv::chunk_blob(static_cast<uint32_t>(mv::product(in0.shape, 0, axis)),
                            std::vector<uint32_t>(n, chunk));
  return r;
}

host::HostStatus decode_pack_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::PackOptions& p = *op.builtin_options_as_PackOptions();
  o->values_count = p.values_count();
  o->axis = p.axis();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
