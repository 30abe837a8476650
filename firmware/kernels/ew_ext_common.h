// Shared pieces of the second element-wise set (ABS, ADD_N, DIV, ELU, the comparisons,
// HARD_SWISH, LOG_SOFTMAX, MAXIMUM/MINIMUM, PRELU, RSQRT, SELECT_V2, SQUARED_DIFFERENCE,
// L2_NORMALIZATION, ZEROS_LIKE, FILL): the TFLite integer helpers they need beyond
// fixed_point.h, and the validation / loops of the pure int8 lookup-table ops.
// Header-only, freestanding; host_sim/prepare builds its tables with the same functions.
#ifndef LPAI_KERNELS_EW_EXT_COMMON_H
#define LPAI_KERNELS_EW_EXT_COMMON_H

#include <stdint.h>

#include "core/check.h"
#include "core/log.h"
#include "kernels/elementwise_common.h"
#include "kernels/fixed_point.h"
#include "kernels/fixed_point_math.h"
#include "kernels/kernel_api.h"
#include "kernels/unary_common.h"

namespace lpai {
namespace kernels {
namespace ewx {

// gemmlowp's scalar RoundingDivideByPOT(x, exponent) for any exponent in [0, 63], as the
// oracle build (x86-64, g++ -O2) evaluates it: for exponent <= 31 the exact round-half-away
// division; beyond 31 the mask is all ones and the arithmetic shift count wraps modulo 32
// (TFLite's DIV reaches such exponents when the dividend is 0 or -1).
inline int32_t rounding_divide_by_pot_any(int32_t x, int exponent) {
  if (exponent <= 31) return rounding_divide_by_pot(x, exponent);
  const int32_t mask = static_cast<int32_t>((int64_t{1} << (exponent & 63)) - 1);
  const int32_t remainder = x & mask;
  const int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
  return (x >> (exponent & 31)) + (remainder > threshold ? 1 : 0);
}

// TFLite's (double-rounding) MultiplyByQuantizedMultiplier for a shift that may be below -31.
inline int32_t mbqm_any(int32_t x, int32_t multiplier, int shift) {
  if (shift > 0) return multiply_by_quantized_multiplier(x, multiplier, shift);
  return rounding_divide_by_pot_any(saturating_rounding_doubling_high_mul(x, multiplier), -shift);
}

// TFLite's CountLeadingSignBits for int32 (31 for 0 and -1).
inline int count_leading_sign_bits(int32_t x) {
  const uint32_t magnitude_bits = static_cast<uint32_t>(x < 0 ? ~x : x);
  return fpm::count_leading_zeros(magnitude_bits) - 1;
}

// TFLite's GetInvSqrtQuantizedMultiplierExp with reverse_shift -1: 1/sqrt(input) as a Q31
// multiplier and a (left) shift. input >= 0; 0 and 1 give (INT32_MAX, 0).
inline void inv_sqrt_multiplier_exp(int32_t input, int32_t* multiplier, int* shift) {
  if (input <= 1) {
    *multiplier = kInt32Max;
    *shift = 0;
    return;
  }
  int out_shift = 11;
  while (input >= (int32_t{1} << 29)) {
    input >>= 2;  // input > 0
    ++out_shift;
  }
  const unsigned max_left_shift_bits =
      static_cast<unsigned>(fpm::count_leading_zeros(static_cast<uint32_t>(input))) - 1u;
  const unsigned left_shift_bit_pairs = max_left_shift_bits / 2u - 1u;
  out_shift -= static_cast<int>(left_shift_bit_pairs);
  input = static_cast<int32_t>(static_cast<uint32_t>(input) << (2u * left_shift_bit_pairs));
  // Newton-Raphson on x = 1/sqrt(input) in Q3.
  const int32_t fp_input = input >> 1;
  const int32_t fp_half_input = rounding_divide_by_pot(fp_input, 1);
  const int32_t fp_half_three = (int32_t{1} << 28) + (int32_t{1} << 27);  // 1.5 in Q3
  int32_t x = int32_t{1} << 28;                                           // 1.0 in Q3
  for (int i = 0; i < 5; ++i) {
    const int32_t x3 = fpm::rescale(fpm::mul(fpm::mul(x, x), x), 9, 3);
    x = fpm::rescale(fpm::wsub(fpm::mul(fp_half_three, x), fpm::mul(fp_half_input, x3)), 6, 3);
  }
  const int32_t half_sqrt_2 = 1518500250;  // Q0
  x = fpm::mul(x, half_sqrt_2);            // Q3
  if (out_shift < 0) {
    x = static_cast<int32_t>(static_cast<uint32_t>(x) << (-out_shift));
    out_shift = 0;
  }
  *multiplier = x;
  *shift = -out_shift;
}

// Pure int8 lookup-table ops (ELU, HARD_SWISH, RSQRT): the blob is exactly the 256-entry
// table. int8 in, int8 out, equal shapes.
inline Status validate_int8_lut_op(const KernelArgs& args, const char* name) {
  LPAI_RETURN_IF_ERROR(validate_unary_shape(args, name, kInt8LutSize));
  if (type_of(args.inputs[0].desc) != format::DataType::kInt8 ||
      type_of(args.outputs[0].desc) != format::DataType::kInt8) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused, "%s: types %u -> %u unsupported (int8 only)", name,
              args.inputs[0].desc->data_type, args.outputs[0].desc->data_type);
  }
  return Status::kOk;
}

inline void eval_int8_lut_op(const KernelArgs& args) {
  apply_int8_lut(reinterpret_cast<const int8_t*>(args.params),
                 reinterpret_cast<const int8_t*>(args.inputs[0].data),
                 reinterpret_cast<int8_t*>(args.outputs[0].data),
                 element_count(args.inputs[0].desc));
}

// The operands of a quantised two-input op (ADD, SUB, MUL, SQUARED_DIFFERENCE): a blob of
// `params_bytes` (at least that many when not `exact`), two inputs and one output present, all
// three int8 or all int16. Logs with `name`.
inline Status validate_int8_int16_binary(const KernelArgs& args, const char* name,
                                         uint32_t params_bytes, bool exact) {
  const bool size_ok = exact ? args.params_size == params_bytes : args.params_size >= params_bytes;
  if (!size_ok || args.num_inputs != 2 || args.num_outputs != 1 || args.inputs[0].desc == nullptr ||
      args.inputs[1].desc == nullptr || args.outputs[0].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: params %u bytes (want %u), %u inputs, %u outputs (want 2, 1)", name,
              args.params_size, params_bytes, args.num_inputs, args.num_outputs);
  }
  const format::TensorRecord* in1 = args.inputs[0].desc;
  const format::TensorRecord* in2 = args.inputs[1].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  const format::DataType t = type_of(out);
  if ((t != format::DataType::kInt8 && t != format::DataType::kInt16) || type_of(in1) != t ||
      type_of(in2) != t) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "%s: tensor types %u/%u -> %u unsupported (int8 or int16, all equal)", name,
              in1->data_type, in2->data_type, out->data_type);
  }
  return Status::kOk;
}

