// Full-inference latency of the MLPerf Tiny models through the offline prepare and the C shim
// (host::Session::execute on the current IO buffers, no copies), and a per-node profile.
//
// Benchmarks: BM_PerfModel/<model>/<variant> for the nine shared models and every host kernel
// variant this CPU supports (portable, avx2, avx512vnni; simd/kernel_variant.h), label = the
// variant that ran; LPAI_KERNEL_VARIANT=<variant> registers that one only (and is the variant
// of --profile / --dump / --check).
// Counters: "MACs/s" (conv, depthwise and fully-connected multiply-accumulates of one inference
// per second of CPU time); "ref_x" and "cmsis_x": the same-run peer figures of
// ../shared/golden/tflm_figures.md (section "Same-run peers": TFLite Micro reference kernels and
// TFLite Micro + CMSIS-NN portable C, CPU time per inference) divided by this run's CPU time per
// inference (> 1: faster than the peer). hello_world, trained_lstm and dtln have no same-run
// figures: their ref_x uses the best-of-11 reference figure of the same file, and they have no
// cmsis_x. Stateful models (LSTM) carry their state across iterations (one frame each).
//   lpai_bench_perf_models --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//   lpai_bench_perf_models --benchmark_filter=/portable ...   (one variant)
//
// The shared folder: --shared_dir=<dir>, else $LPAI_SHARED_DIR, else the compiled-in path.
//
// Extra modes (instead of the benchmarks), all on the golden inputs k = 0..3 (golden README rule):
//   --profile                per node: op, lowest ns over 50 profiled executes, MACs, GMAC/s
//   --dump=<dir>             writes <dir>/<model>_k<k>_<j>.bin (output j of inference k)
//   --check=<dir>            compares the outputs byte for byte with a previous --dump and with
//                            ../shared/golden/<model>/output_<k>_<j>.bin where present; exit 1
//                            on any difference
// Skips (with an error message) when ../shared is absent.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lpai/hal.h"
#include "prepare/prepare.h"
#include "runner/session.h"

