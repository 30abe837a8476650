// FILL (int8, int16, int32, bool) as TFLite Micro's fill.cc: input 0 holds the output dims
// (int32/int64, constant; prepare checks they equal the output shape), input 1 is a
// one-element value of the output's type; every output element is that raw value.
// Parameter blob: empty.
#ifndef LPAI_KERNELS_PARAMS_FILL_H
#define LPAI_KERNELS_PARAMS_FILL_H

#endif  // LPAI_KERNELS_PARAMS_FILL_H
