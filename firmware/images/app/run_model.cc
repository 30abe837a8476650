// One embedded model through the C shim, the way a firmware integration uses lpai-rt:
//
//   QnnBackend_create -> QnnBackend_getProperty (alignment)
//   QnnSystemContext_getBinaryInfo (graph name, IO tensors)
//   QnnContext_createFromBinary (mem_type config) -> QnnGraph_retrieve
//   QnnGraph_getProperty (scratch, persistent sizes) -> allocate aligned DDR buffers
//   QnnGraph_setConfig (scratch, persistent) -> QnnGraph_finalize
//   N x { copy input in, QnnGraph_execute with RAW tensors, print outputs and cycles }
//   QnnContext_free -> QnnBackend_free
//
// Scratch, persistent and IO buffers come from the application's own statically sized memory
// (g_app_memory), never from the firmware's pools. Printed lines: "model", "out" (compared
// with the host run, bit for bit), "perf" and "nodes" (platform figures, in the unit of the
// HAL's cycle source, named on each line: "qemu-packets" / "qemu-insn" under QEMU with the
// qemu-insn plugin, "upcycle" / "dwt-cyccnt" / "systick" on hardware).
#include "run_model.h"

#include "console.h"
#include "core/checked_math.h"
#include "core/log.h"
#include "lpai/hal.h"
#include "lpai/hal_target.h"
#include "lpai/qnn_compat.h"
#include "stack_probe.h"

#ifndef LPAI_IMAGE_APP_MEMORY_BYTES
#define LPAI_IMAGE_APP_MEMORY_BYTES (4u * 1024u * 1024u)
#endif

