// Full-inference latency of the shared models on the host build, through the offline prepare
// and the C shim exactly as lpai-net-run drives them: host::Session::run with RAW IO (inputs
// copied in, outputs copied out by the transport every inference), model binary and IO in DDR.
//
//   BM_Model/<model>   one inference per iteration, the same golden input (input_0_*.bin, or
//                      the golden README's xorshift input k = 0 where no golden folder exists).
//     counters: MACs        conv / depthwise / fully-connected multiply-accumulates of one
//                           inference, counted offline from the prepared graph's shapes
//               MACs/s      MACs per second of wall time
//               vs_TFLM     TFLite Micro's Invoke() figure divided by this run's wall time per
//                           inference (> 1: faster than TFLite Micro); vs_TFLM_cpu the same
//                           with CPU time
//   BM_Stateful/dtln_noise_suppression   per-inference latency of a stateful model: the state
//                      carries over between iterations (no reset), inputs cycle through the
//                      xorshift inputs k = 0..3.
//
// Run for medians:
//   build/bin/lpai_bench_models --benchmark_repetitions=11 --benchmark_report_aggregates_only=true
// A model that is absent (no ../shared) or whose ops are not all supported yet is skipped with
// the reason as the benchmark's error message.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <ctime>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "prepare/prepare.h"
#include "runner/session.h"

