// Per-kernel throughput of the 16x8 family (int16 activations, int8 weights) and of
// TRANSPOSE_CONV, on shapes like the seanet / conformance layers. Same harness as
// bench_kernels.cc: prepare + validate once, time eval only. Counter "MACs/s": multiply-
// accumulates per second (SOFTMAX: elements per second; LSTM: gate MACs per second).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "format/context_binary_format.h"
#include "kernel_bench_harness.h"
#include "kernels/kernel_api.h"
#include "prepare/op_prepare.h"

namespace {

using lpai_bench::DataType;
using lpai_bench::Node;
using lpai_bench::Tensor;
using lpai_bench::channel_scales;
using lpai_bench::make_tensor;
using lpai_bench::run;

// A constant bias tensor of `n` small values (int32 or int64).
std::unique_ptr<Tensor> bias_tensor(DataType type, int n, uint32_t seed) {
  auto t = make_tensor(type, {n}, true, {0.0f}, 0, seed);
  uint8_t* data = reinterpret_cast<uint8_t*>(t->storage.data());
  for (int i = 0; i < n; ++i) {
    const int64_t v = static_cast<int64_t>((seed * 7919u + static_cast<uint32_t>(i) * 104729u) % 200001u) - 100000;
    if (type == DataType::kInt64) {
      std::memcpy(data + 8 * i, &v, 8);
    } else {
      const int32_t v32 = static_cast<int32_t>(v);
      std::memcpy(data + 4 * i, &v32, 4);
    }
  }
  return t;
}

void conv16(benchmark::State& state, int h, int w, int c, int oc, int kh, int kw, DataType bias) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kConv2d);
  n.options.padding = 0;
  n.inputs.push_back(make_tensor(DataType::kInt16, {1, h, w, c}, false, {0.0002f}, 0, 1));
  n.inputs.push_back(make_tensor(DataType::kInt8, {oc, kh, kw, c}, true, channel_scales(oc), 0, 2));
  n.inputs.push_back(bias_tensor(bias, oc, 3));
  n.output = make_tensor(DataType::kInt16, {1, h, w, oc}, false, {0.001f}, 0, 4);
  run(state, n, static_cast<double>(h) * w * oc * kh * kw * c);
}

void depthwise16(benchmark::State& state, int h, int w, int c, int k) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kDepthwiseConv2d);
  n.options.padding = 0;
  n.inputs.push_back(make_tensor(DataType::kInt16, {1, h, w, c}, false, {0.0002f}, 0, 1));
  n.inputs.push_back(make_tensor(DataType::kInt8, {1, k, k, c}, true, channel_scales(c), 0, 2));
  n.inputs.back()->prep.quant_axis = 3;
  n.inputs.push_back(bias_tensor(DataType::kInt64, c, 3));
  n.output = make_tensor(DataType::kInt16, {1, h, w, c}, false, {0.001f}, 0, 4);
  run(state, n, static_cast<double>(h) * w * c * k * k);
}

void fc16(benchmark::State& state, int batches, int k, int n_out, DataType bias) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kFullyConnected);
  n.inputs.push_back(make_tensor(DataType::kInt16, {batches, k}, false, {0.0004f}, 0, 1));
  n.inputs.push_back(make_tensor(DataType::kInt8, {n_out, k}, true, {0.004f}, 0, 2));
  n.inputs.push_back(bias_tensor(bias, n_out, 3));
  n.output = make_tensor(DataType::kInt16, {batches, n_out}, false, {0.01f}, 0, 4);
  run(state, n, static_cast<double>(batches) * k * n_out);
}

