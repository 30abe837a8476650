// Graph runtime benchmarks. Run: build/bin/lpai_bench_graph --benchmark_format=json
//   BM_BackendAlignmentQuery   QnnBackend_getProperty(ALIGNMENT_REQ)
//   BM_GraphSizeQuery          QnnGraph_getProperty(SCRATCH + PERSISTENT sizes, one call)
//   BM_ContextCreateFree       create-from-binary (copy + validate) + free, 64-node graph
//   BM_Finalize                QnnGraph_finalize (context create/free excluded from timing)
//   BM_Dispatch/N              execute of an N-node COPY chain of 1-byte tensors; counter
//                              ns_per_node = time per execute / N (includes the fixed cost)
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "graph/runtime.h"
#include "lpai/hal_host.h"
#include "lpai/qnn_compat.h"
#include "common/graph_builder.h"

namespace {

namespace rt = lpai::rt;
using lpai::Status;
using lpai::format::BuiltinOp;
using lpai::format::DataType;

// t0 -> COPY -> t1 -> ... -> tN, 1-byte int8 tensors; t0 input, tN output.
std::vector<uint8_t> chain(int nodes) {
  lpai::writer::GraphBuilder b("chain");
  std::vector<uint32_t> t;
  for (int i = 0; i <= nodes; ++i) {
    t.push_back(b.add_scratch("t" + std::to_string(i), DataType::kInt8, {1}));
  }
  for (int i = 0; i < nodes; ++i) b.add_node(BuiltinOp::kCopy, {t[i]}, {t[i + 1]});
  b.set_inputs({t.front()}).set_outputs({t.back()});
  std::string err;
  std::vector<uint8_t> bin = b.serialize(&err);
  if (bin.empty()) std::abort();
  return bin;
}

struct Opened {
  rt::Handle backend = 0, context = 0, graph = 0;
  void* scratch = nullptr;
  explicit Opened(const std::vector<uint8_t>& bin, bool finalize = true) {
    rt::shutdown();
    if (rt::backend_create(&backend) != Status::kOk) std::abort();
    create(bin);
    if (finalize && rt::graph_finalize(graph) != Status::kOk) std::abort();
  }
  void create(const std::vector<uint8_t>& bin) {
    if (rt::context_create(backend, bin.data(), bin.size(), rt::kDefaultContextConfig, &context) !=
            Status::kOk ||
        rt::graph_retrieve(context, "chain", &graph) != Status::kOk) {
      std::abort();
    }
    uint32_t size = 0;
    (void)rt::graph_scratch_size(graph, &size);
    if (scratch == nullptr) scratch = std::aligned_alloc(64, size == 0 ? 64 : size);
    rt::GraphConfig c{};
    c.kind = rt::GraphConfigKind::kScratch;
    c.mem = {lpai::MemType::kDdr, size, scratch};
    if (rt::graph_set_config(graph, &c, 1) != Status::kOk) std::abort();
  }
  ~Opened() {
    rt::shutdown();
    std::free(scratch);
  }
};

void BM_BackendAlignmentQuery(benchmark::State& state) {
  Opened o(chain(1));
  QnnLpaiBackend_BufferAlignmentReq_t req = QNN_LPAI_BACKEND_BUFFER_ALIGNMENT_REQ_INIT;
  QnnLpaiBackend_CustomProperty_t custom = QNN_LPAI_BACKEND_CUSTOM_PROPERTY_INIT;
  custom.option = QNN_LPAI_BACKEND_GET_PROP_ALIGNMENT_REQ;
  custom.property = &req;
  QnnBackend_Property_t prop = QNN_BACKEND_PROPERTY_INIT;
  prop.option = QNN_BACKEND_PROPERTY_OPTION_CUSTOM;
  prop.customProperty = &custom;
  QnnBackend_Property_t* props[2] = {&prop, nullptr};
  Qnn_BackendHandle_t backend = reinterpret_cast<Qnn_BackendHandle_t>(o.backend);
  for (auto _ : state) {
    benchmark::DoNotOptimize(QnnBackend_getProperty(backend, props));
    benchmark::DoNotOptimize(req);
  }
}
BENCHMARK(BM_BackendAlignmentQuery);

void BM_GraphSizeQuery(benchmark::State& state) {
  Opened o(chain(1));
  uint32_t sizes[2] = {0, 0};
  QnnLpaiGraph_CustomProperty_t custom[2] = {QNN_LPAI_GRAPH_CUSTOM_PROPERTY_INIT,
                                             QNN_LPAI_GRAPH_CUSTOM_PROPERTY_INIT};
  custom[0].option = QNN_LPAI_GRAPH_GET_PROP_SCRATCH_MEM_SIZE;
  custom[0].property = &sizes[0];
  custom[1].option = QNN_LPAI_GRAPH_GET_PROP_PERSISTENT_MEM_SIZE;
  custom[1].property = &sizes[1];
  QnnGraph_Property_t prop[2] = {QNN_GRAPH_PROPERTY_INIT, QNN_GRAPH_PROPERTY_INIT};
  QnnGraph_Property_t* props[3] = {&prop[0], &prop[1], nullptr};
  for (int i = 0; i < 2; ++i) {
    prop[i].option = QNN_GRAPH_PROPERTY_OPTION_CUSTOM;
    prop[i].customProperty = &custom[i];
  }
  Qnn_GraphHandle_t graph = reinterpret_cast<Qnn_GraphHandle_t>(o.graph);
  for (auto _ : state) {
    benchmark::DoNotOptimize(QnnGraph_getProperty(graph, props));
    benchmark::DoNotOptimize(sizes);
  }
}
BENCHMARK(BM_GraphSizeQuery);

void BM_ContextCreateFree(benchmark::State& state) {
  const std::vector<uint8_t> bin = chain(64);
  Opened o(bin, false);
  if (rt::context_free(o.context) != Status::kOk) std::abort();
  for (auto _ : state) {
    rt::Handle c = 0;
    if (rt::context_create(o.backend, bin.data(), bin.size(), rt::kDefaultContextConfig, &c) !=
        Status::kOk) {
      state.SkipWithError("context create failed");
      break;
    }
    benchmark::DoNotOptimize(rt::context_free(c));
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bin.size()));
}
BENCHMARK(BM_ContextCreateFree);

