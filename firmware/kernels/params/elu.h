// ELU (int8) as TFLite Micro's elu.cc: a 256-entry table built by prepare with the float
// formula of PopulateLookupTable (x < 0 ? expf(x) - 1 : x, rounded onto the output scale).
//
// Parameter blob: int8_t lut[256] indexed by the input byte (kernels/params/lut.h).
#ifndef LPAI_KERNELS_PARAMS_ELU_H
#define LPAI_KERNELS_PARAMS_ELU_H

#include "kernels/params/lut.h"

#endif  // LPAI_KERNELS_PARAMS_ELU_H
