/*
 * Online prepare (host simulation only): graphs built through QnnContext_create /
 * QnnGraph_create / QnnTensor_createGraphTensor / QnnGraph_addNode, and the op configs
 * (Qnn_OpConfig_t, Qnn_Param_t) they take. Defined by the host library lpai_host_online_prepare,
 * not by the firmware: the firmware headers do not declare them. A host build that links
 * lpai_host_online_prepare gets LPAI_HOST_ONLINE_PREPARE, and QnnGraph.h, QnnTensor.h and
 * QnnOpDef.h include this one, so the seeds' online-prepare snippets compile with the header
 * names they include.
 */
#ifndef LPAI_HOST_QNN_ONLINE_PREPARE_H
#define LPAI_HOST_QNN_ONLINE_PREPARE_H

#include "QnnGraph.h" /* and, through it, every header it builds on */

#ifdef __cplusplus
extern "C" {
#endif

/* ==== op configs (QnnTypes.h, QnnOpDef.h): online prepare ==================================== */

typedef enum {
  QNN_PARAMTYPE_SCALAR = 0,
  QNN_PARAMTYPE_TENSOR = 1,
  QNN_PARAMTYPE_UNDEFINED = 0x7fffffff
} Qnn_ParamType_t;

/* A scalar op parameter: dataType names the member that holds the value (FLOAT_32 ->
 * floatValue, UINT_32 -> uint32Value, INT_32 -> int32Value, BOOL_8 -> bool8Value, ...). */
typedef struct {
  Qnn_DataType_t dataType;
  LPAI_ANON_UNION {
    float floatValue;
    uint32_t uint32Value;
    int32_t int32Value;
    uint16_t uint16Value;
    int16_t int16Value;
    uint8_t uint8Value;
    int8_t int8Value;
    uint8_t bool8Value;
    const char* stringValue;
  };
} Qnn_Scalar_t;
#define QNN_SCALAR_INIT {QNN_DATATYPE_UNDEFINED, {0.0f}}

/* A named op parameter: a scalar, or a STATIC tensor (a tensor created on the graph with
 * QnnTensor_createGraphTensor, referenced by v1.id). */
typedef struct {
  Qnn_ParamType_t paramType;
  const char* name;
  LPAI_ANON_UNION {
    Qnn_Scalar_t scalarParam;
    Qnn_Tensor_t tensorParam;
  };
} Qnn_Param_t;
#define QNN_PARAM_INIT {QNN_PARAMTYPE_UNDEFINED, NULL, {QNN_SCALAR_INIT}}

typedef enum {
  QNN_OPCONFIG_VERSION_1 = 1,
  QNN_OPCONFIG_VERSION_UNDEFINED = 0x7fffffff
} Qnn_OpConfigVersion_t;

/* One node: typeName is an op type of the package (QNN_OP_* below); inputTensors and
 * outputTensors name tensors created on the same graph (matched by v1.id; a non-NULL v1.name
 * must equal the created tensor's name). Arrays are read during QnnGraph_addNode only. */
typedef struct {
  const char* name;         /* node name, for messages; may be NULL */
  const char* packageName;  /* QNN_OP_PACKAGE_NAME_QTI_AISW, or NULL / "" */
  const char* typeName;
  uint32_t numOfParams;
  Qnn_Param_t* params;
  uint32_t numOfInputs;
  Qnn_Tensor_t* inputTensors;
  uint32_t numOfOutputs;
  Qnn_Tensor_t* outputTensors;
} Qnn_OpConfigV1_t;
#define QNN_OPCONFIG_V1_INIT {NULL, NULL, NULL, 0u, NULL, 0u, NULL, 0u, NULL}

typedef struct {
  Qnn_OpConfigVersion_t version;
  LPAI_ANON_UNION {
    Qnn_OpConfigV1_t v1;
  };
} Qnn_OpConfig_t;
#define QNN_OPCONFIG_INIT {QNN_OPCONFIG_VERSION_1, {QNN_OPCONFIG_V1_INIT}}

/* Op types and parameter names online prepare maps onto the lpai-rt kernels (their TFLite
 * builtin equivalents in brackets). Activations are int8 or int16 (SFIXED_POINT_8/16);
 * every op's own limits are those of its kernel.
 *   ElementWiseAdd [ADD], ElementWiseSubtract [SUB], ElementWiseMultiply [MUL]: in[0], in[1]
 *     (broadcasting), no params.
 *   Reshape [RESHAPE]: in[0] -> out[0] of the same type, size and quantisation, no params.
 *   FullyConnected [FULLY_CONNECTED]: in[0] input, in[1] weights [units, depth] (int8,
 *     per-tensor or per-channel on axis 0), optional in[2] bias [units] (INT_32 /
 *     SFIXED_POINT_32); param keep_dims (BOOL_8, default 0).
 *   Softmax [SOFTMAX]: param beta (FLOAT_32, default 1.0); param axis (UINT_32) must be the
 *     last axis when given.
 *   Relu [RELU], Sigmoid [LOGISTIC], Tanh [TANH]: in[0] -> out[0], no params. */
#define QNN_OP_PACKAGE_NAME_QTI_AISW "qti.aisw"
#define QNN_OP_ELEMENT_WISE_ADD "ElementWiseAdd"
#define QNN_OP_ELEMENT_WISE_SUBTRACT "ElementWiseSubtract"
#define QNN_OP_ELEMENT_WISE_MULTIPLY "ElementWiseMultiply"
#define QNN_OP_RESHAPE "Reshape"
#define QNN_OP_FULLY_CONNECTED "FullyConnected"
#define QNN_OP_FULLY_CONNECTED_PARAM_KEEP_DIMS "keep_dims"
#define QNN_OP_SOFTMAX "Softmax"
#define QNN_OP_SOFTMAX_PARAM_BETA "beta"
#define QNN_OP_SOFTMAX_PARAM_AXIS "axis"
#define QNN_OP_RELU "Relu"
#define QNN_OP_SIGMOID "Sigmoid"
#define QNN_OP_TANH "Tanh"

/* ---- online prepare (host simulation only) ---------------------------------------------------
 * A graph built through the API instead of loaded from a context binary. These four calls are
 * defined by the host library lpai_host_online_prepare (host_sim/online_prepare), not by the
 * firmware, whose headers do not declare them.
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
 * Every failure logs one line and changes nothing. */

/* An empty context for online prepare on the live backend. config: NULL, or a NULL-terminated
 * list of QNN_CONTEXT_CONFIG_OPTION_CUSTOM entries with QNN_LPAI_CONTEXT_SET_CFG_MEM_TYPE
 * (DDR or TCM, used when finalize loads the binary). Errors: BACKEND_INVALID_HANDLE,
 * CONTEXT_INVALID_ARGUMENT (context NULL, custom config NULL), CONTEXT_UNSUPPORTED_CONFIG,
 * CONTEXT_NO_FREE_SLOT. */
Qnn_ErrorHandle_t QnnContext_create(Qnn_BackendHandle_t backend, Qnn_DeviceHandle_t device,
                                    const QnnContext_Config_t** config,
                                    Qnn_ContextHandle_t* context);
/* One graph per context. graphName: non-empty, becomes the binary's graph name. config must be
 * NULL or empty (GRAPH_UNSUPPORTED_CONFIG). Errors: CONTEXT_INVALID_HANDLE,
 * GRAPH_INVALID_ARGUMENT (name or output NULL/empty), COMMON_NOT_SUPPORTED (second graph). */
Qnn_ErrorHandle_t QnnGraph_create(Qnn_ContextHandle_t context, const char* graphName,
                                  const QnnGraph_Config_t** config, Qnn_GraphHandle_t* graph);
/* Adds a tensor and writes its id to tensor->v1.id (0, 1, 2, ... in creation order; equal to
 * its id in the context binary and the id execute expects). tensor->version 1; v1.name
 * non-empty and unique in the graph; v1.type APP_WRITE (graph input, in creation order),
 * APP_READ (graph output), NATIVE (intermediate) or STATIC (constant: memType RAW, clientBuf
 * holding exactly the tensor's bytes, copied); dataType SFIXED_POINT_8 / INT_8, SFIXED_POINT_16 /
 * INT_16 (activations and constants, quantised), SFIXED_POINT_32 / INT_32 and INT_64
 * (constants); quantizeParams DEFINED with SCALE_OFFSET (real = scale * (q + offset)) or, on
 * constants, AXIS_SCALE_OFFSET (symmetric, one entry per index of axis); rank 0..6 with every
 * dimension >= 1. memType of APP_WRITE/APP_READ tensors: RAW or MEMHANDLE (the IO memory hint;
 * all graph IO tensors must agree); NATIVE: RAW (clientBuf ignored).
 * Errors: GRAPH_INVALID_HANDLE, GRAPH_FINALIZED, TENSOR_INVALID_ARGUMENT (NULL, version, name,
 * type, rank/dimensions, quantisation values, constant size), TENSOR_BAD_MEM_TYPE,
 * COMMON_NOT_SUPPORTED (data type, APP_READWRITE, per-channel activations). */
Qnn_ErrorHandle_t QnnTensor_createGraphTensor(Qnn_GraphHandle_t graph, Qnn_Tensor_t* tensor);
/* Appends a node (execution order = call order). Its inputs must be STATIC, APP_WRITE or
 * written by an earlier node; its outputs NATIVE or APP_READ tensors no node wrote yet. The
 * op's kernel prepare runs here, so shape, type and quantisation errors surface at this call.
 * Errors: GRAPH_INVALID_HANDLE, GRAPH_FINALIZED, GRAPH_INVALID_ARGUMENT (version, arrays,
 * counts, params, dataflow, rejected by the op's prepare), TENSOR_UNKNOWN_ID,
 * TENSOR_INVALID_ARGUMENT (name differs from the created tensor's), COMMON_NOT_SUPPORTED
 * (op type, package, parameter value). */
Qnn_ErrorHandle_t QnnGraph_addNode(Qnn_GraphHandle_t graph, Qnn_OpConfig_t opConfig);
/* (QnnGraph_finalize, above, on an online graph additionally fails with
 * GRAPH_INVALID_ARGUMENT when the graph has no node, an output no node writes, a tensor no
 * node uses, or IO tensors of mixed memType; and with the loader's or memory's codes.) */

#ifdef __cplusplus
}
#endif

#endif /* LPAI_HOST_QNN_ONLINE_PREPARE_H */
