// Plain references of the 16x8 kernels (int16 activations, int8 weights), of TRANSPOSE_CONV and
// of grouped CONV_2D,
// written from TFLite Micro's reference semantics with simple loops, independent of the
// firmware and prepare code. The accumulator type follows TFLite Micro: `acc32` selects the
// int32 accumulator (wrapping) with the 32-bit MultiplyByQuantizedMultiplier, otherwise int64
// with the 64-bit one.
#ifndef LPAI_TESTS_KERNELS_REFERENCE_INT16X8_REF_H
#define LPAI_TESTS_KERNELS_REFERENCE_INT16X8_REF_H

#include <cstdint>
#include <vector>

#include "kernels/reference/reference_ops.h"

namespace ref {

// CONV_2D 16x8 with the accumulator chosen by `acc32` (bias values as int64).
std::vector<int16_t> conv_2d_16x8_acc(const ConvGeom& g, const std::vector<int16_t>& in,
                                      float in_scale, const std::vector<int8_t>& filter,
                                      const std::vector<float>& f_scales,
                                      const std::vector<int64_t>* bias, float out_scale,
                                      int activation, bool acc32);

// Grouped CONV_2D, int8 (filter [out_c][k_h][k_w][in_c / groups]) and 16x8 (acc32 as above).
std::vector<int8_t> conv_2d_grouped(const ConvGeom& g, int groups, const std::vector<int8_t>& in,
                                    Quant in_q, const std::vector<int8_t>& filter,
                                    const std::vector<float>& f_scales,
                                    const std::vector<int32_t>* bias, Quant out_q, int activation);
std::vector<int16_t> conv_2d_grouped_16x8(const ConvGeom& g, int groups,
                                          const std::vector<int16_t>& in, float in_scale,
                                          const std::vector<int8_t>& filter,
                                          const std::vector<float>& f_scales,
                                          const std::vector<int64_t>* bias, float out_scale,
                                          int activation, bool acc32);

// FULLY_CONNECTED 16x8: per-tensor weights (one scale: float product input * weight scale)
// or per-channel (double products).
std::vector<int16_t> fully_connected_16x8(const std::vector<int16_t>& in, float in_scale,
                                          int batches, int k, const std::vector<int8_t>& weights,
                                          const std::vector<float>& w_scales,
                                          const std::vector<int64_t>* bias, int n,
                                          float out_scale, int activation, bool acc32);

// DEPTHWISE_CONV_2D 16x8 (int64 accumulator).
std::vector<int16_t> depthwise_conv_2d_16x8(const ConvGeom& g, int depth_multiplier,
                                            const std::vector<int16_t>& in, float in_scale,
                                            const std::vector<int8_t>& filter,
                                            const std::vector<float>& f_scales,
                                            const std::vector<int64_t>* bias, float out_scale,
                                            int activation);

// TRANSPOSE_CONV geometry: input [batches, in_h, in_w, in_c], filter [out_c, k_h, k_w, in_c],
// output [batches, out_h, out_w, out_c]; padding from TFLite's rule over the output size.
struct TransposeGeom {
  int batches, in_h, in_w, in_c;
  int out_h, out_w, out_c;
  int k_h, k_w, stride_h, stride_w;
  int padding;  // 0 SAME, 1 VALID
};
std::vector<int8_t> transpose_conv(const TransposeGeom& g, const std::vector<int8_t>& in,
                                   Quant in_q, const std::vector<int8_t>& filter,
                                   const std::vector<float>& f_scales,
                                   const std::vector<int32_t>* bias, Quant out_q, int activation);
std::vector<int16_t> transpose_conv_16x8(const TransposeGeom& g, const std::vector<int16_t>& in,
                                         float in_scale, const std::vector<int8_t>& filter,
                                         const std::vector<float>& f_scales,
                                         const std::vector<int64_t>* bias, float out_scale,
                                         int activation);

// SOFTMAX int16 -> int16 (TFLite's SoftmaxInt16 with its two generated tables), rows of depth.
std::vector<int16_t> softmax_int16(const std::vector<int16_t>& in, int depth, float in_scale,
                                   float beta);

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_INT16X8_REF_H
