// SignalIrfft: offline prepare (see firmware/kernels/signal/signal_params.h). The inverse
// kiss_fftr_alloc of TFLite Micro's Init: kf_factor stages and the twiddles with the phase sign
// flipped (inverse_fft = 1), in double as kissfft computes them.
#include "kernels/signal/signal_params.h"
#include "prepare/ops/signal_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_signal_irfft(const PrepOp& op) {
  PrepResult r;
  if (!sig::check_arity(op, 1, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  int64_t type = 0, n = 0;
  if (!custom_int(op.options, "T", INT32_MIN, INT32_MAX, &type, &r.error) ||
      !custom_int(op.options, "fft_length", 4, 65536, &n, &r.error)) {
    return r;
  }
  if (type != 7) {
    return PrepResult::reject("only the int16 inverse FFT is supported (T = " + std::to_string(type) +
              "; the float and int32 ones would need float or 64-bit arithmetic on the device)");
  }
  if (!sig::check_tensor(in, format::DataType::kInt16, -1, "input", &r.error) ||
      !sig::check_tensor(out, format::DataType::kInt16, static_cast<int>(in.shape.size()),
                         "output", &r.error)) {
    return r;
  }
  if (in.shape.empty() || n % 2 != 0) {
    return PrepResult::reject("input must have rank >= 1 and fft_length be even");
  }
  const int32_t half = static_cast<int32_t>(n / 2);
  const std::vector<int32_t> stages = sig::kiss_factor(half);
  for (size_t s = 0; s < stages.size(); s += 2) {
    if (stages[s] > 5) {
      return PrepResult::reject("fft_length " + std::to_string(n) + ": " + std::to_string(half) +
                " has the prime factor " + std::to_string(stages[s]) +
                " (kissfft's generic butterfly, which TFLite Micro cannot run)");
    }
  }
  const int32_t in_last = in.shape.back(), out_last = out.shape.back();
  const int64_t frames = in.element_count() / in_last;
  if (in_last % 2 != 0 || in_last / 2 < half + 1 || out_last < n ||
      out.element_count() != frames * out_last) {
    return PrepResult::reject("frames must hold fft_length / 2 + 1 complex values in and fft_length samples out");
  }
  kernels::SignalIrfftParams p{};
  p.fft_length = static_cast<int32_t>(n);
  p.input_stride = in_last / 2;
  p.frames = static_cast<int32_t>(frames);
  p.output_stride = out_last;
  p.num_stages = static_cast<int32_t>(stages.size() / 2);
  for (size_t s = 0; s < stages.size(); ++s) p.stages[s] = stages[s];
  append_pod(&r.params, p);
  const double pi = 3.141592653589793238462643383279502884197169399375105820974944;
  for (int32_t i = 0; i < half; ++i) sig::append_twiddle(&r.params, -(-2 * pi * i / half));
  for (int32_t i = 0; i < half / 2; ++i) {
    sig::append_twiddle(&r.params,
                        -(-3.14159265358979323846264338327 * (static_cast<double>(i + 1) / half + .5)));
  }
  r.temp_bytes = static_cast<uint32_t>(half) * 8u;
  return r;
}

}  // namespace prepare
}  // namespace lpai