// TRANSPOSE_CONV (SAME): input [1, h, w, c] -> output [1, h * s, w * s, oc].
void transpose_conv(benchmark::State& state, DataType act, int h, int w, int c, int oc, int k, int s) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kTransposeConv);
  n.options.padding = 0;
  n.options.stride_h = n.options.stride_w = s;
  const bool wide = act == DataType::kInt16;
  auto shape = make_tensor(DataType::kInt32, {4}, true, {}, 0, 5);
  const int32_t dims[4] = {1, h * s, w * s, oc};
  std::memcpy(shape->storage.data(), dims, sizeof(dims));
  n.inputs.push_back(std::move(shape));
  n.inputs.push_back(make_tensor(DataType::kInt8, {oc, k, k, c}, true, channel_scales(oc), 0, 2));
  n.inputs.push_back(make_tensor(act, {1, h, w, c}, false, {wide ? 0.0002f : 0.02f}, wide ? 0 : -3, 1));
  n.inputs.push_back(bias_tensor(wide ? DataType::kInt64 : DataType::kInt32, oc, 3));
  n.output = make_tensor(act, {1, h * s, w * s, oc}, false, {wide ? 0.001f : 0.05f}, wide ? 0 : 2, 4);
  run(state, n, static_cast<double>(h) * w * c * oc * k * k);
}

void softmax16(benchmark::State& state, int rows, int depth) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kSoftmax);
  n.options.beta = 1.0f;
  n.inputs.push_back(make_tensor(DataType::kInt16, {rows, depth}, false, {0.0005f}, 0, 1));
  n.output = make_tensor(DataType::kInt16, {rows, depth}, false, {1.0f / 32768}, 0, 4);
  run(state, n, static_cast<double>(rows) * depth);
}

// SOFTMAX int8 -> int16: TFLite Micro's output quantisation for it (scale 1/65536, zero point
// -32768).
void softmax8to16(benchmark::State& state, int rows, int depth) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kSoftmax);
  n.options.beta = 1.0f;
  n.inputs.push_back(make_tensor(DataType::kInt8, {rows, depth}, false, {0.1f}, -3, 1));
  n.output = make_tensor(DataType::kInt16, {rows, depth}, false, {1.0f / 65536}, -32768, 4);
  run(state, n, static_cast<double>(rows) * depth);
}

// UNIDIRECTIONAL_SEQUENCE_LSTM 16x8, batch-major [B, T, I], state S. Absent optional inputs
// are not expressible in Node, so the node is assembled here.
void lstm16(benchmark::State& state, int B, int T, int I, int S) {
  std::vector<std::unique_ptr<Tensor>> t(24);
  t[0] = make_tensor(DataType::kInt16, {B, T, I}, false, {0.00013f}, 0, 1);
  for (int g = 0; g < 4; ++g) {
    t[1 + g] = make_tensor(DataType::kInt8, {S, I}, true, {0.004f + 0.001f * g}, 0, 10 + g);
    t[5 + g] = make_tensor(DataType::kInt8, {S, S}, true, {0.006f - 0.0007f * g}, 0, 20 + g);
    t[12 + g] = bias_tensor(DataType::kInt64, S, 30 + g);
  }
  t[18] = make_tensor(DataType::kInt16, {B, S}, false, {3.1e-5f}, 0, 40);
  t[18]->prep.is_variable = true;
  t[18]->record.flags |= lpai::format::kTensorIsVariable;
  t[19] = make_tensor(DataType::kInt16, {B, S}, false, {1.0f / 2048}, 0, 41);
  t[19]->prep.is_variable = true;
  t[19]->record.flags |= lpai::format::kTensorIsVariable;
  auto out = make_tensor(DataType::kInt16, {B, T, S}, false, {3.1e-5f}, 0, 42);
  lpai::prepare::PrepOp op;
  op.builtin = static_cast<int>(lpai::format::BuiltinOp::kUnidirectionalSequenceLstm);
  op.options.activation = 4;
  op.options.cell_clip = 1.5f;
  for (auto& p : t) op.inputs.push_back(p ? &p->prep : nullptr);
  op.outputs.push_back(&out->prep);
  const lpai::prepare::PrepResult r = lpai::prepare::find_prepare(44)(op);
  if (!r.ok()) {
    state.SkipWithError(r.error.c_str());
    return;
  }
  std::vector<uint32_t> params(r.params.size() / 4 + 1, 0);
  std::memcpy(params.data(), r.params.data(), r.params.size());
  std::vector<uint64_t> temp(r.temp_bytes / 8 + 1, 0);
  std::vector<lpai::kernels::TensorRef> ins, outs;
  for (auto& p : t) {
    ins.push_back(p ? lpai::kernels::TensorRef{reinterpret_cast<uint8_t*>(p->storage.data()), &p->record}
                    : lpai::kernels::TensorRef{nullptr, nullptr});
  }
  outs.push_back({reinterpret_cast<uint8_t*>(out->storage.data()), &out->record});
  lpai::kernels::KernelArgs args{};
  args.params = reinterpret_cast<const uint8_t*>(params.data());
  args.params_size = static_cast<uint32_t>(r.params.size());
  args.inputs = ins.data();
  args.num_inputs = static_cast<uint32_t>(ins.size());
  args.outputs = outs.data();
  args.num_outputs = 1;
  args.temp = reinterpret_cast<uint8_t*>(temp.data());
  args.temp_size = r.temp_bytes;
  const lpai::kernels::OpKernel* k = lpai::kernels::find_kernel(44);
  if (k == nullptr || k->validate(args) != lpai::Status::kOk) {
    state.SkipWithError("validate failed");
    return;
  }
  for (auto _ : state) {
    k->eval(args);
    benchmark::ClobberMemory();
  }
  state.counters["MACs/s"] = benchmark::Counter(static_cast<double>(B) * T * 4 * S * (I + S),
                                                benchmark::Counter::kIsIterationInvariantRate);
}

