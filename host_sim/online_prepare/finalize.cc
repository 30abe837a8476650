// Online prepare: QnnGraph_finalize of an online graph (the offline prepare pipeline in
// memory, then the firmware load) and the link-time entry points through which every QNN call
// taking a context or graph handle reaches online handles.
#include <algorithm>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "LPAI/QnnLpaiGraph.h"
#include "QnnMem.h"
#include "core/log.h"
#include "online_prepare/online_state.h"
#include "prepare/planner.h"
#include "prepare/prepare.h"

namespace lpai {
namespace online {
namespace {

using prepare::PrepTensor;

// The firmware handle online context/graph `h` became at finalize, or nullptr with *error.
Qnn_Handle_t resolve_online(Qnn_Handle_t h, bool graph, Qnn_ErrorHandle_t* error) {
  Context* c = find(h, graph);
  if (c == nullptr) {
    LPAI_LOG_ERROR("online prepare: %s handle %p is not a live online %s",
                   graph ? "graph" : "context", h, graph ? "graph" : "context");
    *error = ret(graph ? Status::kGraphInvalidHandle : Status::kContextInvalidHandle);
    return nullptr;
  }
  if (c->graph == nullptr || !c->graph->finalized) {
    LPAI_LOG_ERROR("online prepare: %s \"%s\" is not finalized (an online graph reaches the "
                   "firmware at QnnGraph_finalize)",
                   c->graph ? "graph" : "context without graph",
                   c->graph ? c->graph->name.c_str() : "");
    *error = ret(Status::kGraphNotFinalized);
    return nullptr;
  }
  return graph ? c->graph->fw_graph : c->graph->fw_context;
}

bool finalize_checks(const Graph& g, bool* memhandle) {
  if (g.nodes.empty()) {
    LPAI_LOG_ERROR("graph finalize: online graph \"%s\" has no node", g.name.c_str());
    return false;
  }
  int n_in = 0, n_out = 0, n_raw = 0, n_mh = 0;
  for (const Tensor& t : g.tensors) {
    if (t.type != QNN_TENSOR_TYPE_APP_WRITE && t.type != QNN_TENSOR_TYPE_APP_READ) continue;
    (t.type == QNN_TENSOR_TYPE_APP_WRITE ? n_in : n_out) += 1;
    (t.mem_type == QNN_TENSORMEMTYPE_MEMHANDLE ? n_mh : n_raw) += 1;
    if (t.type == QNN_TENSOR_TYPE_APP_READ && t.written_by < 0) {
      LPAI_LOG_ERROR("graph finalize: online graph \"%s\": output %s is not written by any node",
                     g.name.c_str(), tensor_label(t).c_str());
      return false;
    }
  }
  if (n_in == 0 || n_out == 0) {
    LPAI_LOG_ERROR("graph finalize: online graph \"%s\" has %d APP_WRITE and %d APP_READ "
                   "tensors (at least one each)",
                   g.name.c_str(), n_in, n_out);
    return false;
  }
  if (n_raw != 0 && n_mh != 0) {
    LPAI_LOG_ERROR("graph finalize: online graph \"%s\": %d IO tensors are RAW and %d MEMHANDLE; "
                   "the IO memory hint is one per graph",
                   g.name.c_str(), n_raw, n_mh);
    return false;
  }
  *memhandle = n_mh != 0;
  return true;
}

// Builds the PrepGraph of `g` (data pointers into g's tensors; g must outlive it).
prepare::PrepGraph build_prep_graph(const Graph& g) {
  prepare::PrepGraph pg;
  pg.name = g.name;
  for (const Tensor& t : g.tensors) {
    PrepTensor& p = pg.add_tensor();
    const int index = p.index;
    p = t.t;
    p.index = index;
    if (t.type == QNN_TENSOR_TYPE_APP_WRITE) pg.inputs.push_back(index);
    if (t.type == QNN_TENSOR_TYPE_APP_READ) pg.outputs.push_back(index);
  }
  pg.alias_of = g.alias_of;
  for (size_t k = 0; k < g.nodes.size(); ++k) {
    const Node& n = g.nodes[k];
    if (n.builtin == kAliasNode) continue;
    prepare::PrepOp op;
    op.builtin = n.builtin;
    op.node_index = static_cast<int>(k);
    op.options = n.options;
    for (int id : n.inputs) op.inputs.push_back(&pg.tensors[id]);
    for (int id : n.outputs) op.outputs.push_back(&pg.tensors[id]);
    pg.ops.push_back(std::move(op));
  }
  return pg;
}

}  // namespace

Qnn_ErrorHandle_t free_online_context(Qnn_ContextHandle_t context) {
  Context* c = find(context, false);
  if (c == nullptr) {
    LPAI_LOG_ERROR("context free: online context handle %p is not live", context);
    return ret(Status::kContextInvalidHandle);
  }
  if (c->graph != nullptr && c->graph->fw_context != nullptr) {
    const Qnn_ErrorHandle_t rc = QnnContext_free(c->graph->fw_context, nullptr);
    if (rc != QNN_SUCCESS) return rc;  // the firmware logged why; nothing changed
  }
  c->graph.reset();
  c->live = false;
  return QNN_SUCCESS;
}

Qnn_ErrorHandle_t finalize_online_graph(Qnn_GraphHandle_t graph) {
  Context* c = find(graph, true);
  if (c == nullptr) {
    LPAI_LOG_ERROR("graph finalize: online graph handle %p is not live", graph);
    return ret(Status::kGraphInvalidHandle);
  }
  Graph& g = *c->graph;
  if (g.finalized) {
    LPAI_LOG_ERROR("graph finalize: online graph \"%s\" is already finalized", g.name.c_str());
    return ret(Status::kGraphAlreadyFinalized);
  }
  bool memhandle = false;
  if (!finalize_checks(g, &memhandle)) return ret(Status::kGraphInvalidArgument);

  prepare::PlanOptions options;
  options.start_alignment = c->start_alignment;
  options.size_alignment = c->size_alignment;
  options.io_memhandle = memhandle;
  prepare::PrepareOutput out;
  const host::HostStatus prepared = prepare::prepare_graph(build_prep_graph(g), options, &out);
  if (!prepared.ok()) {
    LPAI_LOG_ERROR("graph finalize: online graph \"%s\": %s", g.name.c_str(),
                   prepared.error().c_str());
    return ret(Status::kGraphInvalidArgument);
  }
  for (size_t i = 0; i < g.tensors.size(); ++i) {
    if (!out.plan.used[i]) {
      LPAI_LOG_ERROR("graph finalize: online graph \"%s\": %s is used by no node (dead tensor)",
                     g.name.c_str(), tensor_label(g.tensors[i]).c_str());
      return ret(Status::kGraphInvalidArgument);
    }
  }

  // Load into the firmware (from an aligned copy, as QnnContext_createFromBinary expects).
  host::AlignedBytes copy(out.binary.size(), 64);
  std::memcpy(copy.data(), out.binary.data(), out.binary.size());
  QnnLpaiMem_MemType_t mem_type = c->mem_type;
  QnnLpaiContext_CustomConfig_t custom = {QNN_LPAI_CONTEXT_SET_CFG_MEM_TYPE, &mem_type};
  QnnContext_Config_t cfg = QNN_CONTEXT_CONFIG_INIT;
  cfg.option = QNN_CONTEXT_CONFIG_OPTION_CUSTOM;
  cfg.customConfig = &custom;
  const QnnContext_Config_t* cfgs[2] = {c->has_mem_type ? &cfg : nullptr, nullptr};
  Qnn_ContextHandle_t fw_context = nullptr;
  Qnn_ErrorHandle_t rc = QnnContext_createFromBinary(c->backend, nullptr, cfgs, copy.data(),
                                                     out.binary.size(), &fw_context, nullptr);
  if (rc != QNN_SUCCESS) return rc;
  Qnn_GraphHandle_t fw_graph = nullptr;
  uint32_t scratch_size = 0, persistent_size = 0;
  host::AlignedBytes scratch, persistent;
  rc = QnnGraph_retrieve(fw_context, out.graph.name.c_str(), &fw_graph);
  if (rc == QNN_SUCCESS) {
    QnnLpaiGraph_CustomProperty_t sp = {QNN_LPAI_GRAPH_GET_PROP_SCRATCH_MEM_SIZE, &scratch_size};
    QnnLpaiGraph_CustomProperty_t pp = {QNN_LPAI_GRAPH_GET_PROP_PERSISTENT_MEM_SIZE,
                                        &persistent_size};
    QnnGraph_Property_t props[2] = {QNN_GRAPH_PROPERTY_INIT, QNN_GRAPH_PROPERTY_INIT};
    props[0].option = props[1].option = QNN_GRAPH_PROPERTY_OPTION_CUSTOM;
    props[0].customProperty = &sp;
    props[1].customProperty = &pp;
    QnnGraph_Property_t* prop_list[3] = {&props[0], &props[1], nullptr};
    rc = QnnGraph_getProperty(fw_graph, prop_list);
  }
  if (rc == QNN_SUCCESS) {
    const size_t align = std::max<size_t>(64, c->start_alignment);
    scratch = host::AlignedBytes(scratch_size, align);
    persistent = host::AlignedBytes(persistent_size, align);
    QnnLpaiGraph_Mem_t sm = {QNN_LPAI_MEM_TYPE_DDR, scratch_size, scratch.data()};
    QnnLpaiGraph_Mem_t pm = {QNN_LPAI_MEM_TYPE_DDR, persistent_size, persistent.data()};
    QnnLpaiGraph_CustomConfig_t sc = {QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM, &sm};
    QnnLpaiGraph_CustomConfig_t pc = {QNN_LPAI_GRAPH_SET_CFG_PERSISTENT_MEM, &pm};
    QnnGraph_Config_t gc[2] = {QNN_GRAPH_CONFIG_INIT, QNN_GRAPH_CONFIG_INIT};
    gc[0].option = gc[1].option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
    gc[0].customConfig = &sc;
    gc[1].customConfig = &pc;
    std::vector<const QnnGraph_Config_t*> list;
    if (scratch_size > 0) list.push_back(&gc[0]);
    if (persistent_size > 0) list.push_back(&gc[1]);
    list.push_back(nullptr);
    if (list.size() > 1) rc = QnnGraph_setConfig(fw_graph, list.data());
  }
  if (rc == QNN_SUCCESS) rc = QnnGraph_finalize(fw_graph, nullptr, nullptr);
  if (rc != QNN_SUCCESS) {
    (void)QnnContext_free(fw_context, nullptr);  // the failing call logged why
    return rc;
  }
  g.binary = std::move(out.binary);
  g.fw_context = fw_context;
  g.fw_graph = fw_graph;
  g.scratch = std::move(scratch);
  g.persistent = std::move(persistent);
  g.finalized = true;
  return QNN_SUCCESS;
}


}  // namespace online
}  // namespace lpai

