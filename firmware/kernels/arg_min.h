// ARG_MIN (int8 -> int32): see kernels/arg_min_max_common.h (blob: ArgMinMaxParams).
#ifndef LPAI_KERNELS_ARG_MIN_H
#define LPAI_KERNELS_ARG_MIN_H

#include "kernels/arg_min_max_common.h"

#endif  // LPAI_KERNELS_ARG_MIN_H
