// SignalEnergy kernel: see signal_params.h.
#include "kernels/registry.h"

#include "core/check.h"
#include "kernels/signal/signal_common.h"

namespace lpai {
namespace kernels {
namespace {

using ops::signal_energy::kName;
using format::DataType;

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(signal::check_arity(args, kName, 1, 1, sizeof(SignalEnergyParams)));
  const SignalEnergyParams& p = *reinterpret_cast<const SignalEnergyParams*>(args.params);
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[0].desc, kName, "input", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[0].desc, kName, "output", DataType::kUint32));
  const uint32_t n = element_count(args.outputs[0].desc);
  if (p.start_index < 0 || p.end_index < p.start_index || static_cast<uint32_t>(p.end_index) > n ||
      static_cast<uint64_t>(element_count(args.inputs[0].desc)) < 2ull * static_cast<uint32_t>(p.end_index)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: start/end index outside the tensors", kName);
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const SignalEnergyParams& p = *reinterpret_cast<const SignalEnergyParams*>(args.params);
  const int16_t* in = signal::in_data<int16_t>(args, 0);
  uint32_t* out = signal::out_data<uint32_t>(args, 0);
  const uint32_t n = element_count(args.outputs[0].desc);
  for (uint32_t i = 0; i < n; ++i) {
    if (static_cast<int32_t>(i) < p.start_index || static_cast<int32_t>(i) >= p.end_index) {
      out[i] = 0;
      continue;
    }
    const int32_t re = in[2 * i];
    const int32_t im = in[2 * i + 1];
    out[i] = static_cast<uint32_t>(re * re) + static_cast<uint32_t>(im * im);
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(signal_energy, validate, eval);

}  // namespace kernels
}  // namespace lpai
