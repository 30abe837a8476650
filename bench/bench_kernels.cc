// Per-kernel throughput on MLPerf Tiny layer shapes: each benchmark prepares one node with the
// host prepare function, validates it with the firmware validator, then times eval only.
// Counter "MACs/s": multiply-accumulates per second (pooling: window taps per second).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "format/context_binary_format.h"
#include "kernels/kernel_api.h"
#include "kernel_bench_harness.h"
#include "prepare/op_prepare.h"

namespace {

using lpai_bench::DataType;
using lpai_bench::Node;
using lpai_bench::channel_scales;
using lpai_bench::make_tensor;
using lpai_bench::run;

// CONV_2D: input [1, h, w, c], filter [oc, kh, kw, c].
void conv(benchmark::State& state, int h, int w, int c, int oc, int kh, int kw, int stride, int padding) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kConv2d);
  n.options.stride_h = n.options.stride_w = stride;
  n.options.padding = padding;
  n.options.activation = 1;
  n.inputs.push_back(make_tensor(DataType::kInt8, {1, h, w, c}, false, {0.02f}, -128, 1));
  n.inputs.push_back(make_tensor(DataType::kInt8, {oc, kh, kw, c}, true, channel_scales(oc), 0, 2));
  n.inputs.push_back(make_tensor(DataType::kInt32, {oc}, true, {0.0f}, 0, 3));
  int oh = padding == 0 ? (h + stride - 1) / stride : (h - kh + stride) / stride;
  int ow = padding == 0 ? (w + stride - 1) / stride : (w - kw + stride) / stride;
  n.output = make_tensor(DataType::kInt8, {1, oh, ow, oc}, false, {0.05f}, -128, 4);
  run(state, n, static_cast<double>(oh) * ow * oc * kh * kw * c);
}

// DEPTHWISE_CONV_2D: input [1, h, w, c], filter [1, kh, kw, c * dm]; padding 0 SAME, 1 VALID.
void depthwise(benchmark::State& state, int h, int w, int c, int kh, int kw, int stride, int dm = 1,
               int padding = 0) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kDepthwiseConv2d);
  n.options.stride_h = n.options.stride_w = stride;
  n.options.padding = padding;
  n.options.depth_multiplier = dm;
  n.options.activation = 3;
  const int oc = c * dm;
  n.inputs.push_back(make_tensor(DataType::kInt8, {1, h, w, c}, false, {0.02f}, -128, 1));
  n.inputs.push_back(make_tensor(DataType::kInt8, {1, kh, kw, oc}, true, channel_scales(oc), 0, 2));
  n.inputs.back()->prep.quant_axis = 3;
  n.inputs.push_back(make_tensor(DataType::kInt32, {oc}, true, {0.0f}, 0, 3));
  const int oh = padding == 0 ? (h + stride - 1) / stride : (h - kh + stride) / stride;
  const int ow = padding == 0 ? (w + stride - 1) / stride : (w - kw + stride) / stride;
  n.output = make_tensor(DataType::kInt8, {1, oh, ow, oc}, false, {0.05f}, -128, 4);
  run(state, n, static_cast<double>(oh) * ow * oc * kh * kw);
}

void fully_connected(benchmark::State& state, int k, int n_out) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kFullyConnected);
  n.options.activation = 1;
  n.inputs.push_back(make_tensor(DataType::kInt8, {1, k}, false, {0.02f}, 3, 1));
  n.inputs.push_back(make_tensor(DataType::kInt8, {n_out, k}, true, {0.004f}, 0, 2));
  n.inputs.push_back(make_tensor(DataType::kInt32, {n_out}, true, {0.00008f}, 0, 3));
  n.output = make_tensor(DataType::kInt8, {1, n_out}, false, {0.05f}, -5, 4);
  run(state, n, static_cast<double>(k) * n_out);
}

void pool(benchmark::State& state, int builtin, int h, int w, int c, int k, int stride) {
  Node n;
  n.builtin = builtin;
  n.options.filter_h = n.options.filter_w = k;
  n.options.stride_h = n.options.stride_w = stride;
  n.options.padding = 1;
  n.inputs.push_back(make_tensor(DataType::kInt8, {1, h, w, c}, false, {0.02f}, -128, 1));
  const int oh = (h - k + stride) / stride, ow = (w - k + stride) / stride;
  n.output = make_tensor(DataType::kInt8, {1, oh, ow, c}, false, {0.02f}, -128, 4);
  run(state, n, static_cast<double>(oh) * ow * c * k * k);
}

