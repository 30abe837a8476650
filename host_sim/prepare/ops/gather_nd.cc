// GATHER_ND: offline prepare (TFLite Micro's GatherNdPrepare).
#include <cstring>

#include "kernels/params/gather_nd.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_gather_nd(const PrepOp& op) {
  if (const host::HostStatus st = mv::check_gather_operands(op); !st.ok()) return PrepResult::reject(st);
  PrepResult r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& idx = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  if (idx.shape.empty() || in.shape.empty()) {
    return PrepResult::reject("input and indices must have rank >= 1");
  }
  const size_t depth = static_cast<size_t>(idx.shape.back());
  if (depth > in.shape.size()) {
    return PrepResult::reject("indices depth " + std::to_string(depth) + " exceeds the input rank");
  }
  std::vector<int32_t> want(idx.shape.begin(), idx.shape.end() - 1);
  want.insert(want.end(), in.shape.begin() + depth, in.shape.end());
  if (out.shape != want) {
    return PrepResult::reject("output shape " + util::shape_string(out.shape) + " should be " + util::shape_string(want));
  }
  const int64_t slices = mv::product(idx.shape, 0, idx.shape.size() - 1);
  if (idx.is_const() && depth > 0) {  // constant indices: out-of-range ones are refused here
    for (int64_t k = 0; k < slices * static_cast<int64_t>(depth); ++k) {
      const int64_t v =
          idx.type == format::DataType::kInt64 ? util::const_i64(idx, k) : util::const_i32(idx, k);
      if (v < 0 || v >= in.shape[k % depth]) {
        return PrepResult::reject("constant index " + std::to_string(v) + " out of range for dim " +
                  std::to_string(k % depth));
      }
    }
  }
  kernels::GatherNdParams p;
  std::memset(&p, 0, sizeof(p));
  p.slices = static_cast<uint32_t>(slices);
  p.depth = static_cast<uint32_t>(depth);
  p.slice_size = static_cast<uint32_t>(mv::product(in.shape, depth, in.shape.size()));
  p.index_bytes = idx.type == format::DataType::kInt64 ? 8 : 4;
  const std::vector<int64_t> st = mv::strides_of(in.shape);
  for (size_t k = 0; k < depth; ++k) {
    p.dims[k] = static_cast<uint32_t>(in.shape[k]);
    p.strides[k] = static_cast<uint32_t>(st[k]);
  }
  r.params = ew::blob_of(p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
