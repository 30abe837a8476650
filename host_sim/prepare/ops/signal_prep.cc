// Shared checks of the signal-library prepare functions, and the state they keep.
#include "prepare/ops/signal_prep.h"

#include <cmath>

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

std::vector<int32_t> kiss_factor(int32_t n) {
  std::vector<int32_t> out;
  int32_t p = 4;
  const double floor_sqrt = std::floor(std::sqrt(static_cast<double>(n)));
  do {
    while (n % p) {
      switch (p) {
        case 4: p = 2; break;
        case 2: p = 3; break;
        default: p += 2; break;
      }
      if (p > floor_sqrt) p = n;
    }
    n /= p;
    out.push_back(p);
    out.push_back(n);
  } while (n > 1);
  return out;
}

void append_twiddle(std::vector<uint8_t>* blob, double phase) {
  const int16_t re = static_cast<int16_t>(std::floor(0.5 + 32767 * std::cos(phase)));
  const int16_t im = static_cast<int16_t>(std::floor(0.5 + 32767 * std::sin(phase)));
  append_pod(blob, re);
  append_pod(blob, im);
}

host::HostStatus check_fft_operands(const PrepOp& op, const char* fft, const char* others,
                                    int64_t* n) {
  std::string e;
  if (!check_arity(op, 1, 1, &e)) return host::HostStatus::fail(e);
  const PrepTensor& in = *op.inputs[0];
  const PrepTensor& out = *op.outputs[0];
  int64_t type = 0;
  if (!custom_int(op.options, "T", INT32_MIN, INT32_MAX, &type, &e) ||
      !custom_int(op.options, "fft_length", 4, 65536, n, &e)) {
    return host::HostStatus::fail(e);
  }
  if (type != 7) {  // TensorType INT16
    return host::HostStatus::fail(std::string("only the int16 ") + fft + " is supported (T = " +
                                  std::to_string(type) + "; the float and int32 " + others +
                                  " would need float or 64-bit arithmetic on the device)");
  }
  if (!check_tensor(in, format::DataType::kInt16, -1, "input", &e) ||
      !check_tensor(out, format::DataType::kInt16, static_cast<int>(in.shape.size()), "output",
                    &e)) {
    return host::HostStatus::fail(e);
  }
  return host::HostStatus::success();
}

host::HostResult<std::vector<int32_t>> fft_stages(int64_t n) {
  const int32_t half = static_cast<int32_t>(n / 2);
  std::vector<int32_t> stages = kiss_factor(half);
  for (size_t s = 0; s < stages.size(); s += 2) {
    if (stages[s] > 5) {
      return host::HostStatus::fail("fft_length " + std::to_string(n) + ": " +
                                    std::to_string(half) + " has the prime factor " +
                                    std::to_string(stages[s]) +
                                    " (kissfft's generic butterfly, which TFLite Micro cannot run)");
    }
  }
  return stages;
}

void append_fft_twiddles(std::vector<uint8_t>* blob, int32_t half, bool inverse) {
  // Negation is exact in double: the inverse phases are the forward ones with the sign flipped.
  const double sign = inverse ? -1.0 : 1.0;
  const double pi = 3.141592653589793238462643383279502884197169399375105820974944;
  for (int32_t i = 0; i < half; ++i) append_twiddle(blob, sign * (-2 * pi * i / half));
  for (int32_t i = 0; i < half / 2; ++i) {
    append_twiddle(blob,
                   sign * (-3.14159265358979323846264338327 * (static_cast<double>(i + 1) / half + .5)));
  }
}

}  // namespace sig

std::vector<StateTensorSpec> op_state_tensors(const PrepOp& op, std::string* error) {
  using format::BuiltinOp;
  using format::DataType;
  std::vector<StateTensorSpec> state;
  const int code = op.builtin;
  const OpOptions& options = op.options;
  // Rows of the model's first input: elements / its last dimension.
  auto rows = [&](int64_t* n, int64_t* last) {
    if (op.inputs.empty() || op.inputs[0] == nullptr || op.inputs[0]->shape.empty() ||
        op.inputs[0]->shape.back() < 1 || op.inputs[0]->element_count() > (1 << 24)) {
      *error = "input 0 must have rank >= 1 and at most 2^24 elements";
      return false;
    }
    *last = op.inputs[0]->shape.back();
    *n = op.inputs[0]->element_count() / *last;
    return true;
  };
  int64_t a = 0, b = 0, c = 0, n = 0, last = 0;
  if (code == static_cast<int>(BuiltinOp::kSignalFilterBankSpectralSubtraction)) {
    if (!custom_int(options, "num_channels", 1, 1 << 20, &a, error)) return {};
    // TFLite Micro's noise estimate (AllocatePersistentBuffer in Init, zeroed by Reset).
    state.push_back({DataType::kUint32, static_cast<int32_t>(a), "noise_estimate"});
  } else if (code == static_cast<int>(BuiltinOp::kSignalDelay)) {
    if (!custom_int(options, "delay_length", 0, 1 << 20, &a, error) || !rows(&n, &last)) return {};
    if (n * a > 0) state.push_back({DataType::kInt16, static_cast<int32_t>(n * a), "delay_line"});
  } else if (code == static_cast<int>(BuiltinOp::kSignalFramer)) {
    if (!custom_int(options, "frame_size", 1, 1 << 20, &a, error) ||
        !custom_int(options, "frame_step", 1, 1 << 20, &b, error) || !rows(&n, &last)) {
      return {};
    }
    const int64_t cap = (a + b - 1) / b * b;
    state.push_back({DataType::kInt16, static_cast<int32_t>(n * cap), "frame_buffer"});
    state.push_back({DataType::kInt32, static_cast<int32_t>(n), "frame_buffer_count"});
  } else if (code == static_cast<int>(BuiltinOp::kSignalStacker)) {
    if (!custom_int(options, "num_channels", 1, 1 << 16, &a, error) ||
        !custom_int(options, "stacker_left_context", 0, 4096, &b, error) ||
        !custom_int(options, "stacker_right_context", 0, 4096, &c, error)) {
      return {};
    }
    state.push_back({DataType::kInt16, static_cast<int32_t>(a * (b + c + 1)), "stack_buffer"});
    state.push_back({DataType::kInt32, 2, "stack_count_and_started"});
  } else if (code == static_cast<int>(BuiltinOp::kSignalOverlapAdd)) {
    if (!rows(&n, &last)) return {};
    state.push_back({DataType::kInt16, static_cast<int32_t>(n * last), "overlap_buffer"});
  }
  return state;
}

}  // namespace prepare
}  // namespace lpai
