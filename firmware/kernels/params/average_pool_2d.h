// AVERAGE_POOL_2D int8 / int16: parameter blob = one Pool2dParams (kernels/params/pool_2d.h).
#ifndef LPAI_KERNELS_PARAMS_AVERAGE_POOL_2D_H
#define LPAI_KERNELS_PARAMS_AVERAGE_POOL_2D_H

#include "kernels/params/pool_2d.h"

namespace lpai {
namespace kernels {

using AveragePool2dParams = Pool2dParams;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_AVERAGE_POOL_2D_H
