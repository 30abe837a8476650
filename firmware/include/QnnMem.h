/* QnnMem.h: part of the lpai-rt C API (conventions in lpai/qnn_compat.h). */
#ifndef LPAI_FWD_QNNMEM_H
#define LPAI_FWD_QNNMEM_H

#include "LPAI/QnnLpaiGraph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== memory registration (QnnMem.h) ========================================================= */

typedef enum {
  QNN_MEM_TYPE_ION = 1,     /* ionInfo.fd: a shared buffer resolved through the HAL */
  QNN_MEM_TYPE_CUSTOM = 2,  /* customInfo -> QnnLpaiMem_MemInfoCustom_t */
  QNN_MEM_TYPE_UNDEFINED = 0x7fffffff
} Qnn_MemType_t;

typedef struct {
  uint32_t numDim;
  uint32_t* dimSize;
  const char* shapeConfig;  /* unused, may be NULL */
} Qnn_MemShape_t;
#define QNN_MEM_SHAPE_INIT {0u, NULL, NULL}

typedef struct {
  int32_t fd;
} Qnn_MemIonInfo_t;
#define QNN_MEM_ION_INFO_INIT {-1}

typedef void* Qnn_MemInfoCustom_t;

/* Describes one buffer to register: its shape and data type give the bytes a tensor bound to
 * it may use (product of dims x element size); the buffer must hold at least that many bytes
 * and start on startAddrAlignment. */
typedef struct {
  Qnn_MemShape_t memShape;
  Qnn_DataType_t dataType;
  Qnn_MemType_t memType;
  LPAI_ANON_UNION {
    Qnn_MemInfoCustom_t customInfo; /* first: the initialiser clears the whole pointer */
    Qnn_MemIonInfo_t ionInfo;
  };
} Qnn_MemDescriptor_t;
#define QNN_MEM_DESCRIPTOR_INIT \
  {QNN_MEM_SHAPE_INIT, QNN_DATATYPE_UNDEFINED, QNN_MEM_TYPE_UNDEFINED, {NULL}}

/* Registers n buffers on a context, one handle per buffer (handles[i] for descriptors[i]).
 * All or nothing: on error no handle is created. Errors: INVALID_ARGUMENT (NULL pointers,
 * n == 0, bad shape), ALREADY_REGISTERED (buffer already has a handle), MAPPING (fd not
 * resolvable), INVALID_SHAPE (misaligned or smaller than the shape), UNSUPPORTED_MEMTYPE,
 * TABLE_FULL. */
Qnn_ErrorHandle_t QnnMem_register(Qnn_ContextHandle_t context,
                                  const Qnn_MemDescriptor_t* descriptors, uint32_t numDescriptors,
                                  Qnn_MemHandle_t* memHandles);
/* Ends n handles. All or nothing. Errors: INVALID_HANDLE (unknown or already deregistered),
 * HANDLE_IN_USE (bound to a graph's IO; see QnnLpaiGraph_releaseIo). */
Qnn_ErrorHandle_t QnnMem_deRegister(const Qnn_MemHandle_t* memHandles, uint32_t numHandles);
/* Same as QnnMem_deRegister (the spelling some documents use). */
Qnn_ErrorHandle_t QnnMem_deregister(const Qnn_MemHandle_t* memHandles, uint32_t numHandles);

#ifdef __cplusplus
}
#endif

#endif /* LPAI_FWD_QNNMEM_H */
