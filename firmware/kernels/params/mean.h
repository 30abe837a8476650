// MEAN: parameter blob ReduceParams (kernels/params/reduce.h).
#ifndef LPAI_KERNELS_PARAMS_MEAN_H
#define LPAI_KERNELS_PARAMS_MEAN_H

#include "kernels/params/reduce.h"

#endif  // LPAI_KERNELS_PARAMS_MEAN_H
