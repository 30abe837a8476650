// SUM: the shared reduction of kernels/reduce_common.h (blob: ReduceParams).
#ifndef LPAI_KERNELS_SUM_H
#define LPAI_KERNELS_SUM_H

#include "kernels/reduce_common.h"

#endif  // LPAI_KERNELS_SUM_H
