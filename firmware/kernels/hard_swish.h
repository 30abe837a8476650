// HARD_SWISH (int8) as TFLite Micro's reference_ops::HardSwish: prepare evaluates the int16
// fixed-point reference formula (HardSwishParams from HardSwishPrepare) for all 256 inputs.
//
// Parameter blob: int8_t lut[256] indexed by the input byte (kernels/ew_ext_common.h).
#ifndef LPAI_KERNELS_HARD_SWISH_H
#define LPAI_KERNELS_HARD_SWISH_H

#include "kernels/ew_ext_common.h"

#endif  // LPAI_KERNELS_HARD_SWISH_H
