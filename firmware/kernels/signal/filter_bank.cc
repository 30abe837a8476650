// SignalFilterBank kernel: see signal_params.h.
#include "kernels/registry.h"

#include "core/check.h"
#include "kernels/signal/signal_common.h"

namespace lpai {
namespace kernels {
namespace {

using ops::signal_filter_bank::kName;
using format::DataType;

enum { kInput, kWeights, kUnweights, kFreqStarts, kWeightStarts, kWidths };

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(signal::check_arity(args, kName, 6, 1, sizeof(SignalFilterBankParams)));
  const int32_t c = reinterpret_cast<const SignalFilterBankParams*>(args.params)->num_channels;
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[0].desc, kName, "input", DataType::kUint32));
  for (uint32_t i = 1; i < 6; ++i) {
    LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[i].desc, kName, "table", DataType::kInt16));
    if (!checks::is_const(args.inputs[i].desc)) {
      LPAI_FAIL(Status::kBinaryBadTensor, "%s: weights and channel tables must be constants",
                kName);
    }
  }
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[0].desc, kName, "output", DataType::kUint64));
  if (c < 1 || element_count(args.outputs[0].desc) != static_cast<uint32_t>(c)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: num_channels must equal the output size", kName);
  }
  const uint32_t k = element_count(args.inputs[kWeights].desc);
  const uint32_t f = element_count(args.inputs[kInput].desc);
  if (element_count(args.inputs[kUnweights].desc) != k) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: weights and unweights sizes differ", kName);
  }
  for (uint32_t i = kFreqStarts; i <= kWidths; ++i) {
    if (element_count(args.inputs[i].desc) < static_cast<uint32_t>(c) + 1) {
      LPAI_FAIL(Status::kBinaryBadTensor, "%s: channel tables need num_channels + 1 entries",
                kName);
    }
  }
  const int16_t* fs = signal::in_data<int16_t>(args, kFreqStarts);
  const int16_t* ws = signal::in_data<int16_t>(args, kWeightStarts);
  const int16_t* wd = signal::in_data<int16_t>(args, kWidths);
  for (int32_t i = 0; i <= c; ++i) {
    if (fs[i] < 0 || ws[i] < 0 || wd[i] < 0 || static_cast<uint32_t>(fs[i] + wd[i]) > f ||
        static_cast<uint32_t>(ws[i] + wd[i]) > k) {
      LPAI_FAIL(Status::kBinaryBadTensor, "%s: a channel's band lies outside the tensors", kName);
    }
  }
  return Status::kOk;
}

// w · x in uint64 with w sign-extended, as TFLite Micro's int16 * uint64 product: one 32x32->64
// product and a negation instead of a 64x64 multiply.
inline uint64_t weighted(int16_t w, uint32_t x) {
  const uint64_t mag = static_cast<uint64_t>(static_cast<uint32_t>(w < 0 ? -w : w)) * x;
  return w < 0 ? 0u - mag : mag;
}

void eval(const KernelArgs& args) {
  const int32_t c = reinterpret_cast<const SignalFilterBankParams*>(args.params)->num_channels;
  const uint32_t* in = signal::in_data<uint32_t>(args, kInput);
  const int16_t* w = signal::in_data<int16_t>(args, kWeights);
  const int16_t* uw = signal::in_data<int16_t>(args, kUnweights);
  const int16_t* fs = signal::in_data<int16_t>(args, kFreqStarts);
  const int16_t* ws = signal::in_data<int16_t>(args, kWeightStarts);
  const int16_t* wd = signal::in_data<int16_t>(args, kWidths);
  uint64_t* out = signal::out_data<uint64_t>(args, 0);
  uint64_t carry = 0;  // the unweighted sum of the previous band
  for (int32_t i = 0; i <= c; ++i) {
    uint64_t acc = carry;
    uint64_t next = 0;
    const uint32_t* x = in + fs[i];
    const int16_t* wi = w + ws[i];
    const int16_t* ui = uw + ws[i];
    for (int32_t j = 0; j < wd[i]; ++j) {
      acc += weighted(wi[j], x[j]);
      next += weighted(ui[j], x[j]);
    }
    if (i > 0) out[i - 1] = acc;  // channel 0 is TFLite Micro's scratch
    carry = next;
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(signal_filter_bank, validate, eval);

}  // namespace kernels
}  // namespace lpai
