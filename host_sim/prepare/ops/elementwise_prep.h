// Helpers shared by the prepare functions of the element-wise and activation ops (ADD, SUB,
// MUL, SOFTMAX, LOGISTIC, TANH, RELU, RELU6, LEAKY_RELU, PAD, CONCATENATION, QUANTIZE,
// DEQUANTIZE, STRIDED_SLICE). Host only; each helper reproduces the TFLite computation of the
// same name exactly (float vs double where TFLite uses one or the other).
#ifndef LPAI_HOST_PREPARE_OPS_ELEMENTWISE_PREP_H
#define LPAI_HOST_PREPARE_OPS_ELEMENTWISE_PREP_H

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "common/host_result.h"
#include "kernels/params/broadcast.h"
#include "prepare/op_prepare.h"
#include "prepare/rules.h"

namespace lpai {
namespace prepare {
namespace ew {

using rules::type_name;

// Checks the node has exactly n_in inputs and n_out outputs, all present. On failure sets
// *error and returns false.
bool check_arity(const PrepOp& op, size_t n_in, size_t n_out, std::string* error);
// The opening of a binary element-wise op: two inputs and one output, all of one type out of
// `types` (else "types A, B -> C unsupported (<types_text>)"), and, with `per_tensor`, each
// quantised per tensor.
host::HostStatus check_binary_operands(const PrepOp& op, std::initializer_list<format::DataType> types,
                                       const char* types_text, bool per_tensor);

// check_binary_operands for the quantised int8 / int16 ops (ADD, SUB, MUL,
// SQUARED_DIFFERENCE): "int8 or int16, all equal", per tensor.
host::HostStatus check_quantized_binary(const PrepOp& op);

using rules::check_per_tensor;

inline float scale_of(const PrepTensor& t) { return t.scales[0]; }
inline int32_t zp_of(const PrepTensor& t) { return static_cast<int32_t>(t.zero_points[0]); }

// Range of the integer type t (int8 / int16).
int32_t type_min(format::DataType t);
int32_t type_max(format::DataType t);

// TFLite's QuantizeMultiplierSmallerThanOneExp: m in (0, 1), shift <= 0. False (with *error)
// when m is outside that interval or rounds up to 1.
bool quantize_smaller_than_one(double m, int32_t* multiplier, int32_t* shift, const char* what,
                               std::string* error);

// TFLite's QuantizeMultiplier with the shift as int32_t.
void quantize(double m, int32_t* multiplier, int32_t* shift);

// TFLite's CalculateInputRadius (total_signed_bits = 31).
int32_t input_radius(int input_integer_bits, int input_left_shift);

// Shape as uint32 dims; false when a dim is negative.
bool dims_u32(const PrepTensor& t, std::vector<uint32_t>* dims);

// Binary-op broadcast plan (ADD, SUB, MUL): *broadcast = 0 when both inputs have the output's
// shape (flat loop), else 1 with *shape from kernels::compute_broadcast. False with *error when
// the inputs do not broadcast to exactly the output's shape.
bool plan_broadcast(const PrepTensor& in1, const PrepTensor& in2, const PrepTensor& out,
                    uint32_t* broadcast, kernels::BroadcastShape* shape, std::string* error);

// The tail of a quantised binary op's prepare (ADD, SUB, MUL, DIV): the fused activation's
// clamp in the output type's range into p->activation_min / activation_max, and the broadcast
// plan of inputs 0 and 1 onto the output into p->broadcast / shape.
template <typename P>
host::HostStatus clamp_and_broadcast(const PrepOp& op, P* p) {
  const PrepTensor& out = *op.outputs[0];
  std::string e;
  if (!rules::activation_range(op.options.activation, out, type_min(out.type), type_max(out.type),
                               &p->activation_min, &p->activation_max, &e) ||
      !plan_broadcast(*op.inputs[0], *op.inputs[1], out, &p->broadcast, &p->shape, &e)) {
    return host::HostStatus::fail(e);
  }
  return host::HostStatus::success();
}

// Checks a one-input one-output node with equal shapes whose input/output types are both in
// {int8, int16} and equal; per-tensor quantised. On failure sets *error.
bool check_unary_int(const PrepOp& op, std::string* error);

// The axis of ARG_MIN / ARG_MAX / CUMSUM: a constant int32 scalar in [-rank, rank), returned
// in [0, rank); rank must be >= 1.
host::HostResult<int32_t> constant_axis(const PrepTensor& axis, int rank);

// check_unary_int, then "only int8 is supported" for an int16 input (the int8-only
// table ops: HARD_SWISH, LOG_SOFTMAX, RSQRT, ...).
host::HostStatus check_unary_int8(const PrepOp& op);

// Appends the 256-entry int8 table f(x) for x = 0..255 read as int8 (index = input byte).
template <typename F>
void append_int8_lut(std::vector<uint8_t>* blob, F f) {
  for (int i = 0; i < 256; ++i) {
    const int32_t x = static_cast<int8_t>(static_cast<uint8_t>(i));
    blob->push_back(static_cast<uint8_t>(static_cast<int8_t>(f(x))));
  }
}

// Serializes a POD struct into a fresh blob.
template <typename T>
std::vector<uint8_t> blob_of(const T& value) {
  std::vector<uint8_t> b;
  append_pod(&b, value);
  return b;
}

}  // namespace ew
}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_OPS_ELEMENTWISE_PREP_H
