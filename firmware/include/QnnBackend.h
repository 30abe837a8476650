/* QnnBackend.h: part of the lpai-rt C API (conventions in lpai/qnn_compat.h). */
#ifndef LPAI_FWD_QNNBACKEND_H
#define LPAI_FWD_QNNBACKEND_H

#include "QnnTypes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== backend (QnnBackend.h, LPAI/QnnLpaiBackend.h) ========================================== */

typedef enum {
  QNN_BACKEND_CONFIG_OPTION_CUSTOM = 0,
  QNN_BACKEND_CONFIG_OPTION_UNDEFINED = 0x7fffffff
} QnnBackend_ConfigOption_t;

typedef void* QnnBackend_CustomConfig_t;

/* lpai-rt defines no backend configs: a NULL or empty list is accepted, any entry is
 * QNN_BACKEND_ERROR_INVALID_ARGUMENT. */
typedef struct {
  QnnBackend_ConfigOption_t option;
  LPAI_ANON_UNION {
    QnnBackend_CustomConfig_t customConfig;
  };
} QnnBackend_Config_t;
#define QNN_BACKEND_CONFIG_INIT {QNN_BACKEND_CONFIG_OPTION_UNDEFINED, {NULL}}

typedef enum {
  QNN_BACKEND_PROPERTY_OPTION_CUSTOM = 0,
  QNN_BACKEND_PROPERTY_OPTION_UNDEFINED = 0x7fffffff
} QnnBackend_PropertyOption_t;

typedef void* QnnBackend_CustomProperty_t;

typedef struct {
  QnnBackend_PropertyOption_t option;
  LPAI_ANON_UNION {
    QnnBackend_CustomProperty_t customProperty;  /* -> QnnLpaiBackend_CustomProperty_t */
  };
} QnnBackend_Property_t;
#define QNN_BACKEND_PROPERTY_INIT {QNN_BACKEND_PROPERTY_OPTION_UNDEFINED, {NULL}}

typedef enum {
  /* property -> QnnLpaiBackend_BufferAlignmentReq_t */
  QNN_LPAI_BACKEND_GET_PROP_ALIGNMENT_REQ = 0,
  QNN_LPAI_BACKEND_GET_PROP_UNDEFINED = 0x7fffffff
} QnnLpaiBackend_GetPropertyOption_t;

typedef struct {
  QnnLpaiBackend_GetPropertyOption_t option;
  void* property;
} QnnLpaiBackend_CustomProperty_t;
#define QNN_LPAI_BACKEND_CUSTOM_PROPERTY_INIT {QNN_LPAI_BACKEND_GET_PROP_UNDEFINED, NULL}

/* Both in bytes and powers of two. Scratch, persistent and user IO buffers must start on a
 * multiple of startAddrAlignment and have a size that is a multiple of sizeAlignment. */
typedef struct {
  uint32_t startAddrAlignment;
  uint32_t sizeAlignment;
} QnnLpaiBackend_BufferAlignmentReq_t;
#define QNN_LPAI_BACKEND_BUFFER_ALIGNMENT_REQ_INIT {0u, 0u}

/* One backend at a time. config: NULL-terminated list, may be NULL. logger may be NULL.
 * Errors: backend NULL -> INVALID_ARGUMENT; a second live backend -> ALREADY_CREATED; after
 * the backend handle's last generation (2^20 - 1 backends created on a 32-bit target,
 * 2^32 - 1 on a 64-bit one) -> QNN_LPAI_BACKEND_ERROR_GENERATIONS_EXHAUSTED. */
Qnn_ErrorHandle_t QnnBackend_create(Qnn_LogHandle_t logger, const QnnBackend_Config_t** config,
                                    Qnn_BackendHandle_t* backend);
/* properties: NULL-terminated list of QNN_BACKEND_PROPERTY_OPTION_CUSTOM entries whose
 * customProperty points at a QnnLpaiBackend_CustomProperty_t. Fills every entry or, on the
 * first bad entry, none (UNSUPPORTED_PROPERTY / INVALID_ARGUMENT). */
Qnn_ErrorHandle_t QnnBackend_getProperty(Qnn_BackendHandle_t backend,
                                         QnnBackend_Property_t** properties);
/* Fails with HAS_CONTEXTS while contexts created on it are alive. */
Qnn_ErrorHandle_t QnnBackend_free(Qnn_BackendHandle_t backend);

#ifdef __cplusplus
}
#endif

#endif /* LPAI_FWD_QNNBACKEND_H */
