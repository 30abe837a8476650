// The C API of lpai/qnn_compat.h: decodes the QNN-shaped structs and calls the runtime
// (graph/runtime.h). Every lpai::Status maps 1:1 to the returned code (its numeric value).
// Every handle here is a firmware handle: the host's online prepare interposes its own
// handles at link time (host_sim/online_prepare), the firmware knows nothing of them.
#include "core/check.h"
#include "core/log.h"
#include "format/context_binary_format.h"
#include "graph/runtime.h"
#include "lpai/qnn_compat.h"
#include "shim/qnn_types_map.h"

namespace lpai {
namespace shim {
namespace {

constexpr uint32_t kMaxConfigEntries = 16;  // graph set-config entries per call

inline Qnn_ErrorHandle_t ret(Status s) { return static_cast<Qnn_ErrorHandle_t>(status_code(s)); }
inline rt::Handle H(Qnn_Handle_t h) { return reinterpret_cast<rt::Handle>(h); }
inline Qnn_Handle_t P(rt::Handle h) { return reinterpret_cast<Qnn_Handle_t>(h); }

Status check_graph(Qnn_GraphHandle_t graph) {
  rt::GraphState st;
  return rt::graph_state(H(graph), &st);
}

// Number of entries of a NULL-terminated pointer list (bounded by `limit` + 1).
template <typename T>
uint32_t list_length(T* const* list, uint32_t limit) {
  uint32_t n = 0;
  while (n <= limit && list[n] != nullptr) ++n;
  return n;
}

Status decode_graph_config(const QnnGraph_Config_t* c, uint32_t i, rt::GraphConfig* out) {
  LPAI_CHECK(c->option == QNN_GRAPH_CONFIG_OPTION_CUSTOM, Status::kGraphUnsupportedConfig,
             "graph set-config: entry %u option %u unsupported (only CUSTOM)", i,
             static_cast<uint32_t>(c->option));
  const QnnLpaiGraph_CustomConfig_t* cc =
      static_cast<const QnnLpaiGraph_CustomConfig_t*>(c->customConfig);
  LPAI_CHECK(cc != nullptr && cc->config != nullptr, Status::kGraphInvalidArgument,
             "graph set-config: entry %u custom config %s is null", i,
             cc == nullptr ? "pointer" : "payload");
  *out = rt::GraphConfig();
  switch (cc->option) {
    case QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM:
    case QNN_LPAI_GRAPH_SET_CFG_PERSISTENT_MEM: {
      const QnnLpaiGraph_Mem_t* m = static_cast<const QnnLpaiGraph_Mem_t*>(cc->config);
      out->kind = cc->option == QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM
                      ? rt::GraphConfigKind::kScratch
                      : rt::GraphConfigKind::kPersistent;
      out->mem.mem_type = static_cast<MemType>(static_cast<uint32_t>(m->memType));
      out->mem.size = m->size;
      out->mem.addr = m->addr;
      return Status::kOk;
    }
    case QNN_LPAI_GRAPH_SET_CFG_PERF_CFG: {
      const QnnLpaiGraph_PerfCfg_t* p = static_cast<const QnnLpaiGraph_PerfCfg_t*>(cc->config);
      out->kind = rt::GraphConfigKind::kPerf;
      out->perf.fps = p->fps;
      out->perf.ftrt_ratio = p->ftrtRatio;
      out->perf.client_type = static_cast<uint32_t>(p->clientType);
      return Status::kOk;
    }
    case QNN_LPAI_GRAPH_SET_CFG_CORE_AFFINITY: {
      const QnnLpaiGraph_CoreAffinity_t* a =
          static_cast<const QnnLpaiGraph_CoreAffinity_t*>(cc->config);
      out->kind = rt::GraphConfigKind::kCoreAffinity;
      out->affinity.type = static_cast<uint32_t>(a->affinity);
      out->affinity.core_mask = a->coreSelection;
      return Status::kOk;
    }
    case QNN_LPAI_GRAPH_SET_CFG_PROFILE_BUFFER: {
      const QnnLpaiGraph_ProfileBuffer_t* b =
          static_cast<const QnnLpaiGraph_ProfileBuffer_t*>(cc->config);
      out->kind = rt::GraphConfigKind::kProfileBuffer;
      out->mem.size = b->size;
      out->mem.addr = b->addr;
      return Status::kOk;
    }
    default:
      LPAI_FAIL(Status::kGraphUnsupportedConfig,
                "graph set-config: entry %u custom option %u unknown", i,
                static_cast<uint32_t>(cc->option));
  }
}

// Checks the caller's description of IO tensor `t` (data type and shape, when given).
Status check_tensor_desc(const Qnn_TensorV1_t& v1, const format::TensorRecord& t) {
  if (v1.dataType != QNN_DATATYPE_UNDEFINED &&
      !qnn_type_matches(v1.dataType, static_cast<format::DataType>(t.data_type))) {
    LPAI_FAIL(Status::kTensorDataTypeMismatch,
              "graph execute: tensor %u dataType 0x%x does not match the graph's (%s)", v1.id,
              static_cast<uint32_t>(v1.dataType), qnn_type_name(qnn_type_of(t)));
  }
  if (v1.rank != 0) {
    bool same = v1.rank == t.rank;
    for (uint32_t d = 0; same && v1.dimensions != nullptr && d < t.rank; ++d) {
      same = v1.dimensions[d] == t.dims[d];
    }
    LPAI_CHECK(same, Status::kTensorShapeMismatch,
               "graph execute: tensor %u shape (rank %u) differs from the graph's (rank %u)", v1.id,
               v1.rank, t.rank);
  }
  return Status::kOk;
}

// Tensor record of graph IO tensor `id`, or nullptr.
const format::TensorRecord* io_record(const format::BinaryView& v, uint32_t id) {
  for (uint32_t slot = 0; slot < v.io_count(); ++slot) {
    if (v.io_tensor(slot) == id) return &v.tensor(id);
  }
  return nullptr;
}

Status decode_io(const format::BinaryView& v, const Qnn_Tensor_t* in, uint32_t n,
                 rt::IoTensor* out) {
  for (uint32_t k = 0; k < n; ++k) {
    const Qnn_Tensor_t& q = in[k];
    LPAI_CHECK(q.version == QNN_TENSOR_VERSION_1, Status::kTensorInvalidArgument,
               "graph execute: tensor %u version %u unsupported", k,
               static_cast<uint32_t>(q.version));
    const format::TensorRecord* t = io_record(v, q.v1.id);
    if (t != nullptr) LPAI_RETURN_IF_ERROR(check_tensor_desc(q.v1, *t));
    rt::IoTensor& io = out[k];
    io.id = q.v1.id;
    io.data = nullptr;
    io.size = 0;
    io.mem_handle = rt::kNullHandle;
    if (q.v1.memType == QNN_TENSORMEMTYPE_RAW) {
      io.kind = rt::IoKind::kRaw;
      io.data = static_cast<uint8_t*>(q.v1.clientBuf.data);
      io.size = q.v1.clientBuf.dataSize;
    } else if (q.v1.memType == QNN_TENSORMEMTYPE_MEMHANDLE) {
      io.kind = rt::IoKind::kMemHandle;
      io.mem_handle = H(q.v1.memHandle);
    } else {
      LPAI_FAIL(Status::kTensorBadMemType,
                "graph execute: tensor %u memType %u is neither RAW nor MEMHANDLE", q.v1.id,
                static_cast<uint32_t>(q.v1.memType));
    }
  }
  return Status::kOk;
}

// Tiers of the execute path's IO arrays (inputs and outputs each): one of each (most models),
// a few, then every slot.
constexpr uint32_t kSingleIo = 1;
constexpr uint32_t kSmallIo = 2;

// Decodes the caller's tensors into arrays of kN entries (n_in, n_out <= kN), runs the graph,
// reports the RAW output sizes. Not inlined: a graph with few IO tensors executes with small
// arrays on the stack.
template <uint32_t kN>
__attribute__((noinline)) Status execute_io(Qnn_GraphHandle_t graph, const format::BinaryView& view,
                                            const Qnn_Tensor_t* inputs, uint32_t n_in,
                                            Qnn_Tensor_t* outputs, uint32_t n_out) {
  rt::IoTensor in[kN];
  rt::IoTensor out[kN];
  Status s = decode_io(view, inputs, n_in, in);
  if (s == Status::kOk) s = decode_io(view, outputs, n_out, out);
  if (s == Status::kOk) s = rt::graph_execute(H(graph), in, n_in, out, n_out);
  if (s != Status::kOk) return s;
  for (uint32_t k = 0; k < n_out; ++k) {
    if (out[k].kind == rt::IoKind::kRaw) outputs[k].v1.clientBuf.dataSize = out[k].size;
  }
  return Status::kOk;
}

}  // namespace

}  // namespace shim
}  // namespace lpai

