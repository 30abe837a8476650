/* Helpers of the C shim tests: context binaries generated at build time and aligned
 * buffers. C99. */
#ifndef LPAI_TESTS_SHIM_SHIM_TEST_UTIL_H
#define LPAI_TESTS_SHIM_SHIM_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "lpai/qnn_compat.h"

typedef struct {
  uint8_t* data; /* 64-byte aligned copy of the file */
  size_t size;
} ShimBinary;

/* Loads LPAI_SHIM_BIN_DIR/<name>; data NULL when missing. */
ShimBinary shim_load_binary(const char* name);
void shim_free_binary(ShimBinary* bin);

/* size bytes aligned to alignment (power of two); free with free(). */
void* shim_aligned_alloc(size_t alignment, size_t size);

/* Everything one workflow holds, released by shim_session_release (any subset may be set). */
typedef struct {
  Qnn_BackendHandle_t backend;
  Qnn_ContextHandle_t context;
  Qnn_GraphHandle_t graph;
  QnnSystemContext_Handle_t sys;
  ShimBinary bin;
  void* scratch;
  void* persistent;
  void* io[4];
} ShimSession;

void shim_session_release(ShimSession* s);

/* Creates the backend, the context from `bin_name` (optional memory type config; pass
 * QNN_LPAI_MEM_TYPE_UNDEFINED to send no config) and retrieves graph `graph_name`.
 * Returns the first failing code. */
Qnn_ErrorHandle_t shim_open(ShimSession* s, const char* bin_name, const char* graph_name,
                            int send_mem_type, QnnLpaiMem_MemType_t mem_type);

/* Queries alignment and sizes, allocates aligned scratch/persistent, sets both, finalizes. */
Qnn_ErrorHandle_t shim_provide_and_finalize(ShimSession* s);

/* One custom graph config entry list {cfg, NULL} applied with QnnGraph_setConfig. */
Qnn_ErrorHandle_t shim_set_one(Qnn_GraphHandle_t graph, QnnLpaiGraph_SetConfigOption_t option,
                               void* payload);

#endif
