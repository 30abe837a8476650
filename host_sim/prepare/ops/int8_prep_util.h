// Helpers shared by the prepare functions of CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED and the
// pooling ops (host only). Every computation mirrors TFLite's (float / double exactly as TFLite
// evaluates it) so that the firmware kernels are bit-exact with the reference kernels.
#ifndef LPAI_HOST_PREPARE_OPS_INT8_PREP_UTIL_H
#define LPAI_HOST_PREPARE_OPS_INT8_PREP_UTIL_H

#include <cstdint>
#include <string>
#include <vector>

#include "prepare/op_prepare.h"
#include "prepare/rules.h"

namespace lpai {
namespace prepare {
namespace util {

// TFLite's padding rule for one spatial dimension (padding SAME=0, VALID=1): output size and
// the leading (top/left) padding. Returns false for an invalid combination (output <= 0).
bool compute_padding(int padding, int in_size, int filter_size, int stride, int dilation,
                     int* out_size, int* pad_before);

// The rows of a band of a tiled stage (OpOptions::explicit_pad_h, tiling.h): compute_padding's
// contract with the leading padding given (`pad_before`) and the output size given
// (`out_size`, the output tensor's); false unless 0 <= pad_before < effective filter size and
// every output row's first tap lies in [-pad_before, in_size).
bool explicit_padding(int pad_before, int in_size, int filter_size, int stride, int dilation,
                      int out_size);

// Per-channel multipliers of input_scale * filter_scale[c] / output_scale, evaluated in double
// as TFLite's PopulateConvolutionQuantizationParams does (per-tensor filters: scale 0 for
// every channel). Fails with a reason when filter scales are neither 1 nor `channels`.
std::string channel_multipliers(const PrepTensor& input, const PrepTensor& filter,
                                const PrepTensor& output, int channels,
                                std::vector<int32_t>* multiplier, std::vector<int32_t>* shift);

// Symmetric int8 weights: every zero point 0.
// The HVX GEMM layout (firmware/kernels/hvx/hvx_layout.h) of int8 weights w [n][k] with these
// requantisation arrays (n entries each); empty when the HVX GEMM does not take the problem.
std::vector<uint8_t> hvx_gemm_layout(const int8_t* w, uint32_t n, uint32_t k,
                                     const std::vector<int32_t>& folded_bias,
                                     const std::vector<int32_t>& multiplier,
                                     const std::vector<int32_t>& shift, bool packed);

bool zero_points_all_zero(const PrepTensor& t);

// Raw little-endian element i of a constant tensor.
int8_t const_i8(const PrepTensor& t, int64_t i);
int32_t const_i32(const PrepTensor& t, int64_t i);
int64_t const_i64(const PrepTensor& t, int64_t i);

std::string shape_string(const std::vector<int32_t>& shape);

}  // namespace util
}  // namespace prepare
}  // namespace lpai

#endif  // LPAI_HOST_PREPARE_OPS_INT8_PREP_UTIL_H
