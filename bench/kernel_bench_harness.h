// Shared harness of the per-kernel benchmarks (bench_kernels*.cc, all linked into
// lpai_bench_kernels): a tensor with deterministic pseudo-random bytes, one node prepared by
// the host prepare function and validated by the firmware validator, and the timing loop
// (eval only). Header-only; host bench code.
#ifndef LPAI_BENCH_KERNEL_BENCH_HARNESS_H
#define LPAI_BENCH_KERNEL_BENCH_HARNESS_H

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "format/context_binary_format.h"
#include "kernels/kernel_api.h"
#include "prepare/op_prepare.h"

namespace lpai_bench {

using lpai::format::DataType;

struct Tensor {
  lpai::prepare::PrepTensor prep;
  std::vector<uint64_t> storage;  // 8-byte aligned bytes
  lpai::format::TensorRecord record;
};

inline std::unique_ptr<Tensor> make_tensor(DataType type, std::vector<int32_t> shape, bool is_const,
                                    std::vector<float> scales, int64_t zp, uint32_t seed) {
  auto t = std::make_unique<Tensor>();
  t->prep.type = type;
  t->prep.shape = shape;
  t->prep.scales = scales;
  t->prep.zero_points.assign(scales.size(), zp);
  t->prep.quant_axis = 0;
  const size_t bytes = static_cast<size_t>(t->prep.element_count()) * lpai::format::data_type_size(type);
  t->storage.assign(bytes / 8 + 1, 0);
  uint8_t* data = reinterpret_cast<uint8_t*>(t->storage.data());
  uint32_t s = seed * 2654435761u + 1;
  for (size_t i = 0; i < bytes; ++i) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    data[i] = static_cast<uint8_t>(s);
  }
  if (type == DataType::kInt32) {  // keep biases small
    int32_t* b = reinterpret_cast<int32_t*>(data);
    for (size_t i = 0; i < bytes / 4; ++i) b[i] = (b[i] % 2000);
  }
  if (is_const) {
    t->prep.data = data;
    t->prep.data_size = bytes;
  }
  std::memset(&t->record, 0, sizeof(t->record));
  t->record.data_type = static_cast<uint8_t>(type);
  t->record.mem_class = static_cast<uint8_t>(is_const ? lpai::format::MemClass::kConst
                                                      : lpai::format::MemClass::kScratch);
  t->record.rank = static_cast<uint8_t>(shape.size());
  for (size_t i = 0; i < shape.size(); ++i) t->record.dims[i] = static_cast<uint32_t>(shape[i]);
  t->record.size = static_cast<uint32_t>(bytes);
  t->record.zero_point = static_cast<int32_t>(zp);
  t->record.quant_count = scales.size() > 1 ? static_cast<uint32_t>(scales.size()) : 0;
  return t;
}

struct Node {
  int builtin = 0;
  lpai::prepare::OpOptions options;
  std::vector<std::unique_ptr<Tensor>> inputs;
  std::unique_ptr<Tensor> output;
  std::vector<std::unique_ptr<Tensor>> extra_outputs;  // outputs 1.. (SPLIT, UNPACK, ...)
  std::vector<uint32_t> params;
  std::vector<uint64_t> temp;
  std::vector<lpai::kernels::TensorRef> in_refs, out_refs;
  lpai::kernels::KernelArgs args{};
  const lpai::kernels::OpKernel* kernel = nullptr;

  // Prepares and validates; returns "" or the reason.
  std::string build() {
    lpai::prepare::PrepOp op;
    op.builtin = builtin;
    op.options = options;
    for (auto& t : inputs) op.inputs.push_back(&t->prep);
    op.outputs.push_back(&output->prep);
    for (auto& t : extra_outputs) op.outputs.push_back(&t->prep);
    const lpai::prepare::PrepResult r = lpai::prepare::find_prepare(builtin)(op);
    if (!r.ok()) return r.error;
    params.assign(r.params.size() / 4 + 1, 0);
    std::memcpy(params.data(), r.params.data(), r.params.size());
    temp.assign(r.temp_bytes / 8 + 1, 0);
    for (auto& t : inputs) in_refs.push_back({reinterpret_cast<uint8_t*>(t->storage.data()), &t->record});
    out_refs.push_back({reinterpret_cast<uint8_t*>(output->storage.data()), &output->record});
    for (auto& t : extra_outputs)
      out_refs.push_back({reinterpret_cast<uint8_t*>(t->storage.data()), &t->record});
    args.params = reinterpret_cast<const uint8_t*>(params.data());
    args.params_size = static_cast<uint32_t>(r.params.size());
    args.inputs = in_refs.data();
    args.num_inputs = static_cast<uint32_t>(in_refs.size());
    args.outputs = out_refs.data();
    args.num_outputs = static_cast<uint32_t>(out_refs.size());
    args.temp = r.temp_bytes ? reinterpret_cast<uint8_t*>(temp.data()) : nullptr;
    args.temp_size = r.temp_bytes;
    kernel = lpai::kernels::find_kernel(static_cast<uint16_t>(builtin));
    if (kernel == nullptr) return "no kernel";
    if (kernel->validate(args) != lpai::Status::kOk) return "validate failed";
    return "";
  }
};

inline std::vector<float> channel_scales(int n) {
  std::vector<float> s(n);
  for (int i = 0; i < n; ++i) s[i] = 0.002f + 0.0001f * static_cast<float>(i % 13);
  return s;
}

// Times node.kernel->eval; counter "MACs/s" = macs per iteration (element ops for
// element-wise kernels).
inline void run(benchmark::State& state, Node& node, double macs) {
  const std::string e = node.build();
  if (!e.empty()) {
    state.SkipWithError(e.c_str());
    return;
  }
  for (auto _ : state) {
    node.kernel->eval(node.args);
    benchmark::ClobberMemory();
  }
  state.counters["MACs/s"] = benchmark::Counter(macs, benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace lpai_bench

#endif  // LPAI_BENCH_KERNEL_BENCH_HARNESS_H