// Checks a (broadcast, shape) pair of a two-input op against the tensor records, as the
// ADD/SUB/MUL validators do. Logs with `name`.
inline Status validate_binary_broadcast(const char* name, uint32_t broadcast,
                                        const BroadcastShape& shape,
                                        const format::TensorRecord* in1,
                                        const format::TensorRecord* in2,
                                        const format::TensorRecord* out) {
  if (broadcast > 1) {
    LPAI_FAIL(Status::kBinaryBadParams, "%s: broadcast flag %u invalid", name, broadcast);
  }
  if (broadcast == 0) {
    if (!same_shape(in1, out) || !same_shape(in2, out)) {
      LPAI_FAIL(Status::kBinaryBadParams,
                "%s: input/output shapes differ but the node is marked non-broadcast", name);
    }
    return Status::kOk;
  }
  BroadcastShape bc;
  uint32_t rank = 0;
  uint32_t dims[kBroadcastRank];
  if (!compute_broadcast(in1->dims, in1->rank, in2->dims, in2->rank, &bc, &rank, dims) ||
      !dims_equal(out, dims, rank) || !same_broadcast(bc, shape)) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: broadcast description does not match the input/output shapes", name);
  }
  return Status::kOk;
}

// out[o] = f(a[i1], b[i2]) over a flat (broadcast == 0) or broadcast iteration.
template <typename TA, typename TB, typename TO, typename F>
inline void binary_loop(uint32_t broadcast, const BroadcastShape& shape, const TA* a,
                        const TB* b, TO* o, uint32_t n, F&& f) {
  if (broadcast == 0) {
    for (uint32_t i = 0; i < n; ++i) o[i] = f(a[i], b[i]);
    return;
  }
  for_each_broadcast(shape,
                     [&](uint32_t oi, uint32_t ai, uint32_t bi) { o[oi] = f(a[ai], b[bi]); });
}

// validate_binary_broadcast for the two inputs and the output of `args`.
inline Status validate_binary_broadcast(const char* name, uint32_t broadcast,
                                        const BroadcastShape& shape, const KernelArgs& args) {
  return validate_binary_broadcast(name, broadcast, shape, args.inputs[0].desc,
                                   args.inputs[1].desc, args.outputs[0].desc);
}

}  // namespace ewx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_EW_EXT_COMMON_H
