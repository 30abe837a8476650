// SignalRfft: offline prepare (see firmware/kernels/signal/signal_params.h). Computes what
// kissfft's kiss_fftr_alloc computes at TFLite Micro's Init: the radix stages of the N/2-point
// complex FFT (kf_factor: 4s first, then 2, then odd primes) and the fixed-point twiddles
// floor(0.5 + 32767·cos/sin(phase)), with kissfft's phase expressions evaluated in double.
#include <cmath>

#include "kernels/signal/signal_params.h"
#include "prepare/ops/signal_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_signal_rfft(const PrepOp& op) {
  PrepResult r;
  if (!sig::check_arity(op, 1, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  int64_t type = 0, n = 0;
  if (!custom_int(op.options, "T", INT32_MIN, INT32_MAX, &type, &r.error) ||
      !custom_int(op.options, "fft_length", 4, 65536, &n, &r.error)) {
    return r;
  }
  if (type != 7) {  // TensorType INT16
    return PrepResult::reject("only the int16 FFT is supported (T = " + std::to_string(type) +
              "; the float and int32 FFTs would need float or 64-bit arithmetic on the device)");
  }
  if (!sig::check_tensor(in, format::DataType::kInt16, -1, "input", &r.error) ||
      !sig::check_tensor(out, format::DataType::kInt16, static_cast<int>(in.shape.size()),
                         "output", &r.error)) {
    return r;
  }
  if (in.shape.empty()) {
    return PrepResult::reject("input must have rank >= 1");
  }
  if (n % 2 != 0) {
    return PrepResult::reject("fft_length " + std::to_string(n) + " is odd (kissfft's real FFT needs it even)");
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
  if (stages.size() / 2 > kernels::kRfftMaxStages) {
    return PrepResult::reject("fft_length has too many radix stages");
  }
  const int32_t len = in.shape.back();
  const int32_t out_last = out.shape.back();
  if (len > n) {
    return PrepResult::reject("input frames of " + std::to_string(len) + " samples exceed fft_length " +
              std::to_string(n));
  }
  const int64_t frames = in.element_count() / len;
  if (out_last % 2 != 0 || out_last / 2 < half + 1 || out.element_count() != frames * out_last) {
    return PrepResult::reject("output frames must hold fft_length / 2 + 1 = " + std::to_string(half + 1) +
              " complex values (" + std::to_string(2 * (half + 1)) + " int16)");
  }
  kernels::SignalRfftParams p{};
  p.fft_length = static_cast<int32_t>(n);
  p.input_length = len;
  p.frames = static_cast<int32_t>(frames);
  p.output_stride = out_last / 2;
  p.num_stages = static_cast<int32_t>(stages.size() / 2);
  for (size_t s = 0; s < stages.size(); ++s) p.stages[s] = stages[s];
  append_pod(&r.params, p);
  const double pi = 3.141592653589793238462643383279502884197169399375105820974944;
  for (int32_t i = 0; i < half; ++i) sig::append_twiddle(&r.params, -2 * pi * i / half);
  for (int32_t i = 0; i < half / 2; ++i) {
    sig::append_twiddle(&r.params,
                   -3.14159265358979323846264338327 * (static_cast<double>(i + 1) / half + .5));
  }
  r.temp_bytes = static_cast<uint32_t>(n) * 2u + static_cast<uint32_t>(half) * 4u;
  return r;
}

}  // namespace prepare
}  // namespace lpai
