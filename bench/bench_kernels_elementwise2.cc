// Per-element throughput of the second element-wise set (ABS ... FILL, the comparisons, CAST)
// on a 48x48x32 int8 activation (73728 elements; int16 / int32 / bool where noted), with MUL /
// ADD on the same shape as the baseline of the existing element-wise kernels. Counter "MACs/s": elements per second.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "kernel_bench_harness.h"

namespace {

using lpai_bench::DataType;
using lpai_bench::Node;
using lpai_bench::make_tensor;
using lpai_bench::run;

const std::vector<int32_t> kShape = {1, 48, 48, 32};
constexpr double kElems = 48.0 * 48.0 * 32.0;

void unary(benchmark::State& state, int code, DataType t, float so, int64_t zo) {
  Node n;
  n.builtin = code;
  n.inputs.push_back(make_tensor(t, kShape, false, {t == DataType::kInt8 ? 0.02f : 1e-4f}, 0, 1));
  n.output = make_tensor(t, kShape, false, {so}, zo, 2);
  run(state, n, kElems);
}

// Two-input op; `bcast`: the second input is [32] (broadcast along the channels).
void binary(benchmark::State& state, int code, DataType t, DataType tout, bool bcast, int act = 0) {
  Node n;
  n.builtin = code;
  n.options.activation = act;
  const float s = t == DataType::kInt16 ? 1e-4f : 0.02f;
  const int64_t zp = t == DataType::kInt16 ? 0 : 3;
  n.inputs.push_back(make_tensor(t, kShape, false, {s}, zp, 1));
  n.inputs.push_back(make_tensor(t, bcast ? std::vector<int32_t>{32} : kShape, false, {0.03f}, zp, 2));
  n.output = make_tensor(tout, kShape, false, {tout == DataType::kBool ? 1.0f : 0.05f},
                         tout == DataType::kBool ? 0 : zp, 3);
  run(state, n, kElems);
}

void BM_Ew2_Mul_Baseline(benchmark::State& s) { binary(s, 18, DataType::kInt8, DataType::kInt8, false); }
void BM_Ew2_MulBcast_Baseline(benchmark::State& s) { binary(s, 18, DataType::kInt8, DataType::kInt8, true); }
void BM_Ew2_Add_Baseline(benchmark::State& s) { binary(s, 0, DataType::kInt8, DataType::kInt8, false); }
void BM_Ew2_Abs_Int8(benchmark::State& s) { unary(s, 101, DataType::kInt8, 0.03f, -128); }
void BM_Ew2_Abs_Int16(benchmark::State& s) { unary(s, 101, DataType::kInt16, 2e-4f, 0); }
void BM_Ew2_HardSwish_Int8(benchmark::State& s) { unary(s, 117, DataType::kInt8, 0.02f, -20); }
void BM_Ew2_Elu_Int8(benchmark::State& s) { unary(s, 111, DataType::kInt8, 0.02f, 0); }
void BM_Ew2_Rsqrt_Int8(benchmark::State& s) { unary(s, 76, DataType::kInt8, 0.05f, -128); }
void BM_Ew2_ZerosLike_Int8(benchmark::State& s) { unary(s, 93, DataType::kInt8, 0.02f, 0); }
void BM_Ew2_Less_Int8(benchmark::State& s) { binary(s, 58, DataType::kInt8, DataType::kBool, false); }
void BM_Ew2_LessEqual_Int8(benchmark::State& s) { binary(s, 63, DataType::kInt8, DataType::kBool, false); }
void BM_Ew2_Greater_Int8(benchmark::State& s) { binary(s, 61, DataType::kInt8, DataType::kBool, false); }
void BM_Ew2_GreaterEqual_Int8Bcast(benchmark::State& s) { binary(s, 62, DataType::kInt8, DataType::kBool, true); }
void BM_Ew2_NotEqual_Int8Bcast(benchmark::State& s) { binary(s, 72, DataType::kInt8, DataType::kBool, true); }
void BM_Ew2_Equal_Int8Bcast(benchmark::State& s) { binary(s, 71, DataType::kInt8, DataType::kBool, true); }
void BM_Ew2_Maximum_Int8(benchmark::State& s) { binary(s, 55, DataType::kInt8, DataType::kInt8, false); }
void BM_Ew2_Minimum_Int16Bcast(benchmark::State& s) { binary(s, 57, DataType::kInt16, DataType::kInt16, true); }
void BM_Ew2_SquaredDifference_Int8(benchmark::State& s) { binary(s, 99, DataType::kInt8, DataType::kInt8, false); }
void BM_Ew2_SquaredDifference_Int16(benchmark::State& s) { binary(s, 99, DataType::kInt16, DataType::kInt16, false); }
void BM_Ew2_Div_Int8(benchmark::State& s) { binary(s, 42, DataType::kInt8, DataType::kInt8, false); }

void BM_Ew2_Prelu_Int8(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kPrelu);
  n.inputs.push_back(make_tensor(DataType::kInt8, kShape, false, {0.02f}, -3, 1));
  n.inputs.push_back(make_tensor(DataType::kInt8, {32}, true, {0.01f}, 0, 2));
  n.output = make_tensor(DataType::kInt8, kShape, false, {0.02f}, 5, 3);
  run(state, n, kElems);
}

void BM_Ew2_Prelu_Int16(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kPrelu);
  n.inputs.push_back(make_tensor(DataType::kInt16, kShape, false, {1e-4f}, 0, 1));
  n.inputs.push_back(make_tensor(DataType::kInt8, {32}, true, {0.01f}, 0, 2));
  n.output = make_tensor(DataType::kInt16, kShape, false, {1e-4f}, 0, 3);
  run(state, n, kElems);
}

