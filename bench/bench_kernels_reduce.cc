// Throughput of the reduction / matrix-product / resize / SVDF kernels (MEAN, SUM, REDUCE_MAX,
// REDUCE_MIN, ARG_MAX, ARG_MIN, CUMSUM, BATCH_MATMUL, SVDF, RESIZE_*), with an int8 ADD as the
// element-wise yardstick.
// Counter "MACs/s": input elements read per second for reductions / ADD / CUMSUM, output
// elements written per second for the resizes, multiply-accumulates per second for
// BATCH_MATMUL and SVDF.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "kernel_bench_harness.h"

namespace {

using lpai_bench::DataType;
using lpai_bench::make_tensor;
using lpai_bench::Node;
using lpai_bench::run;

std::unique_ptr<lpai_bench::Tensor> const_i32(const std::vector<int32_t>& v) {
  auto t = make_tensor(DataType::kInt32, {static_cast<int32_t>(v.size())}, true, {}, 0, 9);
  std::memcpy(t->storage.data(), v.data(), v.size() * 4);
  return t;
}

double count(const std::vector<int32_t>& s) {
  double n = 1;
  for (int32_t d : s) n *= d;
  return n;
}

void reduce(benchmark::State& state, int builtin, DataType t, std::vector<int32_t> shape,
            std::vector<int32_t> axes, std::vector<int32_t> out, float so, int64_t zo) {
  Node n;
  n.builtin = builtin;
  n.options.keep_dims = out.size() == shape.size();
  n.inputs.push_back(make_tensor(t, shape, false, {0.02f}, t == DataType::kInt8 ? -3 : 0, 1));
  n.inputs.push_back(const_i32(axes));
  n.output = make_tensor(t, out, false, {so}, zo, 2);
  run(state, n, count(shape));
}

// MobileNet v2 head: global average over 7x7x1280 (int8, requantising).
void BM_Mean_Int8_Mobilenet7x7x1280(benchmark::State& s) {
  reduce(s, 40, DataType::kInt8, {1, 7, 7, 1280}, {1, 2}, {1, 1, 1, 1280}, 0.01f, 4);
}
// Same shape, equal quantisation (TFLite's integer-mean path).
void BM_Mean_Int8_Mobilenet7x7x1280_SameQuant(benchmark::State& s) {
  reduce(s, 40, DataType::kInt8, {1, 7, 7, 1280}, {1, 2}, {1, 1, 1, 1280}, 0.02f, -3);
}
void BM_Mean_Int16_16x16x256(benchmark::State& s) {
  reduce(s, 40, DataType::kInt16, {1, 16, 16, 256}, {1, 2}, {1, 256}, 1e-4f, 0);
}
void BM_Mean_Int8_LastAxis64x1024(benchmark::State& s) {
  reduce(s, 40, DataType::kInt8, {64, 1024}, {1}, {64}, 0.01f, 0);
}
void BM_Sum_Int8_8x1024(benchmark::State& s) {
  reduce(s, 74, DataType::kInt8, {8, 1024}, {1}, {8}, 0.5f, 0);
}
void BM_ReduceMax_Int8_32x32x64(benchmark::State& s) {
  reduce(s, 82, DataType::kInt8, {1, 32, 32, 64}, {1, 2}, {1, 1, 1, 64}, 0.02f, -3);
}
void BM_ReduceMin_Int8_32x32x64(benchmark::State& s) {
  reduce(s, 89, DataType::kInt8, {1, 32, 32, 64}, {1, 2}, {1, 1, 1, 64}, 0.02f, -3);
}
void BM_ReduceMin_Int8_LastAxis64x1024(benchmark::State& s) {
  reduce(s, 89, DataType::kInt8, {64, 1024}, {1}, {64}, 0.02f, -3);
}

// ARG_MAX / ARG_MIN of an int8 tensor along `axis` (int32 indices out).
void arg_reduce(benchmark::State& s, lpai::format::BuiltinOp op, std::vector<int32_t> shape,
                int32_t axis, std::vector<int32_t> out) {
  Node n;
  n.builtin = static_cast<int>(op);
  n.options.output_type = 2;  // TFLite INT32
  n.inputs.push_back(make_tensor(DataType::kInt8, shape, false, {0.02f}, 0, 1));
  n.inputs.push_back(const_i32({axis}));
  n.output = make_tensor(DataType::kInt32, out, false, {}, 0, 2);
  run(s, n, count(shape));
}
void BM_ArgMax_Int8_64x1000(benchmark::State& s) {
  arg_reduce(s, lpai::format::BuiltinOp::kArgMax, {64, 1000}, 1, {64});
}
void BM_ArgMax_Int8_Axis1_32x32x64(benchmark::State& s) {  // inner > 1
  arg_reduce(s, lpai::format::BuiltinOp::kArgMax, {32, 32, 64}, 1, {32, 64});
}
void BM_ArgMin_Int8_64x1000(benchmark::State& s) {
  arg_reduce(s, lpai::format::BuiltinOp::kArgMin, {64, 1000}, 1, {64});
}
void BM_ArgMin_Int8_Axis1_32x32x64(benchmark::State& s) {
  arg_reduce(s, lpai::format::BuiltinOp::kArgMin, {32, 32, 64}, 1, {32, 64});
}

void BM_Cumsum_Int8_16x256(benchmark::State& s) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kCumsum);
  n.inputs.push_back(make_tensor(DataType::kInt8, {16, 256}, false, {0.02f}, 5, 1));
  auto axis = make_tensor(DataType::kInt32, {}, true, {}, 0, 9);
  const int32_t a = 1;
  std::memcpy(axis->storage.data(), &a, 4);
  n.inputs.push_back(std::move(axis));
  n.output = make_tensor(DataType::kInt8, {16, 256}, false, {0.5f}, -2, 2);
  run(s, n, 16 * 256);
}

