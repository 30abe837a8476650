// SPLIT: offline prepare (TFLite Micro's Split with a constant axis); the split itself is
// shared with SPLIT_V (mv::split_outputs).
#include "kernels/kernel_api.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {
namespace mv {

PrepResult split_outputs(const PrepOp& op, const PrepTensor& in, const PrepTensor& axis_t,
                        const std::vector<int64_t>* sizes) {
  PrepResult r;
  std::vector<int64_t> axis_v;
  if (!mv::const_ints(axis_t, "axis", &axis_v, &r.error)) return r;
  int64_t axis;
  if (axis_v.size() != 1 || !mv::normalize_axis(axis_v[0], in.shape.size(), &axis)) {
    return PrepResult::reject("axis must be one value in [-rank, rank)");
  }
  const size_t n = op.outputs.size();
  if (n > kernels::kMaxNodeOutputs) {
    return PrepResult::reject(std::to_string(n) + " outputs exceed the node limit of " +
              std::to_string(kernels::kMaxNodeOutputs));
  }
  if (n == 0 || (sizes != nullptr && sizes->size() != n) ||
      (sizes == nullptr && op.options.num_splits != static_cast<int>(n))) {
    return PrepResult::reject("num_splits / size_splits do not match the " + std::to_string(n) + " outputs");
  }
  std::vector<int64_t> sz(n);
  int64_t known = 0, unknown = -1;
  for (size_t t = 0; t < n; ++t) {
    if (sizes == nullptr) {
      if (in.shape[axis] % static_cast<int64_t>(n) != 0) {
        return PrepResult::reject("axis dim " + std::to_string(in.shape[axis]) + " not divisible by num_splits");
      }
      sz[t] = in.shape[axis] / static_cast<int64_t>(n);
    } else if ((*sizes)[t] == -1 && unknown < 0) {
      unknown = static_cast<int64_t>(t);
    } else if ((*sizes)[t] < 0) {
      return PrepResult::reject("size_splits has a negative entry (or more than one -1)");
    } else {
      sz[t] = (*sizes)[t];
      known += sz[t];
    }
  }
  if (sizes != nullptr) {
    if (unknown >= 0) sz[unknown] = in.shape[axis] - known;
    int64_t sum = 0;
    for (int64_t s : sz) sum += s;
    if (sum != in.shape[axis] || (unknown >= 0 && sz[unknown] < 0)) {
      return PrepResult::reject("size_splits do not add up to the axis dim");
    }
  }
  const int64_t inner = mv::product(in.shape, axis + 1, in.shape.size());
  std::vector<uint32_t> chunks(n);
  for (size_t t = 0; t < n; ++t) {
    const PrepTensor& out = *op.outputs[t];
    if (!mv::check_copy(in, out, mv::copy_types(), &r.error)) return r;
    std::vector<int32_t> want = in.shape;
    want[axis] = static_cast<int32_t>(sz[t]);
    if (out.shape != want) {
      return PrepResult::reject("output " + std::to_string(t) + " shape " + util::shape_string(out.shape) +
                " should be " + util::shape_string(want));
    }
    chunks[t] = static_cast<uint32_t>(sz[t] * inner);
  }
  r.params = mv::chunk_blob(static_cast<uint32_t>(mv::product(in.shape, 0, axis)), chunks);
  return r;
}

bool outputs_present(const PrepOp& op, std::string* error) {
  for (const PrepTensor* t : op.outputs) {
    if (t == nullptr) {
      *error = "an output is absent";
      return false;
    }
  }
  return true;
}

}  // namespace mv

PrepResult prepare_split(const PrepOp& op) {
  PrepResult r;
  if (op.inputs.size() != 2 || op.inputs[0] == nullptr || op.inputs[1] == nullptr ||
      !mv::outputs_present(op, &r.error)) {
    return r.error.empty() ? PrepResult::reject("expected 2 inputs (axis, data)") : r;
  }
  return mv::split_outputs(op, *op.inputs[1], *op.inputs[0], nullptr);
}

host::HostStatus decode_split_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::SplitOptions& p = *op.builtin_options_as_SplitOptions();
  o->num_splits = p.num_splits();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
