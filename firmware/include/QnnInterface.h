/* QnnInterface.h: part of the lpai-rt C API (conventions in lpai/qnn_compat.h). */
#ifndef LPAI_FWD_QNNINTERFACE_H
#define LPAI_FWD_QNNINTERFACE_H

#include "QnnMem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== interface table (QnnInterface.h) ======================================================= */
/* The QNN interface object of seed 003 ("QnnInterface_t qnnInterface; // Init qnn interface"):
 * the backend's functions in a table, obtained through QnnInterface_getProviders. lpai-rt has
 * one provider, its LPAI backend. Code written against the table calls e.g.
 *   qnnInterface.QNN_INTERFACE_VER_NAME.memRegister(context, &memDescriptor, 1u, memHandles);
 * The online-prepare calls (QnnGraph.h: host library only) are not in the table. */
typedef struct {
  Qnn_ErrorHandle_t (*backendCreate)(Qnn_LogHandle_t logger, const QnnBackend_Config_t** config,
                                     Qnn_BackendHandle_t* backend);
  Qnn_ErrorHandle_t (*backendGetProperty)(Qnn_BackendHandle_t backend,
                                          QnnBackend_Property_t** properties);
  Qnn_ErrorHandle_t (*backendFree)(Qnn_BackendHandle_t backend);
  Qnn_ErrorHandle_t (*contextCreateFromBinary)(Qnn_BackendHandle_t backend,
                                               Qnn_DeviceHandle_t device,
                                               const QnnContext_Config_t** config,
                                               const void* binaryBuffer,
                                               Qnn_ContextBinarySize_t binaryBufferSize,
                                               Qnn_ContextHandle_t* context,
                                               Qnn_ProfileHandle_t profile);
  Qnn_ErrorHandle_t (*contextFree)(Qnn_ContextHandle_t context, Qnn_ProfileHandle_t profile);
  Qnn_ErrorHandle_t (*graphRetrieve)(Qnn_ContextHandle_t context, const char* graphName,
                                     Qnn_GraphHandle_t* graph);
  Qnn_ErrorHandle_t (*graphGetProperty)(Qnn_GraphHandle_t graph,
                                        QnnGraph_Property_t** properties);
  Qnn_ErrorHandle_t (*graphSetConfig)(Qnn_GraphHandle_t graph, const QnnGraph_Config_t** config);
  Qnn_ErrorHandle_t (*graphFinalize)(Qnn_GraphHandle_t graph, Qnn_ProfileHandle_t profile,
                                     Qnn_SignalHandle_t signal);
  Qnn_ErrorHandle_t (*graphExecute)(Qnn_GraphHandle_t graph, const Qnn_Tensor_t* inputs,
                                    uint32_t numInputs, Qnn_Tensor_t* outputs,
                                    uint32_t numOutputs, Qnn_ProfileHandle_t profile,
                                    Qnn_SignalHandle_t signal);
  Qnn_ErrorHandle_t (*memRegister)(Qnn_ContextHandle_t context,
                                   const Qnn_MemDescriptor_t* descriptors,
                                   uint32_t numDescriptors, Qnn_MemHandle_t* memHandles);
  Qnn_ErrorHandle_t (*memDeRegister)(const Qnn_MemHandle_t* memHandles, uint32_t numHandles);
} QnnInterface_ImplementationV1_t;

/* Selects the function table inside QnnInterface_t (one version in lpai-rt). */
#define QNN_INTERFACE_VER_NAME v1

#define QNN_BACKEND_ID_LPAI 17u /* lpai-rt's backend id in QnnInterface_t.backendId */

typedef struct {
  uint32_t backendId;        /* QNN_BACKEND_ID_LPAI */
  const char* providerName;  /* "LPAI_LPAI_RT" */
  struct {
    uint32_t major, minor, patch;
  } apiVersion;              /* of this header's API */
  QnnInterface_ImplementationV1_t QNN_INTERFACE_VER_NAME;
} QnnInterface_t;

/* *providerList receives a static array of *numProviders (1) pointers to interface tables,
 * valid for the program's lifetime. Errors: COMMON_INVALID_ARGUMENT (a NULL pointer). */
Qnn_ErrorHandle_t QnnInterface_getProviders(const QnnInterface_t*** providerList,
                                            uint32_t* numProviders);

#ifdef __cplusplus
}
#endif

#endif /* LPAI_FWD_QNNINTERFACE_H */
