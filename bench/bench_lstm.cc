// Per-inference latency of the stateful LSTM models (reference figures: ../shared/golden/
// tflm_figures.md, TFLM -O2: dtln_noise_suppression 335.4 us, trained_lstm_int8 135.0 us).
//   BM_ModelInference/dtln_noise_suppression   one 257-bin frame per inference, state carried
//   BM_ModelInference/trained_lstm_int8        one 28x28 image (28 LSTM steps) per inference
// The graph is prepared and finalized once; each iteration is one Session::run (copy in,
// execute, copy out) on the golden input of inference 0. Skips when ../shared is absent.
// Run: lpai_bench_lstm --benchmark_repetitions=10 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "lpai/hal.h"
#include "prepare/prepare.h"
#include "runner/session.h"

namespace {

std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return {};
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

void run_model(benchmark::State& state, const std::string& name) {
  lpai_hal_set_log_level(LPAI_LOG_LEVEL_ERROR);
  const std::vector<uint8_t> model =
      read_bytes(std::string(LPAI_SHARED_DIR) + "/models/" + name + ".tflite");
  if (model.empty()) {
    state.SkipWithError("../shared/models not present");
    return;
  }
  lpai::prepare::PrepareOutput prepared;
  std::string error;
  if (const lpai::host::HostStatus st = lpai::prepare::prepare_tflite(model.data(), model.size(), lpai::prepare::PlanOptions{},
                                     &prepared); !st.ok()) {
    error = st.error();
    state.SkipWithError(error.c_str());
    return;
  }
  std::unique_ptr<lpai::host::Session> s =
      lpai::host::Session::open(prepared.binary, lpai::host::SessionOptions{}, &error);
  if (!s) {
    state.SkipWithError(error.c_str());
    return;
  }
  // Golden input rule, inference 0 (xorshift32 from 0x9E3779B9).
  std::vector<uint8_t> input(s->inputs()[0].bytes);
  uint32_t x = 0x9E3779B9u;
  for (auto& b : input) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    b = static_cast<uint8_t>(x & 0xFF);
  }
  std::vector<std::vector<uint8_t>> outputs;
  for (auto _ : state) {
    if (!s->run({input}, &outputs, &error)) {
      state.SkipWithError(error.c_str());
      break;
    }
    benchmark::DoNotOptimize(outputs.data());
  }
  state.counters["persistent_bytes"] = s->persistent_size();
  state.counters["scratch_bytes"] = s->scratch_size();
}

void BM_ModelInference_dtln(benchmark::State& state) { run_model(state, "dtln_noise_suppression"); }
void BM_ModelInference_trained_lstm(benchmark::State& state) {
  run_model(state, "trained_lstm_int8");
}
BENCHMARK(BM_ModelInference_dtln)
    ->Name("BM_ModelInference/dtln_noise_suppression")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ModelInference_trained_lstm)
    ->Name("BM_ModelInference/trained_lstm_int8")
    ->Unit(benchmark::kMicrosecond);

}  // namespace
