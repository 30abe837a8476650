#define _POSIX_C_SOURCE 200112L
#include "shim_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void* shim_aligned_alloc(size_t alignment, size_t size) {
  void* p = NULL;
  if (posix_memalign(&p, alignment, size == 0 ? alignment : size) != 0) return NULL;
  return p;
}

ShimBinary shim_load_binary(const char* name) {
  ShimBinary b = {NULL, 0};
  char path[1024];
  FILE* f;
  long n;
  snprintf(path, sizeof(path), "%s/%s", LPAI_SHIM_BIN_DIR, name);
  f = fopen(path, "rb");
  if (f == NULL) return b;
  if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) <= 0 || fseek(f, 0, SEEK_SET) != 0) {
    fclose(f);
    return b;
  }
  b.data = (uint8_t*)shim_aligned_alloc(64, (size_t)n);
  if (b.data != NULL && fread(b.data, 1, (size_t)n, f) == (size_t)n) {
    b.size = (size_t)n;
  } else {
    free(b.data);
    b.data = NULL;
  }
  fclose(f);
  return b;
}

void shim_free_binary(ShimBinary* bin) {
  free(bin->data);
  bin->data = NULL;
  bin->size = 0;
}

void shim_session_release(ShimSession* s) {
  size_t i;
  if (s->context != NULL) QnnContext_free(s->context, NULL);
  if (s->backend != NULL) QnnBackend_free(s->backend);
  if (s->sys != NULL) QnnSystemContext_free(s->sys);
  shim_free_binary(&s->bin);
  free(s->scratch);
  free(s->persistent);
  for (i = 0; i < sizeof(s->io) / sizeof(s->io[0]); ++i) free(s->io[i]);
  memset(s, 0, sizeof(*s));
}

Qnn_ErrorHandle_t shim_open(ShimSession* s, const char* bin_name, const char* graph_name,
                            int send_mem_type, QnnLpaiMem_MemType_t mem_type) {
  Qnn_ErrorHandle_t e;
  QnnLpaiContext_CustomConfig_t custom = QNN_LPAI_CONTEXT_CUSTOM_CONFIG_INIT;
  QnnContext_Config_t cfg = QNN_CONTEXT_CONFIG_INIT;
  const QnnContext_Config_t* cfgs[2] = {NULL, NULL};
  s->bin = shim_load_binary(bin_name);
  if (s->bin.data == NULL) return QNN_LPAI_ERROR_BINARY_NULL;
  e = QnnBackend_create(NULL, NULL, &s->backend);
  if (e != QNN_SUCCESS) return e;
  if (send_mem_type) {
    custom.option = QNN_LPAI_CONTEXT_SET_CFG_MEM_TYPE;
    custom.config = &mem_type;
    cfg.option = QNN_CONTEXT_CONFIG_OPTION_CUSTOM;
    cfg.customConfig = &custom;
    cfgs[0] = &cfg;
  }
  e = QnnContext_createFromBinary(s->backend, NULL, send_mem_type ? cfgs : NULL, s->bin.data,
                                  s->bin.size, &s->context, NULL);
  if (e != QNN_SUCCESS) return e;
  return QnnGraph_retrieve(s->context, graph_name, &s->graph);
}

Qnn_ErrorHandle_t shim_set_one(Qnn_GraphHandle_t graph, QnnLpaiGraph_SetConfigOption_t option,
                               void* payload) {
  QnnLpaiGraph_CustomConfig_t custom = QNN_LPAI_GRAPH_CUSTOM_CONFIG_INIT;
  QnnGraph_Config_t cfg = QNN_GRAPH_CONFIG_INIT;
  const QnnGraph_Config_t* cfgs[2] = {NULL, NULL};
  custom.option = option;
  custom.config = payload;
  cfg.option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
  cfg.customConfig = &custom;
  cfgs[0] = &cfg;
  return QnnGraph_setConfig(graph, cfgs);
}

