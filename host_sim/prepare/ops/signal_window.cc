// SignalWindow: offline prepare (see firmware/kernels/signal/signal_params.h).
#include "kernels/signal/signal_params.h"
#include "prepare/ops/signal_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_signal_window(const PrepOp& op) {
  PrepResult r;
  if (!sig::check_arity(op, 2, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& w = *op.inputs[1];
  const PrepTensor& out = *op.outputs[0];
  if (!sig::check_tensor(in, format::DataType::kInt16, -1, "input", &r.error) ||
      !sig::check_tensor(w, format::DataType::kInt16, 1, "weights", &r.error) ||
      !sig::check_tensor(out, format::DataType::kInt16, static_cast<int>(in.shape.size()),
                         "output", &r.error)) {
    return r;
  }
  if (in.shape.empty()) {
    return PrepResult::reject("input must have rank >= 1");
  }
  if (in.element_count() != out.element_count() || in.element_count() % w.element_count() != 0) {
    return PrepResult::reject("input and output sizes must be equal multiples of the " +
              std::to_string(w.element_count()) + "-entry window");
  }
  int64_t shift = 0;
  if (!custom_int(op.options, "shift", 0, 31, &shift, &r.error)) return r;
  kernels::SignalWindowParams p{static_cast<int32_t>(shift)};
  append_pod(&r.params, p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
