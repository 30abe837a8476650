// SignalFftAutoScale kernel: see signal_params.h.
#include "kernels/registry.h"

#include "core/check.h"
#include "kernels/signal/signal_common.h"

namespace lpai {
namespace kernels {
namespace {

using ops::signal_fft_auto_scale::kName;
using format::DataType;

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(signal::check_arity(args, kName, 1, 2, 0));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[0].desc, kName, "input", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[0].desc, kName, "output", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(
      signal::check_type(args.outputs[1].desc, kName, "scale bits", DataType::kInt32));
  if (element_count(args.outputs[0].desc) != element_count(args.inputs[0].desc) ||
      element_count(args.outputs[1].desc) != 1) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: output sizes", kName);
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const int16_t* in = signal::in_data<int16_t>(args, 0);
  int16_t* out = signal::out_data<int16_t>(args, 0);
  const uint32_t n = element_count(args.inputs[0].desc);
  // TFLite Micro's MaxAbs16: the running maximum is int16, so |-32768| wraps to -32768 and any
  // later element compares greater than it.
  int16_t max = 0;
  for (uint32_t i = 0; i < n; ++i) {
    const int32_t v = in[i];
    if (v > max) {
      max = static_cast<int16_t>(v);
    } else if (-v > max) {
      max = static_cast<int16_t>(-v);
    }
  }
  int32_t bits = 15 - static_cast<int32_t>(signal::msb32(static_cast<uint32_t>(static_cast<int32_t>(max))));
  if (bits < 0) bits = 0;
  for (uint32_t i = 0; i < n; ++i) {
    out[i] = static_cast<int16_t>(static_cast<uint32_t>(static_cast<int32_t>(in[i])) << bits);
  }
  *signal::out_data<int32_t>(args, 1) = bits;
}

}  // namespace

LPAI_DEFINE_KERNEL(signal_fft_auto_scale, validate, eval);

}  // namespace kernels
}  // namespace lpai
