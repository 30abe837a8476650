// RSQRT (int8) as TFLite Micro's RsqrtEvalQuantized: prepare evaluates the integer formula
// (GetInvSqrtQuantizedMultiplierExp, two MultiplyByQuantizedMultiplier) for all 256 inputs;
// an input equal to the zero point gives 127. Inputs below the zero point make TFLite Micro's
// Invoke fail; here they give the formula's value for a difference of 1.
//
// Parameter blob: int8_t lut[256] indexed by the input byte (kernels/params/lut.h).
#ifndef LPAI_KERNELS_PARAMS_RSQRT_H
#define LPAI_KERNELS_PARAMS_RSQRT_H

#include "kernels/params/lut.h"

#endif  // LPAI_KERNELS_PARAMS_RSQRT_H
