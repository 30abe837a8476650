// UNPACK: offline prepare (TFLite Micro's Unpack).
#include "kernels/kernel_api.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_unpack(const PrepOp& op) {
  PrepResult r;
  const size_t n = op.outputs.size();
  if (!ew::check_arity(op, 1, n, &r.error)) return r;
  if (n > kernels::kMaxNodeOutputs) {
    return PrepResult::reject(std::to_string(n) + " outputs exceed the node limit of " +
              std::to_string(kernels::kMaxNodeOutputs));
  }
  const PrepTensor& in = *op.inputs[0];
  int64_t axis;
  if (in.shape.empty() || !mv::normalize_axis(op.options.axis, in.shape.size(), &axis)) {
    return PrepResult::reject("axis " + std::to_string(op.options.axis) + " out of range for input rank " +
              std::to_string(in.shape.size()));
  }
  if (n == 0 || static_cast<int64_t>(n) != in.shape[axis] ||
      (op.options.values_count != 0 && op.options.values_count != static_cast<int>(n))) {
    return PrepResult::reject("num " + std::to_string(op.options.values_count) + " / " + std::to_string(n) +
              " outputs do not match the axis dim " + std::to_string(in.shape[axis]));
  }
  std::vector<int32_t> want = in.shape;
  want.erase(want.begin() + axis);
  const uint32_t chunk = static_cast<uint32_t>(mv::product(in.shape, axis + 1, in.shape.size()));
  for (size_t t = 0; t < n; ++t) {
    const PrepTensor& out = *op.outputs[t];
    if (!mv::check_copy(in, out, mv::copy_types(), &r.error)) return r;
    if (out.shape != want) {
      return PrepResult::reject("output " + std::to_string(t) + " shape " + util::shape_string(out.shape) +
                " should be " + util::shape_string(want));
    }
  }
  r.params = mv::chunk_blob(static_cast<uint32_t>(mv::product(in.shape, 0, axis)),
                            std::vector<uint32_t>(n, chunk));
  return r;
}

host::HostStatus decode_unpack_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::UnpackOptions& p = *op.builtin_options_as_UnpackOptions();
  o->values_count = p.num();
  o->axis = p.axis();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
