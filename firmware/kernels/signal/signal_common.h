// Helpers shared by the signal-library kernels: tensor checks and TFLite Micro's bit tricks.
#ifndef LPAI_KERNELS_SIGNAL_SIGNAL_COMMON_H
#define LPAI_KERNELS_SIGNAL_SIGNAL_COMMON_H

#include <stdint.h>

#include "kernels/elementwise_common.h"

#include "core/check.h"
#include "kernels/kernel_api.h"
#include "kernels/op_checks.h"
#include "kernels/signal/signal_params.h"

namespace lpai {
namespace kernels {
namespace signal {

// Exactly `ni` inputs and `no` outputs, all present, and a blob of `params_size` bytes.
inline Status check_arity(const KernelArgs& args, const char* op, uint32_t ni, uint32_t no,
                          uint32_t params_size) {
  if (args.num_inputs != ni || args.num_outputs != no) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: wrong number of inputs or outputs", op);
  }
  for (uint32_t i = 0; i < ni; ++i) {
    if (args.inputs[i].desc == nullptr) {
      LPAI_FAIL(Status::kBinaryBadParams, "%s: an input is absent", op);
    }
  }
  for (uint32_t i = 0; i < no; ++i) {
    if (args.outputs[i].desc == nullptr) {
      LPAI_FAIL(Status::kBinaryBadParams, "%s: an output is absent", op);
    }
  }
  if (args.params_size != params_size) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: parameter blob size", op);
  }
  return Status::kOk;
}

inline Status check_type(const format::TensorRecord* t, const char* op, const char* role,
                         format::DataType type) {
  return checks::require_type(t, op, role, type, type);
}

// A state tensor: `type`, `elements` long, in the persistent pool.
inline Status check_state(const format::TensorRecord* t, const char* op, format::DataType type,
                          uint64_t elements) {
  LPAI_RETURN_IF_ERROR(checks::require_type(t, op, "state", type, type));
  if (element_count(t) != elements ||
      t->mem_class != static_cast<uint8_t>(format::MemClass::kPersistent)) {
    LPAI_FAIL(Status::kBinaryBadTensor, "%s: state size or memory class", op);
  }
  return Status::kOk;
}

// Number of significant bits of x (TFLite Micro's MostSignificantBit32: 32 for x == 0).
// The kissfft radix plan of a real FFT of `n` points (Rfft and Irfft): 1..kRfftMaxStages
// (radix, m) pairs, radix in 2..5, each radix * m equal to the previous m (n / 2 first), the
// last m 1. kBinaryBadParams with one log line otherwise.
inline Status check_fft_stages(const int32_t* stages, int32_t num_stages, uint32_t n,
                               const char* op) {
  if (num_stages < 1 || static_cast<uint32_t>(num_stages) > kRfftMaxStages) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: stage count", op);
  }
  uint32_t len = n / 2;
  for (int32_t s = 0; s < num_stages; ++s) {
    const int32_t radix = stages[2 * s], m = stages[2 * s + 1];
    if (radix < 2 || radix > 5 || m < 1 ||
        static_cast<uint32_t>(radix) * static_cast<uint32_t>(m) != len) {
      LPAI_FAIL(Status::kBinaryBadParams, "%s: radix stages do not factor fft_length / 2", op);
    }
    len = static_cast<uint32_t>(m);
  }
  if (len != 1) LPAI_FAIL(Status::kBinaryBadParams, "%s: radix stages end above 1", op);
  return Status::kOk;
}

inline uint32_t msb32(uint32_t x) { return x != 0 ? 32u - static_cast<uint32_t>(__builtin_clz(x)) : 32u; }
inline uint32_t msb64(uint64_t x) {
  return x != 0 ? 64u - static_cast<uint32_t>(__builtin_clzll(x)) : 64u;
}

template <typename T>
inline const T* in_data(const KernelArgs& args, uint32_t i) {
  return reinterpret_cast<const T*>(args.inputs[i].data);
}
template <typename T>
inline T* out_data(const KernelArgs& args, uint32_t i) {
  return reinterpret_cast<T*>(args.outputs[i].data);
}

}  // namespace signal
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_SIGNAL_SIGNAL_COMMON_H