Qnn_ErrorHandle_t shim_provide_and_finalize(ShimSession* s) {
  QnnLpaiBackend_BufferAlignmentReq_t req = QNN_LPAI_BACKEND_BUFFER_ALIGNMENT_REQ_INIT;
  QnnLpaiBackend_CustomProperty_t bprop = QNN_LPAI_BACKEND_CUSTOM_PROPERTY_INIT;
  QnnBackend_Property_t bp = QNN_BACKEND_PROPERTY_INIT;
  QnnBackend_Property_t* bps[2] = {NULL, NULL};
  uint32_t sizes[2] = {0, 0};
  QnnLpaiGraph_CustomProperty_t gprop[2] = {QNN_LPAI_GRAPH_CUSTOM_PROPERTY_INIT,
                                            QNN_LPAI_GRAPH_CUSTOM_PROPERTY_INIT};
  QnnGraph_Property_t gp[2] = {QNN_GRAPH_PROPERTY_INIT, QNN_GRAPH_PROPERTY_INIT};
  QnnGraph_Property_t* gps[3] = {NULL, NULL, NULL};
  QnnLpaiGraph_Mem_t mem[2] = {QNN_LPAI_GRAPH_MEM_INIT, QNN_LPAI_GRAPH_MEM_INIT};
  QnnLpaiGraph_CustomConfig_t gcfg[2] = {QNN_LPAI_GRAPH_CUSTOM_CONFIG_INIT,
                                         QNN_LPAI_GRAPH_CUSTOM_CONFIG_INIT};
  QnnGraph_Config_t gc[2] = {QNN_GRAPH_CONFIG_INIT, QNN_GRAPH_CONFIG_INIT};
  const QnnGraph_Config_t* gcs[3] = {NULL, NULL, NULL};
  Qnn_ErrorHandle_t e;
  uint32_t n = 0;
  int i;

  bprop.option = QNN_LPAI_BACKEND_GET_PROP_ALIGNMENT_REQ;
  bprop.property = &req;
  bp.option = QNN_BACKEND_PROPERTY_OPTION_CUSTOM;
  bp.customProperty = &bprop;
  bps[0] = &bp;
  e = QnnBackend_getProperty(s->backend, bps);
  if (e != QNN_SUCCESS) return e;

  /* Both sizes in one property call. */
  gprop[0].option = QNN_LPAI_GRAPH_GET_PROP_SCRATCH_MEM_SIZE;
  gprop[0].property = &sizes[0];
  gprop[1].option = QNN_LPAI_GRAPH_GET_PROP_PERSISTENT_MEM_SIZE;
  gprop[1].property = &sizes[1];
  for (i = 0; i < 2; ++i) {
    gp[i].option = QNN_GRAPH_PROPERTY_OPTION_CUSTOM;
    gp[i].customProperty = &gprop[i];
    gps[i] = &gp[i];
  }
  e = QnnGraph_getProperty(s->graph, gps);
  if (e != QNN_SUCCESS) return e;

  for (i = 0; i < 2; ++i) {
    void* buf;
    if (sizes[i] == 0) continue;
    buf = shim_aligned_alloc(req.startAddrAlignment, sizes[i]);
    if (i == 0) s->scratch = buf; else s->persistent = buf;
    mem[n].memType = QNN_LPAI_MEM_TYPE_DDR;
    mem[n].size = sizes[i];
    mem[n].addr = buf;
    gcfg[n].option = i == 0 ? QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM : QNN_LPAI_GRAPH_SET_CFG_PERSISTENT_MEM;
    gcfg[n].config = &mem[n];
    gc[n].option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
    gc[n].customConfig = &gcfg[n];
    gcs[n] = &gc[n];
    ++n;
  }
  if (n > 0) {
    e = QnnGraph_setConfig(s->graph, gcs);
    if (e != QNN_SUCCESS) return e;
  }
  return QnnGraph_finalize(s->graph, NULL, NULL);
}
