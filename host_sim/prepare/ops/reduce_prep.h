// Offline prepare shared by MEAN, SUM, REDUCE_MAX and REDUCE_MIN (host only): resolves the
// constant axes as TFLite's ResolveAxis does (negative axes, duplicates), flattens the input
// into kernels::ReduceParams and computes the requantisation exactly as TFLite Micro's
// PrepareMeanOrSum / QuantizedMeanOrSum do.
#ifndef LPAI_HOST_PREPARE_OPS_REDUCE_PREP_H
#define LPAI_HOST_PREPARE_OPS_REDUCE_PREP_H

#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

enum class ReduceKind { kMean, kSum, kMax, kMin };

PrepResult prepare_reduce(const PrepOp& op, ReduceKind kind);

}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_OPS_REDUCE_PREP_H
