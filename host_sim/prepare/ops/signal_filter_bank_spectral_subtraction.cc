// SignalFilterBankSpectralSubtraction: offline prepare (see
// firmware/kernels/signal/signal_params.h). Input 1 is the noise-estimate state the importer
// appended (op_state_tensors).
#include "kernels/signal/signal_params.h"
#include "prepare/ops/signal_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_signal_filter_bank_spectral_subtraction(const PrepOp& op) {
  PrepResult r;
  if (!sig::check_arity(op, 2, 2, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& state = *op.inputs[1];
  if (!sig::check_tensor(in, format::DataType::kUint32, 1, "input", &r.error) ||
      !sig::check_tensor(*op.outputs[0], format::DataType::kUint32, 1, "output", &r.error) ||
      !sig::check_tensor(*op.outputs[1], format::DataType::kUint32, 1, "noise estimate",
                         &r.error) ||
      !sig::check_tensor(state, format::DataType::kUint32, 1, "state", &r.error)) {
    return r;
  }
  if (!state.is_variable) {
    return PrepResult::reject("input 1 must be the noise-estimate state (a variable tensor)");
  }
  kernels::SignalSpectralSubtractionParams p{};
  int64_t v = 0;
  const int64_t u32 = 0xFFFFFFFFll;
  if (!custom_int(op.options, "num_channels", 1, 1 << 20, &v, &r.error)) return r;
  p.num_channels = static_cast<int32_t>(v);
  struct Field {
    const char* key;
    uint32_t* dst;
    int64_t hi;
  };
  const Field fields[] = {
      {"smoothing", &p.smoothing, u32},
      {"one_minus_smoothing", &p.one_minus_smoothing, u32},
      {"alternate_smoothing", &p.alternate_smoothing, u32},
      {"alternate_one_minus_smoothing", &p.alternate_one_minus_smoothing, u32},
      {"min_signal_remaining", &p.min_signal_remaining, u32},
      {"smoothing_bits", &p.smoothing_bits, 31},
      {"spectral_subtraction_bits", &p.spectral_subtraction_bits, 63},
      {"clamping", &p.clamping, 1},
  };
  for (const Field& f : fields) {
    if (!custom_int(op.options, f.key, 0, f.hi, &v, &r.error)) return r;
    *f.dst = static_cast<uint32_t>(v);
  }
  const int64_t c = p.num_channels;
  if (in.element_count() != c || state.element_count() != c ||
      op.outputs[0]->element_count() != c || op.outputs[1]->element_count() != c) {
    return PrepResult::reject("tensor sizes differ from num_channels " + std::to_string(c));
  }
  append_pod(&r.params, p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
