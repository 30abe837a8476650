/* QnnGraph.h: part of the lpai-rt C API (conventions in lpai/qnn_compat.h). */
#ifndef LPAI_FWD_QNNGRAPH_H
#define LPAI_FWD_QNNGRAPH_H

#include "QnnContext.h"
#include "QnnTypes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== graph (QnnGraph.h, LPAI/QnnLpaiGraph.h) ================================================ */

typedef enum {
  QNN_GRAPH_PROPERTY_OPTION_CUSTOM = 0,
  QNN_GRAPH_PROPERTY_OPTION_UNDEFINED = 0x7fffffff
} QnnGraph_PropertyOption_t;

typedef void* QnnGraph_CustomProperty_t;

typedef struct {
  QnnGraph_PropertyOption_t option;
  LPAI_ANON_UNION {
    QnnGraph_CustomProperty_t customProperty;  /* -> QnnLpaiGraph_CustomProperty_t */
  };
} QnnGraph_Property_t;
#define QNN_GRAPH_PROPERTY_INIT {QNN_GRAPH_PROPERTY_OPTION_UNDEFINED, {NULL}}

typedef enum {
  /* property -> uint32_t: bytes of scratch the graph needs, a multiple of sizeAlignment. */
  QNN_LPAI_GRAPH_GET_PROP_SCRATCH_MEM_SIZE = 0,
  /* property -> uint32_t: bytes of persistent memory, a multiple of sizeAlignment. */
  QNN_LPAI_GRAPH_GET_PROP_PERSISTENT_MEM_SIZE = 1,
  /* property -> uint32_t: bytes of the profile buffer (lpai-rt: 8 per node), see
   * QNN_LPAI_GRAPH_SET_CFG_PROFILE_BUFFER. */
  QNN_LPAI_GRAPH_GET_PROP_PROFILE_BUFFER_SIZE = 2,
  QNN_LPAI_GRAPH_GET_PROP_UNDEFINED = 0x7fffffff
} QnnLpaiGraph_GetPropertyOption_t;

typedef struct {
  QnnLpaiGraph_GetPropertyOption_t option;
  void* property;
} QnnLpaiGraph_CustomProperty_t;
#define QNN_LPAI_GRAPH_CUSTOM_PROPERTY_INIT {QNN_LPAI_GRAPH_GET_PROP_UNDEFINED, NULL}

typedef enum {
  QNN_GRAPH_CONFIG_OPTION_CUSTOM = 0,
  QNN_GRAPH_CONFIG_OPTION_UNDEFINED = 0x7fffffff
} QnnGraph_ConfigOption_t;

typedef void* QnnGraph_CustomConfig_t;

typedef struct {
  QnnGraph_ConfigOption_t option;
  LPAI_ANON_UNION {
    QnnGraph_CustomConfig_t customConfig;  /* -> QnnLpaiGraph_CustomConfig_t */
  };
} QnnGraph_Config_t;
#define QNN_GRAPH_CONFIG_INIT {QNN_GRAPH_CONFIG_OPTION_UNDEFINED, {NULL}}

typedef enum {
  QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM = 0,     /* config -> QnnLpaiGraph_Mem_t */
  QNN_LPAI_GRAPH_SET_CFG_PERSISTENT_MEM = 1,  /* config -> QnnLpaiGraph_Mem_t */
  QNN_LPAI_GRAPH_SET_CFG_PERF_CFG = 2,        /* config -> QnnLpaiGraph_PerfCfg_t */
  QNN_LPAI_GRAPH_SET_CFG_CORE_AFFINITY = 3,   /* config -> QnnLpaiGraph_CoreAffinity_t */
  QNN_LPAI_GRAPH_SET_CFG_PROFILE_BUFFER = 4,  /* config -> QnnLpaiGraph_ProfileBuffer_t */
  QNN_LPAI_GRAPH_SET_CFG_UNDEFINED = 0x7fffffff
} QnnLpaiGraph_SetConfigOption_t;

typedef struct {
  QnnLpaiGraph_SetConfigOption_t option;
  void* config;
} QnnLpaiGraph_CustomConfig_t;
#define QNN_LPAI_GRAPH_CUSTOM_CONFIG_INIT {QNN_LPAI_GRAPH_SET_CFG_UNDEFINED, NULL}

/* A scratch or persistent buffer the caller owns. memType must be QNN_LPAI_MEM_TYPE_DDR; addr
 * non-NULL and a multiple of startAddrAlignment; size (bytes) a multiple of sizeAlignment and
 * at least the size the matching property query reports. Scratch may be replaced after
 * finalize; persistent must stay valid until QnnContext_free and cannot be replaced. */