// CAST between plain integer types (no quantisation).
void cast(benchmark::State& state, DataType ti, DataType to) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kCast);
  n.inputs.push_back(make_tensor(ti, kShape, false, {}, 0, 1));
  n.output = make_tensor(to, kShape, false, {}, 0, 2);
  run(state, n, kElems);
}
void BM_Ew2_Cast_Int8ToInt32(benchmark::State& s) { cast(s, DataType::kInt8, DataType::kInt32); }
void BM_Ew2_Cast_Int32ToInt16(benchmark::State& s) { cast(s, DataType::kInt32, DataType::kInt16); }
void BM_Ew2_Cast_Int16ToInt8(benchmark::State& s) { cast(s, DataType::kInt16, DataType::kInt8); }
void BM_Ew2_Cast_BoolToInt32(benchmark::State& s) { cast(s, DataType::kBool, DataType::kInt32); }

void BM_Ew2_AddN_Int8x3(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kAddN);
  for (uint32_t k = 0; k < 3; ++k) n.inputs.push_back(make_tensor(DataType::kInt8, kShape, false, {0.02f}, 3, k + 1));
  n.output = make_tensor(DataType::kInt8, kShape, false, {0.05f}, 3, 9);
  run(state, n, kElems);
}

void BM_Ew2_SelectV2_Int8Bcast(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kSelectV2);
  n.inputs.push_back(make_tensor(DataType::kBool, {1, 48, 1, 32}, false, {1.0f}, 0, 1));
  n.inputs.push_back(make_tensor(DataType::kInt8, kShape, false, {0.02f}, 3, 2));
  n.inputs.push_back(make_tensor(DataType::kInt8, {32}, false, {0.02f}, 3, 3));
  n.output = make_tensor(DataType::kInt8, kShape, false, {0.02f}, 3, 4);
  run(state, n, kElems);
}

void BM_Ew2_L2Normalization_Int8(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kL2Normalization);
  n.inputs.push_back(make_tensor(DataType::kInt8, kShape, false, {0.02f}, 3, 1));
  n.output = make_tensor(DataType::kInt8, kShape, false, {1.0f / 128}, 0, 2);
  run(state, n, kElems);
}

void BM_Ew2_LogSoftmax_Int8(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kLogSoftmax);
  n.inputs.push_back(make_tensor(DataType::kInt8, kShape, false, {0.05f}, 3, 1));
  n.output = make_tensor(DataType::kInt8, kShape, false, {16.0f / 256}, 127, 2);
  run(state, n, kElems);
}

void BM_Ew2_Fill_Int8(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kFill);
  auto dims = make_tensor(DataType::kInt32, {4}, true, {1.0f}, 0, 1);
  int32_t* d = reinterpret_cast<int32_t*>(dims->storage.data());
  for (int i = 0; i < 4; ++i) d[i] = kShape[i];
  n.inputs.push_back(std::move(dims));
  n.inputs.push_back(make_tensor(DataType::kInt8, {}, false, {0.02f}, 3, 2));
  n.output = make_tensor(DataType::kInt8, kShape, false, {0.02f}, 3, 3);
  run(state, n, kElems);
}

BENCHMARK(BM_Ew2_Mul_Baseline);
BENCHMARK(BM_Ew2_MulBcast_Baseline);
BENCHMARK(BM_Ew2_Add_Baseline);
BENCHMARK(BM_Ew2_Abs_Int8);
BENCHMARK(BM_Ew2_Abs_Int16);
BENCHMARK(BM_Ew2_HardSwish_Int8);
BENCHMARK(BM_Ew2_Elu_Int8);
BENCHMARK(BM_Ew2_Rsqrt_Int8);
BENCHMARK(BM_Ew2_ZerosLike_Int8);
BENCHMARK(BM_Ew2_Fill_Int8);
BENCHMARK(BM_Ew2_Less_Int8);
BENCHMARK(BM_Ew2_LessEqual_Int8);
BENCHMARK(BM_Ew2_Greater_Int8);
BENCHMARK(BM_Ew2_GreaterEqual_Int8Bcast);
BENCHMARK(BM_Ew2_NotEqual_Int8Bcast);
BENCHMARK(BM_Ew2_Equal_Int8Bcast);
BENCHMARK(BM_Ew2_Maximum_Int8);
BENCHMARK(BM_Ew2_Minimum_Int16Bcast);
BENCHMARK(BM_Ew2_SquaredDifference_Int8);
BENCHMARK(BM_Ew2_SquaredDifference_Int16);
BENCHMARK(BM_Ew2_Div_Int8);
BENCHMARK(BM_Ew2_Prelu_Int8);
BENCHMARK(BM_Ew2_Prelu_Int16);
BENCHMARK(BM_Ew2_Cast_Int8ToInt32);
BENCHMARK(BM_Ew2_Cast_Int32ToInt16);
BENCHMARK(BM_Ew2_Cast_Int16ToInt8);
BENCHMARK(BM_Ew2_Cast_BoolToInt32);
BENCHMARK(BM_Ew2_AddN_Int8x3);
BENCHMARK(BM_Ew2_SelectV2_Int8Bcast);
BENCHMARK(BM_Ew2_L2Normalization_Int8);
BENCHMARK(BM_Ew2_LogSoftmax_Int8);

}  // namespace
