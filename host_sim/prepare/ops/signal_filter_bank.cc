// SignalFilterBank: offline prepare (see firmware/kernels/signal/signal_params.h). The weight
// and channel tables stay model constants; their indices are checked here and again at load.
#include <cstring>

#include "kernels/signal/signal_params.h"
#include "prepare/ops/signal_prep.h"

namespace lpai {
namespace prepare {

PrepResult prepare_signal_filter_bank(const PrepOp& op) {
  PrepResult r;
  if (!sig::check_arity(op, 6, 1, &r.error)) return r;
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  static const char* const kNames[6] = {"input", "weights", "unweights",
                                        "channel_frequency_starts", "channel_weight_starts",
                                        "channel_widths"};
  if (!sig::check_tensor(in, format::DataType::kUint32, 1, kNames[0], &r.error) ||
      !sig::check_tensor(out, format::DataType::kUint64, 1, "output", &r.error)) {
    return r;
  }
  for (int i = 1; i < 6; ++i) {
    if (!sig::check_tensor(*op.inputs[i], format::DataType::kInt16, 1, kNames[i], &r.error) ||
        !sig::check_const(*op.inputs[i], kNames[i], &r.error)) {
      return r;
    }
  }
  int64_t channels = 0;
  if (!custom_int(op.options, "num_channels", 1, 32767, &channels, &r.error)) return r;
  if (out.element_count() != channels) {
    return PrepResult::reject("output has " + std::to_string(out.element_count()) + " channels, num_channels " +
              std::to_string(channels));
  }
  const int64_t k = op.inputs[1]->element_count();
  if (op.inputs[2]->element_count() != k) {
    return PrepResult::reject("weights and unweights sizes differ");
  }
  std::vector<int16_t> tab[3];
  for (int t = 0; t < 3; ++t) {
    const PrepTensor& x = *op.inputs[3 + t];
    if (x.element_count() < channels + 1) {
      return PrepResult::reject(std::string(kNames[3 + t]) + " needs num_channels + 1 entries");
    }
    tab[t].resize(static_cast<size_t>(x.element_count()));
    std::memcpy(tab[t].data(), x.data, tab[t].size() * 2);
  }
  for (int64_t c = 0; c <= channels; ++c) {
    const int32_t fs = tab[0][c], ws = tab[1][c], wd = tab[2][c];
    if (fs < 0 || ws < 0 || wd < 0 || fs + wd > in.element_count() || ws + wd > k) {
      return PrepResult::reject("channel " + std::to_string(c) + " lies outside the input or the weights");
    }
  }
  kernels::SignalFilterBankParams p{static_cast<int32_t>(channels)};
  append_pod(&r.params, p);
  return r;
}

}  // namespace prepare
}  // namespace lpai
