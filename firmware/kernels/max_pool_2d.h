// MAX_POOL_2D int8 / int16: parameter blob = one Pool2dParams (kernels/pool_2d_common.h).
#ifndef LPAI_KERNELS_MAX_POOL_2D_H
#define LPAI_KERNELS_MAX_POOL_2D_H

#include "kernels/pool_2d_common.h"

namespace lpai {
namespace kernels {

using MaxPool2dParams = Pool2dParams;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_MAX_POOL_2D_H
