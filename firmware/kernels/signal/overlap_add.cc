// SignalOverlapAdd kernel (int16): see signal_params.h.
#include "kernels/registry.h"

#include "core/check.h"
#include "kernels/signal/signal_common.h"

namespace lpai {
namespace kernels {
namespace {

using ops::signal_overlap_add::kName;
using format::DataType;

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(signal::check_arity(args, kName, 2, 1, sizeof(SignalOverlapAddParams)));
  const SignalOverlapAddParams& p = *reinterpret_cast<const SignalOverlapAddParams*>(args.params);
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[0].desc, kName, "input", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[0].desc, kName, "output", DataType::kInt16));
  const uint64_t rows = static_cast<uint32_t>(p.rows), frames = static_cast<uint32_t>(p.frames);
  if (p.frame_size < 1 || p.frame_step < 1 || p.frame_step > p.frame_size || p.rows < 1 ||
      p.frames < 1 ||
      rows * frames * static_cast<uint32_t>(p.frame_size) != element_count(args.inputs[0].desc) ||
      rows * frames * static_cast<uint32_t>(p.frame_step) != element_count(args.outputs[0].desc)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: frame sizes disagree with the tensors", kName);
  }
  return signal::check_state(args.inputs[1].desc, kName, DataType::kInt16,
                             rows * static_cast<uint32_t>(p.frame_size));
}

void eval(const KernelArgs& args) {
  const SignalOverlapAddParams& p = *reinterpret_cast<const SignalOverlapAddParams*>(args.params);
  const int16_t* in = signal::in_data<int16_t>(args, 0);
  int16_t* state = reinterpret_cast<int16_t*>(args.inputs[1].data);
  int16_t* out = signal::out_data<int16_t>(args, 0);
  const uint32_t f = static_cast<uint32_t>(p.frame_size), s = static_cast<uint32_t>(p.frame_step);
  for (uint32_t r = 0; r < static_cast<uint32_t>(p.rows); ++r) {
    int16_t* b = state + r * f;
    for (uint32_t k = 0; k < static_cast<uint32_t>(p.frames); ++k) {
      const uint32_t frame = r * static_cast<uint32_t>(p.frames) + k;
      const int16_t* x = in + frame * f;
      int16_t* y = out + frame * s;
      for (uint32_t i = 0; i < f; ++i) {
        const int32_t v = static_cast<int32_t>(x[i]) + b[i];
        b[i] = static_cast<int16_t>(v < -32768 ? -32768 : v > 32767 ? 32767 : v);
      }
      for (uint32_t i = 0; i < s; ++i) y[i] = b[i];
      for (uint32_t i = 0; i + s < f; ++i) b[i] = b[i + s];
      for (uint32_t i = f - s; i < f; ++i) b[i] = 0;
    }
  }
}

}  // namespace

LPAI_DEFINE_KERNEL(signal_overlap_add, validate, eval);

}  // namespace kernels
}  // namespace lpai
