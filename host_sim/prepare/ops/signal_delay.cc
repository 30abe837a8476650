// SignalDelay: offline prepare (see firmware/kernels/signal/signal_params.h). Input 1 (absent
// for delay_length 0) is the delay line the importer appended (op_state_tensors).
#include "kernels/signal/signal_params.h"
#include "prepare/ops/signal_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_signal_delay(const PrepOp& op) {
  PrepResult r;
  int64_t d = 0;
  if (!custom_int(op.options, "delay_length", 0, 1 << 20, &d, &r.error)) return r;
  if (d == 0) {
    return PrepResult::reject("delay_length 0 is not supported (a plain copy)");
  }
  if (!sig::check_arity(op, 2, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  if (!sig::check_tensor(in, format::DataType::kInt16, -1, "input", &r.error) ||
      !sig::check_tensor(*op.outputs[0], format::DataType::kInt16, -1, "output", &r.error) ||
      !sig::check_tensor(*op.inputs[1], format::DataType::kInt16, 1, "state", &r.error)) {
    return r;
  }
  if (in.shape.empty() || op.outputs[0]->shape != in.shape || !op.inputs[1]->is_variable) {
    return PrepResult::reject("input and output shapes must be equal (rank >= 1), input 1 the delay state");
  }
  kernels::SignalDelayParams p{in.shape.back(), static_cast<int32_t>(d),
                               static_cast<int32_t>(in.element_count() / in.shape.back())};
  append_pod(&r.params, p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