namespace {

using lpai::host::Session;
using lpai::host::SessionOptions;

// Reference figures, not results: TFLite Micro reference kernels on a machine of this class,
// Invoke() µs, "best of 11 process medians (-O2 -DNDEBUG)" column of
// ../shared/golden/tflm_figures.md.
constexpr double kTflmUsAd01 = 216.5;
constexpr double kTflmUsKws = 3791.2;
constexpr double kTflmUsVww = 9866.1;
constexpr double kTflmUsResnet = 11927.8;
constexpr double kTflmUsStrWw = 862.9;
constexpr double kTflmUsDtln = 335.4;

constexpr int kConv2d = 3, kDepthwiseConv2d = 4, kFullyConnected = 9, kLstm = 44;

std::vector<uint8_t> read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return {};
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

std::vector<uint8_t> xorshift_bytes(uint32_t* s, size_t n) {
  std::vector<uint8_t> v(n);
  for (uint8_t& b : v) {
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    b = static_cast<uint8_t>(*s & 0xFFu);
  }
  return v;
}

// Inference k's inputs: the golden files when present, else the golden README's xorshift rule.
std::vector<std::vector<uint8_t>> model_inputs(const std::string& model, const Session& s,
                                               uint32_t k) {
  std::vector<std::vector<uint8_t>> in;
  uint32_t state = 0x9E3779B9u + k;
  for (size_t i = 0; i < s.inputs().size(); ++i) {
    std::vector<uint8_t> g = read_file(std::string(LPAI_SHARED_DIR) + "/golden/" + model +
                                       "/input_" + std::to_string(k) + "_" + std::to_string(i) +
                                       ".bin");
    in.push_back(g.size() == s.inputs()[i].bytes ? g : xorshift_bytes(&state, s.inputs()[i].bytes));
  }
  return in;
}

// Multiply-accumulates of one inference: CONV_2D out[N,H,W,Co] x filter[Co,Kh,Kw,Ci];
// DEPTHWISE_CONV_2D out[N,H,W,C] x filter[1,Kh,Kw,C] (Kh*Kw per output element);
// FULLY_CONNECTED out elements x weights[Co,Ci] inner dimension Ci; UNIDIRECTIONAL_SEQUENCE_LSTM
// 4 gates x (input weights [U,I] + recurrent weights [U,O]) per batch x time step.
uint64_t count_macs(const lpai::prepare::PrepGraph& g) {
  uint64_t macs = 0;
  for (const lpai::prepare::PrepOp& op : g.ops) {
    if (op.outputs.empty() || op.outputs[0] == nullptr || op.inputs.size() < 2 ||
        op.inputs[1] == nullptr)
      continue;
    const uint64_t out = static_cast<uint64_t>(op.outputs[0]->element_count());
    const std::vector<int32_t>& w = op.inputs[1]->shape;
    if (op.builtin == kConv2d && w.size() == 4) {
      macs += out * static_cast<uint64_t>(w[1]) * w[2] * w[3];
    } else if (op.builtin == kDepthwiseConv2d && w.size() == 4) {
      macs += out * static_cast<uint64_t>(w[1]) * w[2];
    } else if (op.builtin == kFullyConnected && w.size() == 2) {
      macs += out * static_cast<uint64_t>(w[1]);
    } else if (op.builtin == kLstm && op.inputs.size() > 6 && op.inputs[0] != nullptr &&
               op.inputs[2] != nullptr && op.inputs[6] != nullptr) {
      // Four gates per step: input weights [U,I] and recurrent weights [U,O], per batch x time.
      const std::vector<int32_t>& wi = op.inputs[2]->shape;
      const std::vector<int32_t>& wr = op.inputs[6]->shape;
      if (wi.size() != 2 || wr.size() != 2 || wi[1] == 0) continue;
      const uint64_t steps = static_cast<uint64_t>(op.inputs[0]->element_count()) / wi[1];
      macs += steps * 4u * (static_cast<uint64_t>(wi[0]) * wi[1] + static_cast<uint64_t>(wr[0]) * wr[1]);
    }
  }
  return macs;
}

// vs_TFLM: TFLite Micro's µs per inference / this run's wall-clock µs per inference;
// vs_TFLM_cpu: the same with this process's CPU time (less sensitive to other processes on a
// shared machine; the TFLM figure itself is wall time on an idle machine).
void set_ratio(benchmark::State& state, std::chrono::steady_clock::time_point t0,
               std::clock_t c0, double tflm_us) {
  const double us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  const double cpu_us = 1e6 * static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  const double n = static_cast<double>(state.iterations());
  if (n > 0 && us > 0.0) state.counters["vs_TFLM"] = tflm_us / (us / n);
  if (n > 0 && cpu_us > 0.0) state.counters["vs_TFLM_cpu"] = tflm_us / (cpu_us / n);
}

struct Loaded {
  std::unique_ptr<Session> session;
  uint64_t macs = 0;
  std::string error;
};

Loaded load(const std::string& model) {
  Loaded l;
  const std::string path = std::string(LPAI_SHARED_DIR) + "/models/" + model + ".tflite";
  const std::vector<uint8_t> bytes = read_file(path);
  if (bytes.empty()) {
    l.error = path + " not present: skipped";
    return l;
  }
  lpai::prepare::PrepareOutput prep;
  std::string error;
  if (const lpai::host::HostStatus st = lpai::prepare::prepare_tflite(bytes.data(), bytes.size(), lpai::prepare::PlanOptions{},
                                     &prep); !st.ok()) {
    error = st.error();
    l.error = model + " cannot be prepared yet (" + error + "): skipped";
    return l;
  }
  l.macs = count_macs(prep.graph);
  SessionOptions options;  // RAW IO, DDR
  l.session = Session::open(prep.binary, options, &error);
  if (!l.session) l.error = model + ": " + error;
  return l;
}

void BM_Model(benchmark::State& state, const std::string& model, double tflm_us) {
  Loaded l = load(model);
  if (!l.session) {
    state.SkipWithError(l.error.c_str());
    return;
  }
  const std::vector<std::vector<uint8_t>> inputs = model_inputs(model, *l.session, 0);
  std::vector<std::vector<uint8_t>> outputs;
  std::string error;
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  for (auto _ : state) {
    if (!l.session->run(inputs, &outputs, &error)) {
      state.SkipWithError(error.c_str());
      break;
    }
    benchmark::DoNotOptimize(outputs.data());
  }
  state.counters["MACs"] = static_cast<double>(l.macs);
  state.counters["MACs/s"] =
      benchmark::Counter(static_cast<double>(l.macs), benchmark::Counter::kIsIterationInvariantRate);
  set_ratio(state, t0, c0, tflm_us);
}

void BM_Stateful(benchmark::State& state, const std::string& model, double tflm_us) {
  Loaded l = load(model);
  if (!l.session) {
    state.SkipWithError(l.error.c_str());
    return;
  }
  std::vector<std::vector<std::vector<uint8_t>>> inputs;
  for (uint32_t k = 0; k < 4; ++k) inputs.push_back(model_inputs(model, *l.session, k));
  std::vector<std::vector<uint8_t>> outputs;
  std::string error;
  size_t k = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  for (auto _ : state) {
    if (!l.session->run(inputs[k++ & 3], &outputs, &error)) {
      state.SkipWithError(error.c_str());
      break;
    }
    benchmark::DoNotOptimize(outputs.data());
  }
  state.counters["MACs/s"] =
      benchmark::Counter(static_cast<double>(l.macs), benchmark::Counter::kIsIterationInvariantRate);
  set_ratio(state, t0, c0, tflm_us);
}

// Wall time: the TFLite Micro figures are steady_clock wall times.
BENCHMARK_CAPTURE(BM_Model, kws_ref_model, std::string("kws_ref_model"), kTflmUsKws)
    ->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Model, vww_96_int8, std::string("vww_96_int8"), kTflmUsVww)
    ->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Model, pretrainedResnet_quant, std::string("pretrainedResnet_quant"),
                  kTflmUsResnet)
    ->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Model, ad01_int8, std::string("ad01_int8"), kTflmUsAd01)
    ->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Model, str_ww_ref_model, std::string("str_ww_ref_model"), kTflmUsStrWw)
    ->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Stateful, dtln_noise_suppression, std::string("dtln_noise_suppression"),
                  kTflmUsDtln)
    ->UseRealTime()->Unit(benchmark::kMicrosecond);

}  // namespace
