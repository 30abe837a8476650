// Online prepare: the four graph-building calls (QnnContext_create, QnnGraph_create,
// QnnTensor_createGraphTensor, QnnGraph_addNode; contracts in QnnGraph.h) on host memory.
// The firmware defines the same names (they answer NOT_SUPPORTED there); a program linking this
// library is linked with --wrap for them (CMakeLists.txt), so its calls land on the __wrap_
// definitions below.
#include <algorithm>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "LPAI/QnnLpaiBackend.h"
#include "core/log.h"
#include "lpai/hal.h"
#include "online_prepare/online_state.h"
#include "online_prepare/op_map.h"
#include "prepare/prepare.h"

namespace lpai {
namespace online {
namespace {

// Graph of a live online graph handle that is still being built; logs and sets *rc otherwise.
Graph* building_graph(Qnn_GraphHandle_t graph, const char* what, Qnn_ErrorHandle_t* rc) {
  Context* c = find(graph, true);
  if (c == nullptr) {
    LPAI_LOG_ERROR("%s: graph handle %p is not a live online graph", what, graph);
    *rc = ret(Status::kGraphInvalidHandle);
    return nullptr;
  }
  if (c->graph->finalized) {
    LPAI_LOG_ERROR("%s: online graph \"%s\" is already finalized", what, c->graph->name.c_str());
    *rc = ret(Status::kGraphAlreadyFinalized);
    return nullptr;
  }
  return c->graph.get();
}

// Node inputs/outputs: created tensors by id, with a matching name when one is given.
Status resolve_tensors(const Graph& g, const Qnn_Tensor_t* list, uint32_t n, const char* what,
                       const std::string& where, std::vector<int>* ids) {
  if (n > 0 && list == nullptr) {
    LPAI_LOG_ERROR("graph add node: %s: %u %s announced but the array is null", where.c_str(), n,
                   what);
    return Status::kGraphInvalidArgument;
  }
  for (uint32_t i = 0; i < n; ++i) {
    const Qnn_Tensor_t& q = list[i];
    if (q.version != QNN_TENSOR_VERSION_1) {
      LPAI_LOG_ERROR("graph add node: %s: %s %u has tensor version %u", where.c_str(), what, i,
                     static_cast<uint32_t>(q.version));
      return Status::kTensorInvalidArgument;
    }
    if (q.v1.id >= g.tensors.size()) {
      LPAI_LOG_ERROR("graph add node: %s: %s %u has id %u; the graph has %zu tensors",
                     where.c_str(), what, i, q.v1.id, g.tensors.size());
      return Status::kTensorUnknownId;
    }
    const Tensor& t = g.tensors[q.v1.id];
    if (q.v1.name != nullptr && t.t.name != q.v1.name) {
      LPAI_LOG_ERROR("graph add node: %s: %s %u is named '%s' but id %u is %s", where.c_str(), what,
                     i, q.v1.name, q.v1.id, tensor_label(t).c_str());
      return Status::kTensorInvalidArgument;
    }
    ids->push_back(static_cast<int>(q.v1.id));
  }
  return Status::kOk;
}

}  // namespace
}  // namespace online
}  // namespace lpai

using lpai::Status;
using lpai::online::Context;
using lpai::online::Graph;
using lpai::online::Node;
using lpai::online::Tensor;
namespace on = lpai::online;

