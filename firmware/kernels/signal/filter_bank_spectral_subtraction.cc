// SignalFilterBankSpectralSubtraction kernel: see signal_params.h.
#include "kernels/registry.h"

#include "core/check.h"
#include "kernels/signal/signal_common.h"

namespace lpai {
namespace kernels {
namespace {

using ops::signal_filter_bank_spectral_subtraction::kName;
using format::DataType;

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(
      signal::check_arity(args, kName, 2, 2, sizeof(SignalSpectralSubtractionParams)));
  const SignalSpectralSubtractionParams& p =
      *reinterpret_cast<const SignalSpectralSubtractionParams*>(args.params);
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[0].desc, kName, "input", DataType::kUint32));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[1].desc, kName, "state", DataType::kUint32));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[0].desc, kName, "output", DataType::kUint32));
  LPAI_RETURN_IF_ERROR(
      signal::check_type(args.outputs[1].desc, kName, "noise estimate", DataType::kUint32));
  if (p.num_channels < 1 || p.smoothing_bits > 31 || p.spectral_subtraction_bits > 63 ||
      p.clamping > 1) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: parameters out of range", kName);
  }
  const uint32_t c = static_cast<uint32_t>(p.num_channels);
  if (element_count(args.inputs[0].desc) != c || element_count(args.inputs[1].desc) != c ||
      element_count(args.outputs[0].desc) != c || element_count(args.outputs[1].desc) != c) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: tensor sizes differ from num_channels", kName);
  }
  if (args.inputs[1].desc->mem_class != static_cast<uint8_t>(format::MemClass::kPersistent)) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: state must be in the persistent pool", kName);
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const SignalSpectralSubtractionParams& p =
      *reinterpret_cast<const SignalSpectralSubtractionParams*>(args.params);
  const uint32_t* in = signal::in_data<uint32_t>(args, 0);
  uint32_t* noise = reinterpret_cast<uint32_t*>(args.inputs[1].data);
  uint32_t* out = signal::out_data<uint32_t>(args, 0);
  uint32_t* noise_out = signal::out_data<uint32_t>(args, 1);
  const uint32_t c = static_cast<uint32_t>(p.num_channels);
  for (uint32_t i = 0; i < c; ++i) {
    const bool odd = (i & 1u) != 0;
    const uint32_t smoothing = odd ? p.alternate_smoothing : p.smoothing;
    const uint32_t keep = odd ? p.alternate_one_minus_smoothing : p.one_minus_smoothing;
    const uint32_t scaled = in[i] << p.smoothing_bits;
    noise[i] = static_cast<uint32_t>((static_cast<uint64_t>(scaled) * smoothing +
                                      static_cast<uint64_t>(noise[i]) * keep) >>
                                     p.spectral_subtraction_bits);
    uint32_t estimate = noise[i];
    if (estimate > scaled) {
      estimate = scaled;
      if (p.clamping != 0) noise[i] = estimate;
    }
    const uint32_t floor = static_cast<uint32_t>(
        (static_cast<uint64_t>(in[i]) * p.min_signal_remaining) >> p.spectral_subtraction_bits);
    const uint32_t subtracted = (scaled - estimate) >> p.smoothing_bits;
    out[i] = subtracted > floor ? subtracted : floor;
    noise_out[i] = noise[i];
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(signal_filter_bank_spectral_subtraction, validate, eval);

}  // namespace kernels
}  // namespace lpai
