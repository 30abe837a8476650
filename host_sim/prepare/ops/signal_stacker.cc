// SignalStacker: offline prepare (see firmware/kernels/signal/signal_params.h).
#include "kernels/signal/signal_params.h"
#include "prepare/ops/signal_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_signal_stacker(const PrepOp& op) {
  PrepResult r;
  int64_t c = 0, left = 0, right = 0, step = 0;
  if (!custom_int(op.options, "num_channels", 1, 1 << 16, &c, &r.error) ||
      !custom_int(op.options, "stacker_left_context", 0, 4096, &left, &r.error) ||
      !custom_int(op.options, "stacker_right_context", 0, 4096, &right, &r.error) ||
      !custom_int(op.options, "stacker_step", 1, left + right + 1, &step, &r.error)) {
    return r;
  }
  if (!sig::check_arity(op, 3, 2, &r.error)) return r;
  if (!sig::check_tensor(*op.inputs[0], format::DataType::kInt16, 1, "input", &r.error) ||
      !sig::check_tensor(*op.outputs[0], format::DataType::kInt16, 1, "output", &r.error) ||
      !sig::check_tensor(*op.outputs[1], format::DataType::kBool, 0, "valid", &r.error)) {
    return r;
  }
  if (op.inputs[0]->element_count() != c || op.outputs[0]->element_count() != c * (left + right + 1)) {
    return PrepResult::reject("input must hold num_channels values and the output num_channels x (left + right + 1)");
  }
  kernels::SignalStackerParams p{static_cast<int32_t>(c), static_cast<int32_t>(left),
                                 static_cast<int32_t>(right), static_cast<int32_t>(step)};
  append_pod(&r.params, p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