namespace lpai_image {
namespace {

constexpr uint32_t kMaxIo = 8;
constexpr uint32_t kMaxPrintedNodes = 128;
constexpr unsigned kBenchRuns = 4;  // identical inferences per model for the figures
constexpr size_t kAppMemoryBytes = LPAI_IMAGE_APP_MEMORY_BYTES;

// The application's memory for scratch, persistent and IO buffers (bump allocated per model).
alignas(4096) uint8_t g_app_memory[kAppMemoryBytes];
size_t g_app_used = 0;

uint8_t* app_alloc(size_t size, size_t alignment) {
  const uintptr_t base = reinterpret_cast<uintptr_t>(g_app_memory);
  const uintptr_t start = (base + g_app_used + alignment - 1) & ~(uintptr_t{alignment} - 1);
  const size_t offset = static_cast<size_t>(start - base);
  if (offset > kAppMemoryBytes || size > kAppMemoryBytes - offset) return nullptr;
  g_app_used = offset + size;
  return g_app_memory + offset;
}

// Unit of every lpai_hal_cycles() figure printed (the cycle source's name).
const char* unit() { return lpai_target_cycle_source_name(lpai_target_cycle_source()); }

uint32_t element_bytes(Qnn_DataType_t type) {
  switch (static_cast<uint32_t>(type) & 0xFFu) {
    case 0x08:
      return 1;
    case 0x16:
      return 2;
    case 0x32:
      return 4;
    case 0x64:
      return 8;
    default:
      return 0;
  }
}

size_t tensor_bytes(const Qnn_Tensor_t& t) {
  size_t n = element_bytes(t.v1.dataType);
  for (uint32_t i = 0; i < t.v1.rank; ++i) n *= t.v1.dimensions[i];
  return n;
}

bool failed(const char* model, const char* call, Qnn_ErrorHandle_t err) {
  if (err == QNN_SUCCESS) return false;
  print_line("error %s: %s failed with code %u", model, call,
             static_cast<unsigned>(QNN_GET_ERROR_CODE(err)));
  return true;
}

// Properties of a graph: one uint32_t per option.
bool graph_size(Qnn_GraphHandle_t graph, QnnLpaiGraph_GetPropertyOption_t option,
                uint32_t* value, const char* model) {
  QnnLpaiGraph_CustomProperty_t custom = QNN_LPAI_GRAPH_CUSTOM_PROPERTY_INIT;
  custom.option = option;
  custom.property = value;
  QnnGraph_Property_t property = QNN_GRAPH_PROPERTY_INIT;
  property.option = QNN_GRAPH_PROPERTY_OPTION_CUSTOM;
  property.customProperty = &custom;
  QnnGraph_Property_t* list[] = {&property, nullptr};
  return !failed(model, "QnnGraph_getProperty", QnnGraph_getProperty(graph, list));
}

// Deepest stack of a model's executes (stack_probe.h), printed as "stack: <model> execute <N>
// bytes" ("<N> or more" when a run overran the painted window); nothing where the stack is
// not measured (host). The figure includes the cycle-counter reads right before and after the
// call, which use far less stack than the execute itself.
struct PeakStack {
  bool valid = false;
  bool exhausted = false;
  size_t bytes = 0;
  void add(const StackUse& use) {
    if (!use.valid) return;
    valid = true;
    exhausted = exhausted || use.exhausted;
    if (use.bytes > bytes) bytes = use.bytes;
  }
  void print(const char* model) const {
    if (!valid) return;
    print_line("stack: %s execute %u%s bytes", model, static_cast<unsigned>(bytes),
               exhausted ? " or more" : "");
  }
};

bool run_graph(const lpai_image_model_t& m, Qnn_ContextHandle_t context,
               const QnnSystemContext_GraphInfoV1_t& info,
               const QnnLpaiBackend_BufferAlignmentReq_t& align) {
  Qnn_GraphHandle_t graph = nullptr;
  if (failed(m.name, "QnnGraph_retrieve", QnnGraph_retrieve(context, info.graphName, &graph))) {
    return false;
  }
  uint32_t scratch_size = 0;
  uint32_t persistent_size = 0;
  uint32_t profile_size = 0;
  if (!graph_size(graph, QNN_LPAI_GRAPH_GET_PROP_SCRATCH_MEM_SIZE, &scratch_size, m.name) ||
      !graph_size(graph, QNN_LPAI_GRAPH_GET_PROP_PERSISTENT_MEM_SIZE, &persistent_size, m.name) ||
      !graph_size(graph, QNN_LPAI_GRAPH_GET_PROP_PROFILE_BUFFER_SIZE, &profile_size, m.name)) {
    return false;
  }
  print_line("model %s: graph=%s inputs=%u outputs=%u scratch=%u persistent=%u", m.name,
             info.graphName, static_cast<unsigned>(info.numGraphInputs),
             static_cast<unsigned>(info.numGraphOutputs), static_cast<unsigned>(scratch_size),
             static_cast<unsigned>(persistent_size));

  // Scratch and persistent: DDR, start and size aligned as the backend requires.
  QnnLpaiGraph_Mem_t scratch = QNN_LPAI_GRAPH_MEM_INIT;
  QnnLpaiGraph_Mem_t persistent = QNN_LPAI_GRAPH_MEM_INIT;
  QnnLpaiGraph_CustomConfig_t scratch_cfg = QNN_LPAI_GRAPH_CUSTOM_CONFIG_INIT;
  QnnLpaiGraph_CustomConfig_t persistent_cfg = QNN_LPAI_GRAPH_CUSTOM_CONFIG_INIT;
  QnnGraph_Config_t configs[3] = {QNN_GRAPH_CONFIG_INIT, QNN_GRAPH_CONFIG_INIT,
                                  QNN_GRAPH_CONFIG_INIT};
  const QnnGraph_Config_t* config_list[4] = {nullptr, nullptr, nullptr, nullptr};
  uint32_t num_configs = 0;
  if (scratch_size > 0) {
    scratch.memType = QNN_LPAI_MEM_TYPE_DDR;
    scratch.size = static_cast<uint32_t>(lpai::align_up(scratch_size, align.sizeAlignment));
    scratch.addr = app_alloc(scratch.size, align.startAddrAlignment);
    scratch_cfg.option = QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM;
    scratch_cfg.config = &scratch;
    configs[num_configs].option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
    configs[num_configs].customConfig = &scratch_cfg;
    config_list[num_configs] = &configs[num_configs];
    ++num_configs;
  }
  if (persistent_size > 0) {
    persistent.memType = QNN_LPAI_MEM_TYPE_DDR;
    persistent.size = static_cast<uint32_t>(lpai::align_up(persistent_size, align.sizeAlignment));
    persistent.addr = app_alloc(persistent.size, align.startAddrAlignment);
    persistent_cfg.option = QNN_LPAI_GRAPH_SET_CFG_PERSISTENT_MEM;
    persistent_cfg.config = &persistent;
    configs[num_configs].option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
    configs[num_configs].customConfig = &persistent_cfg;
    config_list[num_configs] = &configs[num_configs];
    ++num_configs;
  }
  // Per-node profiling records into a buffer of ours (the firmware reserves none).
  QnnLpaiGraph_ProfileBuffer_t profile = QNN_LPAI_GRAPH_PROFILE_BUFFER_INIT;
  QnnLpaiGraph_CustomConfig_t profile_cfg = QNN_LPAI_GRAPH_CUSTOM_CONFIG_INIT;
  profile.size = profile_size;
  profile.addr = app_alloc(profile_size, QNN_LPAI_PROFILE_BUFFER_ALIGNMENT);
  profile_cfg.option = QNN_LPAI_GRAPH_SET_CFG_PROFILE_BUFFER;
  profile_cfg.config = &profile;
  configs[num_configs].option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
  configs[num_configs].customConfig = &profile_cfg;
  config_list[num_configs] = &configs[num_configs];
  ++num_configs;
  if ((scratch_size > 0 && scratch.addr == nullptr) ||
      (persistent_size > 0 && persistent.addr == nullptr) || profile.addr == nullptr) {
    print_line("error %s: application memory (%zu bytes) too small for scratch + persistent",
               m.name, kAppMemoryBytes);
    return false;
  }
  if (num_configs > 0 &&
      failed(m.name, "QnnGraph_setConfig", QnnGraph_setConfig(graph, config_list))) {
    return false;
  }
  const uint64_t t_finalize = lpai_hal_cycles();
  if (failed(m.name, "QnnGraph_finalize", QnnGraph_finalize(graph, nullptr, nullptr))) {
    return false;
  }
  const uint64_t finalize_cycles = lpai_hal_cycles() - t_finalize;

  // IO tensors: the binary info's descriptions with RAW client buffers of our own.
  if (info.numGraphInputs > kMaxIo || info.numGraphOutputs > kMaxIo) {
    print_line("error %s: more than %u inputs or outputs", m.name,
               static_cast<unsigned>(kMaxIo));
    return false;
  }
  Qnn_Tensor_t inputs[kMaxIo];
  Qnn_Tensor_t outputs[kMaxIo];
  size_t input_total = 0;
  for (uint32_t i = 0; i < info.numGraphInputs; ++i) {
    inputs[i] = info.graphInputs[i];
    const size_t bytes = tensor_bytes(inputs[i]);
    inputs[i].v1.memType = QNN_TENSORMEMTYPE_RAW;
    inputs[i].v1.clientBuf.data =
        app_alloc(lpai::align_up(bytes, align.sizeAlignment), align.startAddrAlignment);
    inputs[i].v1.clientBuf.dataSize = static_cast<uint32_t>(bytes);
    if (inputs[i].v1.clientBuf.data == nullptr) return false;
    input_total += bytes;
  }
  for (uint32_t j = 0; j < info.numGraphOutputs; ++j) {
    outputs[j] = info.graphOutputs[j];
    const size_t bytes = tensor_bytes(outputs[j]);
    outputs[j].v1.memType = QNN_TENSORMEMTYPE_RAW;
    outputs[j].v1.clientBuf.data =
        app_alloc(lpai::align_up(bytes, align.sizeAlignment), align.startAddrAlignment);
    outputs[j].v1.clientBuf.dataSize = static_cast<uint32_t>(bytes);
    if (outputs[j].v1.clientBuf.data == nullptr) return false;
  }
  if (input_total != m.input_bytes) {
    print_line("error %s: payload has %u input bytes per inference, the graph takes %zu", m.name,
               static_cast<unsigned>(m.input_bytes), input_total);
    return false;
  }
  print_line("perf %s: unit=%s finalize=%llu", m.name, unit(),
             static_cast<unsigned long long>(finalize_cycles));

  (void)QnnLpaiGraph_setProfiling(graph, 1);
  PeakStack stack;
  for (unsigned k = 0; k < m.num_inferences; ++k) {
    // Stage this inference's inputs (as a sensor driver would fill the input buffers).
    const uint8_t* src = m.inputs + static_cast<size_t>(k) * m.input_bytes;
    for (uint32_t i = 0; i < info.numGraphInputs; ++i) {
      uint8_t* dst = static_cast<uint8_t*>(inputs[i].v1.clientBuf.data);
      for (uint32_t b = 0; b < inputs[i].v1.clientBuf.dataSize; ++b) dst[b] = src[b];
      src += inputs[i].v1.clientBuf.dataSize;
    }
    const StackWindow window = stack_paint(current_stack_pointer());
    const uint64_t t0 = lpai_hal_cycles();
    const Qnn_ErrorHandle_t err = QnnGraph_execute(graph, inputs, info.numGraphInputs, outputs,
                                                   info.numGraphOutputs, nullptr, nullptr);
    const uint64_t execute_cycles = lpai_hal_cycles() - t0;
    stack.add(stack_scan(window));
    if (failed(m.name, "QnnGraph_execute", err)) return false;
    for (unsigned j = 0; j < info.numGraphOutputs; ++j) {
      char prefix[96];
      lpai::format_to(prefix, sizeof(prefix), "out %s %u %u", m.name, k, j);
      print_hex(prefix, static_cast<const uint8_t*>(outputs[j].v1.clientBuf.data),
                outputs[j].v1.clientBuf.dataSize);
    }
    QnnLpaiGraph_Counters_t counters = QNN_LPAI_GRAPH_COUNTERS_INIT;
    (void)QnnLpaiGraph_getCounters(graph, &counters);
    print_line("perf %s %u: unit=%s execute=%llu in_graph=%llu", m.name, k, unit(),
               static_cast<unsigned long long>(execute_cycles),
               static_cast<unsigned long long>(counters.lastExecuteCycles));
  }

  // Benchmark: kBenchRuns identical inferences (the input of inference 0), each with its
  // per-node figures (profiling is on). scripts/cycle-report.sh takes the median.
  for (unsigned r = 0; r < kBenchRuns; ++r) {
    const uint8_t* src = m.inputs;
    for (uint32_t i = 0; i < info.numGraphInputs; ++i) {
      uint8_t* dst = static_cast<uint8_t*>(inputs[i].v1.clientBuf.data);
      for (uint32_t b = 0; b < inputs[i].v1.clientBuf.dataSize; ++b) dst[b] = src[b];
      src += inputs[i].v1.clientBuf.dataSize;
    }
    const StackWindow window = stack_paint(current_stack_pointer());
    const uint64_t t0 = lpai_hal_cycles();
    const Qnn_ErrorHandle_t err = QnnGraph_execute(graph, inputs, info.numGraphInputs, outputs,
                                                   info.numGraphOutputs, nullptr, nullptr);
    const uint64_t execute_cycles = lpai_hal_cycles() - t0;
    stack.add(stack_scan(window));
    if (failed(m.name, "QnnGraph_execute", err)) return false;
    QnnLpaiGraph_Counters_t counters = QNN_LPAI_GRAPH_COUNTERS_INIT;
    (void)QnnLpaiGraph_getCounters(graph, &counters);
    print_line("bench %s %u: unit=%s execute=%llu in_graph=%llu", m.name, r, unit(),
               static_cast<unsigned long long>(execute_cycles),
               static_cast<unsigned long long>(counters.lastExecuteCycles));
    uint64_t node_cycles[kMaxPrintedNodes];
    uint32_t num_nodes = 0;
    if (QnnLpaiGraph_getNodeCycles(graph, node_cycles, kMaxPrintedNodes, &num_nodes) ==
        QNN_SUCCESS) {
      const uint32_t shown = num_nodes < kMaxPrintedNodes ? num_nodes : kMaxPrintedNodes;
      for (unsigned n = 0; n < shown; ++n) {
        print_line("nodes %s %u %u: unit=%s value=%llu", m.name, r, n, unit(),
                   static_cast<unsigned long long>(node_cycles[n]));
      }
    }
  }
  stack.print(m.name);
  return true;
}

}  // namespace

bool run_model(const lpai_image_model_t& m) {
  g_app_used = 0;
  const uint64_t t_load = lpai_hal_cycles();

  Qnn_BackendHandle_t backend = nullptr;
  if (failed(m.name, "QnnBackend_create", QnnBackend_create(nullptr, nullptr, &backend))) {
    return false;
  }
  bool ok = true;

  // Graph name and IO descriptions from the binary.
  QnnSystemContext_Handle_t system = nullptr;
  const QnnSystemContext_BinaryInfo_t* binary_info = nullptr;
  Qnn_ContextBinarySize_t info_size = 0;
  ok = ok && !failed(m.name, "QnnSystemContext_create", QnnSystemContext_create(&system));
  ok = ok && !failed(m.name, "QnnSystemContext_getBinaryInfo",
                     QnnSystemContext_getBinaryInfo(system, const_cast<uint8_t*>(m.binary),
                                                    m.binary_size, &binary_info, &info_size));
  if (ok && binary_info->contextBinaryInfoV1.numGraphs != 1) {
    print_line("error %s: %u graphs in the binary, expected 1", m.name,
               static_cast<unsigned>(binary_info->contextBinaryInfoV1.numGraphs));
    ok = false;
  }

  Qnn_ContextHandle_t context = nullptr;
  if (ok) {
    QnnLpaiMem_MemType_t mem_type = static_cast<QnnLpaiMem_MemType_t>(m.mem_type);
    QnnLpaiContext_CustomConfig_t mem_cfg = QNN_LPAI_CONTEXT_CUSTOM_CONFIG_INIT;
    mem_cfg.option = QNN_LPAI_CONTEXT_SET_CFG_MEM_TYPE;
    mem_cfg.config = &mem_type;
    QnnContext_Config_t cfg = QNN_CONTEXT_CONFIG_INIT;
    cfg.option = QNN_CONTEXT_CONFIG_OPTION_CUSTOM;
    cfg.customConfig = &mem_cfg;
    const QnnContext_Config_t* cfg_list[] = {&cfg, nullptr};
    ok = !failed(m.name, "QnnContext_createFromBinary",
                 QnnContext_createFromBinary(backend, nullptr, cfg_list, m.binary, m.binary_size,
                                             &context, nullptr));
  }
  // The alignment query follows the load: the backend's answer includes the plan start
  // alignment of every loaded context, which the scratch, persistent and IO buffers must honour.
  QnnLpaiBackend_BufferAlignmentReq_t align = QNN_LPAI_BACKEND_BUFFER_ALIGNMENT_REQ_INIT;
  if (ok) {
    QnnLpaiBackend_CustomProperty_t custom = QNN_LPAI_BACKEND_CUSTOM_PROPERTY_INIT;
    custom.option = QNN_LPAI_BACKEND_GET_PROP_ALIGNMENT_REQ;
    custom.property = &align;
    QnnBackend_Property_t property = QNN_BACKEND_PROPERTY_INIT;
    property.option = QNN_BACKEND_PROPERTY_OPTION_CUSTOM;
    property.customProperty = &custom;
    QnnBackend_Property_t* properties[] = {&property, nullptr};
    ok = !failed(m.name, "QnnBackend_getProperty", QnnBackend_getProperty(backend, properties));
  }
  if (ok) {
    print_line("model %s: binary=%u bytes mem_type=%s alignment=%u/%u", m.name,
               static_cast<unsigned>(m.binary_size),
               m.mem_type == QNN_LPAI_MEM_TYPE_TCM ? "tcm" : "ddr",
               static_cast<unsigned>(align.startAddrAlignment),
               static_cast<unsigned>(align.sizeAlignment));
    print_line("perf %s: unit=%s load=%llu", m.name, unit(),
               static_cast<unsigned long long>(lpai_hal_cycles() - t_load));
    const QnnSystemContext_GraphInfoV1_t& graph_info =
        binary_info->contextBinaryInfoV1.graphs[0].graphInfoV1;
    ok = run_graph(m, context, graph_info, align);
  }

  if (context != nullptr) {
    ok = !failed(m.name, "QnnContext_free", QnnContext_free(context, nullptr)) && ok;
  }
  if (system != nullptr) {
    ok = !failed(m.name, "QnnSystemContext_free", QnnSystemContext_free(system)) && ok;
  }
  ok = !failed(m.name, "QnnBackend_free", QnnBackend_free(backend)) && ok;
  return ok;
}

}  // namespace lpai_image
