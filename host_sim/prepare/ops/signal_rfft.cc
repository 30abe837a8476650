// SignalRfft: offline prepare (see firmware/kernels/signal/signal_params.h). Computes what
// kissfft's kiss_fftr_alloc computes at TFLite Micro's Init: the radix stages of the N/2-point
// complex FFT (kf_factor: 4s first, then 2, then odd primes) and the fixed-point twiddles
// floor(0.5 + 32767·cos/sin(phase)), with kissfft's phase expressions evaluated in double.
#include "kernels/signal/signal_params.h"
#include "prepare/ops/signal_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_signal_rfft(const PrepOp& op) {
  PrepResult r;
  int64_t n = 0;
  const host::HostStatus opening = sig::check_fft_operands(op, "FFT", "FFTs", &n);
  if (!opening.ok()) return PrepResult::reject(opening.error());
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (in.shape.empty()) {
    return PrepResult::reject("input must have rank >= 1");
  }
  if (n % 2 != 0) {
    return PrepResult::reject("fft_length " + std::to_string(n) + " is odd (kissfft's real FFT needs it even)");
  }
  const int32_t half = static_cast<int32_t>(n / 2);
  const host::HostResult<std::vector<int32_t>> staged = sig::fft_stages(n);
  if (!staged.ok()) return PrepResult::reject(staged.error());
  const std::vector<int32_t>& stages = staged.value();
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
  sig::append_fft_twiddles(&r.params, half, false);
  r.temp_bytes = static_cast<uint32_t>(n) * 2u + static_cast<uint32_t>(half) * 4u;
  return r;
}

}  // namespace prepare
}  // namespace lpai
