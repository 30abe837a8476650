// Offline prepare timings. Target (issue 4): planning <= 100 ms for the largest shared model.
//   BM_PlanSharedModel/<i>   plan_memory() alone on shared model i (raw IO), kernel temps included
//   BM_PrepareSharedModel/<i> import + per-op prepare + plan + serialize + validate
//   BM_PlanRandom/<n>        plan_memory() on a random n-op graph whose plan does not reach the
//                            lower bound quickly: the local search runs to its work limit
// Shared-model benchmarks report an error and skip when ../shared is absent.
#include <benchmark/benchmark.h>

#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "prepare/planner.h"
#include "prepare/prepare.h"

namespace {

const char* const kModels[] = {"ad01_int8",          "dtln_noise_suppression", "hello_world_int8",
                               "kws_ref_model",      "micro_speech_quantized", "pretrainedResnet_quant",
                               "str_ww_ref_model",   "trained_lstm_int8",      "vww_96_int8"};

std::vector<uint8_t> read_model(const std::string& name) {
  std::ifstream f(std::string(LPAI_SHARED_DIR) + "/models/" + name + ".tflite", std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

void BM_PlanSharedModel(benchmark::State& state) {
  const std::string name = kModels[state.range(0)];
  state.SetLabel(name);
  const std::vector<uint8_t> bytes = read_model(name);
  lpai::prepare::PrepareOutput out;
  const lpai::host::HostStatus st =
      bytes.empty() ? lpai::host::HostStatus::fail("model not found")
                    : lpai::prepare::prepare_tflite(bytes.data(), bytes.size(), {}, &out);
  if (!st.ok()) {
    state.SkipWithError((name + ": " + st.error()).c_str());
    return;
  }
  for (auto _ : state) {
    lpai::prepare::MemoryPlan plan;
    benchmark::DoNotOptimize(lpai::prepare::plan_memory(out.graph, out.temp_bytes, {}, &plan).ok());
    benchmark::DoNotOptimize(plan.scratch_size);
  }
  state.counters["scratch"] = static_cast<double>(out.plan.scratch_size);
  state.counters["ratio"] = out.plan.ratio();
}
BENCHMARK(BM_PlanSharedModel)->DenseRange(0, 8)->Unit(benchmark::kMicrosecond);

void BM_PrepareSharedModel(benchmark::State& state) {
  const std::string name = kModels[state.range(0)];
  state.SetLabel(name);
  const std::vector<uint8_t> bytes = read_model(name);
  if (bytes.empty()) {
    state.SkipWithError("model not found");
    return;
  }
  for (auto _ : state) {
    lpai::prepare::PrepareOutput out;
    std::string err;
    if (const lpai::host::HostStatus st = lpai::prepare::prepare_tflite(bytes.data(), bytes.size(), {}, &out); !st.ok()) {
      err = st.error();
      state.SkipWithError(err.c_str());
      return;
    }
    benchmark::DoNotOptimize(out.binary.data());
  }
}
BENCHMARK(BM_PrepareSharedModel)->DenseRange(0, 8)->Unit(benchmark::kMillisecond);

void BM_PlanRandom(benchmark::State& state) {
  const int n_ops = static_cast<int>(state.range(0));
  std::mt19937 rng(7);
  lpai::prepare::PrepGraph g;
  auto add = [&](int bytes) {
    lpai::prepare::PrepTensor& t = g.add_tensor();
    t.type = lpai::format::DataType::kInt8;
    t.shape = {bytes};
    return t.index;
  };
  std::vector<int> avail = {add(1 + static_cast<int>(rng() % 20000))};
  g.inputs = avail;
  std::vector<uint32_t> temps;
  for (int s = 0; s < n_ops; ++s) {
    lpai::prepare::PrepOp op;
    for (int j = 0; j < 2; ++j) {
      // Mostly recent tensors, sometimes an old one (long lifetimes fragment the plan).
      const size_t back = rng() % 4 == 0 ? rng() % avail.size() : rng() % std::min<size_t>(3, avail.size());
      op.inputs.push_back(&g.tensors[avail[avail.size() - 1 - back]]);
    }
    const int out = add(1 + static_cast<int>(rng() % 20000));
    op.outputs.push_back(&g.tensors[out]);
    g.ops.push_back(op);
    avail.push_back(out);
    temps.push_back(rng() % 2 ? static_cast<uint32_t>(rng() % 8000) : 0u);
  }
  g.outputs = {avail.back()};
  lpai::prepare::MemoryPlan plan;
  for (auto _ : state) {
    benchmark::DoNotOptimize(lpai::prepare::plan_memory(g, temps, {}, &plan).ok());
  }
  state.counters["ratio"] = plan.ratio();
  state.SetLabel(plan.strategy);
}
BENCHMARK(BM_PlanRandom)->Arg(30)->Arg(100)->Arg(300)->Unit(benchmark::kMillisecond);

}  // namespace
