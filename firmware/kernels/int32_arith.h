// ADD, MUL and DIV on plain int32 tensors (no quantisation), as TFLite Micro's reference_ops:
//   ADD: out = a + b (its activation range is the whole int32 range: the fused activation is
//        ignored); MUL: clamp(a · b); DIV: clamp(a / b), truncating toward zero;
// products and sums wrap modulo 2^32 (undefined behaviour in TFLite Micro's C++). DIV by 0
// gives 0 and INT32_MIN / -1 gives INT32_MIN (both undefined in TFLite Micro, a trap on x86;
// prepare refuses a constant divisor holding 0). NumPy broadcasting as the quantised ops.
// The op's kernel (add.cc, mul.cc, div.cc) hands an int32 node to these functions; its blob is
// exactly an Int32ArithParams.
#ifndef LPAI_KERNELS_INT32_ARITH_H
#define LPAI_KERNELS_INT32_ARITH_H

#include <stdint.h>

#include "core/check.h"
#include "kernels/ew_ext_common.h"
#include "kernels/params/int32_arith.h"

namespace lpai {
namespace kernels {
namespace int32_arith {

enum class Op { kAdd, kMul, kDiv };

// True when the node's output is int32 (the node then belongs to these functions).
inline bool applies(const KernelArgs& args) {
  return args.num_outputs == 1 && args.outputs[0].desc != nullptr &&
         args.outputs[0].desc->data_type == static_cast<uint8_t>(format::DataType::kInt32);
}

inline Status validate(const KernelArgs& args, const char* name) {
  if (args.params_size != sizeof(Int32ArithParams) || args.num_inputs != 2 ||
      args.inputs[0].desc == nullptr || args.inputs[1].desc == nullptr) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: int32 node: params %u bytes (want %u), %u inputs (want 2)", name,
              args.params_size, static_cast<unsigned>(sizeof(Int32ArithParams)),
              args.num_inputs);
  }
  const format::TensorRecord* in1 = args.inputs[0].desc;
  const format::TensorRecord* in2 = args.inputs[1].desc;
  const format::TensorRecord* out = args.outputs[0].desc;
  if (type_of(in1) != format::DataType::kInt32 || type_of(in2) != format::DataType::kInt32) {
    LPAI_FAIL(Status::kBinaryTensorTypeRefused,
              "%s: types %u/%u -> int32 unsupported (all int32)", name, in1->data_type,
              in2->data_type);
  }
  const Int32ArithParams& p = *reinterpret_cast<const Int32ArithParams*>(args.params);
  if (p.activation_min > p.activation_max) {
    LPAI_FAIL(Status::kBinaryBadParams,
              "%s: activation range [%d, %d] empty", name, p.activation_min,
              p.activation_max);
  }
  return ewx::validate_binary_broadcast(name, p.broadcast, p.shape, in1, in2, out);
}

template <Op kOp>
inline int32_t apply(int32_t a, int32_t b) {
  const uint32_t ua = static_cast<uint32_t>(a), ub = static_cast<uint32_t>(b);
  if (kOp == Op::kAdd) return static_cast<int32_t>(ua + ub);
  if (kOp == Op::kMul) return static_cast<int32_t>(ua * ub);
  if (b == 0) return 0;
  if (b == -1) return static_cast<int32_t>(0u - ua);
  return a / b;
}

template <Op kOp>
inline void eval(const KernelArgs& args) {
  const Int32ArithParams& p = *reinterpret_cast<const Int32ArithParams*>(args.params);
  const int32_t lo = p.activation_min, hi = p.activation_max;
  ewx::binary_loop(p.broadcast, p.shape, reinterpret_cast<const int32_t*>(args.inputs[0].data),
                   reinterpret_cast<const int32_t*>(args.inputs[1].data),
                   reinterpret_cast<int32_t*>(args.outputs[0].data),
                   element_count(args.outputs[0].desc), [lo, hi](int32_t a, int32_t b) {
                     const int32_t v = apply<kOp>(a, b);
                     return v < lo ? lo : v > hi ? hi : v;
                   });
}

}  // namespace int32_arith
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_INT32_ARITH_H
