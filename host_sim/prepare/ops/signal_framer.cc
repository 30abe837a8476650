// SignalFramer: offline prepare (see firmware/kernels/signal/signal_params.h).
#include "kernels/signal/signal_params.h"
#include "prepare/ops/signal_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_signal_framer(const PrepOp& op) {
  PrepResult r;
  int64_t f = 0, s = 0, prefill = 0;
  if (!custom_int(op.options, "frame_size", 1, 1 << 20, &f, &r.error) ||
      !custom_int(op.options, "frame_step", 1, 1 << 20, &s, &r.error) ||
      !custom_int(op.options, "prefill", 0, 1, &prefill, &r.error)) {
    return r;
  }
  if (!sig::check_arity(op, 3, 2, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (!sig::check_tensor(in, format::DataType::kInt16, -1, "input", &r.error) ||
      !sig::check_tensor(out, format::DataType::kInt16, static_cast<int>(in.shape.size()) + 1,
                         "output", &r.error) ||
      !sig::check_tensor(*op.outputs[1], format::DataType::kBool, 0, "valid", &r.error)) {
    return r;
  }
  if (in.shape.empty() || in.shape.back() < s || in.shape.back() % s != 0) {
    return PrepResult::reject("the input's last dimension must be a multiple of frame_step");
  }
  if (prefill != 0 && f < s) {
    return PrepResult::reject("prefill needs frame_size >= frame_step");
  }
  const int64_t frames = in.shape.back() / s;
  const int64_t rows = in.element_count() / in.shape.back();
  if (out.element_count() != rows * frames * f) {
    return PrepResult::reject("output must hold " + std::to_string(frames) + " frames of " + std::to_string(f));
  }
  kernels::SignalFramerParams p{static_cast<int32_t>(f), static_cast<int32_t>(s),
                                static_cast<int32_t>(prefill), static_cast<int32_t>(rows),
                                static_cast<int32_t>(frames),
                                static_cast<int32_t>((f + s - 1) / s * s)};
  append_pod(&r.params, p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
