/* System/QnnSystemContext.h: part of the lpai-rt C API (conventions in lpai/qnn_compat.h). */
#ifndef LPAI_FWD_SYSTEM_QNNSYSTEMCONTEXT_H
#define LPAI_FWD_SYSTEM_QNNSYSTEMCONTEXT_H

#include "QnnInterface.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== system context: binary info (System/QnnSystemContext.h) =============================== */

typedef Qnn_Handle_t QnnSystemContext_Handle_t;

typedef enum {
  QNN_SYSTEM_CONTEXT_GRAPH_INFO_VERSION_1 = 1,
  QNN_SYSTEM_CONTEXT_GRAPH_INFO_UNDEFINED = 0x7fffffff
} QnnSystemContext_GraphInfoVersion_t;

typedef struct {
  const char* graphName;
  uint32_t numGraphInputs;
  Qnn_Tensor_t* graphInputs;
  uint32_t numGraphOutputs;
  Qnn_Tensor_t* graphOutputs;
} QnnSystemContext_GraphInfoV1_t;
#define QNN_SYSTEM_CONTEXT_GRAPH_INFO_V1_INIT {NULL, 0u, NULL, 0u, NULL}

typedef struct {
  QnnSystemContext_GraphInfoVersion_t version;
  QnnSystemContext_GraphInfoV1_t graphInfoV1;
} QnnSystemContext_GraphInfo_t;
#define QNN_SYSTEM_CONTEXT_GRAPH_INFO_INIT \
  {QNN_SYSTEM_CONTEXT_GRAPH_INFO_UNDEFINED, QNN_SYSTEM_CONTEXT_GRAPH_INFO_V1_INIT}

typedef enum {
  QNN_SYSTEM_CONTEXT_BINARY_INFO_VERSION_1 = 1,
  QNN_SYSTEM_CONTEXT_BINARY_INFO_UNDEFINED = 0x7fffffff
} QnnSystemContext_BinaryInfoVersion_t;

typedef struct {
  uint32_t binaryVersionMajor;  /* context binary format version */
  uint32_t binaryVersionMinor;
  uint32_t numGraphs;
  QnnSystemContext_GraphInfo_t* graphs;
} QnnSystemContext_BinaryInfoV1_t;
#define QNN_SYSTEM_CONTEXT_BINARY_INFO_V1_INIT {0u, 0u, 0u, NULL}

typedef struct {
  QnnSystemContext_BinaryInfoVersion_t version;
  QnnSystemContext_BinaryInfoV1_t contextBinaryInfoV1;
} QnnSystemContext_BinaryInfo_t;
#define QNN_SYSTEM_CONTEXT_BINARY_INFO_INIT \
  {QNN_SYSTEM_CONTEXT_BINARY_INFO_UNDEFINED, QNN_SYSTEM_CONTEXT_BINARY_INFO_V1_INIT}

Qnn_ErrorHandle_t QnnSystemContext_create(QnnSystemContext_Handle_t* sysCtxHandle);
/* Validates the binary and describes its graph's IO. *binaryInfo points into static storage
 * owned by the handle: valid until the next getBinaryInfo on it or QnnSystemContext_free.
 * Tensors come with memType RAW and an empty clientBuf, ready to be filled for execute.
 * *binaryInfoSize receives the bytes of that description. */
Qnn_ErrorHandle_t QnnSystemContext_getBinaryInfo(QnnSystemContext_Handle_t sysCtxHandle,
                                                 void* binaryBuffer, uint64_t binaryBufferSize,
                                                 const QnnSystemContext_BinaryInfo_t** binaryInfo,
                                                 Qnn_ContextBinarySize_t* binaryInfoSize);
Qnn_ErrorHandle_t QnnSystemContext_free(QnnSystemContext_Handle_t sysCtxHandle);

/* Function table of the system API, for code written against an interface object. */
typedef struct {
  Qnn_ErrorHandle_t (*systemContextCreate)(QnnSystemContext_Handle_t* sysCtxHandle);
  Qnn_ErrorHandle_t (*systemContextGetBinaryInfo)(QnnSystemContext_Handle_t sysCtxHandle,
                                                  void* binaryBuffer, uint64_t binaryBufferSize,
                                                  const QnnSystemContext_BinaryInfo_t** binaryInfo,
                                                  Qnn_ContextBinarySize_t* binaryInfoSize);
  Qnn_ErrorHandle_t (*systemContextFree)(QnnSystemContext_Handle_t sysCtxHandle);
} QnnSystemInterface_t;
/* A handle on the function table: `qnnSystemInterface->systemContextGetBinaryInfo(...)`. */
typedef const QnnSystemInterface_t* QnnSystemInterface;
/* The lpai-rt system function table (static, never NULL). */
QnnSystemInterface QnnLpaiSystem_getInterface(void);

#ifdef __cplusplus
}
#endif

#endif /* LPAI_FWD_SYSTEM_QNNSYSTEMCONTEXT_H */