extern "C" {

Qnn_ErrorHandle_t __wrap_QnnContext_create(Qnn_BackendHandle_t backend,
                                           Qnn_DeviceHandle_t /*device*/,
                                           const QnnContext_Config_t** config,
                                           Qnn_ContextHandle_t* context) {
  // Validates the backend handle (the answer itself is not used: see the plan alignment below).
  QnnLpaiBackend_BufferAlignmentReq_t align = QNN_LPAI_BACKEND_BUFFER_ALIGNMENT_REQ_INIT;
  QnnLpaiBackend_CustomProperty_t custom = {QNN_LPAI_BACKEND_GET_PROP_ALIGNMENT_REQ, &align};
  QnnBackend_Property_t prop = QNN_BACKEND_PROPERTY_INIT;
  prop.option = QNN_BACKEND_PROPERTY_OPTION_CUSTOM;
  prop.customProperty = &custom;
  QnnBackend_Property_t* props[2] = {&prop, nullptr};
  const Qnn_ErrorHandle_t rc = QnnBackend_getProperty(backend, props);
  if (rc != QNN_SUCCESS) return rc;  // logged by the firmware
  bool has_mem_type = false;
  QnnLpaiMem_MemType_t mem_type = QNN_LPAI_MEM_TYPE_DDR;
  for (uint32_t i = 0; config != nullptr && config[i] != nullptr; ++i) {
    const QnnContext_Config_t* c = config[i];
    if (c->option != QNN_CONTEXT_CONFIG_OPTION_CUSTOM) {
      LPAI_LOG_ERROR("context create: config entry %u option %u unsupported for online prepare", i,
                     static_cast<uint32_t>(c->option));
      return on::ret(Status::kContextUnsupportedConfig);
    }
    const QnnLpaiContext_CustomConfig_t* cc =
        static_cast<const QnnLpaiContext_CustomConfig_t*>(c->customConfig);
    if (cc == nullptr || cc->config == nullptr) {
      LPAI_LOG_ERROR("context create: config entry %u custom config %s is null", i,
                     cc == nullptr ? "pointer" : "payload");
      return on::ret(Status::kContextInvalidArgument);
    }
    if (cc->option != QNN_LPAI_CONTEXT_SET_CFG_MEM_TYPE) {
      LPAI_LOG_ERROR("context create: config entry %u custom option %u unknown", i,
                     static_cast<uint32_t>(cc->option));
      return on::ret(Status::kContextUnsupportedConfig);
    }
    has_mem_type = true;
    mem_type = *static_cast<const QnnLpaiMem_MemType_t*>(cc->config);
  }
  if (context == nullptr) {
    LPAI_LOG_ERROR("context create: output handle pointer is null");
    return on::ret(Status::kContextInvalidArgument);
  }
  std::vector<Context>& slots = on::slots();
  for (uint32_t i = 0; i < slots.size(); ++i) {
    Context& c = slots[i];
    if (c.live) continue;
    const uint32_t generation = c.generation + 1;
    c = Context();
    c.live = true;
    c.generation = generation;
    c.backend = backend;
    // The plan follows the hardware's requirement (the HAL's), not the query's answer, which
    // with no loaded context is the largest plan alignment any binary may carry.
    const lpai_hal_alignment_t hw = lpai_hal_alignment();
    c.start_alignment = std::max(on::kDefaultAlignment, hw.start_addr_alignment);
    c.size_alignment = std::max(on::kDefaultAlignment, hw.size_alignment);
    c.has_mem_type = has_mem_type;
    c.mem_type = mem_type;
    *context = on::make_handle(i, generation, false);
    return QNN_SUCCESS;
  }
  LPAI_LOG_ERROR("context create: all %u online contexts are in use", on::kMaxSlots);
  return on::ret(Status::kContextNoFreeSlot);
}

Qnn_ErrorHandle_t __wrap_QnnGraph_create(Qnn_ContextHandle_t context, const char* graphName,
                                         const QnnGraph_Config_t** config,
                                         Qnn_GraphHandle_t* graph) {
  Context* c = on::find(context, false);
  if (c == nullptr) {
    LPAI_LOG_ERROR("graph create: context handle %p is not a live online context", context);
    return on::ret(Status::kContextInvalidHandle);
  }
  if (graphName == nullptr || graphName[0] == '\0' || graph == nullptr) {
    LPAI_LOG_ERROR("graph create: %s", graph == nullptr ? "output handle pointer is null"
                                                        : "graph name is null or empty");
    return on::ret(Status::kGraphInvalidArgument);
  }
  if (config != nullptr && config[0] != nullptr) {
    LPAI_LOG_ERROR("graph create: graph configs are not supported at creation (option %u)",
                   static_cast<uint32_t>(config[0]->option));
    return on::ret(Status::kGraphUnsupportedConfig);
  }
  if (c->graph != nullptr) {
    LPAI_LOG_ERROR("graph create: context already holds graph \"%s\" (one graph per context)",
                   c->graph->name.c_str());
    return on::ret(Status::kNotSupported);
  }
  c->graph.reset(new Graph());
  c->graph->name = graphName;
  *graph = on::make_handle(static_cast<uint32_t>(c - on::slots().data()), c->generation, true);
  return QNN_SUCCESS;
}

Qnn_ErrorHandle_t __wrap_QnnTensor_createGraphTensor(Qnn_GraphHandle_t graph,
                                                     Qnn_Tensor_t* tensor) {
  Qnn_ErrorHandle_t rc = QNN_SUCCESS;
  Graph* g = on::building_graph(graph, "create graph tensor", &rc);
  if (g == nullptr) return rc;
  if (tensor == nullptr || tensor->version != QNN_TENSOR_VERSION_1) {
    LPAI_LOG_ERROR("create graph tensor: %s",
                   tensor == nullptr ? "tensor pointer is null" : "tensor version is not 1");
    return on::ret(Status::kTensorInvalidArgument);
  }
  const Qnn_TensorV1_t& v1 = tensor->v1;
  if (v1.name == nullptr || v1.name[0] == '\0') {
    LPAI_LOG_ERROR("create graph tensor: graph \"%s\": tensor name is null or empty",
                   g->name.c_str());
    return on::ret(Status::kTensorInvalidArgument);
  }
  if (g->by_name.count(v1.name) != 0) {
    LPAI_LOG_ERROR("create graph tensor: graph \"%s\": name '%s' is already tensor %d",
                   g->name.c_str(), v1.name, g->by_name[v1.name]);
    return on::ret(Status::kTensorInvalidArgument);
  }
  Tensor t;
  std::string why;
  const Status s = on::decode_tensor(v1, &t, &why);
  if (s != Status::kOk) {
    LPAI_LOG_ERROR("create graph tensor: graph \"%s\": tensor '%s' %s", g->name.c_str(), v1.name,
                   why.c_str());
    return on::ret(s);
  }
  const int id = static_cast<int>(g->tensors.size());
  t.t.index = id;
  g->tensors.push_back(std::move(t));
  Tensor& stored = g->tensors.back();
  if (!stored.bytes.empty()) {
    stored.t.data = stored.bytes.data();
    stored.t.data_size = stored.bytes.size();
  }
  g->by_name[stored.t.name] = id;
  g->alias_of.push_back(-1);
  tensor->v1.id = static_cast<uint32_t>(id);
  return QNN_SUCCESS;
}

Qnn_ErrorHandle_t __wrap_QnnGraph_addNode(Qnn_GraphHandle_t graph, Qnn_OpConfig_t opConfig) {
  Qnn_ErrorHandle_t rc = QNN_SUCCESS;
  Graph* g = on::building_graph(graph, "graph add node", &rc);
  if (g == nullptr) return rc;
  const int node = static_cast<int>(g->nodes.size());
  const Qnn_OpConfigV1_t& op = opConfig.v1;
  const std::string where = "graph \"" + g->name + "\" node " + std::to_string(node) +
                            (op.name != nullptr ? std::string(" '") + op.name + "'" : "") + " (" +
                            (op.typeName != nullptr ? op.typeName : "null") + ")";
  if (opConfig.version != QNN_OPCONFIG_VERSION_1) {
    LPAI_LOG_ERROR("graph add node: %s: op config version %u is not 1", where.c_str(),
                   static_cast<uint32_t>(opConfig.version));
    return on::ret(Status::kGraphInvalidArgument);
  }
  if (op.packageName != nullptr && op.packageName[0] != '\0' &&
      std::strcmp(op.packageName, QNN_OP_PACKAGE_NAME_QTI_AISW) != 0) {
    LPAI_LOG_ERROR("graph add node: %s: op package '%s' is not supported (only \"%s\")",
                   where.c_str(), op.packageName, QNN_OP_PACKAGE_NAME_QTI_AISW);
    return on::ret(Status::kNotSupported);
  }
  Node n;
  Status s = on::resolve_tensors(*g, op.inputTensors, op.numOfInputs, "input", where, &n.inputs);
  if (s == Status::kOk)
    s = on::resolve_tensors(*g, op.outputTensors, op.numOfOutputs, "output", where, &n.outputs);
  if (s != Status::kOk) return on::ret(s);
  on::MappedOp m;
  std::string why;
  const size_t in_rank = n.inputs.empty() ? 0 : g->tensors[n.inputs[0]].t.shape.size();
  s = on::map_op(op.typeName, op.params, op.numOfParams, in_rank, &m, &why);
  if (s != Status::kOk) {
    LPAI_LOG_ERROR("graph add node: %s: %s", where.c_str(), why.c_str());
    return on::ret(s);
  }
  if (n.inputs.size() < m.min_inputs || n.inputs.size() > m.max_inputs || n.outputs.size() != 1) {
    LPAI_LOG_ERROR("graph add node: %s: %zu inputs / %zu outputs given; expects %u..%u / 1",
                   where.c_str(), n.inputs.size(), n.outputs.size(), m.min_inputs, m.max_inputs);
    return on::ret(Status::kGraphInvalidArgument);
  }
  // Dataflow (the importer's rules): inputs are constants, graph inputs or written earlier;
  // the output is a NATIVE or APP_READ tensor written exactly once, not also an input.
  for (size_t i = 0; i < n.inputs.size(); ++i) {
    const Tensor& t = g->tensors[n.inputs[i]];
    if (t.type != QNN_TENSOR_TYPE_STATIC && t.type != QNN_TENSOR_TYPE_APP_WRITE &&
        t.written_by < 0) {
      LPAI_LOG_ERROR("graph add node: %s: input %zu %s is read before any node writes it",
                     where.c_str(), i, on::tensor_label(t).c_str());
      return on::ret(Status::kGraphInvalidArgument);
    }
  }
  const int out_id = n.outputs[0];
  const Tensor& out = g->tensors[out_id];
  if (out.type != QNN_TENSOR_TYPE_NATIVE && out.type != QNN_TENSOR_TYPE_APP_READ) {
    LPAI_LOG_ERROR("graph add node: %s: output %s is %s and cannot be written", where.c_str(),
                   on::tensor_label(out).c_str(),
                   out.type == QNN_TENSOR_TYPE_STATIC ? "STATIC" : "a graph input");
    return on::ret(Status::kGraphInvalidArgument);
  }
  if (out.written_by >= 0) {
    LPAI_LOG_ERROR("graph add node: %s: output %s is already written by node %d", where.c_str(),
                   on::tensor_label(out).c_str(), out.written_by);
    return on::ret(Status::kGraphInvalidArgument);
  }
  if (std::find(n.inputs.begin(), n.inputs.end(), out_id) != n.inputs.end()) {
    LPAI_LOG_ERROR("graph add node: %s: %s is both input and output", where.c_str(),
                   on::tensor_label(out).c_str());
    return on::ret(Status::kGraphInvalidArgument);
  }
  // The op's own prepare (shapes, types, quantisation), exactly as finalize will run it.
  lpai::prepare::PrepOp p;
  p.builtin = m.builtin;
  p.node_index = node;
  p.options = m.options;
  if (m.builtin == on::kReshapeBuiltin) p.options.new_shape = out.t.shape;
  for (int id : n.inputs) p.inputs.push_back(&g->tensors[id].t);
  p.outputs.push_back(&out.t);
  const lpai::prepare::PrepResult r = lpai::prepare::find_prepare(m.builtin)(p);
  if (!r.ok()) {
    LPAI_LOG_ERROR("graph add node: %s: %s", where.c_str(), r.error.c_str());
    return on::ret(Status::kGraphInvalidArgument);
  }
  n.options = p.options;
  n.builtin = m.builtin;
  if (m.builtin == on::kReshapeBuiltin) {
    // Alias when input root and output are plain activations (same bytes, no copy); else a
    // copy node, like the importer.
    const int root = g->alias_of[n.inputs[0]] >= 0 ? g->alias_of[n.inputs[0]] : n.inputs[0];
    const Tensor& rt = g->tensors[root];
    const bool alias = rt.type == QNN_TENSOR_TYPE_NATIVE && out.type == QNN_TENSOR_TYPE_NATIVE;
    if (alias) {
      n.builtin = on::kAliasNode;
      g->alias_of[out_id] = root;
    } else {
      n.builtin = lpai::prepare::kCopyBuiltin;
      n.options = lpai::prepare::OpOptions();
    }
  }
  g->tensors[out_id].written_by = node;
  g->nodes.push_back(std::move(n));
  return QNN_SUCCESS;
}

}  // extern "C"

