// SignalFilterBankLog kernel: see signal_params.h.
#include "kernels/registry.h"

#include "core/check.h"
#include "kernels/signal/signal_common.h"

namespace lpai {
namespace kernels {
namespace {

using ops::signal_filter_bank_log::kName;
using format::DataType;
constexpr uint32_t kScaleBits = 16;     // log2 values in Q16
constexpr uint32_t kSegmentBits = 7;    // 128 LUT segments per octave
constexpr uint64_t kLn2Q16 = 45426;     // round(ln(2) * 65536)

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(signal::check_arity(args, kName, 1, 1,
                                           sizeof(SignalFilterBankLogParams) + 2 * kLogLutSize));
  const SignalFilterBankLogParams& p =
      *reinterpret_cast<const SignalFilterBankLogParams*>(args.params);
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[0].desc, kName, "input", DataType::kUint32));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[0].desc, kName, "output", DataType::kInt16));
  if (p.input_correction_bits > 31) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: input_correction_bits", kName);
  }
  if (element_count(args.outputs[0].desc) != element_count(args.inputs[0].desc)) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: tensor sizes differ", kName);
  }
  return Status::kOk;
}

// TFLite Micro's Log32 (x > 1): log2 in Q16 from the MSB and a LUT-corrected fraction, then
// ln, then scaled by out_scale / 65536 (uint32 arithmetic, rounding half up).
uint32_t log32(uint32_t x, uint32_t out_scale, const uint16_t* lut) {
  const uint32_t integer = signal::msb32(x) - 1;
  int32_t frac = static_cast<int32_t>(x - (1u << integer));
  if (integer < kScaleBits) {
    frac = static_cast<int32_t>(static_cast<uint32_t>(frac) << (kScaleBits - integer));
  } else {
    frac >>= integer - kScaleBits;
  }
  const uint32_t seg = static_cast<uint32_t>(frac) >> (kScaleBits - kSegmentBits);
  const int32_t c0 = lut[seg];
  const int32_t c1 = lut[seg + 1];
  const int32_t seg_base = static_cast<int32_t>(seg << (kScaleBits - kSegmentBits));
  const int32_t rel = ((c1 - c0) * (frac - seg_base)) >> kScaleBits;
  const uint32_t fraction = static_cast<uint32_t>(frac + c0 + rel);
  const uint32_t log2 = (integer << kScaleBits) + fraction;
  const uint32_t half = 1u << (kScaleBits - 1);
  const uint32_t loge = static_cast<uint32_t>((kLn2Q16 * log2 + half) >> kScaleBits);
  return (out_scale * loge + half) >> kScaleBits;
}

void eval(const KernelArgs& args) {
  const SignalFilterBankLogParams& p =
      *reinterpret_cast<const SignalFilterBankLogParams*>(args.params);
  const uint16_t* lut =
      reinterpret_cast<const uint16_t*>(args.params + sizeof(SignalFilterBankLogParams));
  const uint32_t* in = signal::in_data<uint32_t>(args, 0);
  int16_t* out = signal::out_data<int16_t>(args, 0);
  const uint32_t c = element_count(args.inputs[0].desc);
  for (uint32_t i = 0; i < c; ++i) {
    const uint32_t x = in[i] << p.input_correction_bits;
    if (x > 1) {
      const uint32_t v = log32(x, p.output_scale, lut);
      out[i] = static_cast<int16_t>(v < 32767u ? v : 32767u);
    } else {
      out[i] = 0;
    }
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(signal_filter_bank_log, validate, eval);

}  // namespace kernels
}  // namespace lpai