namespace {

struct ModelInfo {
  const char* name;
  double ref_us;    // TFLM reference kernels, CPU µs ("Same-run peers"; else best of 11)
  double cmsis_us;  // TFLM + CMSIS-NN portable C, CPU µs ("Same-run peers"); 0: not measured
};

const ModelInfo kModels[] = {
    {"kws_ref_model", 2456.1, 899.5},
    {"vww_96_int8", 6097.5, 2546.0},
    {"pretrainedResnet_quant", 7843.2, 4085.0},
    {"ad01_int8", 151.2, 81.9},
    {"str_ww_ref_model", 562.3, 320.3},
    {"micro_speech_quantized", 556.2, 100.1},
    {"hello_world_int8", 0.53, 0.0},
    {"trained_lstm_int8", 135.0, 0.0},
    {"dtln_noise_suppression", 335.4, 0.0},
};

std::string g_shared_dir = LPAI_SHARED_DIR;

std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return {};
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

int64_t shape_product(const std::vector<int32_t>& s) {
  int64_t n = 1;
  for (int32_t d : s) n *= d;
  return n;
}

// Multiply-accumulates of one op (CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED,
// UNIDIRECTIONAL_SEQUENCE_LSTM's gate products; 0 otherwise).
int64_t node_macs(const lpai::prepare::PrepOp& op) {
  if (op.inputs.size() < 2 || op.inputs[1] == nullptr || op.outputs.empty()) return 0;
  const std::vector<int32_t>& f = op.inputs[1]->shape;
  const int64_t out = shape_product(op.outputs[0]->shape);
  switch (op.builtin) {
    case 3:  // CONV_2D: filter [oc, kh, kw, ic]
      return f.size() == 4 ? out * f[1] * f[2] * f[3] : 0;
    case 4:  // DEPTHWISE_CONV_2D: filter [1, kh, kw, oc]
      return f.size() == 4 ? out * f[1] * f[2] : 0;
    case 9:  // FULLY_CONNECTED: weights [n, k]
      return f.size() == 2 ? out * f[1] : 0;
    case 44: {  // UNIDIRECTIONAL_SEQUENCE_LSTM: per output row (batch x time step), 4 gates x
                // (input weights [s, i] + recurrent weights [s, s])
      if (op.inputs.size() < 6 || op.inputs[5] == nullptr || f.size() != 2) return 0;
      const std::vector<int32_t>& r = op.inputs[5]->shape;
      if (r.size() != 2 || f[0] == 0) return 0;
      return out / f[0] * 4 *
             (static_cast<int64_t>(f[0]) * f[1] + static_cast<int64_t>(r[0]) * r[1]);
    }
    default:
      return 0;
  }
}

const char* op_name(int builtin) { return lpai::format::op_name(static_cast<uint32_t>(builtin)); }

std::string shape_string(const std::vector<int32_t>& s) {
  std::string r = "[";
  for (size_t i = 0; i < s.size(); ++i) r += (i ? "," : "") + std::to_string(s[i]);
  return r + "]";
}

struct Loaded {
  lpai::prepare::PrepareOutput prepared;
  std::unique_ptr<lpai::host::Session> session;
  int64_t macs = 0;
};

// Prepares and opens `name`; fills the inputs with the golden input of inference k.
bool load(const std::string& name, bool profiling, Loaded* l, std::string* error) {
  lpai_hal_set_log_level(LPAI_LOG_LEVEL_ERROR);
  const std::vector<uint8_t> model =
      read_bytes(g_shared_dir + "/models/" + name + ".tflite");
  if (model.empty()) {
    *error = g_shared_dir + "/models/" + name + ".tflite not present";
    return false;
  }
  if (const lpai::host::HostStatus st = lpai::prepare::prepare_tflite(model.data(), model.size(), lpai::prepare::PlanOptions{},
                                     &l->prepared); !st.ok()) {
    *error = st.error();
    return false;
  }
  lpai::host::SessionOptions options;
  options.profiling = profiling;
  l->session = lpai::host::Session::open(l->prepared.binary, options, error);
  if (!l->session) return false;
  l->macs = 0;
  for (const auto& op : l->prepared.graph.ops) l->macs += node_macs(op);
  return true;
}

void fill_inputs(lpai::host::Session* s, uint32_t k) {
  uint32_t x = 0x9E3779B9u + k;
  for (size_t i = 0; i < s->inputs().size(); ++i) {
    uint8_t* p = s->io_buffer(i);
    for (size_t b = 0; b < s->inputs()[i].bytes; ++b) {
      x ^= x << 13;
      x ^= x >> 17;
      x ^= x << 5;
      p[b] = static_cast<uint8_t>(x & 0xFF);
    }
  }
}

void BM_PerfModel(benchmark::State& state, const ModelInfo& m, lpai::host::KernelVariant v) {
  lpai::host::install_kernel_variant();
  if (!lpai::host::set_kernel_variant(v)) {
    state.SkipWithError("kernel variant not supported by this CPU");
    return;
  }
  Loaded l;
  std::string error;
  if (!load(m.name, false, &l, &error)) {
    state.SkipWithError(error.c_str());
    return;
  }
  fill_inputs(l.session.get(), 0);
  for (int i = 0; i < 3; ++i) l.session->execute(&error);
  for (auto _ : state) {
    if (!l.session->execute(&error)) {
      state.SkipWithError(error.c_str());
      return;
    }
  }
  state.SetLabel(lpai::host::kernel_variant_name());
  state.counters["MACs/s"] =
      benchmark::Counter(static_cast<double>(l.macs), benchmark::Counter::kIsIterationInvariantRate);
  // <peer>_x = peer_us / (cpu seconds per iteration * 1e6).
  state.counters["ref_x"] = benchmark::Counter(m.ref_us * 1e-6,
                                               benchmark::Counter::kIsIterationInvariantRate);
  if (m.cmsis_us > 0) {
    state.counters["cmsis_x"] = benchmark::Counter(m.cmsis_us * 1e-6,
                                                   benchmark::Counter::kIsIterationInvariantRate);
  }
}

int profile() {
  for (const ModelInfo& m : kModels) {
    Loaded l;
    std::string error;
    if (!load(m.name, true, &l, &error)) {
      std::fprintf(stderr, "%s: %s\n", m.name, error.c_str());
      return 1;
    }
    fill_inputs(l.session.get(), 0);
    const size_t n_nodes = l.prepared.graph.ops.size();
    std::vector<std::vector<uint64_t>> samples(n_nodes);
    std::vector<uint64_t> totals;
    for (int it = 0; it < 53; ++it) {
      if (!l.session->execute(&error)) {
        std::fprintf(stderr, "%s: %s\n", m.name, error.c_str());
        return 1;
      }
      if (it < 3) continue;
      const std::vector<uint64_t> c = l.session->node_cycles();
      uint64_t t = 0;
      for (size_t i = 0; i < c.size() && i < n_nodes; ++i) {
        samples[i].push_back(c[i]);
        t += c[i];
      }
      totals.push_back(t);
    }
    // The lowest of the samples: host noise (other processes on the shared cores) only adds time.
    auto median = [](std::vector<uint64_t> v) {
      if (v.empty()) return uint64_t{0};
      return *std::min_element(v.begin(), v.end());
    };
    const double total_ns = static_cast<double>(median(totals));
    std::printf("== %s [%s]: sum of node minima %.1f us, %.3f MMACs, TFLM ref %.1f us (x%.2f)\n",
                m.name, lpai::host::kernel_variant_name(), total_ns / 1e3,
                static_cast<double>(l.macs) / 1e6, m.ref_us, m.ref_us * 1e3 / total_ns);
    for (size_t i = 0; i < n_nodes; ++i) {
      const auto& op = l.prepared.graph.ops[i];
      const double ns = static_cast<double>(median(samples[i]));
      const int64_t macs = node_macs(op);
      std::string shapes;
      if (!op.inputs.empty() && op.inputs[0] != nullptr) shapes += shape_string(op.inputs[0]->shape);
      if (op.inputs.size() > 1 && op.inputs[1] != nullptr) shapes += " w" + shape_string(op.inputs[1]->shape);
      if (!op.outputs.empty()) shapes += " -> " + shape_string(op.outputs[0]->shape);
      const auto& o = op.options;
      char extra[64] = "";
      if (op.builtin == static_cast<int>(lpai::format::BuiltinOp::kConv2d) ||
          op.builtin == static_cast<int>(lpai::format::BuiltinOp::kDepthwiseConv2d)) {
        std::snprintf(extra, sizeof(extra), " s%d pad%d", o.stride_h, o.padding);
      }
      std::printf("  %2zu %-18s %9.1f us %5.1f%% %10lld MACs %6.2f GMAC/s  %s%s\n", i,
                  op_name(op.builtin), ns / 1e3, 100.0 * ns / total_ns,
                  static_cast<long long>(macs), macs > 0 ? static_cast<double>(macs) / ns : 0.0,
                  shapes.c_str(), extra);
    }
  }
  return 0;
}

int dump_or_check(const std::string& dir, bool check) {
  int bad = 0;
  for (const ModelInfo& m : kModels) {
    Loaded l;
    std::string error;
    if (!load(m.name, false, &l, &error)) {
      std::fprintf(stderr, "%s: %s\n", m.name, error.c_str());
      return 1;
    }
    const size_t n_in = l.session->inputs().size();
    int diffs = 0, goldens = 0;
    for (uint32_t k = 0; k < 4; ++k) {
      fill_inputs(l.session.get(), k);
      if (!l.session->execute(&error)) {
        std::fprintf(stderr, "%s: %s\n", m.name, error.c_str());
        return 1;
      }
      for (size_t j = 0; j < l.session->outputs().size(); ++j) {
        const uint8_t* out = l.session->io_buffer(n_in + j);
        const size_t bytes = l.session->outputs()[j].bytes;
        const std::string file = dir + "/" + m.name + "_k" + std::to_string(k) + "_" +
                                 std::to_string(j) + ".bin";
        if (!check) {
          std::ofstream f(file, std::ios::binary);
          f.write(reinterpret_cast<const char*>(out), static_cast<std::streamsize>(bytes));
          continue;
        }
        const std::vector<uint8_t> want = read_bytes(file);
        if (want.size() != bytes || std::memcmp(want.data(), out, bytes) != 0) ++diffs;
        const std::vector<uint8_t> golden =
            read_bytes(g_shared_dir + "/golden/" + m.name + "/output_" +
                       std::to_string(k) + "_" + std::to_string(j) + ".bin");
        if (!golden.empty()) {
          ++goldens;
          if (golden.size() != bytes || std::memcmp(golden.data(), out, bytes) != 0) ++diffs;
        }
      }
    }
    if (check) {
      std::printf("%-24s %s (golden files compared: %d)\n", m.name, diffs == 0 ? "identical" : "DIFFERS",
                  goldens);
      bad += diffs;
    }
  }
  return bad == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (const char* env = std::getenv("LPAI_SHARED_DIR")) {
    if (*env != '\0') g_shared_dir = env;
  }
  // --shared_dir=<dir> (taken out of argv before Google Benchmark sees it).
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--shared_dir=", 0) == 0) {
      g_shared_dir = a.substr(13);
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--profile") return profile();
    if (a.rfind("--dump=", 0) == 0) return dump_or_check(a.substr(7), false);
    if (a.rfind("--check=", 0) == 0) return dump_or_check(a.substr(8), true);
  }
  // Every kernel variant this CPU supports, side by side in one run (LPAI_KERNEL_VARIANT: that
  // one only).
  std::vector<lpai::host::KernelVariant> variants;
  lpai::host::KernelVariant forced;
  const char* env = std::getenv("LPAI_KERNEL_VARIANT");
  if (env != nullptr && lpai::host::parse_kernel_variant(env, &forced)) {
    variants.push_back(forced);
  } else {
    for (auto v : {lpai::host::KernelVariant::kPortable, lpai::host::KernelVariant::kAvx2,
                   lpai::host::KernelVariant::kAvx512Vnni}) {
      if (lpai::host::kernel_variant_supported(v)) variants.push_back(v);
    }
  }
  for (const ModelInfo& m : kModels) {
    for (lpai::host::KernelVariant v : variants) {
      benchmark::RegisterBenchmark(
          (std::string("BM_PerfModel/") + m.name + "/" + lpai::host::kernel_variant_name(v)).c_str(),
          [&m, v](benchmark::State& s) { BM_PerfModel(s, m, v); })
          ->Unit(benchmark::kMicrosecond)
          // The fastest repetition next to the median: on a shared machine other processes only
          // ever add time. (Google Benchmark applies it to the counters too, so the _min row's
          // rates are each counter's lowest: divide a peer figure by its CPU time instead.)
          ->ComputeStatistics("min", [](const std::vector<double>& x) {
            return x.empty() ? 0.0 : *std::min_element(x.begin(), x.end());
          });
    }
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
