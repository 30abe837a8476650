// Operators whose every kernel variant may write its output over one of its inputs (in-place
// execution): the one table prepare's in-place pass (host_sim/prepare/in_place.h) plans from and
// the loader's lifetime check (graph_checks.cc) accepts. An in-place pair is an output and an
// input of equal shape and byte size at the same scratch bytes, the input's last use being this
// node. It is safe when every variant (portable, Cortex-M DSP / MVE, HVX, host x86 SIMD) reads
// the input elements [i, i + k) before writing the output elements [i, i + k), moving forward
// with k >= 1, never writes an element ahead of one it has still to read, and uses no temp.
// An op joins the table only after each of its variants was checked for that.
#ifndef LPAI_FORMAT_IN_PLACE_OPS_H
#define LPAI_FORMAT_IN_PLACE_OPS_H

#include "format/context_binary_format.h"

namespace lpai {
namespace format {

// Whether node op `op` may run with its output at the bytes of an input of the same shape.
inline bool op_runs_in_place(BuiltinOp op) {
  switch (op) {
    // ADD / SUB without broadcast: portable add_sub::eval_s8_flat copies 16 elements of each
    // input into locals before storing 16 results, then element by element (int16: compute()
    // per element); Cortex-M DSP add_sub_s8 / add_s8_fast read a[i], b[i] before o[i]; HVX
    // map_s8 loads 128 (tail: load_tail up to n) before storing those 128 (store_tail); x86
    // add_avx2 / add_avx512 load 8 / 16 before storing them; int32 binary_loop per element.
    case BuiltinOp::kAdd:
    case BuiltinOp::kSub:
    // MUL without broadcast: portable mul_one per element; Cortex-M DSP mul_s8 reads *a, *b
    // before *o; HVX map_s8 as ADD; int32 per element; no x86 variant.
    case BuiltinOp::kMul:
    // RELU, LEAKY_RELU (int8: apply_int8_lut, out[i] = lut[in[i]]; int16: per element), RELU6
    // (clamp_all per element), LOGISTIC / TANH (LutActivation: int8 table, int16 per element),
    // HARD_SWISH (int8 table): portable only, no vector variant, no temp.
    case BuiltinOp::kRelu:
    case BuiltinOp::kRelu6:
    case BuiltinOp::kLeakyRelu:
    case BuiltinOp::kLogistic:
    case BuiltinOp::kTanh:
    case BuiltinOp::kHardSwish:
    // QUANTIZE between equal element sizes (int8 -> int8 by table, int16 -> int16 requantize()
    // per element, int32 -> int32): prepare pairs only equal byte sizes and shapes, so input
    // element i and output element i occupy the same bytes.
    case BuiltinOp::kQuantize:
      return true;
    default:
      return false;
  }
}

}  // namespace format
}  // namespace lpai

#endif  // LPAI_FORMAT_IN_PLACE_OPS_H
