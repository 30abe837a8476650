/* LPAI/QnnLpaiMem.h: part of the lpai-rt C API (conventions in lpai/qnn_compat.h). */
#ifndef LPAI_FWD_LPAI_QNNLPAIMEM_H
#define LPAI_FWD_LPAI_QNNLPAIMEM_H

#include "QnnBackend.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== LPAI memory types (LPAI/QnnLpaiMem.h) ================================================= */

typedef enum {
  QNN_LPAI_MEM_TYPE_DDR = 1,
  QNN_LPAI_MEM_TYPE_TCM = 3,
  QNN_LPAI_MEM_TYPE_UNDEFINED = 0x7fffffff
} QnnLpaiMem_MemType_t;

/* Custom memory registration (Qnn_MemDescriptor_t.memType == QNN_MEM_TYPE_CUSTOM): a buffer the
 * caller owns and keeps valid until it deregisters the handle. buffer must start on
 * startAddrAlignment; size in bytes must cover the descriptor's shape. */
typedef struct {
  void* buffer;
  uint64_t size;
} QnnLpaiMem_MemInfoCustom_t;
#define QNN_LPAI_MEM_INFO_CUSTOM_INIT {NULL, 0u}

#ifdef __cplusplus
}
#endif

#endif /* LPAI_FWD_LPAI_QNNLPAIMEM_H */
