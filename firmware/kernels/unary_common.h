// Shared validation and loops of the one-input element-wise kernels (RELU, RELU6, LEAKY_RELU,
// LOGISTIC, TANH, QUANTIZE): one input, one output of the same shape, an op-specific parameter
// struct optionally followed by a 256-entry int8 lookup table for int8 inputs.
#ifndef LPAI_KERNELS_UNARY_COMMON_H
#define LPAI_KERNELS_UNARY_COMMON_H

#include <stdint.h>

#include "core/check.h"
#include "core/log.h"
#include "kernels/elementwise_common.h"
#include "kernels/kernel_api.h"
#include "kernels/params/lut.h"

namespace lpai {
namespace kernels {

// Checks: exactly one input and one output, both present, equal shapes, and a blob of exactly
// `params_size` bytes. Logs and returns kBinaryBadParams otherwise.
inline Status validate_unary_shape(const KernelArgs& args, const char* name,
                                   uint32_t params_size) {
  if (args.num_inputs != 1 || args.num_outputs != 1 || args.inputs[0].desc == nullptr ||
      args.outputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: %u inputs, %u outputs (want 1, 1)", name, args.num_inputs,
              args.num_outputs);
  }
  if (!same_shape(args.inputs[0].desc, args.outputs[0].desc)) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: input and output shapes differ", name);
  }
  if (args.params_size != params_size) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: params %u bytes, want %u", name, args.params_size, params_size);
  }
  return Status::kOk;
}

// out[i] = lut[(uint8_t)in[i]] for n int8 elements.
inline void apply_int8_lut(const int8_t* lut, const int8_t* in, int8_t* out, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) out[i] = lut[static_cast<uint8_t>(in[i])];
}

// The trailing LUT of a blob whose fixed part is `head_size` bytes.
inline const int8_t* trailing_lut(const KernelArgs& args, uint32_t head_size) {
  return reinterpret_cast<const int8_t*>(args.params + head_size);
}

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_UNARY_COMMON_H