void BM_Finalize(benchmark::State& state) {
  const std::vector<uint8_t> bin = chain(64);
  Opened o(bin, false);
  for (auto _ : state) {
    benchmark::DoNotOptimize(rt::graph_finalize(o.graph));
    state.PauseTiming();
    (void)rt::context_free(o.context);
    o.create(bin);
    state.ResumeTiming();
  }
}
BENCHMARK(BM_Finalize);

void BM_Dispatch(benchmark::State& state) {
  const int nodes = static_cast<int>(state.range(0));
  const std::vector<uint8_t> bin = chain(nodes);
  Opened o(bin);
  alignas(64) static uint8_t in[64];
  alignas(64) static uint8_t out[64];
  rt::IoTensor i{}, q{};
  i.id = 0;
  i.kind = rt::IoKind::kRaw;
  i.data = in;
  i.size = 1;
  q.id = static_cast<uint32_t>(nodes);
  q.kind = rt::IoKind::kRaw;
  q.data = out;
  q.size = 1;
  for (auto _ : state) {
    ++in[0];
    if (rt::graph_execute(o.graph, &i, 1, &q, 1) != Status::kOk) {
      state.SkipWithError("execute failed");
      break;
    }
    benchmark::DoNotOptimize(out[0]);
  }
  if (out[0] != in[0]) state.SkipWithError("wrong output");
  // kIsRate|kInvert reports seconds / value; value in units of 1e9 nodes gives ns per node.
  state.counters["ns_per_node"] = benchmark::Counter(
      static_cast<double>(state.iterations()) * nodes * 1e-9,
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Dispatch)->Arg(1)->Arg(16)->Arg(64)->Arg(256)->Arg(1024);

}  // namespace