// seanet-like 1-D convolutions (kernel 3x1 over time, 32 / 64 channels).
void BM_Conv16x8_Seanet32_I64(benchmark::State& s) { conv16(s, 64, 1, 32, 32, 3, 1, DataType::kInt64); }
void BM_Conv16x8_Seanet32_I32(benchmark::State& s) { conv16(s, 64, 1, 32, 32, 3, 1, DataType::kInt32); }
void BM_Conv16x8_3x3x16(benchmark::State& s) { conv16(s, 16, 16, 16, 16, 3, 3, DataType::kInt64); }
void BM_Depthwise16x8_12x12x64(benchmark::State& s) { depthwise16(s, 12, 12, 64, 3); }
void BM_Fc16x8_640x128_I64(benchmark::State& s) { fc16(s, 1, 640, 128, DataType::kInt64); }
void BM_Fc16x8_640x128_I32(benchmark::State& s) { fc16(s, 1, 640, 128, DataType::kInt32); }
void BM_Fc16x8_4x109x28(benchmark::State& s) { fc16(s, 4, 109, 28, DataType::kInt64); }
void BM_TransposeConv_Int8_8x8x32s2(benchmark::State& s) { transpose_conv(s, DataType::kInt8, 8, 8, 32, 16, 3, 2); }
void BM_TransposeConv16x8_8x8x32s2(benchmark::State& s) { transpose_conv(s, DataType::kInt16, 8, 8, 32, 16, 3, 2); }
void BM_Softmax16_4x1000(benchmark::State& s) { softmax16(s, 4, 1000); }
void BM_Softmax8to16_4x1000(benchmark::State& s) { softmax8to16(s, 4, 1000); }
void BM_Lstm16x8_B1T8I64S64(benchmark::State& s) { lstm16(s, 1, 8, 64, 64); }

BENCHMARK(BM_Conv16x8_Seanet32_I64);
BENCHMARK(BM_Conv16x8_Seanet32_I32);
BENCHMARK(BM_Conv16x8_3x3x16);
BENCHMARK(BM_Depthwise16x8_12x12x64);
BENCHMARK(BM_Fc16x8_640x128_I64);
BENCHMARK(BM_Fc16x8_640x128_I32);
BENCHMARK(BM_Fc16x8_4x109x28);
BENCHMARK(BM_TransposeConv_Int8_8x8x32s2);
BENCHMARK(BM_TransposeConv16x8_8x8x32s2);
BENCHMARK(BM_Softmax16_4x1000);
BENCHMARK(BM_Softmax8to16_4x1000);
BENCHMARK(BM_Lstm16x8_B1T8I64S64);

}  // namespace
