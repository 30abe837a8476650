// SignalStacker kernel: see signal_params.h.
#include "kernels/registry.h"

#include "core/check.h"
#include "kernels/signal/signal_common.h"

namespace lpai {
namespace kernels {
namespace {

using ops::signal_stacker::kName;
using format::DataType;

uint32_t stack_size(const SignalStackerParams& p) {
  return static_cast<uint32_t>(p.num_channels) *
         static_cast<uint32_t>(p.left_context + p.right_context + 1);
}

Status validate(const KernelArgs& args) {
  LPAI_RETURN_IF_ERROR(signal::check_arity(args, kName, 3, 2, sizeof(SignalStackerParams)));
  const SignalStackerParams& p = *reinterpret_cast<const SignalStackerParams*>(args.params);
  LPAI_RETURN_IF_ERROR(signal::check_type(args.inputs[0].desc, kName, "input", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[0].desc, kName, "output", DataType::kInt16));
  LPAI_RETURN_IF_ERROR(signal::check_type(args.outputs[1].desc, kName, "valid", DataType::kBool));
  if (p.num_channels < 1 || p.left_context < 0 || p.right_context < 0 || p.step < 1 ||
      p.left_context > 4096 || p.right_context > 4096 ||
      p.step > p.left_context + p.right_context + 1 ||
      element_count(args.inputs[0].desc) != static_cast<uint32_t>(p.num_channels) ||
      element_count(args.outputs[0].desc) != stack_size(p) ||
      element_count(args.outputs[1].desc) != 1) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: parameters disagree with the tensors", kName);
  }
  LPAI_RETURN_IF_ERROR(signal::check_state(args.inputs[1].desc, kName, DataType::kInt16, stack_size(p)));
  return signal::check_state(args.inputs[2].desc, kName, DataType::kInt32, 2);
}

void eval(const KernelArgs& args) {
  const SignalStackerParams& p = *reinterpret_cast<const SignalStackerParams*>(args.params);
  const int16_t* in = signal::in_data<int16_t>(args, 0);
  int16_t* b = reinterpret_cast<int16_t*>(args.inputs[1].data);
  int32_t* st = reinterpret_cast<int32_t*>(args.inputs[2].data);  // count, first frame seen
  int16_t* out = signal::out_data<int16_t>(args, 0);
  const int32_t c = p.num_channels, size = static_cast<int32_t>(stack_size(p));
  int32_t n = st[0];
  for (int32_t i = 0; i < c; ++i) b[n + i] = in[i];
  n += c;
  if (st[1] == 0) {  // the first frame is replicated left_context more times
    for (int32_t k = 0; k < p.left_context; ++k) {
      for (int32_t i = 0; i < c; ++i) b[n + i] = in[i];
      n += c;
    }
    st[1] = 1;
  }
  if (n >= size) {
    for (int32_t i = 0; i < size; ++i) out[i] = b[i];
    const int32_t drop = c * p.step;
    for (int32_t i = 0; i + drop < n; ++i) b[i] = b[i + drop];
    n -= drop;
    args.outputs[1].data[0] = 1;
  } else {
    for (int32_t i = 0; i < size; ++i) out[i] = 0;
    args.outputs[1].data[0] = 0;
  }
  st[0] = n;
}

}  // namespace

LPAI_DEFINE_KERNEL(signal_stacker, validate, eval);

}  // namespace kernels
}  // namespace lpai
