// SignalRfft kernel (int16): kissfft's fixed-point real FFT (kiss_fftr), see signal_params.h
// and kissfft_fixed16.h.
#include "kernels/registry.h"

#include "core/check.h"
#include "kernels/signal/kissfft_fixed16.h"
#include "kernels/signal/signal_common.h"

namespace lpai {
namespace kernels {
namespace {

using ops::signal_rfft::kName;
using format::DataType;

using namespace kiss16;  // NOLINT

uint32_t temp_bytes(const SignalRfftParams& p) {
  return static_cast<uint32_t>(p.fft_length) * 2u + static_cast<uint32_t>(p.fft_length / 2) * 4u;
}

Status validate(const KernelArgs& args) {
  if (args.params_size < sizeof(SignalRfftParams)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: parameter blob size", kName);
  }
  const SignalRfftParams& p = *reinterpret_cast<const SignalRfftParams*>(args.params);
  if (p.fft_length < 4 || p.fft_length > 65536 || (p.fft_length & 1) != 0) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: fft_length", kName);
  }
  const uint32_t n = static_cast<uint32_t>(p.fft_length);
  const uint32_t tables = 4u * (n / 2) + 4u * (n / 4);
  LPAI_RETURN_IF_ERROR(
      signal::check_arity(args, kName, 1, 1, static_cast<uint32_t>(sizeof(SignalRfftParams)) + tables));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[0].desc, kName, "input", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[0].desc, kName, "output", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(signal::check_fft_stages(p.stages, p.num_stages, n, kName));
  const uint32_t in_n = element_count(args.inputs[0].desc);
  const uint32_t out_n = element_count(args.outputs[0].desc);
  if (p.input_length < 1 || static_cast<uint32_t>(p.input_length) > n || p.frames < 1 ||
      static_cast<uint64_t>(p.frames) * static_cast<uint32_t>(p.input_length) != in_n ||
      p.output_stride < p.fft_length / 2 + 1 ||
      static_cast<uint64_t>(p.frames) * 2u * static_cast<uint32_t>(p.output_stride) != out_n) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: frame sizes disagree with the tensors", kName);
  }
  if (args.temp_size < temp_bytes(p)) {
    LPAI_FAIL(Status::kBinaryBadPlan, "%s: kernel scratch smaller than required", kName);
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const SignalRfftParams& p = *reinterpret_cast<const SignalRfftParams*>(args.params);
  const uint32_t n = static_cast<uint32_t>(p.fft_length);
  const uint32_t half = n / 2;
  const Cpx* tw = reinterpret_cast<const Cpx*>(args.params + sizeof(SignalRfftParams));
  const Cpx* super_tw = tw + half;
  Cpx* frame = reinterpret_cast<Cpx*>(args.temp);  // N samples as N/2 (even, odd) pairs
  Cpx* spec = reinterpret_cast<Cpx*>(args.temp + 2u * n);
  const int16_t* in = signal::in_data<int16_t>(args, 0);
  Cpx* out_all = signal::out_data<Cpx>(args, 0);
  const uint32_t len = static_cast<uint32_t>(p.input_length);
  for (int32_t fr = 0; fr < p.frames; ++fr) {
    const int16_t* src = in + static_cast<uint32_t>(fr) * len;
    for (uint32_t i = 0; i < half; ++i) {
      frame[i].r = 2 * i < len ? src[2 * i] : static_cast<int16_t>(0);
      frame[i].i = 2 * i + 1 < len ? src[2 * i + 1] : static_cast<int16_t>(0);
    }
    // The N/2-point complex FFT of the even (real) / odd (imaginary) samples.
    work<false>(spec, frame, 1, p.stages, tw);
    Cpx* out = out_all + static_cast<uint32_t>(fr) * static_cast<uint32_t>(p.output_stride);
    const Cpx dc = fixdiv(spec[0], 2);
    out[0] = {static_cast<int16_t>(dc.r + dc.i), 0};
    out[half] = {static_cast<int16_t>(dc.r - dc.i), 0};
    for (uint32_t k = 1; k <= half / 2; ++k) {
      const Cpx fpk = fixdiv(spec[k], 2);
      const Cpx fpnk = fixdiv({spec[half - k].r, static_cast<int16_t>(-spec[half - k].i)}, 2);
      const Cpx f1k = add(fpk, fpnk);
      const Cpx f2k = sub(fpk, fpnk);
      const Cpx t = mul(f2k, super_tw[k - 1]);
      out[k] = {static_cast<int16_t>((f1k.r + t.r) >> 1), static_cast<int16_t>((f1k.i + t.i) >> 1)};
      out[half - k] = {static_cast<int16_t>((f1k.r - t.r) >> 1),
                       static_cast<int16_t>((t.i - f1k.i) >> 1)};
    }
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(signal_rfft, validate, eval);

}  // namespace kernels
}  // namespace lpai
