// Load-time checks shared by the convolution / fully-connected / pooling validators.
//
// Status mapping used by these validators:
//   Status::kBinaryBadParams  parameter blob size or contents wrong, wrong tensor count, a
//                             required tensor absent
//   Status::kBinaryBadTensor  a tensor's type, rank, dims, memory class or quantisation
//                             inconsistent with the parameters
//   Status::kBinaryBadPlan    kernel scratch (temp) missing or smaller than required
//   Status::kBinaryTensorTypeRefused  a tensor's data type is not one the kernel accepts in
//                             its position (checked before shapes, so the type is named)
// Every failure is created by LPAI_FAIL / LPAI_CHECK (core/check.h): one line naming the op and
// the failed check.
#ifndef LPAI_KERNELS_OP_CHECKS_H
#define LPAI_KERNELS_OP_CHECKS_H

#include <stdint.h>

#include "core/check.h"
#include "core/log.h"
#include "core/status.h"
#include "format/context_binary_format.h"
#include "kernels/kernel_api.h"

namespace lpai {
namespace kernels {
namespace checks {

// The node's shape: a parameter blob of exactly `params_bytes`, `n_in` inputs and `n_out`
// outputs, every input whose bit is set in `required_inputs` (bit i: input i) and output 0
// present. Otherwise logs "<op>: params <n> bytes (want <params_bytes>), <i> inputs, <o>
// outputs (want <n_in>, <n_out>)" and returns kBinaryBadParams.
inline Status require_node(const KernelArgs& args, const char* op, uint32_t params_bytes,
                           uint32_t n_in, uint32_t n_out, uint32_t required_inputs) {
  bool ok = args.params_size == params_bytes && args.num_inputs == n_in &&
            args.num_outputs == n_out && args.outputs[0].desc != nullptr;
  for (uint32_t i = 0; ok && i < n_in; ++i) {
    if ((required_inputs >> i & 1u) != 0 && args.inputs[i].desc == nullptr) ok = false;
  }
  LPAI_CHECK(ok, Status::kBinaryBadParams,
             "%s: params %u bytes (want %u), %u inputs, %u outputs (want %u, %u)", op,
             fmt_u(args.params_size), fmt_u(params_bytes), fmt_u(args.num_inputs),
             fmt_u(args.num_outputs), fmt_u(n_in), fmt_u(n_out));
  return Status::kOk;
}

// Product of the dims (1 for rank 0), in 64 bits.
inline uint64_t dims_product(const format::TensorRecord* t) {
  uint64_t n = 1;
  for (uint32_t i = 0; i < t->rank; ++i) n *= t->dims[i];
  return n;
}

inline bool has_type(const format::TensorRecord* t, format::DataType type) {
  return t->data_type == static_cast<uint8_t>(type);
}

// Type, rank and (rank-many) dims equal; size consistent with them.
inline bool has_shape(const format::TensorRecord* t, format::DataType type, uint32_t rank,
                      const uint32_t* dims) {
  if (!has_type(t, type) || t->rank != rank) return false;
  for (uint32_t i = 0; i < rank; ++i) {
    if (t->dims[i] != dims[i]) return false;
  }
  return static_cast<uint64_t>(t->size) ==
         dims_product(t) * format::data_type_size(type);
}

// kOk when t (non-null) has one of the accepted types (`b` may repeat `a`); otherwise logs
// "<op>: <role> data type <t> refused (want <a>[ or <b>])" and returns kBinaryTensorTypeRefused.
inline Status require_type(const format::TensorRecord* t, const char* op, const char* role,
                           format::DataType a, format::DataType b) {
  if (has_type(t, a) || has_type(t, b)) return Status::kOk;
  if (a == b) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused, "%s: %s data type %u refused (want %u)", op, role,
              static_cast<unsigned>(t->data_type), static_cast<unsigned>(a));
  }
  LPAI_FAIL(Status::kBinaryTensorTypeRefused, "%s: %s data type %u refused (want %u or %u)", op,
            role, static_cast<unsigned>(t->data_type), static_cast<unsigned>(a),
            static_cast<unsigned>(b));
}

// The data types of a GEMM-family node (CONV_2D, DEPTHWISE_CONV_2D, TRANSPOSE_CONV,
// FULLY_CONNECTED): input and output `act`, int8 weights (logged as weights_role), and, when
// present, a bias of type bias_a or bias_b. The first refusal is logged as require_type does and
// returns kBinaryTensorTypeRefused.
inline Status require_gemm_types(const format::TensorRecord* in, const format::TensorRecord* weights,
                                 const format::TensorRecord* bias, const format::TensorRecord* out,
                                 const char* op, const char* weights_role, format::DataType act,
                                 format::DataType bias_a, format::DataType bias_b) {
  LPAI_RETURN_IF_ERROR(require_type(in, op, "input", act, act));
  LPAI_RETURN_IF_ERROR(require_type(weights, op, weights_role, format::DataType::kInt8,
                                    format::DataType::kInt8));
  if (bias != nullptr) LPAI_RETURN_IF_ERROR(require_type(bias, op, "bias", bias_a, bias_b));
  return require_type(out, op, "output", act, act);
}

// kOk when t (non-null) has the data type of `ref` (non-null); otherwise logs
// "<op>: <role> data type <t> refused (want <ref's type>, the type of <ref_role>)" and returns
// kBinaryTensorTypeRefused.
inline Status require_same_type(const format::TensorRecord* t, const format::TensorRecord* ref,
                                const char* op, const char* role, const char* ref_role) {
  if (t->data_type == ref->data_type) return Status::kOk;
  LPAI_FAIL(Status::kBinaryTensorTypeRefused,
            "%s: %s data type %u refused (want %u, the type of %s)", op, role,
            static_cast<unsigned>(t->data_type), static_cast<unsigned>(ref->data_type), ref_role);
}

// kOk when t (non-null) is int8, int16, int32 or bool (the byte-copyable types of the
// data-movement ops); otherwise logs "<op>: <role> data type <t> refused (want int8, int16,
// int32 or bool)" and returns kBinaryTensorTypeRefused.
inline Status require_copyable_type(const format::TensorRecord* t, const char* op,
                                    const char* role) {
  if (has_type(t, format::DataType::kInt8) || has_type(t, format::DataType::kInt16) ||
      has_type(t, format::DataType::kInt32) || has_type(t, format::DataType::kBool)) {
    return Status::kOk;
  }
  LPAI_FAIL(Status::kBinaryTensorTypeRefused,
            "%s: %s data type %u refused (want int8, int16, int32 or bool)", op, role,
            static_cast<unsigned>(t->data_type));
}

inline bool is_const(const format::TensorRecord* t) {
  return t->mem_class == static_cast<uint8_t>(format::MemClass::kConst);
}

// Requantisation arrays: multiplier >= 0 and shift within [min_shift, max_shift].
inline bool multipliers_valid(const int32_t* multiplier, const int32_t* shift, uint32_t n,
                              int32_t min_shift, int32_t max_shift) {
  for (uint32_t i = 0; i < n; ++i) {
    if (multiplier[i] < 0 || shift[i] < min_shift || shift[i] > max_shift) return false;
  }
  return true;
}

// Whether the n (>= 1) entries of v are all equal (a per-tensor array repeated per channel).
inline bool all_equal(const int32_t* v, uint32_t n) {
  for (uint32_t i = 1; i < n; ++i) {
    if (v[i] != v[0]) return false;
  }
  return true;
}

// Activation range and zero point within the range of the output type [lo, hi].
inline bool range_valid(int32_t zero_point, int32_t act_min, int32_t act_max, int32_t lo,
                        int32_t hi) {
  return zero_point >= lo && zero_point <= hi && act_min >= lo && act_max <= hi &&
         act_min <= act_max;
}

}  // namespace checks
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_OP_CHECKS_H