typedef struct {
  QnnLpaiMem_MemType_t memType;
  uint32_t size;
  void* addr;
} QnnLpaiGraph_Mem_t;
#define QNN_LPAI_GRAPH_MEM_INIT {QNN_LPAI_MEM_TYPE_UNDEFINED, 0u, NULL}

typedef enum {
  QNN_LPAI_GRAPH_CLIENT_PERF_TYPE_REAL_TIME = 0,
  QNN_LPAI_GRAPH_CLIENT_PERF_TYPE_NON_REAL_TIME = 1,
  QNN_LPAI_GRAPH_CLIENT_PERF_TYPE_UNDEFINED = 0x7fffffff
} QnnLpaiGraph_ClientPerfType_t;

/* Performance hint, validated and kept (lpai-rt has no clock control): fps in 1..1000 frames
 * per second, ftrtRatio (faster-than-real-time ratio, percent) in 1..10000, clientType REAL_TIME
 * or NON_REAL_TIME. Anything else -> QNN_LPAI_GRAPH_ERROR_BAD_PERF_CONFIG. */
typedef struct {
  uint32_t fps;
  uint32_t ftrtRatio;
  QnnLpaiGraph_ClientPerfType_t clientType;
} QnnLpaiGraph_PerfCfg_t;
#define QNN_LPAI_GRAPH_PERF_CFG_INIT {0u, 0u, QNN_LPAI_GRAPH_CLIENT_PERF_TYPE_UNDEFINED}

typedef enum {
  QNN_LPAI_GRAPH_CORE_AFFINITY_SOFT = 0,  /* preferred core */
  QNN_LPAI_GRAPH_CORE_AFFINITY_HARD = 1,  /* only this core */
  QNN_LPAI_GRAPH_CORE_AFFINITY_UNDEFINED = 0x7fffffff
} QnnLpaiGraph_CoreAffinityType_t;

/* coreSelection: bit n selects core n (n < QNN_LPAI_MAX_CORES). Exactly one core may be
 * selected: 0 or a bit beyond the cores -> BAD_CORE_AFFINITY; several bits ->
 * MULTI_CORE_UNSUPPORTED. Validated and kept. */
typedef struct {
  QnnLpaiGraph_CoreAffinityType_t affinity;
  uint32_t coreSelection;
} QnnLpaiGraph_CoreAffinity_t;
#define QNN_LPAI_GRAPH_CORE_AFFINITY_INIT {QNN_LPAI_GRAPH_CORE_AFFINITY_UNDEFINED, 0u}
#define QNN_LPAI_MAX_CORES 8u

/* The buffer per-node profiling writes into (lpai-rt specific; the firmware reserves none).
 * addr: non-NULL (else PROFILE_BUFFER_NULL), a multiple of QNN_LPAI_PROFILE_BUFFER_ALIGNMENT
 * (else PROFILE_BUFFER_MISALIGNED); size: at least the QNN_LPAI_GRAPH_GET_PROP_PROFILE_BUFFER_SIZE
 * property (else PROFILE_BUFFER_TOO_SMALL). Accepted before and after finalize; zeroed when set;
 * owned by the caller and used until profiling is turned off, another buffer is set or the
 * context is freed. */
typedef struct {
  uint32_t size;
  void* addr;
} QnnLpaiGraph_ProfileBuffer_t;
#define QNN_LPAI_GRAPH_PROFILE_BUFFER_INIT {0u, NULL}
#define QNN_LPAI_PROFILE_BUFFER_ALIGNMENT 8u

/* The graph of a context, by name (the binary's graph name). graphName NULL or unknown ->
 * CONTEXT_GRAPH_NOT_FOUND / INVALID_ARGUMENT. */
Qnn_ErrorHandle_t QnnGraph_retrieve(Qnn_ContextHandle_t context, const char* graphName,
                                    Qnn_GraphHandle_t* graph);
/* properties: NULL-terminated list of QNN_GRAPH_PROPERTY_OPTION_CUSTOM entries whose
 * customProperty points at a QnnLpaiGraph_CustomProperty_t; each writes a uint32_t. */
Qnn_ErrorHandle_t QnnGraph_getProperty(Qnn_GraphHandle_t graph, QnnGraph_Property_t** properties);
/* config: NULL-terminated list of QNN_GRAPH_CONFIG_OPTION_CUSTOM entries. Every entry is
 * validated before any is applied: on the first bad entry nothing changes. */
Qnn_ErrorHandle_t QnnGraph_setConfig(Qnn_GraphHandle_t graph, const QnnGraph_Config_t** config);
/* Requires scratch and persistent buffers (when their sizes are non-zero); zeroes persistent
 * memory (variable tensors start at zero). Errors: SCRATCH_MISSING, PERSISTENT_MISSING,
 * GRAPH_FINALIZED (second call). */
