// Shared checks of the signal-library prepare functions, and the state they keep.
#include "prepare/ops/signal_prep.h"

namespace lpai {
namespace prepare {
namespace sig {

bool check_arity(const PrepOp& op, size_t n_in, size_t n_out, std::string* error) {
  if (op.inputs.size() != n_in || op.outputs.size() != n_out) {
    *error = "expects " + std::to_string(n_in) + " inputs and " + std::to_string(n_out) +
             " outputs, has " + std::to_string(op.inputs.size()) + " and " +
             std::to_string(op.outputs.size());
    return false;
  }
  for (const PrepTensor* t : op.inputs) {
    if (t == nullptr) {
      *error = "an input is absent";
      return false;
    }
  }
  return true;
}

bool check_tensor(const PrepTensor& t, format::DataType type, int rank, const char* what,
                  std::string* error) {
  if (t.type != type) {
    *error = std::string(what) + " is " + rules::type_name(t.type) + ", expected " +
             rules::type_name(type);
    return false;
  }
  if (rank >= 0 && static_cast<int>(t.shape.size()) != rank) {
    *error = std::string(what) + " has rank " + std::to_string(t.shape.size()) + ", expected " +
             std::to_string(rank);
    return false;
  }
  return true;
}

bool check_const(const PrepTensor& t, const char* what, std::string* error) {
  if (!t.is_const()) {
    *error = std::string(what) + " must be a constant tensor";
    return false;
  }
  return true;
}

}  // namespace sig

std::vector<StateTensorSpec> op_state_tensors(int code, const OpOptions& options,
                                              std::string* error) {
  std::vector<StateTensorSpec> state;
  if (code == static_cast<int>(format::BuiltinOp::kSignalFilterBankSpectralSubtraction)) {
    int64_t channels = 0;
    if (!custom_int(options, "num_channels", 1, 1 << 20, &channels, error)) return {};
    // TFLite Micro's noise estimate (AllocatePersistentBuffer in Init, zeroed by Reset).
    state.push_back({format::DataType::kUint32, static_cast<int32_t>(channels), "noise_estimate"});
  }
  return state;
}

}  // namespace prepare
}  // namespace lpai
