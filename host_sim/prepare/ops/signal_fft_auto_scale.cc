// SignalFftAutoScale: offline prepare (see firmware/kernels/signal/signal_params.h).
#include "kernels/signal/signal_params.h"
#include "prepare/ops/signal_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_signal_fft_auto_scale(const PrepOp& op) {
  PrepResult r;
  if (!sig::check_arity(op, 1, 2, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  if (!sig::check_tensor(in, format::DataType::kInt16, 1, "input", &r.error) ||
      !sig::check_tensor(*op.outputs[0], format::DataType::kInt16, 1, "output", &r.error) ||
      !sig::check_tensor(*op.outputs[1], format::DataType::kInt32, 0, "scale bits", &r.error)) {
    return r;
  }
  if (op.outputs[0]->element_count() != in.element_count()) {
    return PrepResult::reject("input and output sizes differ");
  }
  return r;
}

}  // namespace prepare
}  // namespace lpai