using lpai::Status;
using lpai::shim::H;
using lpai::shim::P;
using lpai::shim::ret;
namespace rt = lpai::rt;

extern "C" {

// ---- backend --------------------------------------------------------------------------------

Qnn_ErrorHandle_t QnnBackend_create(Qnn_LogHandle_t /*logger*/, const QnnBackend_Config_t** config,
                                    Qnn_BackendHandle_t* backend) {
  LPAI_CHECK(config == nullptr || config[0] == nullptr, ret(Status::kBackendInvalidArgument),
             "backend create: config option %u unsupported (lpai-rt has no backend configs)",
             static_cast<uint32_t>(config[0]->option));
  LPAI_CHECK(backend != nullptr, ret(Status::kBackendInvalidArgument),
             "backend create: output handle pointer is null");
  rt::Handle h = rt::kNullHandle;
  Status s = rt::backend_create(&h);
  if (s == Status::kOk) *backend = P(h);
  return ret(s);
}

Qnn_ErrorHandle_t QnnBackend_getProperty(Qnn_BackendHandle_t backend,
                                         QnnBackend_Property_t** properties) {
  uint32_t start = 0, size = 0;
  Status s = rt::backend_alignment(H(backend), &start, &size);
  if (s != Status::kOk) return ret(s);
  LPAI_CHECK(properties != nullptr, ret(Status::kBackendInvalidArgument),
             "backend property: property list is null");
  // Validate every entry, then fill.
  uint32_t n = 0;
  for (; properties[n] != nullptr; ++n) {
    const QnnBackend_Property_t* p = properties[n];
    LPAI_CHECK(p->option == QNN_BACKEND_PROPERTY_OPTION_CUSTOM,
               ret(Status::kBackendUnsupportedProperty),
               "backend property: entry %u option %u unsupported (only CUSTOM)", n,
               static_cast<uint32_t>(p->option));
    const QnnLpaiBackend_CustomProperty_t* c =
        static_cast<const QnnLpaiBackend_CustomProperty_t*>(p->customProperty);
    LPAI_CHECK(c != nullptr && c->property != nullptr, ret(Status::kBackendInvalidArgument),
               "backend property: entry %u custom property %s is null", n,
               c == nullptr ? "pointer" : "payload");
    LPAI_CHECK(c->option == QNN_LPAI_BACKEND_GET_PROP_ALIGNMENT_REQ,
               ret(Status::kBackendUnsupportedProperty),
               "backend property: entry %u custom option %u unknown", n,
               static_cast<uint32_t>(c->option));
  }
  for (uint32_t i = 0; i < n; ++i) {
    const QnnLpaiBackend_CustomProperty_t* c =
        static_cast<const QnnLpaiBackend_CustomProperty_t*>(properties[i]->customProperty);
    QnnLpaiBackend_BufferAlignmentReq_t* req =
        static_cast<QnnLpaiBackend_BufferAlignmentReq_t*>(c->property);
    req->startAddrAlignment = start;
    req->sizeAlignment = size;
  }
  return ret(Status::kOk);
}

Qnn_ErrorHandle_t QnnBackend_free(Qnn_BackendHandle_t backend) {
  return ret(rt::backend_free(H(backend)));
}

// ---- context --------------------------------------------------------------------------------

Qnn_ErrorHandle_t QnnContext_createFromBinary(Qnn_BackendHandle_t backend,
                                              Qnn_DeviceHandle_t /*device*/,
                                              const QnnContext_Config_t** config,
                                              const void* binaryBuffer,
                                              Qnn_ContextBinarySize_t binaryBufferSize,
                                              Qnn_ContextHandle_t* context,
                                              Qnn_ProfileHandle_t /*profile*/) {
  rt::ContextConfig cfg = rt::kDefaultContextConfig;
  for (uint32_t i = 0; config != nullptr && config[i] != nullptr; ++i) {
    const QnnContext_Config_t* c = config[i];
    if (c->option == QNN_CONTEXT_CONFIG_PERSISTENT_BINARY) {
      cfg.persistent_binary = c->isPersistentBinary != 0;
      continue;
    }
    LPAI_CHECK(c->option == QNN_CONTEXT_CONFIG_OPTION_CUSTOM,
               ret(Status::kContextUnsupportedConfig),
               "context create: config entry %u option %u unsupported", i,
               static_cast<uint32_t>(c->option));
    const QnnLpaiContext_CustomConfig_t* cc =
        static_cast<const QnnLpaiContext_CustomConfig_t*>(c->customConfig);
    LPAI_CHECK(cc != nullptr && cc->config != nullptr, ret(Status::kContextInvalidArgument),
               "context create: config entry %u custom config %s is null", i,
               cc == nullptr ? "pointer" : "payload");
    LPAI_CHECK(cc->option == QNN_LPAI_CONTEXT_SET_CFG_MEM_TYPE,
               ret(Status::kContextUnsupportedConfig),
               "context create: config entry %u custom option %u unknown", i,
               static_cast<uint32_t>(cc->option));
    cfg.mem_type = static_cast<lpai::MemType>(
        static_cast<uint32_t>(*static_cast<const QnnLpaiMem_MemType_t*>(cc->config)));
  }
  LPAI_CHECK(binaryBufferSize <= static_cast<Qnn_ContextBinarySize_t>(0xFFFFFFFFu),
             ret(Status::kBinarySizeMismatch),
             "context create: binary size %llu exceeds the format's 32-bit sizes",
             static_cast<unsigned long long>(binaryBufferSize));
  LPAI_CHECK(context != nullptr, ret(Status::kContextInvalidArgument),
             "context create: output handle pointer is null");
  rt::Handle h = rt::kNullHandle;
  Status s = rt::context_create(H(backend), binaryBuffer, static_cast<size_t>(binaryBufferSize),
                                cfg, &h);
  if (s == Status::kOk) *context = P(h);
  return ret(s);
}

Qnn_ErrorHandle_t QnnContext_free(Qnn_ContextHandle_t context, Qnn_ProfileHandle_t /*profile*/) {
  return ret(rt::context_free(H(context)));
}

// ---- graph ----------------------------------------------------------------------------------

Qnn_ErrorHandle_t QnnGraph_retrieve(Qnn_ContextHandle_t context, const char* graphName,
                                    Qnn_GraphHandle_t* graph) {
  rt::Handle h = rt::kNullHandle;
  Status s = rt::graph_retrieve(H(context), graphName, graph == nullptr ? nullptr : &h);
  if (s == Status::kOk) *graph = P(h);
  return ret(s);
}

Qnn_ErrorHandle_t QnnGraph_getProperty(Qnn_GraphHandle_t graph, QnnGraph_Property_t** properties) {
  Status s = lpai::shim::check_graph(graph);
  if (s != Status::kOk) return ret(s);
  LPAI_CHECK(properties != nullptr, ret(Status::kGraphInvalidArgument),
             "graph property: property list is null");
  uint32_t n = 0;
  for (; properties[n] != nullptr; ++n) {
    const QnnGraph_Property_t* p = properties[n];
    LPAI_CHECK(p->option == QNN_GRAPH_PROPERTY_OPTION_CUSTOM,
               ret(Status::kGraphUnsupportedProperty),
               "graph property: entry %u option %u unsupported (only CUSTOM)", n,
               static_cast<uint32_t>(p->option));
    const QnnLpaiGraph_CustomProperty_t* c =
        static_cast<const QnnLpaiGraph_CustomProperty_t*>(p->customProperty);
    LPAI_CHECK(c != nullptr && c->property != nullptr, ret(Status::kGraphInvalidArgument),
               "graph property: entry %u custom property %s is null", n,
               c == nullptr ? "pointer" : "payload");
    if (c->option != QNN_LPAI_GRAPH_GET_PROP_SCRATCH_MEM_SIZE &&
        c->option != QNN_LPAI_GRAPH_GET_PROP_PERSISTENT_MEM_SIZE &&
        c->option != QNN_LPAI_GRAPH_GET_PROP_PROFILE_BUFFER_SIZE) {
      LPAI_FAIL(ret(Status::kGraphUnsupportedProperty),
                "graph property: entry %u custom option %u unknown", n,
                static_cast<uint32_t>(c->option));
    }
  }
  uint32_t scratch = 0, persistent = 0, profile = 0;
  s = rt::graph_scratch_size(H(graph), &scratch);
  if (s == Status::kOk) s = rt::graph_persistent_size(H(graph), &persistent);
  if (s == Status::kOk) s = rt::graph_profile_buffer_size(H(graph), &profile);
  if (s != Status::kOk) return ret(s);
  for (uint32_t i = 0; i < n; ++i) {
    const QnnLpaiGraph_CustomProperty_t* c =
        static_cast<const QnnLpaiGraph_CustomProperty_t*>(properties[i]->customProperty);
    *static_cast<uint32_t*>(c->property) =
        c->option == QNN_LPAI_GRAPH_GET_PROP_SCRATCH_MEM_SIZE      ? scratch
        : c->option == QNN_LPAI_GRAPH_GET_PROP_PERSISTENT_MEM_SIZE ? persistent
                                                                   : profile;
  }
  return ret(Status::kOk);
}

Qnn_ErrorHandle_t QnnGraph_setConfig(Qnn_GraphHandle_t graph, const QnnGraph_Config_t** config) {
  Status s = lpai::shim::check_graph(graph);
  if (s != Status::kOk) return ret(s);
  LPAI_CHECK(config != nullptr, ret(Status::kGraphInvalidArgument),
             "graph set-config: config list is null");
  const uint32_t n = lpai::shim::list_length(config, lpai::shim::kMaxConfigEntries);
  LPAI_CHECK(n <= lpai::shim::kMaxConfigEntries, ret(Status::kGraphInvalidArgument),
             "graph set-config: more than %u entries in one call", lpai::shim::kMaxConfigEntries);
  rt::GraphConfig decoded[lpai::shim::kMaxConfigEntries];
  for (uint32_t i = 0; i < n; ++i) {
    s = lpai::shim::decode_graph_config(config[i], i, &decoded[i]);
    if (s != Status::kOk) return ret(s);
  }
  return ret(rt::graph_set_config(H(graph), decoded, n));
}

Qnn_ErrorHandle_t QnnGraph_finalize(Qnn_GraphHandle_t graph, Qnn_ProfileHandle_t /*profile*/,
                                    Qnn_SignalHandle_t /*signal*/) {
  return ret(rt::graph_finalize(H(graph)));
}

Qnn_ErrorHandle_t QnnGraph_execute(Qnn_GraphHandle_t graph, const Qnn_Tensor_t* inputs,
                                   uint32_t numInputs, Qnn_Tensor_t* outputs, uint32_t numOutputs,
                                   Qnn_ProfileHandle_t /*profile*/, Qnn_SignalHandle_t /*signal*/) {
  const lpai::format::BinaryView* view = nullptr;
  Status s = rt::graph_view(H(graph), &view);
  if (s != Status::kOk) return ret(s);
  LPAI_CHECK(numInputs == view->num_inputs() && numOutputs == view->num_outputs(),
             ret(Status::kTensorCountMismatch),
             "graph execute: %u inputs / %u outputs given, graph \"%s\" has %u / %u", numInputs,
             numOutputs, view->graph_name(), view->num_inputs(), view->num_outputs());
  LPAI_CHECK((numInputs == 0 || inputs != nullptr) && (numOutputs == 0 || outputs != nullptr),
             ret(Status::kTensorInvalidArgument), "graph execute: %s tensor array is null",
             inputs == nullptr ? "input" : "output");
  if (numInputs <= lpai::shim::kSingleIo && numOutputs <= lpai::shim::kSingleIo) {
    s = lpai::shim::execute_io<lpai::shim::kSingleIo>(graph, *view, inputs, numInputs, outputs,
                                                       numOutputs);
  } else if (numInputs <= lpai::shim::kSmallIo && numOutputs <= lpai::shim::kSmallIo) {
    s = lpai::shim::execute_io<lpai::shim::kSmallIo>(graph, *view, inputs, numInputs, outputs,
                                                      numOutputs);
  } else {
    s = lpai::shim::execute_io<rt::kMaxGraphIo>(graph, *view, inputs, numInputs, outputs,
                                                numOutputs);
  }
  return ret(s);
}

// ---- LPAI graph extensions ------------------------------------------------------------------

Qnn_ErrorHandle_t QnnLpaiGraph_getCounters(Qnn_GraphHandle_t graph,
                                           QnnLpaiGraph_Counters_t* counters) {
  rt::GraphCounters c;
  Status s = rt::graph_counters(H(graph), &c);
  if (s != Status::kOk) return ret(s);
  LPAI_CHECK(counters != nullptr, ret(Status::kGraphInvalidArgument),
             "graph counters: output pointer is null");
  counters->executions = c.executions;
  counters->ioBytesCopied = c.io_bytes_copied;
  counters->ioAllocations = c.io_allocations;
  counters->numNodes = c.num_nodes;
  counters->lastExecuteCycles = c.last_execute_cycles;
  return ret(Status::kOk);
}

Qnn_ErrorHandle_t QnnLpaiGraph_setProfiling(Qnn_GraphHandle_t graph, uint32_t enable) {
  return ret(rt::graph_set_profiling(H(graph), enable != 0));
}

Qnn_ErrorHandle_t QnnLpaiGraph_getNodeCycles(Qnn_GraphHandle_t graph, uint64_t* cycles,
                                             uint32_t capacity, uint32_t* numNodes) {
  return ret(rt::graph_node_cycles(H(graph), cycles, capacity, numNodes));
}

Qnn_ErrorHandle_t QnnLpaiGraph_resetPersistent(Qnn_GraphHandle_t graph) {
  return ret(rt::graph_reset_persistent(H(graph)));
}

Qnn_ErrorHandle_t QnnLpaiGraph_releaseIo(Qnn_GraphHandle_t graph) {
  return ret(rt::graph_release_io(H(graph)));
}

// ---- memory registration --------------------------------------------------------------------

Qnn_ErrorHandle_t QnnMem_register(Qnn_ContextHandle_t context,
                                  const Qnn_MemDescriptor_t* descriptors, uint32_t numDescriptors,
                                  Qnn_MemHandle_t* memHandles) {
  LPAI_CHECK(rt::context_valid(H(context)), ret(Status::kContextInvalidHandle),
             "mem register: invalid context handle %p", context);
  LPAI_CHECK(descriptors != nullptr && memHandles != nullptr && numDescriptors != 0,
             ret(Status::kMemInvalidArgument), "mem register: %s",
             numDescriptors == 0 ? "no descriptors" : "null descriptor/handle array");
  LPAI_CHECK(numDescriptors <= rt::kMaxMemHandles, ret(Status::kMemTableFull),
             "mem register: %u descriptors, the table holds %u", numDescriptors,
             rt::kMaxMemHandles);
  rt::MemRequest req[rt::kMaxMemHandles];
  for (uint32_t i = 0; i < numDescriptors; ++i) {
    const Qnn_MemDescriptor_t& d = descriptors[i];
    req[i] = rt::MemRequest();
    Status s = lpai::shim::shape_bytes(d.memShape.numDim, d.memShape.dimSize, d.dataType, i,
                                       &req[i].shape_bytes);
    if (s != Status::kOk) return ret(s);
    if (d.memType == QNN_MEM_TYPE_ION) {
      req[i].kind = rt::MemKind::kShared;
      req[i].fd = d.ionInfo.fd;
    } else if (d.memType == QNN_MEM_TYPE_CUSTOM) {
      const QnnLpaiMem_MemInfoCustom_t* info =
          static_cast<const QnnLpaiMem_MemInfoCustom_t*>(d.customInfo);
      LPAI_CHECK(info != nullptr, ret(Status::kMemInvalidArgument),
                 "mem register: descriptor %u custom info is null", i);
      req[i].kind = rt::MemKind::kCustom;
      req[i].buffer = info->buffer;
      req[i].buffer_size = info->size;
    } else {
      LPAI_FAIL(ret(Status::kMemUnsupportedMemType),
                "mem register: descriptor %u memType %u unsupported (ION or CUSTOM)", i,
                static_cast<uint32_t>(d.memType));
    }
  }
  rt::Handle handles[rt::kMaxMemHandles];
  Status s = rt::mem_register(H(context), req, numDescriptors, handles);
  if (s != Status::kOk) return ret(s);
  for (uint32_t i = 0; i < numDescriptors; ++i) memHandles[i] = P(handles[i]);
  return ret(Status::kOk);
}

Qnn_ErrorHandle_t QnnMem_deRegister(const Qnn_MemHandle_t* memHandles, uint32_t numHandles) {
  LPAI_CHECK(memHandles != nullptr && numHandles != 0, ret(Status::kMemInvalidArgument),
             "mem deregister: %s", numHandles == 0 ? "no handles" : "handle array is null");
  LPAI_CHECK(numHandles <= rt::kMaxMemHandles, ret(Status::kMemInvalidHandle),
             "mem deregister: %u handles, at most %u can be registered", numHandles,
             rt::kMaxMemHandles);
  rt::Handle handles[rt::kMaxMemHandles];
  for (uint32_t i = 0; i < numHandles; ++i) handles[i] = H(memHandles[i]);
  return ret(rt::mem_deregister(handles, numHandles));
}

Qnn_ErrorHandle_t QnnMem_deregister(const Qnn_MemHandle_t* memHandles, uint32_t numHandles) {
  return QnnMem_deRegister(memHandles, numHandles);
}

}  // extern "C"
