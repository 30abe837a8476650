// Online prepare: the QNN graph-building calls on top of the offline prepare pipeline.
// See online_prepare.h and the contract comments in lpai/qnn_compat.h.
#include "online_prepare/online_prepare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "LPAI/QnnLpaiGraph.h"
#include "QnnMem.h"
#include "common/aligned_bytes.h"
#include "core/log.h"
#include "core/status.h"
#include "format/context_binary_format.h"
#include "lpai/hal.h"
#include "online_prepare/op_map.h"
#include "prepare/graph.h"
#include "prepare/planner.h"
#include "prepare/prepare.h"
#include "prepare/rules.h"

namespace lpai {
namespace online {
namespace {

using format::DataType;
using prepare::PrepTensor;

constexpr uint32_t kMaxSlots = 16;           // live online contexts (one graph each)
constexpr uint32_t kDefaultAlignment = 64;   // the generator's default --alignment 64:64
constexpr uintptr_t kGraphBit = 0x80;        // handle bit 7: graph (1) or context (0)
// Online handles carry kind 0xF in bits [8, 12); firmware handles use kinds 1..4 there
// (firmware/graph/state.h), so the link-time entry points below tell them apart.
constexpr uintptr_t kOnlineHandleKind = 0xF;

bool is_online_handle(Qnn_Handle_t h) {
  return ((reinterpret_cast<uintptr_t>(h) >> 8) & 0xFu) == kOnlineHandleKind;
}

inline Qnn_ErrorHandle_t ret(Status s) { return static_cast<Qnn_ErrorHandle_t>(status_code(s)); }

struct Tensor {
  PrepTensor t;                 // t.index == id; t.data points into `bytes` (STATIC)
  std::vector<uint8_t> bytes;   // STATIC data, owned
  Qnn_TensorType_t type = QNN_TENSOR_TYPE_UNDEFINED;
  Qnn_TensorMemType_t mem_type = QNN_TENSORMEMTYPE_UNDEFINED;
  int written_by = -1;          // node that writes it, -1: none yet
};

// One addNode call. builtin: a TFLite code, prepare::kCopyBuiltin, or kAliasNode (a Reshape
// aliased to its input: no op, like the importer's).
constexpr int kAliasNode = -1;
struct Node {
  int builtin = kAliasNode;
  std::vector<int> inputs, outputs;
  prepare::OpOptions options;
};

struct Graph {
  std::string name;
  std::deque<Tensor> tensors;  // stable addresses (PrepOp pointers during addNode)
  std::map<std::string, int> by_name;
  std::vector<Node> nodes;
  std::vector<int> alias_of;   // per tensor, PrepGraph::alias_of semantics
  bool finalized = false;
  // Set by finalize:
  std::vector<uint8_t> binary;
  Qnn_ContextHandle_t fw_context = nullptr;
  Qnn_GraphHandle_t fw_graph = nullptr;
  host::AlignedBytes scratch, persistent;
};

struct Context {
  bool live = false;
  uint32_t generation = 0;
  Qnn_BackendHandle_t backend = nullptr;
  uint32_t start_alignment = kDefaultAlignment, size_alignment = kDefaultAlignment;
  bool has_mem_type = false;
  QnnLpaiMem_MemType_t mem_type = QNN_LPAI_MEM_TYPE_DDR;
  std::unique_ptr<Graph> graph;
};

std::vector<Context>& slots() {
  static std::vector<Context> s(kMaxSlots);
  return s;
}

Qnn_Handle_t make_handle(uint32_t index, uint32_t generation, bool graph) {
  const uintptr_t h = (static_cast<uintptr_t>(generation) << 12) |
                      (kOnlineHandleKind << 8) | (graph ? kGraphBit : 0) |
                      static_cast<uintptr_t>(index + 1);
  return reinterpret_cast<Qnn_Handle_t>(h);
}

// The live context named by `h` (a context or, with graph = true, a graph handle), or nullptr.
Context* find(Qnn_Handle_t h, bool graph) {
  const uintptr_t v = reinterpret_cast<uintptr_t>(h);
  if (!is_online_handle(h) || ((v & kGraphBit) != 0) != graph) return nullptr;
  const uintptr_t idx1 = v & 0x7F;
  if (idx1 == 0 || idx1 > kMaxSlots) return nullptr;
  Context& c = slots()[idx1 - 1];
  if (!c.live || static_cast<uint32_t>(v >> 12) != c.generation) return nullptr;
  if (graph && c.graph == nullptr) return nullptr;
  return &c;
}

// ---- tensor checks (the importer's rules for a model tensor) --------------------------------

bool map_data_type(Qnn_DataType_t q, DataType* out) {
  switch (q) {
    case QNN_DATATYPE_SFIXED_POINT_8: case QNN_DATATYPE_INT_8: *out = DataType::kInt8; return true;
    case QNN_DATATYPE_SFIXED_POINT_16: case QNN_DATATYPE_INT_16: *out = DataType::kInt16; return true;
    case QNN_DATATYPE_SFIXED_POINT_32: case QNN_DATATYPE_INT_32: *out = DataType::kInt32; return true;
    case QNN_DATATYPE_INT_64: *out = DataType::kInt64; return true;
    default: return false;
  }
}

// Decodes and checks a Qnn_Tensor_t for createGraphTensor into *out.
Status decode_tensor(const Qnn_TensorV1_t& v1, Tensor* out, std::string* why) {
  Tensor t;
  t.type = v1.type;
  t.mem_type = v1.memType;
  t.t.name = v1.name;
  const bool is_const = v1.type == QNN_TENSOR_TYPE_STATIC;
  if (v1.type == QNN_TENSOR_TYPE_APP_READWRITE) {
    *why = "type APP_READWRITE is not supported (use APP_WRITE for inputs, APP_READ for outputs)";
    return Status::kNotSupported;
  }
  if (v1.type != QNN_TENSOR_TYPE_APP_WRITE && v1.type != QNN_TENSOR_TYPE_APP_READ &&
      v1.type != QNN_TENSOR_TYPE_NATIVE && !is_const) {
    *why = "type " + std::to_string(static_cast<uint32_t>(v1.type)) +
           " is not APP_WRITE, APP_READ, NATIVE or STATIC";
    return Status::kTensorInvalidArgument;
  }
  const bool io = v1.type == QNN_TENSOR_TYPE_APP_WRITE || v1.type == QNN_TENSOR_TYPE_APP_READ;
  if (v1.memType != QNN_TENSORMEMTYPE_RAW &&
      !(io && v1.memType == QNN_TENSORMEMTYPE_MEMHANDLE)) {
    *why = "memType " + std::to_string(static_cast<uint32_t>(v1.memType)) + " is not allowed (" +
           (io ? "RAW or MEMHANDLE" : "RAW") + " for this tensor type)";
    return Status::kTensorBadMemType;
  }
  if (!map_data_type(v1.dataType, &t.t.type)) {
    char b[16];
    std::snprintf(b, sizeof(b), "0x%x", static_cast<unsigned>(v1.dataType));
    *why = std::string("dataType ") + b + " is not supported";
    return Status::kNotSupported;
  }
  if (!is_const && t.t.type != DataType::kInt8 && t.t.type != DataType::kInt16) {
    *why = "activations must be 8- or 16-bit fixed point";
    return Status::kNotSupported;
  }
  if (v1.rank > format::kMaxRank) {
    *why = "rank " + std::to_string(v1.rank) + " exceeds " + std::to_string(format::kMaxRank);
    return Status::kTensorInvalidArgument;
  }
  if (v1.rank > 0 && v1.dimensions == nullptr) {
    *why = "dimensions is null for rank " + std::to_string(v1.rank);
    return Status::kTensorInvalidArgument;
  }
  uint64_t elems = 1;
  for (uint32_t d = 0; d < v1.rank; ++d) {
    const uint32_t n = v1.dimensions[d];
    if (n < 1 || n > static_cast<uint32_t>(std::numeric_limits<int32_t>::max())) {
      *why = "dimension " + std::to_string(d) + " is " + std::to_string(n) + " (must be >= 1)";
      return Status::kTensorInvalidArgument;
    }
    elems *= n;
    if (elems > std::numeric_limits<uint32_t>::max()) {
      *why = "shape is too large";
      return Status::kTensorInvalidArgument;
    }
    t.t.shape.push_back(static_cast<int32_t>(n));
  }
  const uint64_t bytes = elems * format::data_type_size(t.t.type);
  if (bytes > std::numeric_limits<uint32_t>::max()) {
    *why = "size exceeds 4 GiB";
    return Status::kTensorInvalidArgument;
  }
  const Qnn_QuantizeParams_t& q = v1.quantizeParams;
  if (q.encodingDefinition == QNN_DEFINITION_DEFINED) {
    if (q.quantizationEncoding == QNN_QUANTIZATION_ENCODING_SCALE_OFFSET) {
      t.t.scales = {q.scaleOffsetEncoding.scale};
      t.t.zero_points = {-static_cast<int64_t>(q.scaleOffsetEncoding.offset)};
    } else if (q.quantizationEncoding == QNN_QUANTIZATION_ENCODING_AXIS_SCALE_OFFSET) {
      const Qnn_AxisScaleOffset_t& a = q.axisScaleOffsetEncoding;
      if (a.numScaleOffsets == 0 || a.scaleOffset == nullptr) {
        *why = "AXIS_SCALE_OFFSET without entries";
        return Status::kTensorInvalidArgument;
      }
      for (uint32_t i = 0; i < a.numScaleOffsets; ++i) {
        t.t.scales.push_back(a.scaleOffset[i].scale);
        t.t.zero_points.push_back(-static_cast<int64_t>(a.scaleOffset[i].offset));
      }
      t.t.quant_axis = a.axis;
      if (a.numScaleOffsets == 1) t.t.quant_axis = 0;
    } else {
      *why = "quantizationEncoding " + std::to_string(static_cast<uint32_t>(q.quantizationEncoding)) +
             " is not SCALE_OFFSET or AXIS_SCALE_OFFSET";
      return Status::kTensorInvalidArgument;
    }
  }
  // QNN tensors of 8- or 16-bit fixed point carry their scale (STATIC int32/int64 data may be
  // plain integers); every other rule is the importer's.
  const bool fixed_point = t.t.type == DataType::kInt8 || t.t.type == DataType::kInt16;
  if (t.t.scales.empty() && (!is_const || fixed_point)) {
    *why = "is not quantised (quantizeParams must be DEFINED with a scale)";
    return Status::kTensorInvalidArgument;
  }
  const prepare::rules::TensorRole role =
      is_const ? prepare::rules::TensorRole::kConst : prepare::rules::TensorRole::kActivation;
  if (!prepare::rules::check_quant(t.t, role, why)) {
    return prepare::rules::is_per_channel_activation(t.t, role) ? Status::kNotSupported
                                                                 : Status::kTensorInvalidArgument;
  }
  if (is_const) {
    if (v1.clientBuf.data == nullptr || v1.clientBuf.dataSize != bytes) {
      *why = "STATIC data holds " + std::to_string(v1.clientBuf.data ? v1.clientBuf.dataSize : 0) +
             " bytes but the shape needs " + std::to_string(bytes);
      return Status::kTensorInvalidArgument;
    }
    const uint8_t* p = static_cast<const uint8_t*>(v1.clientBuf.data);
    t.bytes.assign(p, p + bytes);
  }
  *out = std::move(t);
  return Status::kOk;
}

std::string tensor_label(const Tensor& t) {
  return "tensor " + std::to_string(t.t.index) + " '" + t.t.name + "'";
}

// ---- what the link-time entry points (end of file) do with online handles --------------------

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
  std::string error;
  if (!prepare::prepare_graph(build_prep_graph(g), options, &out, &error)) {
    LPAI_LOG_ERROR("graph finalize: online graph \"%s\": %s", g.name.c_str(), error.c_str());
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

bool graph_binary(Qnn_GraphHandle_t graph, std::vector<uint8_t>* out) {
  Context* c = find(graph, true);
  if (c == nullptr || !c->graph->finalized) return false;
  *out = c->graph->binary;
  return true;
}

Qnn_GraphHandle_t firmware_graph(Qnn_GraphHandle_t graph) {
  Context* c = find(graph, true);
  return c == nullptr || !c->graph->finalized ? nullptr : c->graph->fw_graph;
}

uint32_t live_contexts() {
  uint32_t n = 0;
  for (const Context& c : slots()) n += c.live ? 1 : 0;
  return n;
}

}  // namespace online
}  // namespace lpai

using lpai::Status;
using lpai::online::Context;
using lpai::online::Graph;
using lpai::online::Node;
using lpai::online::Tensor;
namespace on = lpai::online;

extern "C" {

Qnn_ErrorHandle_t QnnContext_create(Qnn_BackendHandle_t backend, Qnn_DeviceHandle_t /*device*/,
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

Qnn_ErrorHandle_t QnnGraph_create(Qnn_ContextHandle_t context, const char* graphName,
                                  const QnnGraph_Config_t** config, Qnn_GraphHandle_t* graph) {
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

Qnn_ErrorHandle_t QnnTensor_createGraphTensor(Qnn_GraphHandle_t graph, Qnn_Tensor_t* tensor) {
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

Qnn_ErrorHandle_t QnnGraph_addNode(Qnn_GraphHandle_t graph, Qnn_OpConfig_t opConfig) {
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

// ---- link-time entry points -----------------------------------------------------------------
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
