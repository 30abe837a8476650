// REDUCE_MIN: the shared reduction of kernels/reduce_common.h (blob: ReduceParams).
#ifndef LPAI_KERNELS_REDUCE_MIN_H
#define LPAI_KERNELS_REDUCE_MIN_H

#include "kernels/reduce_common.h"

#endif  // LPAI_KERNELS_REDUCE_MIN_H
