// SignalIrfft: offline prepare (see firmware/kernels/signal/signal_params.h). The inverse
// kiss_fftr_alloc of TFLite Micro's Init: kf_factor stages and the twiddles with the phase sign
// flipped (inverse_fft = 1), in double as kissfft computes them.
#include "kernels/signal/signal_params.h"
#include "prepare/ops/signal_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_signal_irfft(const PrepOp& op) {
  PrepResult r;
  int64_t n = 0;
  const host::HostStatus opening = sig::check_fft_operands(op, "inverse FFT", "ones", &n);
  if (!opening.ok()) return PrepResult::reject(opening.error());
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  if (in.shape.empty() || n % 2 != 0) {
    return PrepResult::reject("input must have rank >= 1 and fft_length be even");
  }
  const int32_t half = static_cast<int32_t>(n / 2);
  const host::HostResult<std::vector<int32_t>> staged = sig::fft_stages(n);
  if (!staged.ok()) return PrepResult::reject(staged.error());
  const std::vector<int32_t>& stages = staged.value();
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
  sig::append_fft_twiddles(&r.params, half, true);
  r.temp_bytes = static_cast<uint32_t>(half) * 8u;
  return r;
}

}  // namespace prepare
}  // namespace lpai
