// SignalPCAN kernel: see signal_params.h.
#include "kernels/registry.h"

#include "core/check.h"
#include "kernels/signal/signal_common.h"

namespace lpai {
namespace kernels {
namespace {

using ops::signal_pcan::kName;
using format::DataType;
constexpr uint32_t kSnrBits = 12;     // TFLite Micro's kPcanSnrBits
constexpr uint32_t kOutputBits = 6;   // kPcanOutputBits

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(signal::check_arity(args, kName, 3, 1, sizeof(SignalPcanParams)));
  const int32_t shift = reinterpret_cast<const SignalPcanParams*>(args.params)->snr_shift;
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[0].desc, kName, "input", DataType::kUint32));
  LPAI_RETURN_IF_ERROR(
      signal::check_type(args.inputs[1].desc, kName, "noise estimate", DataType::kUint32));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[2].desc, kName, "gain LUT", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[0].desc, kName, "output", DataType::kUint32));
  if (shift < 0 || shift > 63) LPAI_FAIL(Status::kBinaryBadParams, "%s: snr_shift", kName);
  const uint32_t c = element_count(args.inputs[0].desc);
  if (element_count(args.inputs[1].desc) != c || element_count(args.outputs[0].desc) != c) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: tensor sizes differ", kName);
  }
  if (element_count(args.inputs[2].desc) < kPcanLutMin) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: gain LUT has fewer than 125 entries", kName);
  }
  return Status::kOk;
}

// TFLite Micro's WideDynamicFunction: piecewise quadratic interpolation of the gain LUT per
// octave of x (wrapping int32 arithmetic done in uint32).
int16_t wide_dynamic(uint32_t x, const int16_t* lut) {
  if (x <= 2) return lut[x];
  const int32_t interval = static_cast<int32_t>(signal::msb32(x));
  lut += 4 * interval - 6;
  const int32_t frac = static_cast<int16_t>(
      (interval < 11 ? x << (11 - interval) : x >> (interval - 11)) & 0x3FFu);
  int32_t r = (static_cast<int32_t>(lut[2]) * frac) >> 5;
  r = static_cast<int32_t>(static_cast<uint32_t>(r) +
                           (static_cast<uint32_t>(static_cast<int32_t>(lut[1])) << 5));
  r = static_cast<int32_t>(static_cast<uint32_t>(r) * static_cast<uint32_t>(frac));
  r = static_cast<int32_t>(static_cast<uint32_t>(r) + (1u << 14)) >> 15;
  r = static_cast<int32_t>(static_cast<uint32_t>(r) + static_cast<uint32_t>(static_cast<int32_t>(lut[0])));
  return static_cast<int16_t>(r);
}

uint32_t shrink(uint32_t x) {
  if (x < (2u << kSnrBits)) return (x * x) >> (2 + 2 * kSnrBits - kOutputBits);
  return (x >> (kSnrBits - kOutputBits)) - (1u << kOutputBits);
}

void eval(const KernelArgs& args) {
  const int32_t shift = reinterpret_cast<const SignalPcanParams*>(args.params)->snr_shift;
  const uint32_t* in = signal::in_data<uint32_t>(args, 0);
  const uint32_t* noise = signal::in_data<uint32_t>(args, 1);
  const int16_t* lut = signal::in_data<int16_t>(args, 2);
  uint32_t* out = signal::out_data<uint32_t>(args, 0);
  const uint32_t c = element_count(args.inputs[0].desc);
  for (uint32_t i = 0; i < c; ++i) {
    const uint32_t gain = static_cast<uint32_t>(static_cast<int32_t>(wide_dynamic(noise[i], lut)));
    const uint32_t snr = static_cast<uint32_t>((static_cast<uint64_t>(in[i]) * gain) >> shift);
    out[i] = shrink(snr);
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(signal_pcan, validate, eval);

}  // namespace kernels
}  // namespace lpai
