/* QnnContext.h: part of the lpai-rt C API (conventions in lpai/qnn_compat.h). */
#ifndef LPAI_FWD_QNNCONTEXT_H
#define LPAI_FWD_QNNCONTEXT_H

#include "LPAI/QnnLpaiMem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== context (QnnContext.h, LPAI/QnnLpaiContext.h) ========================================== */

typedef enum {
  QNN_CONTEXT_CONFIG_OPTION_CUSTOM = 0,
  /* isPersistentBinary: the caller keeps the binary alive. Accepted and recorded; lpai-rt
   * always copies the binary into firmware memory of the configured memory type. */
  QNN_CONTEXT_CONFIG_PERSISTENT_BINARY = 1,
  QNN_CONTEXT_CONFIG_UNDEFINED = 0x7fffffff
} QnnContext_ConfigOption_t;

typedef void* QnnContext_CustomConfig_t;

typedef struct {
  QnnContext_ConfigOption_t option;
  LPAI_ANON_UNION {
    QnnContext_CustomConfig_t customConfig;  /* -> QnnLpaiContext_CustomConfig_t */
    uint8_t isPersistentBinary;
  };
} QnnContext_Config_t;
#define QNN_CONTEXT_CONFIG_INIT {QNN_CONTEXT_CONFIG_UNDEFINED, {NULL}}

typedef enum {
  /* config -> QnnLpaiMem_MemType_t: where the model binary copy and the firmware-allocated IO
   * buffers live. Default QNN_LPAI_MEM_TYPE_DDR. QNN_LPAI_MEM_TYPE_UNDEFINED (what an
   * unrecognised "mem_type" string resolves to) is accepted here and makes
   * QnnContext_createFromBinary fail with the memory pool's error. */
  QNN_LPAI_CONTEXT_SET_CFG_MEM_TYPE = 0,
  QNN_LPAI_CONTEXT_SET_CFG_UNDEFINED = 0x7fffffff
} QnnLpaiContext_SetConfigOption_t;

typedef struct {
  QnnLpaiContext_SetConfigOption_t option;
  void* config;
} QnnLpaiContext_CustomConfig_t;
#define QNN_LPAI_CONTEXT_CUSTOM_CONFIG_INIT {QNN_LPAI_CONTEXT_SET_CFG_UNDEFINED, NULL}

/* Validates the binary (every field, once) and copies it into firmware memory of the
 * configured memory type (DDR arena by default, TCM pool with QNN_LPAI_MEM_TYPE_TCM); the
 * caller's buffer is not referenced after the call. One graph per binary.
 * backend must be the live backend; device and profile may be NULL; config may be NULL.
 * Errors: context NULL / binary NULL -> CONTEXT_INVALID_ARGUMENT; malformed binary -> its
 * QNN_LPAI_ERROR_BINARY_* code; all context slots used -> NO_FREE_SLOT; unknown config ->
 * UNSUPPORTED_CONFIG; binary does not fit the memory type -> that pool's error. */
Qnn_ErrorHandle_t QnnContext_createFromBinary(Qnn_BackendHandle_t backend,
                                              Qnn_DeviceHandle_t device,
                                              const QnnContext_Config_t** config,
                                              const void* binaryBuffer,
                                              Qnn_ContextBinarySize_t binaryBufferSize,
                                              Qnn_ContextHandle_t* context,
                                              Qnn_ProfileHandle_t profile);
/* Online prepare (the flow is in QnnGraph.h; a firmware build without it answers
 * QNN_COMMON_ERROR_NOT_SUPPORTED): an empty context on the live backend. config: NULL, or a
 * NULL-terminated list of QNN_CONTEXT_CONFIG_OPTION_CUSTOM entries with
 * QNN_LPAI_CONTEXT_SET_CFG_MEM_TYPE (DDR or TCM, used when finalize loads the binary).
 * Errors: BACKEND_INVALID_HANDLE, CONTEXT_INVALID_ARGUMENT (context NULL, custom config NULL),
 * CONTEXT_UNSUPPORTED_CONFIG, CONTEXT_NO_FREE_SLOT. */
Qnn_ErrorHandle_t QnnContext_create(Qnn_BackendHandle_t backend, Qnn_DeviceHandle_t device,
                                    const QnnContext_Config_t** config,
                                    Qnn_ContextHandle_t* context);
/* Frees the context and its graph: returns the binary copy and IO buffers to their pool and
 * ends every memory handle registered on the context (later use -> INVALID_HANDLE). The
 * caller's scratch and persistent buffers may be released after this returns. */
Qnn_ErrorHandle_t QnnContext_free(Qnn_ContextHandle_t context, Qnn_ProfileHandle_t profile);

#ifdef __cplusplus
}
#endif

#endif /* LPAI_FWD_QNNCONTEXT_H */
