// validate_binary() cost for a 100-node graph (the one-time load check), split into the CRC
// pass and the structural pass, plus kernels::validate_nodes for the same graph.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "format/binary_view.h"
#include "kernels/kernel_api.h"
#include "common/graph_builder.h"

namespace {

using lpai::format::BuiltinOp;
using lpai::format::DataType;

// 100 nodes alternating COPY and RESHAPE over int8 [1,8,8,4] activations, each RESHAPE with a
// const shape input; graph input and output in scratch (raw hint).
std::vector<uint8_t> binary_100_nodes() {
  lpai::writer::GraphBuilder b("bench_100_nodes");
  uint32_t cur = b.add_scratch("t0", DataType::kInt8, {1, 8, 8, 4}, 0.5f, 1);
  const uint32_t first = cur;
  for (int i = 0; i < 100; ++i) {
    const std::string name = "t" + std::to_string(i + 1);
    if (i % 2 == 0) {
      const uint32_t next = b.add_scratch(name, DataType::kInt8, {1, 8, 8, 4}, 0.5f, 1);
      b.add_node(BuiltinOp::kCopy, {cur}, {next});
      cur = next;
    } else {
      const uint32_t shape =
          b.add_const_values<int32_t>("s" + std::to_string(i), DataType::kInt32, {4}, {1, 8, 8, 4});
      const uint32_t next = b.add_scratch(name, DataType::kInt8, {1, 8, 8, 4}, 0.5f, 1);
      b.add_node(BuiltinOp::kReshape, {cur, shape}, {next});
      cur = next;
    }
  }
  b.set_inputs({first}).set_outputs({cur});
  std::string error;
  std::vector<uint8_t> bin = b.serialize(&error);
  if (bin.empty()) {
    std::fprintf(stderr, "bench_format: %s\n", error.c_str());
    std::abort();
  }
  return bin;
}

struct AlignedBinary {
  explicit AlignedBinary(const std::vector<uint8_t>& v)
      : size(v.size()),
        data(static_cast<uint8_t*>(::operator new (v.size(), std::align_val_t{16}))) {
    std::memcpy(data, v.data(), size);
  }
  ~AlignedBinary() { ::operator delete (data, std::align_val_t{16}); }
  size_t size;
  uint8_t* data;
};

void BM_ValidateBinary100Nodes(benchmark::State& state) {
  AlignedBinary bin(binary_100_nodes());
  lpai::format::BinaryView view;
  for (auto _ : state) {
    lpai::Status s = lpai::format::validate_binary(bin.data, bin.size, &view);
    benchmark::DoNotOptimize(s);
    if (s != lpai::Status::kOk) state.SkipWithError("validate_binary failed");
  }
  state.counters["binary_bytes"] = static_cast<double>(bin.size);
  state.counters["nodes"] = static_cast<double>(view.node_count());
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(bin.size));
}
BENCHMARK(BM_ValidateBinary100Nodes);

// The CRC share of the above: one pass over the same bytes.
void BM_BinaryCrc32100Nodes(benchmark::State& state) {
  AlignedBinary bin(binary_100_nodes());
  for (auto _ : state) {
    benchmark::DoNotOptimize(lpai::format::binary_crc32(bin.data, bin.size));
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(bin.size));
}
BENCHMARK(BM_BinaryCrc32100Nodes);

void BM_ValidateNodes100Nodes(benchmark::State& state) {
  AlignedBinary bin(binary_100_nodes());
  lpai::format::BinaryView view;
  if (lpai::format::validate_binary(bin.data, bin.size, &view) != lpai::Status::kOk) {
    state.SkipWithError("validate_binary failed");
    return;
  }
  for (auto _ : state) {
    lpai::Status s = lpai::kernels::validate_nodes(view);
    benchmark::DoNotOptimize(s);
    if (s != lpai::Status::kOk) state.SkipWithError("validate_nodes failed");
  }
}
BENCHMARK(BM_ValidateNodes100Nodes);

}  // namespace
