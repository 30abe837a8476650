// Data-movement kernels (TRANSPOSE, DEPTH_TO_SPACE, SPACE_TO_DEPTH, SPACE_TO_BATCH_ND,
// BATCH_TO_SPACE_ND, SLICE, DYNAMIC_UPDATE_SLICE, SPLIT, SPLIT_V, PACK, UNPACK, GATHER,
// GATHER_ND, EMBEDDING_LOOKUP, MIRROR_PAD, PADV2, BROADCAST_TO, REVERSE_V2): eval only,
// prepared and validated like the other kernel benchmarks. Counter "MACs/s" here = output elements per second.
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

// An int32 tensor the kernel reads at run time (index inputs): the values of ints(), recorded
// as an activation.
std::unique_ptr<lpai_bench::Tensor> runtime_ints(std::vector<int32_t> shape,
                                                 const std::vector<int32_t>& v) {
  auto t = ints(shape, v);
  t->record.mem_class = static_cast<uint8_t>(lpai::format::MemClass::kScratch);
  return t;
}

// Block rearrangements with a block-size option (DEPTH_TO_SPACE, SPACE_TO_DEPTH).
void block_op(benchmark::State& state, lpai::format::BuiltinOp op, std::vector<int32_t> in,
              std::vector<int32_t> out, int block) {
  Node n;
  n.builtin = static_cast<int>(op);
  n.options.block_size = block;
  n.inputs.push_back(act(DataType::kInt8, in, 1));
  n.output = act(DataType::kInt8, out, 2);
  run(state, n, elems(in));
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

void BM_DepthToSpace_1x28x28x64_b2(benchmark::State& s) {
  block_op(s, lpai::format::BuiltinOp::kDepthToSpace, {1, 28, 28, 64}, {1, 56, 56, 16}, 2);
}
void BM_SpaceToDepth_1x56x56x16_b2(benchmark::State& s) {
  block_op(s, lpai::format::BuiltinOp::kSpaceToDepth, {1, 56, 56, 16}, {1, 28, 28, 64}, 2);
}

void BM_BatchToSpaceNd_4x34x34x32_b2(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kBatchToSpaceNd);
  n.inputs.push_back(act(DataType::kInt8, {4, 34, 34, 32}, 1));
  n.inputs.push_back(ints({2}, {2, 2}));
  n.inputs.push_back(ints({2, 2}, {2, 2, 2, 2}));
  n.output = act(DataType::kInt8, {1, 64, 64, 32}, 2);
  run(state, n, 64.0 * 64 * 32);
}

// DYNAMIC_UPDATE_SLICE of a 1x24x24x32 update into 1x64x64x32 at a run-time start; counted
// per element of the output (the kernel copies the input, then the update).
void BM_DynamicUpdateSlice_1x64x64x32(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kDynamicUpdateSlice);
  n.inputs.push_back(act(DataType::kInt8, {1, 64, 64, 32}, 1));
  n.inputs.push_back(act(DataType::kInt8, {1, 24, 24, 32}, 2));
  n.inputs.push_back(runtime_ints({4}, {0, 20, 8, 0}));
  n.output = act(DataType::kInt8, {1, 64, 64, 32}, 3);
  run(state, n, 64.0 * 64 * 32);
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

// Row lookups: 256 run-time ids into a constant 1000x64 table.
void BM_EmbeddingLookup_256_of_1000x64(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kEmbeddingLookup);
  std::vector<int32_t> ids(256);
  for (int i = 0; i < 256; ++i) ids[i] = (i * 37) % 1000;
  n.inputs.push_back(runtime_ints({256}, ids));
  n.inputs.push_back(make_tensor(DataType::kInt8, {1000, 64}, true, {0.05f}, -3, 1));
  n.output = act(DataType::kInt8, {256, 64}, 2);
  run(state, n, 256.0 * 64);
}

// GATHER_ND of 256 (row, column) pairs from 64x32x16: 256 slices of 16.
void BM_GatherNd_256x2_of_64x32x16(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kGatherNd);
  n.inputs.push_back(act(DataType::kInt8, {64, 32, 16}, 1));
  std::vector<int32_t> idx(512);
  for (int i = 0; i < 256; ++i) {
    idx[2 * i] = (i * 7) % 64;
    idx[2 * i + 1] = (i * 13) % 32;
  }
  n.inputs.push_back(runtime_ints({256, 2}, idx));
  n.output = act(DataType::kInt8, {256, 16}, 2);
  run(state, n, 256.0 * 16);
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

void BM_Padv2_1x64x64x16(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kPadv2);
  n.inputs.push_back(act(DataType::kInt8, {1, 64, 64, 16}, 1));
  n.inputs.push_back(ints({4, 2}, {0, 0, 3, 3, 3, 3, 0, 0}));
  n.inputs.push_back(make_tensor(DataType::kInt8, {}, true, {0.05f}, -3, 3));  // pad value
  n.output = act(DataType::kInt8, {1, 70, 70, 16}, 2);
  run(state, n, 70.0 * 70 * 16);
}

// SPLIT_V of 1x48x48x64 along the channels into 8 + 24 + 32.
void BM_SplitV_1x48x48x64_3(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kSplitV);
  n.options.num_splits = 3;
  n.inputs.push_back(act(DataType::kInt8, {1, 48, 48, 64}, 1));
  n.inputs.push_back(ints({3}, {8, 24, 32}));
  n.inputs.push_back(ints({1}, {3}));
  n.output = act(DataType::kInt8, {1, 48, 48, 8}, 2);
  n.extra_outputs.push_back(act(DataType::kInt8, {1, 48, 48, 24}, 3));
  n.extra_outputs.push_back(act(DataType::kInt8, {1, 48, 48, 32}, 4));
  run(state, n, 48.0 * 48 * 64);
}

// UNPACK of 48x4x48x16 along axis 1 (the inverse of the PACK entry).
void BM_Unpack_48x4x48x16_axis1(benchmark::State& state) {
  Node n;
  n.builtin = static_cast<int>(lpai::format::BuiltinOp::kUnpack);
  n.options.values_count = 4;
  n.options.axis = 1;
  n.inputs.push_back(act(DataType::kInt8, {48, 4, 48, 16}, 1));
  n.output = act(DataType::kInt8, {48, 48, 16}, 2);
  for (int i = 0; i < 3; ++i) n.extra_outputs.push_back(act(DataType::kInt8, {48, 48, 16}, 3 + i));
  run(state, n, 48.0 * 48 * 64);
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
BENCHMARK(BM_SpaceToDepth_1x56x56x16_b2);
BENCHMARK(BM_SpaceToBatchNd_1x64x64x32_b2);
BENCHMARK(BM_BatchToSpaceNd_4x34x34x32_b2);
BENCHMARK(BM_DynamicUpdateSlice_1x64x64x32);
BENCHMARK(BM_Slice_1x96x96x32);
BENCHMARK(BM_Split_1x48x48x64_4);
BENCHMARK(BM_SplitV_1x48x48x64_3);
BENCHMARK(BM_Unpack_48x4x48x16_axis1);
BENCHMARK(BM_Pack_4x_48x48x16_axis2);
BENCHMARK(BM_Gather_Rows_1000x64);
BENCHMARK(BM_GatherNd_256x2_of_64x32x16);
BENCHMARK(BM_EmbeddingLookup_256_of_1000x64);
BENCHMARK(BM_MirrorPad_Reflect_1x64x64x16);
BENCHMARK(BM_Padv2_1x64x64x16);
BENCHMARK(BM_BroadcastTo_1x1x64_to_32x32x64);
BENCHMARK(BM_ReverseV2_Inner_Int16_64x1024);
