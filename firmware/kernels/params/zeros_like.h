// ZEROS_LIKE (int8, int16, int32, bool) as TFLite Micro's zeros_like.cc: every output element
// is the integer 0 (raw zero bytes, not the zero point, as there). Parameter blob: empty.
#ifndef LPAI_KERNELS_PARAMS_ZEROS_LIKE_H
#define LPAI_KERNELS_PARAMS_ZEROS_LIKE_H

#endif  // LPAI_KERNELS_PARAMS_ZEROS_LIKE_H
