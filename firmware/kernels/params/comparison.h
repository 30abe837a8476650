// EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL as TFLite Micro's comparisons.cc,
// with NumPy broadcasting up to 6-D; the output is bool (one byte, 0/1).
//   int8 (quantised): each operand is rescaled as ComparisonWithScaling does,
//     s = MultiplyByQuantizedMultiplierSmallerThanOneExp((x - zero_point) << 8, m, shift)
//     with (m, shift) = QuantizeMultiplierSmallerThanOneExp(scale); then s1 OP s2. prepare
//     tabulates s for every input byte (two int32 tables after the struct).
//   int32 (and bool for EQUAL / NOT_EQUAL): the raw values are compared.
#ifndef LPAI_KERNELS_PARAMS_COMPARISON_H
#define LPAI_KERNELS_PARAMS_COMPARISON_H

#include <stdint.h>

#include "kernels/params/broadcast.h"

namespace lpai {
namespace kernels {

enum ComparisonMode : uint32_t {
  kCompareInt8Scaled = 0,  // blob: ComparisonParams, int32_t scaled1[256], int32_t scaled2[256]
  kCompareInt32 = 1,       // blob: ComparisonParams
  kCompareBool = 2,        // blob: ComparisonParams (EQUAL / NOT_EQUAL only)
};

struct ComparisonParams {
  uint32_t mode;         // ComparisonMode; matches the input type
  uint32_t broadcast;    // 0: equal shapes (flat loop); 1: use `shape`
  BroadcastShape shape;  // broadcast == 1: compute_broadcast(in1, in2); else zeros
};
static_assert(sizeof(ComparisonParams) == 80, "ComparisonParams layout");

constexpr uint32_t kComparisonTableBytes = 2 * 256 * 4;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_COMPARISON_H
