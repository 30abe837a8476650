// SHAPE: offline prepare (the input's static shape folded into the blob).
#include <cstring>

#include "kernels/params/shape.h"
#include "prepare/op_prepare.h"
#include "prepare/ops/elementwise_prep.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_shape(const PrepOp& op) {
  PrepResult r;
  if (!ew::check_arity(op, 1, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  // TFLite TensorType: INT32 = 2, INT64 = 4; -1: absent (int32).
  const int ot = op.options.output_type;
  const format::DataType want = ot == 4 ? format::DataType::kInt64 : format::DataType::kInt32;
  if ((ot != -1 && ot != 2 && ot != 4) || out.type != want) {
    return PrepResult::reject(std::string("output type ") + ew::type_name(out.type) + " (out_type " +
              std::to_string(ot) + ") unsupported (int32 or int64, as out_type says)");
  }
  if (in.shape.size() > format::kMaxRank ||
      out.shape != std::vector<int32_t>{static_cast<int32_t>(in.shape.size())}) {
    return PrepResult::reject("output must be 1-D with one entry per input dim (rank <= 6)");
  }
  kernels::ShapeParams p;
  std::memset(&p, 0, sizeof(p));
  p.rank = static_cast<uint32_t>(in.shape.size());
  for (size_t i = 0; i < in.shape.size(); ++i) {
    if (in.shape[i] < 0) {
      return PrepResult::reject("input has a dynamic (negative) dim");
    }
    p.dims[i] = static_cast<uint32_t>(in.shape[i]);
  }
  r.params = ew::blob_of(p);
  return r;
}

host::HostStatus decode_shape_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::ShapeOptions& p = *op.builtin_options_as_ShapeOptions();
  o->output_type = p.out_type();
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
