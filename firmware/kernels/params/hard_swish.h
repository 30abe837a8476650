// HARD_SWISH (int8) as TFLite Micro's reference_ops::HardSwish: prepare evaluates the int16
// fixed-point reference formula (HardSwishParams from HardSwishPrepare) for all 256 inputs.
//
// Parameter blob: int8_t lut[256] indexed by the input byte (kernels/params/lut.h).
#ifndef LPAI_KERNELS_PARAMS_HARD_SWISH_H
#define LPAI_KERNELS_PARAMS_HARD_SWISH_H

#include "kernels/params/lut.h"

#endif  // LPAI_KERNELS_PARAMS_HARD_SWISH_H
