// SignalWindow kernel: see signal_params.h.
#include "kernels/registry.h"

#include "core/check.h"
#include "kernels/signal/signal_common.h"

namespace lpai {
namespace kernels {
namespace {

using ops::signal_window::kName;
using format::DataType;

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(signal::check_arity(args, kName, 2, 1, sizeof(SignalWindowParams)));
  const SignalWindowParams& p = *reinterpret_cast<const SignalWindowParams*>(args.params);
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[0].desc, kName, "input", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[1].desc, kName, "weights", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[0].desc, kName, "output", DataType::kInt16));
  if (p.shift < 0 || p.shift > 31) LPAI_FAIL(Status::kBinaryBadParams, "%s: shift", kName);
  const uint32_t n = element_count(args.inputs[0].desc);
  const uint32_t w = element_count(args.inputs[1].desc);
  if (args.inputs[1].desc->rank != 1 || w == 0 || n % w != 0 ||
      element_count(args.outputs[0].desc) != n) {
    LPAI_FAIL(Status::kBinaryBadTensor,
              "%s: input and output sizes must be equal multiples of the window", kName);
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const int32_t shift = reinterpret_cast<const SignalWindowParams*>(args.params)->shift;
  const int16_t* in = signal::in_data<int16_t>(args, 0);
  const int16_t* w = signal::in_data<int16_t>(args, 1);
  int16_t* out = signal::out_data<int16_t>(args, 0);
  const uint32_t n = element_count(args.inputs[0].desc);
  const uint32_t size = element_count(args.inputs[1].desc);
  for (uint32_t base = 0; base < n; base += size) {
    for (uint32_t i = 0; i < size; ++i) {
      const int32_t v = (static_cast<int32_t>(in[base + i]) * w[i]) >> shift;
      out[base + i] = static_cast<int16_t>(v < -32768 ? -32768 : v > 32767 ? 32767 : v);
    }
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(signal_window, validate, eval);

}  // namespace kernels
}  // namespace lpai
