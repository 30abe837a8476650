// RESHAPE: offline prepare. The firmware kernel (firmware/kernels/reshape.cc) has no
// parameter blob and no kernel scratch: the output tensor's record carries the new shape.
// Accepted: 1 or 2 inputs (the second, the shape tensor, must be constant), 1 output, same
// data type, element count and quantisation on input and output.
#include <string>

#include "prepare/op_prepare.h"
#include "prepare/op_options.h"

namespace lpai {
namespace prepare {

PrepResult prepare_reshape(const PrepOp& op) {
  PrepResult r;
  if (op.inputs.empty() || op.inputs.size() > 2 || op.outputs.size() != 1 ||
      op.inputs[0] == nullptr || op.outputs[0] == nullptr) {
    return PrepResult::reject("RESHAPE needs 1 or 2 inputs and 1 output, got " + std::to_string(op.inputs.size()) +
              " / " + std::to_string(op.outputs.size()));
  }
  if (op.inputs.size() == 2 && op.inputs[1] != nullptr && !op.inputs[1]->is_const()) {
    return PrepResult::reject("RESHAPE shape input '" + op.inputs[1]->name + "' is not constant");
  }
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (in.type != out.type) {
    return PrepResult::reject("RESHAPE input '" + in.name + "' and output '" + out.name + "' differ in type");
  }
  for (const PrepTensor* t : {&in, &out}) {
    for (int32_t d : t->shape) {
      if (d <= 0) {
        return PrepResult::reject("RESHAPE tensor '" + t->name + "' has a non-positive dimension " +
                                  std::to_string(d));
      }
    }
  }
  if (in.element_count() != out.element_count()) {
    return PrepResult::reject("RESHAPE input has " + std::to_string(in.element_count()) + " elements, output " +
              std::to_string(out.element_count()));
  }
  if (in.scales != out.scales || in.zero_points != out.zero_points) {
    return PrepResult::reject("RESHAPE input '" + in.name + "' and output '" + out.name +
                              "' have different quantisation");
  }
  return r;  // params empty, no kernel scratch
}

host::HostStatus decode_reshape_options(const tflite::Operator& op, OpOptions* o) {
  const tflite::ReshapeOptions& p = *op.builtin_options_as_ReshapeOptions();
  if (p.new_shape()) o->new_shape.assign(p.new_shape()->begin(), p.new_shape()->end());
  return host::HostStatus::success();
}

}  // namespace prepare
}  // namespace lpai
