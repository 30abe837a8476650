// REDUCE_MIN: parameter blob ReduceParams (kernels/params/reduce.h).
#ifndef LPAI_KERNELS_PARAMS_REDUCE_MIN_H
#define LPAI_KERNELS_PARAMS_REDUCE_MIN_H

#include "kernels/params/reduce.h"

#endif  // LPAI_KERNELS_PARAMS_REDUCE_MIN_H
