// SPACE_TO_BATCH_ND: offline prepare (TFLite Micro's reference kernel with constant
// block_shape and paddings; 3-D inputs seen as [B, H, 1, C]). mv::space_batch_common is
// shared with BATCH_TO_SPACE_ND.
#include <cstring>

#include "kernels/params/space_to_batch_nd.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/movement_prep.h"

namespace lpai {
namespace prepare {
namespace mv {

bool space_batch_common(const PrepOp& op, const char* pads_name, std::vector<int64_t>* in4,
                        std::vector<int64_t>* out4, std::vector<int64_t>* block,
                        std::vector<int64_t>* pads, std::string* error) {
  if (!ew::check_arity(op, 3, 1, error)) return false;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (!check_copy(in, out, {format::DataType::kInt8, format::DataType::kInt16}, error)) {
    return false;
  }
  const size_t rank = in.shape.size();
  if ((rank != 3 && rank != 4) || out.shape.size() != rank) {
    *error = "input and output must both be 3-D or 4-D";
    return false;
  }
  const size_t spatial = rank - 2;
  if (!const_ints(*op.inputs[1], "block_shape", block, error)) return false;
  if (!const_ints_2d(*op.inputs[2], pads_name, pads, error)) return false;
  if (block->size() != spatial || pads->size() != 2 * spatial) {
    *error = std::string("block_shape / ") + pads_name + " must cover the " +
             std::to_string(spatial) + " spatial dims";
    return false;
  }
  for (size_t i = 0; i < spatial; ++i) {
    if ((*block)[i] < 1 || (*pads)[2 * i] < 0 || (*pads)[2 * i + 1] < 0) {
      *error = std::string("block_shape must be >= 1 and ") + pads_name + " >= 0";
      return false;
    }
  }
  if (spatial == 1) {
    block->push_back(1);
    pads->push_back(0);
    pads->push_back(0);
  }
  auto to4 = [&](const std::vector<int32_t>& s) {
    return rank == 4 ? std::vector<int64_t>(s.begin(), s.end())
                     : std::vector<int64_t>{s[0], s[1], 1, s[2]};
  };
  *in4 = to4(in.shape);
  *out4 = to4(out.shape);
  return true;
}

}  // namespace mv

PrepResult prepare_space_to_batch_nd(const PrepOp& op) {
  PrepResult r;
  std::vector<int64_t> in, out, block, pads;
  if (!mv::space_batch_common(op, "paddings", &in, &out, &block, &pads, &r.error)) return r;
  const int64_t ph = in[1] + pads[0] + pads[1], pw = in[2] + pads[2] + pads[3];
  if (ph % block[0] != 0 || pw % block[1] != 0 || out[0] != in[0] * block[0] * block[1] ||
      out[1] != ph / block[0] || out[2] != pw / block[1] || out[3] != in[3]) {
    return PrepResult::reject("padded spatial dims not divisible by block_shape or output shape " +
              util::shape_string(op.outputs[0]->shape) + " wrong");
  }
  kernels::SpaceToBatchNdParams p = mv::space_batch_params<kernels::SpaceToBatchNdParams>(in, out, block);
  p.pad_top = static_cast<uint32_t>(pads[0]);
  p.pad_left = static_cast<uint32_t>(pads[2]);
  // The oracle (TFLite Micro's SpaceToBatchND) pads with raw 0 bytes, not the zero point:
  // its SpaceToBatchParams::output_offset is never set from the output tensor. Measured on
  // the conformance cases (zero point != 0, padded elements are 0).
  p.pad_value = 0;
  r.params = ew::blob_of(p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
