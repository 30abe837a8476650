/* C99 user of the installed package's C API, through the drop-in header names: the
 * recommended LPAI memory workflow on the context binary named by argv[1] (a graph whose
 * single output is a copy of its single input). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "LPAI/QnnLpaiBackend.h"
#include "LPAI/QnnLpaiGraph.h"
#include "LPAI/QnnLpaiMem.h"
#include "QnnBackend.h"
#include "QnnContext.h"
#include "QnnGraph.h"
#include "QnnTypes.h"
#include "System/QnnSystemContext.h"

static void* aligned(size_t alignment, size_t size) {
  /* C99 has no aligned allocation: over-allocate and keep the raw pointer just before. */
  uint8_t* raw = (uint8_t*)malloc(size + alignment + sizeof(void*));
  uintptr_t p;
  if (raw == NULL) return NULL;
  p = ((uintptr_t)(raw + sizeof(void*)) + alignment - 1) & ~(uintptr_t)(alignment - 1);
  ((void**)p)[-1] = raw;
  return (void*)p;
}
static void aligned_free(void* p) {
  if (p != NULL) free(((void**)p)[-1]);
}

#define CHECK(call)                                                               \
  do {                                                                            \
    Qnn_ErrorHandle_t e_ = (call);                                                \
    if (e_ != QNN_SUCCESS) {                                                      \
      fprintf(stderr, "%s failed: %lu\n", #call, (unsigned long)e_);              \
      return 1;                                                                   \
    }                                                                             \
  } while (0)

int main(int argc, char** argv) {
  FILE* f;
  long n;
  uint8_t* bin;
  Qnn_BackendHandle_t backend = NULL;
  Qnn_ContextHandle_t context = NULL;
  Qnn_GraphHandle_t graph = NULL;
  QnnSystemContext_Handle_t sys = NULL;
  const QnnSystemContext_BinaryInfo_t* info = NULL;
  Qnn_ContextBinarySize_t info_size = 0;
  const QnnSystemContext_GraphInfo_t* gi;
  QnnLpaiBackend_BufferAlignmentReq_t req = QNN_LPAI_BACKEND_BUFFER_ALIGNMENT_REQ_INIT;
  QnnLpaiBackend_CustomProperty_t bprop = QNN_LPAI_BACKEND_CUSTOM_PROPERTY_INIT;
  QnnBackend_Property_t bp = QNN_BACKEND_PROPERTY_INIT;
  QnnBackend_Property_t* bps[2];
  uint32_t sizes[2] = {0, 0};
  QnnLpaiGraph_CustomProperty_t gprop[2] = {QNN_LPAI_GRAPH_CUSTOM_PROPERTY_INIT,
                                            QNN_LPAI_GRAPH_CUSTOM_PROPERTY_INIT};
  QnnGraph_Property_t gp[2] = {QNN_GRAPH_PROPERTY_INIT, QNN_GRAPH_PROPERTY_INIT};
  QnnGraph_Property_t* gps[3];
  QnnLpaiGraph_Mem_t mem[2] = {QNN_LPAI_GRAPH_MEM_INIT, QNN_LPAI_GRAPH_MEM_INIT};
  QnnLpaiGraph_CustomConfig_t gcfg[2] = {QNN_LPAI_GRAPH_CUSTOM_CONFIG_INIT,
                                         QNN_LPAI_GRAPH_CUSTOM_CONFIG_INIT};
  QnnGraph_Config_t gc[2] = {QNN_GRAPH_CONFIG_INIT, QNN_GRAPH_CONFIG_INIT};
  const QnnGraph_Config_t* gcs[3] = {NULL, NULL, NULL};
  void* pools[2] = {NULL, NULL};
  Qnn_Tensor_t in_t = QNN_TENSOR_INIT, out_t = QNN_TENSOR_INIT;
  uint8_t* in;
  uint8_t* out;
  uint32_t bytes = 1, d, k = 0;
  char name[64];
  int i;

  if (argc != 2 || (f = fopen(argv[1], "rb")) == NULL) {
    fprintf(stderr, "usage: %s <context binary>\n", argv[0]);
    return 2;
  }
  fseek(f, 0, SEEK_END);
  n = ftell(f);
  fseek(f, 0, SEEK_SET);
  bin = (uint8_t*)aligned(64, (size_t)n);
  if (bin == NULL || fread(bin, 1, (size_t)n, f) != (size_t)n) return 2;
  fclose(f);

  /* 1. alignment */
  CHECK(QnnBackend_create(NULL, NULL, &backend));
  bprop.option = QNN_LPAI_BACKEND_GET_PROP_ALIGNMENT_REQ;
  bprop.property = &req;
  bp.option = QNN_BACKEND_PROPERTY_OPTION_CUSTOM;
  bp.customProperty = &bprop;
  bps[0] = &bp;
  bps[1] = NULL;
  CHECK(QnnBackend_getProperty(backend, bps));

  /* graph name and IO from the binary info */
  CHECK(QnnSystemContext_create(&sys));
  CHECK(QnnSystemContext_getBinaryInfo(sys, bin, (uint64_t)n, &info, &info_size));
  gi = &info->contextBinaryInfoV1.graphs[0];
  if (gi->graphInfoV1.numGraphInputs != 1 || gi->graphInfoV1.numGraphOutputs != 1) return 3;
  in_t = gi->graphInfoV1.graphInputs[0];
  out_t = gi->graphInfoV1.graphOutputs[0];

  CHECK(QnnContext_createFromBinary(backend, NULL, NULL, bin, (Qnn_ContextBinarySize_t)n,
                                    &context, NULL));
  CHECK(QnnGraph_retrieve(context, gi->graphInfoV1.graphName, &graph));
  /* The names point into the caller's binary buffer: keep a copy for the report. */
  strncpy(name, gi->graphInfoV1.graphName, sizeof(name) - 1);
  name[sizeof(name) - 1] = '\0';

  /* 2-5. sizes, aligned allocation, set-config */
  gprop[0].option = QNN_LPAI_GRAPH_GET_PROP_SCRATCH_MEM_SIZE;
  gprop[0].property = &sizes[0];
  gprop[1].option = QNN_LPAI_GRAPH_GET_PROP_PERSISTENT_MEM_SIZE;
  gprop[1].property = &sizes[1];
  for (i = 0; i < 2; ++i) {
    gp[i].option = QNN_GRAPH_PROPERTY_OPTION_CUSTOM;
    gp[i].customProperty = &gprop[i];
    gps[i] = &gp[i];
  }
  gps[2] = NULL;
  CHECK(QnnGraph_getProperty(graph, gps));
  for (i = 0; i < 2; ++i) {
    if (sizes[i] == 0) continue;
    pools[i] = aligned(req.startAddrAlignment, sizes[i]);
    mem[k].memType = QNN_LPAI_MEM_TYPE_DDR;
    mem[k].size = sizes[i];
    mem[k].addr = pools[i];
    gcfg[k].option = i == 0 ? QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM
                            : QNN_LPAI_GRAPH_SET_CFG_PERSISTENT_MEM;
    gcfg[k].config = &mem[k];
    gc[k].option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
    gc[k].customConfig = &gcfg[k];
    gcs[k] = &gc[k];
    ++k;
  }
  if (k > 0) CHECK(QnnGraph_setConfig(graph, gcs));

  /* 6. finalize */
  CHECK(QnnGraph_finalize(graph, NULL, NULL));

  /* 7. RAW IO buffers */
  for (d = 0; d < in_t.v1.rank; ++d) bytes *= in_t.v1.dimensions[d];
  in = (uint8_t*)aligned(req.startAddrAlignment, bytes);
  out = (uint8_t*)aligned(req.startAddrAlignment, bytes);
  for (d = 0; d < bytes; ++d) in[d] = (uint8_t)(d * 5 + 1);
  memset(out, 0, bytes);
  in_t.v1.clientBuf.data = in;
  in_t.v1.clientBuf.dataSize = bytes;
  out_t.v1.clientBuf.data = out;
  out_t.v1.clientBuf.dataSize = bytes;

  /* 8. execute */
  CHECK(QnnGraph_execute(graph, &in_t, 1, &out_t, 1, NULL, NULL));
  if (memcmp(in, out, bytes) != 0) {
    fprintf(stderr, "output differs from input\n");
    return 4;
  }

  CHECK(QnnContext_free(context, NULL));
  CHECK(QnnBackend_free(backend));
  CHECK(QnnSystemContext_free(sys));
  aligned_free(in);
  aligned_free(out);
  aligned_free(pools[0]);
  aligned_free(pools[1]);
  aligned_free(bin);
  printf("lpai_consumer_shim: ok (graph %s, %u bytes through scratch %u)\n",
         name, (unsigned)bytes, (unsigned)sizes[0]);
  return 0;
}
