// Shared resize prepare: see resize_prep.h.
#include "prepare/ops/resize_prep.h"

#include "prepare/ops/elementwise_prep.h"
#include "prepare/ops/int8_prep_util.h"

namespace lpai {
namespace prepare {

bool resize_geometry(const PrepOp& op, bool allow_int16, kernels::ResizeGeometry* g,
                     std::string* error) {
  if (!ew::check_arity(op, 2, 1, error)) return false;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& size = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  const bool type_ok = in.type == format::DataType::kInt8 ||
                       (allow_int16 && in.type == format::DataType::kInt16);
  if (!type_ok || out.type != in.type) {
    *error = std::string("types ") + ew::type_name(in.type) + " -> " + ew::type_name(out.type) +
             " unsupported (" + (allow_int16 ? "int8 or int16" : "int8") + ", equal)";
    return false;
  }
  if (in.shape.size() != 4 || out.shape.size() != 4) {
    *error = "input and output must be 4-D (NHWC)";
    return false;
  }
  if (size.type != format::DataType::kInt32 || !size.is_const() || size.shape.size() != 1 ||
      size.element_count() != 2) {
    *error = "size must be a constant int32 tensor of 2 elements";
    return false;
  }
  const int32_t oh = util::const_i32(size, 0);
  const int32_t ow = util::const_i32(size, 1);
  if (oh < 1 || ow < 1 || out.shape[0] != in.shape[0] || out.shape[1] != oh ||
      out.shape[2] != ow || out.shape[3] != in.shape[3]) {
    *error = "output shape " + util::shape_string(out.shape) + " disagrees with input " +
             util::shape_string(in.shape) + " and size [" + std::to_string(oh) + ", " +
             std::to_string(ow) + "]";
    return false;
  }
  if (in.shape[1] < 1 || in.shape[2] < 1) {
    *error = "empty input image";
    return false;
  }
  g->batches = in.shape[0];
  g->in_h = in.shape[1];
  g->in_w = in.shape[2];
  g->depth = in.shape[3];
  g->out_h = oh;
  g->out_w = ow;
  return true;
}

}  // namespace prepare
}  // namespace lpai
