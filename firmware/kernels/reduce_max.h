// REDUCE_MAX: the shared reduction of kernels/reduce_common.h (blob: ReduceParams).
#ifndef LPAI_KERNELS_REDUCE_MAX_H
#define LPAI_KERNELS_REDUCE_MAX_H

#include "kernels/reduce_common.h"

#endif  // LPAI_KERNELS_REDUCE_MAX_H
