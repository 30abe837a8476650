// Plain reference implementations of the TFLite integer kernels, for the kernel unit tests.
// Written from TFLite's reference semantics with deliberately simple loops and without using any
// firmware or prepare code: the quantisation math (multiplier, rounding, activation range) is
// re-derived here independently. Layouts are NHWC; filters as TFLite stores them.
#ifndef LPAI_TESTS_KERNELS_REFERENCE_REFERENCE_OPS_H
#define LPAI_TESTS_KERNELS_REFERENCE_REFERENCE_OPS_H

#include <cstdint>
#include <vector>

namespace ref {

// TFLite QuantizeMultiplier: real -> (Q31 mantissa, exponent).
void quantize_multiplier(double real, int32_t* multiplier, int* shift);
// TFLite MultiplyByQuantizedMultiplier (double rounding, 32-bit accumulator).
int32_t multiply(int32_t x, int32_t multiplier, int shift);
// TFLite MultiplyByQuantizedMultiplier for int64 accumulators (16x8 kernels).
int32_t multiply64(int64_t x, int32_t multiplier, int shift);
// CalculateActivationRangeQuantized (activation: 0 none, 1 relu, 2 relu_n1_to_1, 3 relu6).
void activation_range(int activation, float out_scale, int32_t out_zp, int32_t qmin,
                      int32_t qmax, int32_t* lo, int32_t* hi);

struct Quant {
  float scale;
  int32_t zero_point;
};

// out[b][o] = FC of in[b][:] with weights[o][:]; w_scales: 1 (per tensor) or N values.
std::vector<int8_t> fully_connected(const std::vector<int8_t>& in, Quant in_q, int batches,
                                    int k, const std::vector<int8_t>& weights,
                                    const std::vector<float>& w_scales,
                                    const std::vector<int32_t>* bias, int n, Quant out_q,
                                    int activation);

struct ConvGeom {
  int batches, in_h, in_w, in_c;
  int out_h, out_w, out_c;
  int k_h, k_w;
  int stride_h, stride_w, dil_h, dil_w;
  int pad_h, pad_w;  // leading padding
};

// TFLite padding rule; returns false for an invalid geometry.
bool same_or_valid(int padding, int in, int k, int stride, int dilation, int* out, int* pad);

// CONV_2D per-channel (filter [out_c][k_h][k_w][in_c]).
std::vector<int8_t> conv_2d(const ConvGeom& g, const std::vector<int8_t>& in, Quant in_q,
                            const std::vector<int8_t>& filter, const std::vector<float>& f_scales,
                            const std::vector<int32_t>* bias, Quant out_q, int activation);
// CONV_2D int16 activations, int8 filter, int64 bias (output zero point 0).
std::vector<int16_t> conv_2d_16x8(const ConvGeom& g, const std::vector<int16_t>& in,
                                  float in_scale, const std::vector<int8_t>& filter,
                                  const std::vector<float>& f_scales,
                                  const std::vector<int64_t>* bias, float out_scale,
                                  int activation);
// DEPTHWISE_CONV_2D (filter [1][k_h][k_w][out_c], out_c = in_c * depth_multiplier).
std::vector<int8_t> depthwise_conv_2d(const ConvGeom& g, int depth_multiplier,
                                      const std::vector<int8_t>& in, Quant in_q,
                                      const std::vector<int8_t>& filter,
                                      const std::vector<float>& f_scales,
                                      const std::vector<int32_t>* bias, Quant out_q,
                                      int activation);
// AVERAGE_POOL_2D / MAX_POOL_2D int8 (same quantisation in and out; out_c == in_c).
std::vector<int8_t> average_pool(const ConvGeom& g, const std::vector<int8_t>& in, Quant out_q,
                                 int activation);
std::vector<int8_t> max_pool(const ConvGeom& g, const std::vector<int8_t>& in, Quant out_q,
                             int activation);

}  // namespace ref

#endif  // LPAI_TESTS_KERNELS_REFERENCE_REFERENCE_OPS_H
