// Data-movement kernels (TRANSPOSE, DEPTH_TO_SPACE, SPACE_TO_BATCH_ND, SLICE, SPLIT, PACK,
// GATHER, MIRROR_PAD, BROADCAST_TO, PADV2): eval only, prepared and validated like the other
// kernel benchmarks. Counter "MACs/s" here = output elements per second.
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

// Constant int32 tensor with the given values.
std::unique_ptr<lpai_bench::Tensor> ints(std::vector<int32_t> shape, const std::vector<int32_t>& v) {
  auto t = make_tensor(DataType::kInt32, shape, true, {0.0f}, 0, 1);
  t->prep.scales.clear();
  t->prep.zero_points.clear();
  std::memcpy(t->storage.data(), v.data(), v.size() * 4);
  return t;
}

std::unique_ptr<lpai_bench::Tensor> act(DataType t, std::vector<int32_t> shape, uint32_t seed) {
  return make_tensor(t, shape, false, {0.05f}, t == DataType::kInt8 ? -3 : 0, seed);
}

double elems(const std::vector<int32_t>& s) {
  double n = 1;
  for (int32_t d : s) n *= d;
  return n;
}

void transpose(benchmark::State& state, DataType t, std::vector<int32_t> s, std::vector<int32_t> perm) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kTranspose);
  std::vector<int32_t> os;
  for (int32_t p : perm) os.push_back(s[p]);
  n.inputs.push_back(act(t, s, 1));
  n.inputs.push_back(ints({static_cast<int32_t>(perm.size())}, perm));
  n.output = act(t, os, 2);
  run(state, n, elems(s));
}

void BM_Transpose_Nchw2Nhwc_1x3x224x224(benchmark::State& s) {
  transpose(s, DataType::kInt8, {1, 3, 224, 224}, {0, 2, 3, 1});
}
void BM_Transpose_Nhwc2Nchw_1x56x56x64(benchmark::State& s) {
  transpose(s, DataType::kInt8, {1, 56, 56, 64}, {0, 3, 1, 2});
}
void BM_Transpose_SwapHW_1x64x64x3(benchmark::State& s) {
  transpose(s, DataType::kInt8, {1, 64, 64, 3}, {0, 2, 1, 3});
}
void BM_Transpose_Rank5_Int16(benchmark::State& s) {
  transpose(s, DataType::kInt16, {4, 8, 16, 6, 10}, {4, 2, 0, 3, 1});
}

void BM_DepthToSpace_1x28x28x64_b2(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kDepthToSpace);
  n.options.block_size = 2;
  n.inputs.push_back(act(DataType::kInt8, {1, 28, 28, 64}, 1));
  n.output = act(DataType::kInt8, {1, 56, 56, 16}, 2);
  run(state, n, 28.0 * 28 * 64);
}

void BM_SpaceToBatchNd_1x64x64x32_b2(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kSpaceToBatchNd);
  n.inputs.push_back(act(DataType::kInt8, {1, 64, 64, 32}, 1));
  n.inputs.push_back(ints({2}, {2, 2}));
  n.inputs.push_back(ints({2, 2}, {2, 2, 2, 2}));
  n.output = act(DataType::kInt8, {4, 34, 34, 32}, 2);
  run(state, n, 4.0 * 34 * 34 * 32);
}

void BM_Slice_1x96x96x32(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kSlice);
  n.inputs.push_back(act(DataType::kInt8, {1, 96, 96, 32}, 1));
  n.inputs.push_back(ints({4}, {0, 8, 8, 4}));
  n.inputs.push_back(ints({4}, {1, 80, 80, 24}));
  n.output = act(DataType::kInt8, {1, 80, 80, 24}, 2);
  run(state, n, 80.0 * 80 * 24);
}

void BM_Split_1x48x48x64_4(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kSplit);
  n.options.num_splits = 4;
  n.inputs.push_back(ints({}, {3}));
  n.inputs.push_back(act(DataType::kInt8, {1, 48, 48, 64}, 1));
  n.output = act(DataType::kInt8, {1, 48, 48, 16}, 2);
  for (int i = 0; i < 3; ++i) n.extra_outputs.push_back(act(DataType::kInt8, {1, 48, 48, 16}, 3 + i));
  run(state, n, 48.0 * 48 * 64);
}

void BM_Pack_4x_48x48x16_axis2(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kPack);
  n.options.values_count = 4;
  n.options.axis = 2;
  for (int i = 0; i < 4; ++i) n.inputs.push_back(act(DataType::kInt8, {48, 48, 16}, 1 + i));
  n.output = act(DataType::kInt8, {48, 48, 4, 16}, 9);
  run(state, n, 48.0 * 48 * 64);
}

void BM_Gather_Rows_1000x64(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kGather);
  n.inputs.push_back(act(DataType::kInt8, {1000, 64}, 1));
  std::vector<int32_t> idx(256);
  for (int i = 0; i < 256; ++i) idx[i] = (i * 37) % 1000;
  auto it = ints({256}, idx);
  it->record.mem_class = static_cast<uint8_t>(lpai::format::MemClass::kScratch);
  n.inputs.push_back(std::move(it));
  n.output = act(DataType::kInt8, {256, 64}, 2);
  run(state, n, 256.0 * 64);
}

void BM_MirrorPad_Reflect_1x64x64x16(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kMirrorPad);
  n.options.mirror_mode = 0;
  n.inputs.push_back(act(DataType::kInt8, {1, 64, 64, 16}, 1));
  n.inputs.push_back(ints({4, 2}, {0, 0, 3, 3, 3, 3, 0, 0}));
  n.output = act(DataType::kInt8, {1, 70, 70, 16}, 2);
  run(state, n, 70.0 * 70 * 16);
}

void BM_BroadcastTo_1x1x64_to_32x32x64(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kBroadcastTo);
  n.inputs.push_back(act(DataType::kInt8, {1, 1, 64}, 1));
  n.inputs.push_back(ints({3}, {32, 32, 64}));
  n.output = act(DataType::kInt8, {32, 32, 64}, 2);
  run(state, n, 32.0 * 32 * 64);
}

void BM_ReverseV2_Inner_Int16_64x1024(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kReverseV2);
  n.inputs.push_back(act(DataType::kInt16, {64, 1024}, 1));
  n.inputs.push_back(ints({1}, {1}));
  n.output = act(DataType::kInt16, {64, 1024}, 2);
  run(state, n, 64.0 * 1024);
}

}  // namespace

BENCHMARK(BM_Transpose_Nchw2Nhwc_1x3x224x224);
BENCHMARK(BM_Transpose_Nhwc2Nchw_1x56x56x64);
BENCHMARK(BM_Transpose_SwapHW_1x64x64x3);
BENCHMARK(BM_Transpose_Rank5_Int16);
BENCHMARK(BM_DepthToSpace_1x28x28x64_b2);
BENCHMARK(BM_SpaceToBatchNd_1x64x64x32_b2);
BENCHMARK(BM_Slice_1x96x96x32);
BENCHMARK(BM_Split_1x48x48x64_4);
BENCHMARK(BM_Pack_4x_48x48x16_axis2);
BENCHMARK(BM_Gather_Rows_1000x64);
BENCHMARK(BM_MirrorPad_Reflect_1x64x64x16);
BENCHMARK(BM_BroadcastTo_1x1x64_to_32x32x64);
BENCHMARK(BM_ReverseV2_Inner_Int16_64x1024);
