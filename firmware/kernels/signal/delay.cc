// SignalDelay kernel: see signal_params.h.
#include "kernels/registry.h"

#include "core/check.h"
#include "kernels/signal/signal_common.h"

namespace lpai {
namespace kernels {
namespace {

using ops::signal_delay::kName;
using format::DataType;

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(signal::check_arity(args, kName, 2, 1, sizeof(SignalDelayParams)));
  const SignalDelayParams& p = *reinterpret_cast<const SignalDelayParams*>(args.params);
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[0].desc, kName, "input", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[0].desc, kName, "output", DataType::kInt16));
  const uint32_t n = element_count(args.inputs[0].desc);
  if (p.frame_size < 1 || p.delay_length < 0 || p.rows < 1 ||
      static_cast<uint64_t>(p.frame_size) * static_cast<uint32_t>(p.rows) != n ||
      element_count(args.outputs[0].desc) != n) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: frame size, rows and tensor sizes disagree", kName);
  }
  return signal::check_state(args.inputs[1].desc, kName, DataType::kInt16,
                             static_cast<uint64_t>(p.rows) * static_cast<uint32_t>(p.delay_length));
}

void eval(const KernelArgs& args) {
  const SignalDelayParams& p = *reinterpret_cast<const SignalDelayParams*>(args.params);
  const int16_t* in = signal::in_data<int16_t>(args, 0);
  int16_t* state = reinterpret_cast<int16_t*>(args.inputs[1].data);
  int16_t* out = signal::out_data<int16_t>(args, 0);
  const uint32_t f = static_cast<uint32_t>(p.frame_size), d = static_cast<uint32_t>(p.delay_length);
  for (uint32_t r = 0; r < static_cast<uint32_t>(p.rows); ++r) {
    const int16_t* x = in + r * f;
    int16_t* s = state + r * d;
    int16_t* y = out + r * f;
    // seq = s ++ x; y = seq[0, f); s = seq[f, f + d).
    for (uint32_t i = 0; i < f; ++i) y[i] = i < d ? s[i] : x[i - d];
    for (uint32_t i = 0; i < d; ++i) s[i] = f + i < d ? s[f + i] : x[f + i - d];
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(signal_delay, validate, eval);

}  // namespace kernels
}  // namespace lpai
