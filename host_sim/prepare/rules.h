// Prepare rules written once for both front ends (the TFLite importer and online prepare) and
// the per-op prepare functions: what a tensor's quantisation must look like, and the integer
// range of a fused activation. Host only.
//
// Error idiom: each check returns true, or false with *error set to the reason (a phrase that
// follows the tensor's name in the caller's message). Nothing else is changed on failure.
#ifndef LPAI_HOST_PREPARE_RULES_H
#define LPAI_HOST_PREPARE_RULES_H

#include <cstdint>
#include <string>

#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {
namespace rules {

// How a model tensor is used: constant data, a variable (state kept across inferences), or an
// activation (graph IO and intermediate tensors).
enum class TensorRole { kConst, kVariable, kActivation };

// Quantisation of a model tensor of `role`, checked at import (before any op's prepare):
// unquantised is allowed except for variables (each op's prepare decides whether it needs
// quantisation); one zero point per scale; scales finite and > 0 (0 allowed on constants);
// zero points inside the type's range (int8 [-128, 127], int16 [-32768, 32767], wider types 0);
// several scales (per-channel) only on constants, along a dimension of that many entries, with
// every zero point 0. The per-channel-on-a-non-constant failure is reported before any other
// failure of such a tensor, so callers can tell "unsupported" from "invalid" by the tensor alone
// (see is_per_channel_activation).
bool check_quant(const PrepTensor& t, TensorRole role, std::string* error);

// True for a tensor check_quant refuses as unsupported (per-channel, not a constant).
bool is_per_channel_activation(const PrepTensor& t, TensorRole role);

// "int8", "int16", ... for messages.
const char* type_name(format::DataType t);

// An operand of a quantised kernel: per-tensor quantised (one scale, finite and > 0, one zero
// point inside its type's range). `what` names the tensor ("input 0", "output").
bool check_per_tensor(const PrepTensor& t, const char* what, std::string* error);

// The same for an operand that may be absent (t null) and must have data type `type`; int16
// operands must be symmetric (zero point 0), as TFLite's 16x8 kernels require.
bool check_per_tensor_of_type(const PrepTensor* t, format::DataType type, const char* what,
                              std::string* error);

// TFLite's CalculateActivationRangeQuantized for a fused activation (0 NONE, 1 RELU,
// 2 RELU_N1_TO_1, 3 RELU6) on `output` (per-tensor quantised) whose type range is
// [qmin, qmax]: the clamp bounds in output units. Fails on another activation, or when a
// bound does not fit in int32.
bool activation_range(int activation, const PrepTensor& output, int32_t qmin, int32_t qmax,
                      int32_t* act_min, int32_t* act_max, std::string* error);

}  // namespace rules
}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_RULES_H
