// CAST between plain integer types (TFLite CAST on integers): out[i] = static_cast<To>(in[i])
// (two's-complement wrap when narrowing, as C++ and TFLite Micro do); to bool: in[i] != 0.
// Types: int8, int16, int32, uint32, bool; equal shapes; no parameter blob. A CAST to float32 at a
// graph output is folded by prepare into a float-boundary output (scale 1, zero point 0).
#ifndef LPAI_KERNELS_PARAMS_CAST_H
#define LPAI_KERNELS_PARAMS_CAST_H

namespace lpai {
namespace kernels {

// No parameter blob: the tensor records carry both types.

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_PARAMS_CAST_H
