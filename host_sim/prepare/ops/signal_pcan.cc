// SignalPCAN: offline prepare (see firmware/kernels/signal/signal_params.h).
#include "kernels/signal/signal_params.h"
#include "prepare/ops/signal_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_signal_pcan(const PrepOp& op) {
  PrepResult r;
  if (!sig::check_arity(op, 3, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& lut = *op.inputs[2];
  if (!sig::check_tensor(in, format::DataType::kUint32, 1, "input", &r.error) ||
      !sig::check_tensor(*op.inputs[1], format::DataType::kUint32, 1, "noise estimate",
                         &r.error) ||
      !sig::check_tensor(lut, format::DataType::kInt16, 1, "gain LUT", &r.error) ||
      !sig::check_const(lut, "gain LUT", &r.error) ||
      !sig::check_tensor(*op.outputs[0], format::DataType::kUint32, 1, "output", &r.error)) {
    return r;
  }
  if (op.inputs[1]->element_count() != in.element_count() ||
      op.outputs[0]->element_count() != in.element_count()) {
    return PrepResult::reject("input, noise estimate and output sizes differ");
  }
  if (lut.element_count() < kernels::kPcanLutMin) {
    return PrepResult::reject("gain LUT has " + std::to_string(lut.element_count()) +
              " entries; the gain of a 32-bit noise estimate reads entry 124");
  }
  int64_t shift = 0;
  if (!custom_int(op.options, "snr_shift", 0, 63, &shift, &r.error)) return r;
  kernels::SignalPcanParams p{static_cast<int32_t>(shift)};
  append_pod(&r.params, p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
