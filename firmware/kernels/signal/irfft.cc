// SignalIrfft kernel (int16): kissfft's fixed-point inverse real FFT (kiss_fftri), see
// signal_params.h and kissfft_fixed16.h.
#include "kernels/registry.h"

#include "core/check.h"
#include "kernels/signal/kissfft_fixed16.h"
#include "kernels/signal/signal_common.h"

namespace lpai {
namespace kernels {
namespace {

using ops::signal_irfft::kName;
using format::DataType;
using namespace kiss16;  // NOLINT

Status validate(const KernelArgs& args) {
  if (args.params_size < sizeof(SignalIrfftParams)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: parameter blob size", kName);
  }
  const SignalIrfftParams& p = *reinterpret_cast<const SignalIrfftParams*>(args.params);
  if (p.fft_length < 4 || p.fft_length > 65536 || (p.fft_length & 1) != 0) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: fft_length", kName);
  }
  const uint32_t n = static_cast<uint32_t>(p.fft_length);
  LPAI_RETURN_IF_ERROR(signal::check_arity(
      args, kName, 1, 1, static_cast<uint32_t>(sizeof(SignalIrfftParams)) + 4u * (n / 2) + 4u * (n / 4)));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[0].desc, kName, "input", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[0].desc, kName, "output", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(signal::check_fft_stages(p.stages, p.num_stages, n, kName));
  if (p.frames < 1 || p.input_stride < p.fft_length / 2 + 1 || p.output_stride < p.fft_length ||
      static_cast<uint64_t>(p.frames) * 2u * static_cast<uint32_t>(p.input_stride) !=
          element_count(args.inputs[0].desc) ||
      static_cast<uint64_t>(p.frames) * static_cast<uint32_t>(p.output_stride) !=
          element_count(args.outputs[0].desc)) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: frame sizes disagree with the tensors", kName);
  }
  if (args.temp_size < 8u * (n / 2)) {
    LPAI_FAIL(Status::kBinaryBadPlan, "%s: kernel scratch smaller than required", kName);
  }
  return Status::kOk;
}

void eval(const KernelArgs& args) {
  const SignalIrfftParams& p = *reinterpret_cast<const SignalIrfftParams*>(args.params);
  const uint32_t half = static_cast<uint32_t>(p.fft_length) / 2;
  const Cpx* tw = reinterpret_cast<const Cpx*>(args.params + sizeof(SignalIrfftParams));
  const Cpx* super_tw = tw + half;
  Cpx* tmp = reinterpret_cast<Cpx*>(args.temp);
  Cpx* result = tmp + half;
  const Cpx* in_all = reinterpret_cast<const Cpx*>(args.inputs[0].data);
  for (int32_t fr = 0; fr < p.frames; ++fr) {
    const Cpx* in = in_all + static_cast<uint32_t>(fr) * static_cast<uint32_t>(p.input_stride);
    int16_t* out = reinterpret_cast<int16_t*>(args.outputs[0].data) +
                   static_cast<uint32_t>(fr) * static_cast<uint32_t>(p.output_stride);
    tmp[0] = fixdiv({static_cast<int16_t>(in[0].r + in[half].r),
                     static_cast<int16_t>(in[0].r - in[half].r)},
                    2);
    for (uint32_t k = 1; k <= half / 2; ++k) {
      const Cpx fk = fixdiv(in[k], 2);
      const Cpx fnkc = fixdiv({in[half - k].r, static_cast<int16_t>(-in[half - k].i)}, 2);
      const Cpx fek = add(fk, fnkc);
      const Cpx fok = mul(sub(fk, fnkc), super_tw[k - 1]);
      tmp[k] = add(fek, fok);
      const Cpx d = sub(fek, fok);
      tmp[half - k] = {d.r, static_cast<int16_t>(-d.i)};
    }
    work<true>(result, tmp, 1, p.stages, tw);
    for (uint32_t i = 0; i < half; ++i) {
      out[2 * i] = result[i].r;
      out[2 * i + 1] = result[i].i;
    }
    for (uint32_t i = 2 * half; i < static_cast<uint32_t>(p.output_stride); ++i) out[i] = 0;
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(signal_irfft, validate, eval);

}  // namespace kernels
}  // namespace lpai
