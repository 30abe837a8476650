// Parameter blob of the reductions MEAN, SUM, REDUCE_MAX and REDUCE_MIN (int8 / int16 as
// TFLite Micro's reduce kernels): exactly one ReduceParams. The kernels: kernels/reduce_common.h.
//
// Prepare folds the constant axes into a flattened description: size-1 input dims are dropped
// and runs of adjacent dims that are all reduced (or all kept) are merged, so the input is
// walked in memory order as at most kReduceMaxDims merged dims; the innermost merged dim is one
// contiguous run handled by a tight loop. The output index of a run is kept incrementally from
// per-dim output strides (0 for reduced dims): no per-element index math.
//
// Modes:
//   kReduceRequantize  MEAN/SUM, TFLite's QuantizedMeanOrSum: acc = sum(in) (int32, wrapping),
//                      out = clamp(MBQM((int32)(acc - zp_in * count), multiplier, shift) + zp_out)
//                      (MEAN's 1/count is folded into multiplier/shift offline exactly as
//                      TFLite folds it at run time).
//                      MEAN requantises also with equal input and output quantisation, as
//                      TFLite Micro does (mode 1, a truncating integer mean, is retired and
//                      refused at load).
//   kReduceMax/Min     REDUCE_MAX/MIN (int8): running max/min from the type's lowest/highest.
// An empty input (reduce_count 0) yields 0 (MEAN/SUM) or the initial value (MAX/MIN).
// MEAN/SUM need temp of num_outputs int32 accumulators.
#ifndef LPAI_KERNELS_PARAMS_REDUCE_H
#define LPAI_KERNELS_PARAMS_REDUCE_H

#include <stdint.h>

namespace lpai {
namespace kernels {

constexpr uint32_t kReduceMaxDims = 6;

enum ReduceMode : int32_t {
  kReduceRequantize = 0,
  kReduceMaxMode = 2,
  kReduceMinMode = 3,
};

struct ReduceParams {
  int32_t mode;                          // ReduceMode
  int32_t num_dims;                      // merged dims, 1..kReduceMaxDims
  int32_t dims[kReduceMaxDims];          // merged input dims, outermost first
  int32_t reduced_mask;                  // bit k: merged dim k is reduced
  int32_t out_strides[kReduceMaxDims];   // output element stride of merged dim k (0: reduced)
  int32_t num_outputs;                   // output element count
  int32_t reduce_count;                  // input elements per output (0: empty input)
  int32_t input_zero_point;
  int32_t output_zero_point;
  int32_t multiplier;                    // kReduceRequantize: Q31 multiplier
  int32_t shift;                         // kReduceRequantize: in [-31, 30]
};
static_assert(sizeof(ReduceParams) == 84, "ReduceParams layout");

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_REDUCE_H