namespace on = lpai::online;

// ---- link-time entry points ------------------------------------------------------------------
// A program that links this library is linked with -Wl,--wrap=<name> for each QNN call below
// (CMakeLists.txt): every reference to <name> binds to __wrap_<name>, which passes firmware
// handles to the firmware's own definition (__real_<name>) unchanged and resolves online ones
// here. The firmware carries no trace of online prepare.
namespace {

// Replaces an online handle by its firmware handle; false with *rc when it has none.
bool to_firmware(Qnn_Handle_t* h, bool graph, Qnn_ErrorHandle_t* rc) {
  if (!on::is_online_handle(*h)) return true;
  const Qnn_Handle_t fw = on::resolve_online(*h, graph, rc);
  if (fw == nullptr) return false;
  *h = fw;
  return true;
}

}  // namespace

// __wrap_<name>: the handle parameter `h` (a graph handle when `graph`) made a firmware
// handle, then the firmware's call.
#define LPAI_ONLINE_WRAP(name, h, graph, params, args)                 \
  Qnn_ErrorHandle_t __real_##name params;                              \
  Qnn_ErrorHandle_t __wrap_##name params {                             \
    Qnn_ErrorHandle_t rc = QNN_SUCCESS;                                \
    if (!to_firmware(&h, graph, &rc)) return rc;                       \
    return __real_##name args;                                         \
  }

