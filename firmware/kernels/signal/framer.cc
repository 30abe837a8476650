// SignalFramer kernel: see signal_params.h.
#include "kernels/registry.h"

#include "core/check.h"
#include "kernels/signal/signal_common.h"

namespace lpai {
namespace kernels {
namespace {

using ops::signal_framer::kName;
using format::DataType;

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(signal::check_arity(args, kName, 3, 2, sizeof(SignalFramerParams)));
  const SignalFramerParams& p = *reinterpret_cast<const SignalFramerParams*>(args.params);
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[0].desc, kName, "input", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[0].desc, kName, "output", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[1].desc, kName, "valid", DataType::kBool));
  const uint64_t rows = static_cast<uint32_t>(p.rows), frames = static_cast<uint32_t>(p.frames);
  if (p.frame_size < 1 || p.frame_step < 1 || p.rows < 1 || p.frames < 1 || p.prefill < 0 ||
      p.prefill > 1 ||
      p.capacity != (p.frame_size + p.frame_step - 1) / p.frame_step * p.frame_step ||
      rows * frames * static_cast<uint32_t>(p.frame_step) != element_count(args.inputs[0].desc) ||
      rows * frames * static_cast<uint32_t>(p.frame_size) != element_count(args.outputs[0].desc) ||
      element_count(args.outputs[1].desc) != 1) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: frame sizes disagree with the tensors", kName);
  }
  LPAI_RETURN_IF_ERROR(signal::check_state(args.inputs[1].desc, kName, DataType::kInt16,
                                           rows * static_cast<uint32_t>(p.capacity)));
  return signal::check_state(args.inputs[2].desc, kName, DataType::kInt32, rows);
}

void eval(const KernelArgs& args) {
  const SignalFramerParams& p = *reinterpret_cast<const SignalFramerParams*>(args.params);
  const int16_t* in = signal::in_data<int16_t>(args, 0);
  int16_t* buffers = reinterpret_cast<int16_t*>(args.inputs[1].data);
  int32_t* counts = reinterpret_cast<int32_t*>(args.inputs[2].data);
  int16_t* out = signal::out_data<int16_t>(args, 0);
  const int32_t f = p.frame_size, s = p.frame_step;
  const int32_t initial = p.prefill != 0 ? f - s : 0;  // count 0 in the state
  bool valid = true;
  for (int32_t r = 0; r < p.rows; ++r) {
    int16_t* b = buffers + r * p.capacity;
    int32_t n = counts[r] + initial;
    for (int32_t k = 0; k < p.frames; ++k) {
      const int32_t frame = r * p.frames + k;
      const int16_t* x = in + frame * s;
      int16_t* y = out + frame * f;
      for (int32_t i = 0; i < s; ++i) b[n + i] = x[i];
      n += s;
      if (n >= f) {
        for (int32_t i = 0; i < f; ++i) y[i] = b[i];
        for (int32_t i = 0; i + s < n; ++i) b[i] = b[i + s];
        n -= s;
      } else {
        for (int32_t i = 0; i < f; ++i) y[i] = 0;
        valid = false;
      }
    }
    counts[r] = n - initial;
  }
  args.outputs[1].data[0] = valid ? 1 : 0;
}

}  // namespace

LPAI_DEFINE_KERNEL(signal_framer, validate, eval);

}  // namespace kernels
}  // namespace lpai