Qnn_ErrorHandle_t QnnGraph_finalize(Qnn_GraphHandle_t graph, Qnn_ProfileHandle_t profile,
                                    Qnn_SignalHandle_t signal);
/* Runs the graph once. inputs/outputs: one tensor per graph input/output, in the order of
 * the binary info, each with v1.id of that tensor; memType RAW (clientBuf: aligned, large
 * enough; copied in/out) or MEMHANDLE (registered buffer bound without a copy). */
Qnn_ErrorHandle_t QnnGraph_execute(Qnn_GraphHandle_t graph, const Qnn_Tensor_t* inputs,
                                   uint32_t numInputs, Qnn_Tensor_t* outputs, uint32_t numOutputs,
                                   Qnn_ProfileHandle_t profile, Qnn_SignalHandle_t signal);

/* ---- online prepare ---------------------------------------------------------------------------
 * A graph built through the API instead of loaded from a context binary: QnnContext_create
 * (QnnContext.h), QnnGraph_create, QnnTensor_createGraphTensor (QnnTensor.h), QnnGraph_addNode
 * with op configs (QnnTypes.h) of the op types in QnnOpDef.h. Online prepare runs the offline
 * prepare pipeline, so only the host simulation has it: the host library
 * lpai_host_online_prepare (host_sim/online_prepare) defines these calls; the firmware's own
 * definitions log one line and return QNN_COMMON_ERROR_NOT_SUPPORTED, changing nothing.
 *
 * Flow: QnnContext_create -> QnnGraph_create -> QnnTensor_createGraphTensor (every tensor) ->
 * QnnGraph_addNode (every node, in execution order) -> QnnGraph_finalize. Finalize runs the
 * offline prepare pipeline in memory (per-op prepare, memory plan, serialization), loads the
 * context binary into the firmware (QnnContext_createFromBinary with the context's config),
 * hands it scratch and persistent buffers of exactly the queried sizes (host memory owned by
 * the graph until QnnContext_free) and finalizes it. From then on the graph handle works with
 * QnnGraph_getProperty / setConfig (scratch may be replaced) / execute and the QnnLpaiGraph_*
 * calls, the context handle with QnnGraph_retrieve, QnnMem_register and QnnContext_free; before
 * finalize those fail with GRAPH_NOT_FINALIZED (QnnContext_free always works).
 * The binary is byte for byte what lpai-context-binary-generator (default 64:64 alignment)
 * writes for the equivalent TFLite model: same tensors in the same order with the same names,
 * subgraph name = graph name, nodes in the same order; with --input_output_tensor_mem_type
 * memhandle exactly when the IO tensors were created with memType MEMHANDLE.
 * Every failure logs one line and changes nothing. QnnGraph_finalize on an online graph
 * additionally fails with GRAPH_INVALID_ARGUMENT when the graph has no node, an output no node
 * writes, a tensor no node uses, or IO tensors of mixed memType; and with the loader's or
 * memory's codes. */

/* One graph per context. graphName: non-empty, becomes the binary's graph name. config must be
 * NULL or empty (GRAPH_UNSUPPORTED_CONFIG). Errors: CONTEXT_INVALID_HANDLE,
 * GRAPH_INVALID_ARGUMENT (name or output NULL/empty), COMMON_NOT_SUPPORTED (second graph). */
Qnn_ErrorHandle_t QnnGraph_create(Qnn_ContextHandle_t context, const char* graphName,
                                  const QnnGraph_Config_t** config, Qnn_GraphHandle_t* graph);
/* Appends a node (execution order = call order). Its inputs must be STATIC, APP_WRITE or
 * written by an earlier node; its outputs NATIVE or APP_READ tensors no node wrote yet. The
 * op's kernel prepare runs here, so shape, type and quantisation errors surface at this call.
 * Errors: GRAPH_INVALID_HANDLE, GRAPH_FINALIZED, GRAPH_INVALID_ARGUMENT (version, arrays,
 * counts, params, dataflow, rejected by the op's prepare), TENSOR_UNKNOWN_ID,
 * TENSOR_INVALID_ARGUMENT (name differs from the created tensor's), COMMON_NOT_SUPPORTED
 * (op type, package, parameter value). */
Qnn_ErrorHandle_t QnnGraph_addNode(Qnn_GraphHandle_t graph, Qnn_OpConfig_t opConfig);

#ifdef __cplusplus
}
#endif

#endif /* LPAI_FWD_QNNGRAPH_H */
