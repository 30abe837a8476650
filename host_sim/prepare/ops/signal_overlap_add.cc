// SignalOverlapAdd: offline prepare (see firmware/kernels/signal/signal_params.h). int16 only:
// the float variant would need float arithmetic on the device.
#include "kernels/signal/signal_params.h"
#include "prepare/ops/signal_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_signal_overlap_add(const PrepOp& op) {
  PrepResult r;
  int64_t type = 0, step = 0;
  if (!custom_int(op.options, "T", INT32_MIN, INT32_MAX, &type, &r.error) ||
      !custom_int(op.options, "frame_step", 1, 1 << 20, &step, &r.error)) {
    return r;
  }
  if (type != 7) {
    return PrepResult::reject("only int16 overlap-add is supported (T = " + std::to_string(type) +
              "; float would need float arithmetic on the device)");
  }
  if (!sig::check_arity(op, 2, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (!sig::check_tensor(in, format::DataType::kInt16, -1, "input", &r.error) ||
      !sig::check_tensor(out, format::DataType::kInt16, static_cast<int>(in.shape.size()) - 1,
                         "output", &r.error)) {
    return r;
  }
  if (in.shape.size() < 2) {
    return PrepResult::reject("input must have rank >= 2 (frames, frame size)");
  }
  const int32_t f = in.shape.back(), n = in.shape[in.shape.size() - 2];
  const int64_t rows = in.element_count() / (static_cast<int64_t>(f) * n);
  if (step > f || out.element_count() != rows * n * step) {
    return PrepResult::reject("frame_step must be <= the frame size and the output hold frames x frame_step");
  }
  kernels::SignalOverlapAddParams p{f, static_cast<int32_t>(step), static_cast<int32_t>(rows), n};
  append_pod(&r.params, p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