void matmul(benchmark::State& state, DataType t, std::vector<int32_t> l, std::vector<int32_t> r,
            bool adj_x, bool adj_y, bool rhs_const, std::vector<int32_t> out, int k) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kBatchMatmul);
  n.options.adj_x = adj_x;
  n.options.adj_y = adj_y;
  const bool i16 = t == DataType::kInt16;
  n.inputs.push_back(make_tensor(t, l, false, {i16 ? 1e-4f : 0.02f}, i16 ? 0 : 3, 1));
  n.inputs.push_back(make_tensor(t, r, rhs_const, {i16 ? 1e-4f : 0.01f}, i16 ? 0 : -2, 2));
  n.output = make_tensor(t, out, false, {i16 ? 1e-3f : 0.5f}, 0, 3);
  run(state, n, count(out) * k);
}

// Attention scores Q K^T: [4, 64, 32] x [4, 64, 32]^T (no transpose needed).
void BM_BatchMatmul_Int8_QKt_4x64x64x32(benchmark::State& s) {
  matmul(s, DataType::kInt8, {4, 64, 32}, {4, 64, 32}, false, true, false, {4, 64, 64}, 32);
}
// Scores x V: [4, 64, 64] x [4, 64, 32] (rhs transposed into temp every run).
void BM_BatchMatmul_Int8_SV_4x64x32x64(benchmark::State& s) {
  matmul(s, DataType::kInt8, {4, 64, 64}, {4, 64, 32}, false, false, false, {4, 64, 32}, 64);
}
// Constant weights, both operands adjoint-free: [128, 64] x [64, 128].
void BM_BatchMatmul_Int8_ConstRhs_128x64x128(benchmark::State& s) {
  matmul(s, DataType::kInt8, {128, 64}, {64, 128}, false, false, true, {128, 128}, 64);
}
void BM_BatchMatmul_Int16_QKt_4x64x64x32(benchmark::State& s) {
  matmul(s, DataType::kInt16, {4, 64, 32}, {4, 64, 32}, false, true, false, {4, 64, 64}, 32);
}

// Keyword-spotting SVDF layer: 1 x 64 input, 64 units, rank 1, memory 10, int16 state.
void svdf(benchmark::State& state, int in, int units, int rank, int mem, bool state16) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kSvdf);
  n.options.rank = rank;
  const int f = units * rank;
  const DataType st = state16 ? DataType::kInt16 : DataType::kInt8;
  n.inputs.push_back(make_tensor(DataType::kInt8, {1, in}, false, {0.02f}, 3, 1));
  n.inputs.push_back(make_tensor(DataType::kInt8, {f, in}, true, {0.01f}, 0, 2));
  n.inputs.push_back(make_tensor(st, {f, mem}, true, {1e-4f}, 0, 3));
  n.inputs.push_back(make_tensor(DataType::kInt32, {units}, true, {1e-4f / 4096}, 0, 4));
  n.inputs.push_back(make_tensor(st, {1, f * mem}, false, {1.0f / 4096}, 0, 5));
  n.inputs.back()->prep.is_variable = true;
  n.output = make_tensor(DataType::kInt8, {1, units}, false, {0.05f}, 0, 6);
  run(state, n, static_cast<double>(f) * (in + mem));
}
void BM_Svdf_Kws_64in_64u_r1_m10(benchmark::State& s) { svdf(s, 64, 64, 1, 10, true); }
void BM_Svdf_Kws_400in_128u_r2_m8(benchmark::State& s) { svdf(s, 400, 128, 2, 8, true); }

