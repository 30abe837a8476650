// ARG_MAX (int8 -> int32): parameter blob ArgMinMaxParams (kernels/params/arg_min_max.h).
#ifndef LPAI_KERNELS_PARAMS_ARG_MAX_H
#define LPAI_KERNELS_PARAMS_ARG_MAX_H

#include "kernels/params/arg_min_max.h"

#endif  // LPAI_KERNELS_PARAMS_ARG_MAX_H
