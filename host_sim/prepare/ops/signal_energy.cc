// SignalEnergy: offline prepare (see firmware/kernels/signal/signal_params.h).
#include "kernels/signal/signal_params.h"
#include "prepare/ops/signal_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_signal_energy(const PrepOp& op) {
  PrepResult r;
  if (!sig::check_arity(op, 1, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (!sig::check_tensor(in, format::DataType::kInt16, 1, "input", &r.error) ||
      !sig::check_tensor(out, format::DataType::kUint32, 1, "output", &r.error)) {
    return r;
  }
  int64_t start = 0, end = 0;
  if (!custom_int(op.options, "start_index", 0, out.element_count(), &start, &r.error) ||
      !custom_int(op.options, "end_index", start, out.element_count(), &end, &r.error)) {
    return r;
  }
  if (in.element_count() < 2 * end) {
    return PrepResult::reject("input has " + std::to_string(in.element_count()) + " values, end_index " +
              std::to_string(end) + " needs " + std::to_string(2 * end));
  }
  kernels::SignalEnergyParams p{static_cast<int32_t>(start), static_cast<int32_t>(end)};
  append_pod(&r.params, p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