void resize(benchmark::State& state, int builtin, DataType t, int h, int w, int c, int oh, int ow,
            bool ac, bool hp) {
  Node n;
  n.builtin = builtin;
  n.options.align_corners = ac;
  n.options.half_pixel_centers = hp;
  n.inputs.push_back(make_tensor(t, {1, h, w, c}, false, {0.02f}, 0, 1));
  n.inputs.push_back(const_i32({oh, ow}));
  n.output = make_tensor(t, {1, oh, ow, c}, false, {0.02f}, 0, 2);
  run(state, n, static_cast<double>(oh) * ow * c);
}
void BM_ResizeBilinear_Int8_16x16x32_to_32x32(benchmark::State& s) {
  resize(s, 23, DataType::kInt8, 16, 16, 32, 32, 32, false, true);
}
void BM_ResizeBilinear_Int8_24x24x4_to_96x96(benchmark::State& s) {
  resize(s, 23, DataType::kInt8, 24, 24, 4, 96, 96, true, false);
}
void BM_ResizeNearest_Int8_16x16x32_to_32x32(benchmark::State& s) {
  resize(s, 97, DataType::kInt8, 16, 16, 32, 32, 32, false, false);
}
void BM_ResizeNearest_Int8_24x24x1_to_96x96(benchmark::State& s) {
  resize(s, 97, DataType::kInt8, 24, 24, 1, 96, 96, false, true);
}
void BM_ResizeNearest_Int16_16x16x32_to_32x32(benchmark::State& s) {
  resize(s, 97, DataType::kInt16, 16, 16, 32, 32, 32, true, false);
}

// Element-wise yardstick: int8 ADD of two 32x32x64 tensors.
void BM_Add_Int8_Yardstick_32x32x64(benchmark::State& s) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kAdd);
  n.inputs.push_back(make_tensor(DataType::kInt8, {1, 32, 32, 64}, false, {0.02f}, -3, 1));
  n.inputs.push_back(make_tensor(DataType::kInt8, {1, 32, 32, 64}, false, {0.03f}, 5, 2));
  n.output = make_tensor(DataType::kInt8, {1, 32, 32, 64}, false, {0.05f}, 1, 3);
  run(s, n, 32 * 32 * 64);
}

BENCHMARK(BM_Mean_Int8_Mobilenet7x7x1280);
BENCHMARK(BM_Mean_Int8_Mobilenet7x7x1280_SameQuant);
BENCHMARK(BM_Mean_Int16_16x16x256);
BENCHMARK(BM_Mean_Int8_LastAxis64x1024);
BENCHMARK(BM_Sum_Int8_8x1024);
BENCHMARK(BM_ReduceMax_Int8_32x32x64);
BENCHMARK(BM_ReduceMin_Int8_32x32x64);
BENCHMARK(BM_ReduceMin_Int8_LastAxis64x1024);
BENCHMARK(BM_ArgMax_Int8_64x1000);
BENCHMARK(BM_ArgMax_Int8_Axis1_32x32x64);
BENCHMARK(BM_ArgMin_Int8_64x1000);
BENCHMARK(BM_ArgMin_Int8_Axis1_32x32x64);
BENCHMARK(BM_Cumsum_Int8_16x256);
BENCHMARK(BM_BatchMatmul_Int8_QKt_4x64x64x32);
BENCHMARK(BM_BatchMatmul_Int8_SV_4x64x32x64);
BENCHMARK(BM_BatchMatmul_Int8_ConstRhs_128x64x128);
BENCHMARK(BM_BatchMatmul_Int16_QKt_4x64x64x32);
BENCHMARK(BM_Svdf_Kws_64in_64u_r1_m10);
BENCHMARK(BM_Svdf_Kws_400in_128u_r2_m8);
BENCHMARK(BM_ResizeBilinear_Int8_16x16x32_to_32x32);
BENCHMARK(BM_ResizeBilinear_Int8_24x24x4_to_96x96);
BENCHMARK(BM_ResizeNearest_Int8_16x16x32_to_32x32);
BENCHMARK(BM_ResizeNearest_Int8_24x24x1_to_96x96);
BENCHMARK(BM_ResizeNearest_Int16_16x16x32_to_32x32);
BENCHMARK(BM_Add_Int8_Yardstick_32x32x64);

}  // namespace
