// SUB (int8 and int16, TFLite's general rescaling path, broadcasting up to 6-D).
// Same arithmetic as ADD (kernels/params/add.h) with the two scaled inputs subtracted.
#ifndef LPAI_KERNELS_PARAMS_SUB_H
#define LPAI_KERNELS_PARAMS_SUB_H

#include "kernels/params/add.h"

namespace lpai {
namespace kernels {

// Parameter blob of a SUB node: the ADD layout, field for field.
using SubParams = AddParams;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_SUB_H