extern "C" {

Qnn_ErrorHandle_t __real_QnnContext_free(Qnn_ContextHandle_t context, Qnn_ProfileHandle_t profile);
Qnn_ErrorHandle_t __wrap_QnnContext_free(Qnn_ContextHandle_t context, Qnn_ProfileHandle_t profile) {
  if (on::is_online_handle(context)) return on::free_online_context(context);
  return __real_QnnContext_free(context, profile);
}

Qnn_ErrorHandle_t __real_QnnGraph_finalize(Qnn_GraphHandle_t graph, Qnn_ProfileHandle_t profile,
                                           Qnn_SignalHandle_t signal);
Qnn_ErrorHandle_t __wrap_QnnGraph_finalize(Qnn_GraphHandle_t graph, Qnn_ProfileHandle_t profile,
                                           Qnn_SignalHandle_t signal) {
  if (on::is_online_handle(graph)) return on::finalize_online_graph(graph);
  return __real_QnnGraph_finalize(graph, profile, signal);
}

LPAI_ONLINE_WRAP(QnnGraph_retrieve, context, false,
                 (Qnn_ContextHandle_t context, const char* graphName, Qnn_GraphHandle_t* graph),
                 (context, graphName, graph))
LPAI_ONLINE_WRAP(QnnMem_register, context, false,
                 (Qnn_ContextHandle_t context, const Qnn_MemDescriptor_t* descriptors,
                  uint32_t numDescriptors, Qnn_MemHandle_t* memHandles),
                 (context, descriptors, numDescriptors, memHandles))
LPAI_ONLINE_WRAP(QnnGraph_getProperty, graph, true,
                 (Qnn_GraphHandle_t graph, QnnGraph_Property_t** properties), (graph, properties))
LPAI_ONLINE_WRAP(QnnGraph_setConfig, graph, true,
                 (Qnn_GraphHandle_t graph, const QnnGraph_Config_t** config), (graph, config))
LPAI_ONLINE_WRAP(QnnGraph_execute, graph, true,
                 (Qnn_GraphHandle_t graph, const Qnn_Tensor_t* inputs, uint32_t numInputs,
                  Qnn_Tensor_t* outputs, uint32_t numOutputs, Qnn_ProfileHandle_t profile,
                  Qnn_SignalHandle_t signal),
                 (graph, inputs, numInputs, outputs, numOutputs, profile, signal))
LPAI_ONLINE_WRAP(QnnLpaiGraph_getCounters, graph, true,
                 (Qnn_GraphHandle_t graph, QnnLpaiGraph_Counters_t* counters), (graph, counters))
LPAI_ONLINE_WRAP(QnnLpaiGraph_setProfiling, graph, true, (Qnn_GraphHandle_t graph, uint32_t enable),
                 (graph, enable))
LPAI_ONLINE_WRAP(QnnLpaiGraph_getNodeCycles, graph, true,
                 (Qnn_GraphHandle_t graph, uint64_t* cycles, uint32_t capacity, uint32_t* numNodes),
                 (graph, cycles, capacity, numNodes))
LPAI_ONLINE_WRAP(QnnLpaiGraph_resetPersistent, graph, true, (Qnn_GraphHandle_t graph), (graph))
LPAI_ONLINE_WRAP(QnnLpaiGraph_releaseIo, graph, true, (Qnn_GraphHandle_t graph), (graph))

}  // extern "C"

#undef LPAI_ONLINE_WRAP
