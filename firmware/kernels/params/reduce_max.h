// REDUCE_MAX: parameter blob ReduceParams (kernels/params/reduce.h).
#ifndef LPAI_KERNELS_PARAMS_REDUCE_MAX_H
#define LPAI_KERNELS_PARAMS_REDUCE_MAX_H

#include "kernels/params/reduce.h"

#endif  // LPAI_KERNELS_PARAMS_REDUCE_MAX_H
