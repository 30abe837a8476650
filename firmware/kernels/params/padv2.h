// PADV2 (int8, int16), constant padding up to 6-D, as TFLite Micro's PadV2: PAD with the pad
// value taken from the constant_values input (one element of the input's type and, for int8,
// the output's quantisation; its raw value is used). Inputs: data, paddings, constant_values;
// the pad value is folded at prepare and the node runs PAD's kernel (kernels/params/pad.h).
#ifndef LPAI_KERNELS_PARAMS_PADV2_H
#define LPAI_KERNELS_PARAMS_PADV2_H

#include "kernels/params/pad.h"

namespace lpai {
namespace kernels {

// Parameter blob: exactly one PadParams (pad_value = constant_values[0]).
using Padv2Params = PadParams;

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_PADV2_H