// kws_ref_model (DS-CNN): first conv 10x4 stride 2, depthwise 3x3 and pointwise 64->64 at 25x5.
void BM_Conv_KwsFirst(benchmark::State& s) { conv(s, 49, 10, 1, 64, 10, 4, 2, 0); }
void BM_Conv_KwsPointwise(benchmark::State& s) { conv(s, 25, 5, 64, 64, 1, 1, 1, 0); }
void BM_Depthwise_Kws(benchmark::State& s) { depthwise(s, 25, 5, 64, 3, 3, 1); }
// micro_speech_quantized: the depthwise 10x8 stride 2 VALID, input depth 1, depth multiplier 8.
void BM_Depthwise_MicroSpeechDm8(benchmark::State& s) { depthwise(s, 49, 40, 1, 10, 8, 2, 8, 1); }
// vww_96_int8 (MobileNetV1 0.25): first conv and depthwise / pointwise layers.
void BM_Conv_VwwFirst(benchmark::State& s) { conv(s, 96, 96, 3, 8, 3, 3, 2, 0); }
void BM_Depthwise_Vww48x8(benchmark::State& s) { depthwise(s, 48, 48, 8, 3, 3, 1); }
void BM_Depthwise_Vww48x16s2(benchmark::State& s) { depthwise(s, 48, 48, 16, 3, 3, 2); }
void BM_Depthwise_Vww12x64(benchmark::State& s) { depthwise(s, 12, 12, 64, 3, 3, 1); }
void BM_Depthwise_Vww6x128(benchmark::State& s) { depthwise(s, 6, 6, 128, 3, 3, 1); }
void BM_Conv_VwwPointwise48x8(benchmark::State& s) { conv(s, 48, 48, 8, 16, 1, 1, 1, 0); }
void BM_Conv_VwwPointwise24x16(benchmark::State& s) { conv(s, 24, 24, 16, 32, 1, 1, 1, 0); }
void BM_Conv_VwwPointwise24x32(benchmark::State& s) { conv(s, 24, 24, 32, 32, 1, 1, 1, 0); }
void BM_Conv_VwwPointwise6x128(benchmark::State& s) { conv(s, 6, 6, 128, 128, 1, 1, 1, 0); }
void BM_Conv_VwwPointwise3x256(benchmark::State& s) { conv(s, 3, 3, 256, 256, 1, 1, 1, 0); }
// pretrainedResnet_quant (ResNet-8 on 32x32): 3x3 convs.
void BM_Conv_Resnet32x16(benchmark::State& s) { conv(s, 32, 32, 16, 16, 3, 3, 1, 0); }
void BM_Conv_Resnet16x32s2(benchmark::State& s) { conv(s, 32, 32, 16, 32, 3, 3, 2, 0); }
void BM_Conv_Resnet8x64(benchmark::State& s) { conv(s, 8, 8, 64, 64, 3, 3, 1, 0); }
// ad01_int8 (autoencoder): fully-connected layers.
void BM_Fc_Ad01_640x128(benchmark::State& s) { fully_connected(s, 640, 128); }
void BM_Fc_Ad01_128x128(benchmark::State& s) { fully_connected(s, 128, 128); }
void BM_Fc_Ad01_128x8(benchmark::State& s) { fully_connected(s, 128, 8); }
void BM_Fc_Ad01_128x640(benchmark::State& s) { fully_connected(s, 128, 640); }
// Pooling: kws global average, a 2x2 max pool.
void BM_AvgPool_KwsGlobal(benchmark::State& s) { pool(s, 1, 25, 5, 64, 5, 5); }
void BM_MaxPool_2x2(benchmark::State& s) { pool(s, 17, 32, 32, 32, 2, 2); }

BENCHMARK(BM_Conv_KwsFirst);
BENCHMARK(BM_Conv_KwsPointwise);
BENCHMARK(BM_Depthwise_Kws);
BENCHMARK(BM_Depthwise_MicroSpeechDm8);
BENCHMARK(BM_Conv_VwwFirst);
BENCHMARK(BM_Depthwise_Vww48x8);
BENCHMARK(BM_Depthwise_Vww48x16s2);
BENCHMARK(BM_Depthwise_Vww12x64);
BENCHMARK(BM_Depthwise_Vww6x128);
BENCHMARK(BM_Conv_VwwPointwise48x8);
BENCHMARK(BM_Conv_VwwPointwise24x16);
BENCHMARK(BM_Conv_VwwPointwise24x32);
BENCHMARK(BM_Conv_VwwPointwise6x128);
BENCHMARK(BM_Conv_VwwPointwise3x256);
BENCHMARK(BM_Conv_Resnet32x16);
BENCHMARK(BM_Conv_Resnet16x32s2);
BENCHMARK(BM_Conv_Resnet8x64);
BENCHMARK(BM_Fc_Ad01_640x128);
BENCHMARK(BM_Fc_Ad01_128x128);
BENCHMARK(BM_Fc_Ad01_128x8);
BENCHMARK(BM_Fc_Ad01_128x640);
BENCHMARK(BM_AvgPool_KwsGlobal);
BENCHMARK(BM_MaxPool_2x2);

}  // namespace
