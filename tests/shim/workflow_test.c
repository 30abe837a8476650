/* The recommended LPAI memory workflow through the C API, and its error paths: every failure
 * returns its exact code (lpai/qnn_compat.h). cmocka, C99. */
#define _POSIX_C_SOURCE 200112L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "LPAI/QnnLpaiBackend.h"
#include "LPAI/QnnLpaiGraph.h"
#include "LPAI/QnnLpaiMem.h"
#include "QnnBackend.h"
#include "QnnContext.h"
#include "QnnGraph.h"
#include "QnnMem.h"
#include "QnnTypes.h"
#include "System/QnnSystemContext.h"
#include "lpai/hal.h"
#include "lpai/hal_host.h"
#include "shim_test_util.h"

/* This test links the firmware only (no lpai_host_online_prepare, so no --wrap): the
 * online-prepare calls the QNN-named headers declare are the firmware's own definitions. */
#include "QnnOpDef.h"
#include "QnnTensor.h"

static ShimSession g_s;

static int setup(void** state) {
  (void)state;
  memset(&g_s, 0, sizeof(g_s));
  lpai_hal_host_reset_alignment();
  lpai_hal_host_set_log_echo(0); /* error paths log by design */
  return 0;
}

static int teardown(void** state) {
  (void)state;
  shim_session_release(&g_s);
  lpai_hal_host_set_log_echo(1);
  return 0;
}

/* Binary info of the session's binary. */
static const QnnSystemContext_GraphInfo_t* graph_info(void) {
  const QnnSystemContext_BinaryInfo_t* info = NULL;
  Qnn_ContextBinarySize_t info_size = 0;
  if (g_s.sys == NULL) assert_int_equal(QnnSystemContext_create(&g_s.sys), QNN_SUCCESS);
  assert_int_equal(QnnSystemContext_getBinaryInfo(g_s.sys, g_s.bin.data, g_s.bin.size, &info,
                                                  &info_size),
                   QNN_SUCCESS);
  assert_non_null(info);
  assert_true(info_size > 0);
  assert_int_equal(info->contextBinaryInfoV1.numGraphs, 1);
  return &info->contextBinaryInfoV1.graphs[0];
}

static void test_recommended_workflow(void** state) {
  QnnLpaiBackend_BufferAlignmentReq_t req = QNN_LPAI_BACKEND_BUFFER_ALIGNMENT_REQ_INIT;
  QnnLpaiBackend_CustomProperty_t bprop = QNN_LPAI_BACKEND_CUSTOM_PROPERTY_INIT;
  QnnBackend_Property_t bp = QNN_BACKEND_PROPERTY_INIT;
  QnnBackend_Property_t* bps[2] = {NULL, NULL};
  uint32_t scratch_size = 1, persistent_size = 1;
  QnnLpaiGraph_CustomProperty_t gprop[2] = {QNN_LPAI_GRAPH_CUSTOM_PROPERTY_INIT,
                                            QNN_LPAI_GRAPH_CUSTOM_PROPERTY_INIT};
  QnnGraph_Property_t gp[2] = {QNN_GRAPH_PROPERTY_INIT, QNN_GRAPH_PROPERTY_INIT};
  QnnGraph_Property_t* gps[3] = {NULL, NULL, NULL};
  QnnLpaiGraph_Mem_t scratch = QNN_LPAI_GRAPH_MEM_INIT;
  QnnLpaiGraph_PerfCfg_t perf = QNN_LPAI_GRAPH_PERF_CFG_INIT;
  QnnLpaiGraph_CoreAffinity_t affinity = QNN_LPAI_GRAPH_CORE_AFFINITY_INIT;
  QnnLpaiGraph_CustomConfig_t gcfg[3] = {QNN_LPAI_GRAPH_CUSTOM_CONFIG_INIT,
                                         QNN_LPAI_GRAPH_CUSTOM_CONFIG_INIT,
                                         QNN_LPAI_GRAPH_CUSTOM_CONFIG_INIT};
  QnnGraph_Config_t gc[3] = {QNN_GRAPH_CONFIG_INIT, QNN_GRAPH_CONFIG_INIT, QNN_GRAPH_CONFIG_INIT};
  const QnnGraph_Config_t* gcs[4] = {NULL, NULL, NULL, NULL};
  const QnnSystemContext_GraphInfo_t* gi;
  Qnn_Tensor_t inputs[1], outputs[1];
  QnnLpaiGraph_Counters_t counters = QNN_LPAI_GRAPH_COUNTERS_INIT;
  int8_t* in;
  int8_t* out;
  int i;
  (void)state;

  assert_int_equal(shim_open(&g_s, "copy_raw.bin", "copy", 0, QNN_LPAI_MEM_TYPE_UNDEFINED),
                   QNN_SUCCESS);

  /* 1. alignment */
  bprop.option = QNN_LPAI_BACKEND_GET_PROP_ALIGNMENT_REQ;
  bprop.property = &req;
  bp.option = QNN_BACKEND_PROPERTY_OPTION_CUSTOM;
  bp.customProperty = &bprop;
  bps[0] = &bp;
  assert_int_equal(QnnBackend_getProperty(g_s.backend, bps), QNN_SUCCESS);
  assert_int_equal(req.startAddrAlignment, 64);
  assert_int_equal(req.sizeAlignment, 64);

  /* 2 + 3. scratch and persistent sizes, one call */
  gprop[0].option = QNN_LPAI_GRAPH_GET_PROP_SCRATCH_MEM_SIZE;
  gprop[0].property = &scratch_size;
  gprop[1].option = QNN_LPAI_GRAPH_GET_PROP_PERSISTENT_MEM_SIZE;
  gprop[1].property = &persistent_size;
  for (i = 0; i < 2; ++i) {
    gp[i].option = QNN_GRAPH_PROPERTY_OPTION_CUSTOM;
    gp[i].customProperty = &gprop[i];
    gps[i] = &gp[i];
  }
  assert_int_equal(QnnGraph_getProperty(g_s.graph, gps), QNN_SUCCESS);
  assert_int_equal(scratch_size, 128); /* input [0,64) + output [64,128) planned in scratch */
  assert_int_equal(persistent_size, 0);

  /* 4 + 5. allocate aligned, set (with the perf and affinity configs clients send along) */
  g_s.scratch = shim_aligned_alloc(req.startAddrAlignment, scratch_size);
  scratch.memType = QNN_LPAI_MEM_TYPE_DDR;
  scratch.size = scratch_size;
  scratch.addr = g_s.scratch;
  perf.fps = 30;
  perf.ftrtRatio = 100;
  perf.clientType = QNN_LPAI_GRAPH_CLIENT_PERF_TYPE_REAL_TIME;
  affinity.affinity = QNN_LPAI_GRAPH_CORE_AFFINITY_SOFT;
  affinity.coreSelection = 0x1;
  gcfg[0].option = QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM;
  gcfg[0].config = &scratch;
  gcfg[1].option = QNN_LPAI_GRAPH_SET_CFG_PERF_CFG;
  gcfg[1].config = &perf;
  gcfg[2].option = QNN_LPAI_GRAPH_SET_CFG_CORE_AFFINITY;
  gcfg[2].config = &affinity;
  for (i = 0; i < 3; ++i) {
    gc[i].option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
    gc[i].customConfig = &gcfg[i];
    gcs[i] = &gc[i];
  }
  assert_int_equal(QnnGraph_setConfig(g_s.graph, gcs), QNN_SUCCESS);

  /* 6. finalize */
  assert_int_equal(QnnGraph_finalize(g_s.graph, NULL, NULL), QNN_SUCCESS);

  /* 7. IO: tensors from the binary info, user RAW buffers */
  gi = graph_info();
  assert_string_equal(gi->graphInfoV1.graphName, "copy");
  assert_int_equal(gi->graphInfoV1.numGraphInputs, 1);
  assert_int_equal(gi->graphInfoV1.numGraphOutputs, 1);
  inputs[0] = gi->graphInfoV1.graphInputs[0];
  outputs[0] = gi->graphInfoV1.graphOutputs[0];
  assert_string_equal(inputs[0].v1.name, "input");
  assert_int_equal(inputs[0].v1.type, QNN_TENSOR_TYPE_APP_WRITE);
  assert_int_equal(outputs[0].v1.type, QNN_TENSOR_TYPE_APP_READ);
  assert_int_equal(inputs[0].v1.dataType, QNN_DATATYPE_SFIXED_POINT_8);
  assert_int_equal(inputs[0].v1.quantizeParams.quantizationEncoding,
                   QNN_QUANTIZATION_ENCODING_SCALE_OFFSET);
  assert_true(inputs[0].v1.quantizeParams.scaleOffsetEncoding.scale == 0.5f);
  assert_int_equal(inputs[0].v1.quantizeParams.scaleOffsetEncoding.offset, 3);
  assert_int_equal(inputs[0].v1.rank, 2);
  assert_int_equal(inputs[0].v1.dimensions[0], 1);
  assert_int_equal(inputs[0].v1.dimensions[1], 64);
  assert_int_equal(inputs[0].v1.memType, QNN_TENSORMEMTYPE_RAW);
  g_s.io[0] = shim_aligned_alloc(req.startAddrAlignment, 64);
  g_s.io[1] = shim_aligned_alloc(req.startAddrAlignment, 64);
  in = (int8_t*)g_s.io[0];
  out = (int8_t*)g_s.io[1];
  for (i = 0; i < 64; ++i) in[i] = (int8_t)(i * 3 - 90);
  memset(out, 0, 64);
  inputs[0].v1.clientBuf.data = in;
  inputs[0].v1.clientBuf.dataSize = 64;
  outputs[0].v1.clientBuf.data = out;
  outputs[0].v1.clientBuf.dataSize = 64;

  /* 8. execute */
  assert_int_equal(QnnGraph_execute(g_s.graph, inputs, 1, outputs, 1, NULL, NULL), QNN_SUCCESS);
  assert_memory_equal(out, in, 64);
  assert_int_equal(outputs[0].v1.clientBuf.dataSize, 64);
  assert_int_equal(QnnLpaiGraph_getCounters(g_s.graph, &counters), QNN_SUCCESS);
  assert_int_equal(counters.executions, 1);
  assert_int_equal(counters.ioBytesCopied, 128);
  assert_int_equal(counters.ioAllocations, 0);
  assert_int_equal(counters.numNodes, 1);

  /* free */
  assert_int_equal(QnnContext_free(g_s.context, NULL), QNN_SUCCESS);
  g_s.context = NULL;
  assert_int_equal(QnnBackend_free(g_s.backend), QNN_SUCCESS);
  g_s.backend = NULL;
  assert_int_equal(QnnSystemContext_free(g_s.sys), QNN_SUCCESS);
  g_s.sys = NULL;
}

static void test_persistent_state_and_reset(void** state) {
  const QnnSystemContext_GraphInfo_t* gi;
  Qnn_Tensor_t in_t, out_t;
  int8_t* in;
  int8_t* out;
  int8_t zeros[24];
  (void)state;
  memset(zeros, 0, sizeof(zeros));
  assert_int_equal(shim_open(&g_s, "state_raw.bin", "state", 0, QNN_LPAI_MEM_TYPE_UNDEFINED),
                   QNN_SUCCESS);
  assert_int_equal(QnnLpaiGraph_resetPersistent(g_s.graph), QNN_GRAPH_ERROR_GRAPH_NOT_FINALIZED);
  assert_int_equal(shim_provide_and_finalize(&g_s), QNN_SUCCESS);
  gi = graph_info();
  in_t = gi->graphInfoV1.graphInputs[0];
  out_t = gi->graphInfoV1.graphOutputs[0];
  g_s.io[0] = shim_aligned_alloc(64, 64);
  g_s.io[1] = shim_aligned_alloc(64, 64);
  in = (int8_t*)g_s.io[0];
  out = (int8_t*)g_s.io[1];
  in_t.v1.clientBuf.data = in;
  in_t.v1.clientBuf.dataSize = 24;
  out_t.v1.clientBuf.data = out;
  out_t.v1.clientBuf.dataSize = 24;

  memset(in, 7, 24);
  assert_int_equal(QnnGraph_execute(g_s.graph, &in_t, 1, &out_t, 1, NULL, NULL), QNN_SUCCESS);
  assert_memory_equal(out, zeros, 24); /* variable tensors start at zero */
  memset(in, 8, 24);
  assert_int_equal(QnnGraph_execute(g_s.graph, &in_t, 1, &out_t, 1, NULL, NULL), QNN_SUCCESS);
  assert_int_equal(out[0], 7);
  assert_int_equal(out[23], 7);
  assert_int_equal(QnnLpaiGraph_resetPersistent(g_s.graph), QNN_SUCCESS);
  assert_int_equal(QnnGraph_execute(g_s.graph, &in_t, 1, &out_t, 1, NULL, NULL), QNN_SUCCESS);
  assert_memory_equal(out, zeros, 24);
}

/* IO without quantisation parameters (the audio front end's int16 PCM, uint32 energies) is
 * described as plain integers (INT_16, UINT_32, no encoding) and copied as bytes. */
static void test_plain_integer_io(void** state) {
  const QnnSystemContext_GraphInfo_t* gi;
  Qnn_Tensor_t in_t[2], out_t[2];
  int16_t* pcm;
  uint32_t* energy;
  int i;
  (void)state;
  assert_int_equal(shim_open(&g_s, "plain_raw.bin", "plain", 0, QNN_LPAI_MEM_TYPE_UNDEFINED),
                   QNN_SUCCESS);
  assert_int_equal(shim_provide_and_finalize(&g_s), QNN_SUCCESS);
  gi = graph_info();
  assert_int_equal(gi->graphInfoV1.numGraphInputs, 2);
  in_t[0] = gi->graphInfoV1.graphInputs[0];
  in_t[1] = gi->graphInfoV1.graphInputs[1];
  out_t[0] = gi->graphInfoV1.graphOutputs[0];
  out_t[1] = gi->graphInfoV1.graphOutputs[1];
  assert_int_equal(in_t[0].v1.dataType, QNN_DATATYPE_INT_16);
  assert_int_equal(out_t[0].v1.dataType, QNN_DATATYPE_INT_16);
  assert_int_equal(in_t[1].v1.dataType, QNN_DATATYPE_UINT_32);
  assert_int_equal(out_t[1].v1.dataType, QNN_DATATYPE_UINT_32);
  for (i = 0; i < 2; ++i) {
    assert_int_equal(in_t[i].v1.quantizeParams.encodingDefinition, QNN_DEFINITION_UNDEFINED);
    assert_int_equal(in_t[i].v1.quantizeParams.quantizationEncoding,
                     QNN_QUANTIZATION_ENCODING_UNDEFINED);
    assert_int_equal(out_t[i].v1.quantizeParams.quantizationEncoding,
                     QNN_QUANTIZATION_ENCODING_UNDEFINED);
  }
  for (i = 0; i < 4; ++i) g_s.io[i] = shim_aligned_alloc(64, 64);
  pcm = (int16_t*)g_s.io[0];
  energy = (uint32_t*)g_s.io[1];
  for (i = 0; i < 8; ++i) pcm[i] = (int16_t)(i % 2 ? -32768 : 32767 - i);
  for (i = 0; i < 4; ++i) energy[i] = 0xFFFFFFF0u + (uint32_t)i;
  in_t[0].v1.clientBuf.data = pcm;
  in_t[0].v1.clientBuf.dataSize = 16;
  in_t[1].v1.clientBuf.data = energy;
  in_t[1].v1.clientBuf.dataSize = 16;
  out_t[0].v1.clientBuf.data = g_s.io[2];
  out_t[0].v1.clientBuf.dataSize = 16;
  out_t[1].v1.clientBuf.data = g_s.io[3];
  out_t[1].v1.clientBuf.dataSize = 16;
  assert_int_equal(QnnGraph_execute(g_s.graph, in_t, 2, out_t, 2, NULL, NULL), QNN_SUCCESS);
  assert_memory_equal(g_s.io[2], pcm, 16);
  assert_memory_equal(g_s.io[3], energy, 16);
}

static void test_memhandle_workflow(void** state) {
  const QnnSystemContext_GraphInfo_t* gi;
  Qnn_Tensor_t in_t, out_t;
  Qnn_MemDescriptor_t desc[2] = {QNN_MEM_DESCRIPTOR_INIT, QNN_MEM_DESCRIPTOR_INIT};
  QnnLpaiMem_MemInfoCustom_t custom = QNN_LPAI_MEM_INFO_CUSTOM_INIT;
  Qnn_MemHandle_t handles[2] = {NULL, NULL};
  QnnLpaiGraph_Counters_t counters = QNN_LPAI_GRAPH_COUNTERS_INIT;
  int32_t fd = -1;
  int8_t* shared_in;
  int i;
  (void)state;
  assert_int_equal(shim_open(&g_s, "copy_memhandle.bin", "copy", 0, QNN_LPAI_MEM_TYPE_UNDEFINED),
                   QNN_SUCCESS);
  assert_int_equal(shim_provide_and_finalize(&g_s), QNN_SUCCESS);
  gi = graph_info();
  in_t = gi->graphInfoV1.graphInputs[0];
  out_t = gi->graphInfoV1.graphOutputs[0];

  /* Input: an rpcmem-like shared buffer named by its fd (ION); output: a caller-owned buffer
   * registered as CUSTOM memory. */
  shared_in = (int8_t*)lpai_hal_host_shared_alloc(64, 64, &fd);
  assert_non_null(shared_in);
  g_s.io[1] = shim_aligned_alloc(64, 64);
  desc[0].memShape.numDim = in_t.v1.rank;
  desc[0].memShape.dimSize = in_t.v1.dimensions;
  desc[0].dataType = in_t.v1.dataType;
  desc[0].memType = QNN_MEM_TYPE_ION;
  desc[0].ionInfo.fd = fd;
  custom.buffer = g_s.io[1];
  custom.size = 64;
  desc[1].memShape.numDim = out_t.v1.rank;
  desc[1].memShape.dimSize = out_t.v1.dimensions;
  desc[1].dataType = out_t.v1.dataType;
  desc[1].memType = QNN_MEM_TYPE_CUSTOM;
  desc[1].customInfo = &custom;
  assert_int_equal(QnnMem_register(g_s.context, desc, 2, handles), QNN_SUCCESS);
  assert_non_null(handles[0]);
  assert_non_null(handles[1]);

  in_t.v1.memType = QNN_TENSORMEMTYPE_MEMHANDLE;
  in_t.v1.memHandle = handles[0];
  out_t.v1.memType = QNN_TENSORMEMTYPE_MEMHANDLE;
  out_t.v1.memHandle = handles[1];
  for (i = 0; i < 64; ++i) shared_in[i] = (int8_t)(100 - i);
  assert_int_equal(QnnGraph_execute(g_s.graph, &in_t, 1, &out_t, 1, NULL, NULL), QNN_SUCCESS);
  assert_memory_equal(g_s.io[1], shared_in, 64);
  assert_int_equal(QnnLpaiGraph_getCounters(g_s.graph, &counters), QNN_SUCCESS);
  assert_int_equal(counters.ioBytesCopied, 0);
  assert_int_equal(counters.ioAllocations, 0);

  assert_int_equal(QnnMem_deRegister(handles, 1), QNN_LPAI_MEM_ERROR_HANDLE_IN_USE);
  assert_int_equal(QnnLpaiGraph_releaseIo(g_s.graph), QNN_SUCCESS);
  assert_int_equal(QnnMem_deRegister(&handles[0], 1), QNN_SUCCESS);
  assert_int_equal(QnnMem_deregister(&handles[1], 1), QNN_SUCCESS);
  assert_int_equal(QnnMem_deRegister(&handles[0], 1), QNN_MEM_ERROR_INVALID_HANDLE);
  assert_int_equal(lpai_hal_host_shared_free(shared_in), 0);
}

static void test_tcm_context_config(void** state) {
  Qnn_Tensor_t in_t, out_t;
  const QnnSystemContext_GraphInfo_t* gi;
  (void)state;
  assert_int_equal(shim_open(&g_s, "copy_raw.bin", "copy", 1, QNN_LPAI_MEM_TYPE_TCM),
                   QNN_SUCCESS);
  assert_int_equal(shim_provide_and_finalize(&g_s), QNN_SUCCESS);
  gi = graph_info();
  in_t = gi->graphInfoV1.graphInputs[0];
  out_t = gi->graphInfoV1.graphOutputs[0];
  g_s.io[0] = shim_aligned_alloc(64, 64);
  g_s.io[1] = shim_aligned_alloc(64, 64);
  memset(g_s.io[0], 0x42, 64);
  in_t.v1.clientBuf.data = g_s.io[0];
  in_t.v1.clientBuf.dataSize = 64;
  out_t.v1.clientBuf.data = g_s.io[1];
  out_t.v1.clientBuf.dataSize = 64;
  assert_int_equal(QnnGraph_execute(g_s.graph, &in_t, 1, &out_t, 1, NULL, NULL), QNN_SUCCESS);
  assert_memory_equal(g_s.io[1], g_s.io[0], 64);
}

static void test_undefined_mem_type_fails_create(void** state) {
  (void)state;
  assert_int_equal(shim_open(&g_s, "copy_raw.bin", "copy", 1, QNN_LPAI_MEM_TYPE_UNDEFINED),
                   QNN_CONTEXT_ERROR_MEM_TYPE_UNDEFINED);
  assert_null(g_s.context);
}

static void test_backend_errors(void** state) {
  Qnn_BackendHandle_t second = NULL;
  QnnLpaiBackend_BufferAlignmentReq_t req = QNN_LPAI_BACKEND_BUFFER_ALIGNMENT_REQ_INIT;
  QnnLpaiBackend_CustomProperty_t bprop = QNN_LPAI_BACKEND_CUSTOM_PROPERTY_INIT;
  QnnBackend_Property_t bp = QNN_BACKEND_PROPERTY_INIT;
  QnnBackend_Property_t* bps[2] = {NULL, NULL};
  QnnBackend_Config_t bc = QNN_BACKEND_CONFIG_INIT;
  const QnnBackend_Config_t* bcs[2] = {NULL, NULL};
  (void)state;
  bcs[0] = &bc;
  assert_int_equal(QnnBackend_create(NULL, bcs, &g_s.backend), QNN_BACKEND_ERROR_INVALID_ARGUMENT);
  assert_int_equal(QnnBackend_create(NULL, NULL, NULL), QNN_BACKEND_ERROR_INVALID_ARGUMENT);
  assert_int_equal(QnnBackend_create(NULL, NULL, &g_s.backend), QNN_SUCCESS);
  assert_int_equal(QnnBackend_create(NULL, NULL, &second), QNN_BACKEND_ERROR_ALREADY_CREATED);
  assert_null(second);

  bps[0] = &bp;
  assert_int_equal(QnnBackend_getProperty(g_s.backend, NULL), QNN_BACKEND_ERROR_INVALID_ARGUMENT);
  assert_int_equal(QnnBackend_getProperty(g_s.backend, bps),
                   QNN_BACKEND_ERROR_UNSUPPORTED_PROPERTY); /* option UNDEFINED */
  bp.option = QNN_BACKEND_PROPERTY_OPTION_CUSTOM;
  assert_int_equal(QnnBackend_getProperty(g_s.backend, bps), QNN_BACKEND_ERROR_INVALID_ARGUMENT);
  bp.customProperty = &bprop;
  bprop.property = &req;
  assert_int_equal(QnnBackend_getProperty(g_s.backend, bps),
                   QNN_BACKEND_ERROR_UNSUPPORTED_PROPERTY); /* custom option UNDEFINED */
  assert_int_equal(req.startAddrAlignment, 0);
  bprop.option = QNN_LPAI_BACKEND_GET_PROP_ALIGNMENT_REQ;
  assert_int_equal(QnnBackend_getProperty(NULL, bps), QNN_BACKEND_ERROR_INVALID_HANDLE);
  assert_int_equal(QnnBackend_getProperty(g_s.backend, bps), QNN_SUCCESS);
  /* No context loaded: the largest plan start alignment a binary may carry. */
  assert_int_equal(req.startAddrAlignment, 4096);
  assert_int_equal(req.sizeAlignment, 64);
}

static void test_context_errors(void** state) {
  QnnLpaiContext_CustomConfig_t custom = QNN_LPAI_CONTEXT_CUSTOM_CONFIG_INIT;
  QnnContext_Config_t cfg = QNN_CONTEXT_CONFIG_INIT;
  const QnnContext_Config_t* cfgs[2] = {NULL, NULL};
  QnnLpaiMem_MemType_t tcm = QNN_LPAI_MEM_TYPE_TCM;
  Qnn_ContextHandle_t ctx = NULL;
  Qnn_GraphHandle_t graph = NULL;
  uint8_t saved;
  (void)state;
  g_s.bin = shim_load_binary("copy_raw.bin");
  assert_non_null(g_s.bin.data);
  assert_int_equal(QnnContext_createFromBinary(NULL, NULL, NULL, g_s.bin.data, g_s.bin.size, &ctx,
                                               NULL),
                   QNN_BACKEND_ERROR_INVALID_HANDLE);
  assert_int_equal(QnnBackend_create(NULL, NULL, &g_s.backend), QNN_SUCCESS);

  cfgs[0] = &cfg; /* option UNDEFINED */
  assert_int_equal(QnnContext_createFromBinary(g_s.backend, NULL, cfgs, g_s.bin.data, g_s.bin.size,
                                               &ctx, NULL),
                   QNN_CONTEXT_ERROR_UNSUPPORTED_CONFIG);
  cfg.option = QNN_CONTEXT_CONFIG_OPTION_CUSTOM;
  assert_int_equal(QnnContext_createFromBinary(g_s.backend, NULL, cfgs, g_s.bin.data, g_s.bin.size,
                                               &ctx, NULL),
                   QNN_CONTEXT_ERROR_INVALID_ARGUMENT);
  cfg.customConfig = &custom;
  custom.config = &tcm;
  assert_int_equal(QnnContext_createFromBinary(g_s.backend, NULL, cfgs, g_s.bin.data, g_s.bin.size,
                                               &ctx, NULL),
                   QNN_CONTEXT_ERROR_UNSUPPORTED_CONFIG); /* custom option UNDEFINED */
  assert_null(ctx);

  assert_int_equal(QnnContext_createFromBinary(g_s.backend, NULL, NULL, g_s.bin.data, g_s.bin.size,
                                               NULL, NULL),
                   QNN_CONTEXT_ERROR_INVALID_ARGUMENT);
  assert_int_equal(QnnContext_createFromBinary(g_s.backend, NULL, NULL, NULL, 0, &ctx, NULL),
                   QNN_LPAI_ERROR_BINARY_NULL);
  saved = g_s.bin.data[g_s.bin.size - 1];
  g_s.bin.data[g_s.bin.size - 1] ^= 0x10;
  assert_int_equal(QnnContext_createFromBinary(g_s.backend, NULL, NULL, g_s.bin.data, g_s.bin.size,
                                               &ctx, NULL),
                   QNN_LPAI_ERROR_BINARY_BAD_CRC);
  g_s.bin.data[g_s.bin.size - 1] = saved;
  assert_int_equal(QnnContext_createFromBinary(g_s.backend, NULL, NULL, g_s.bin.data,
                                               g_s.bin.size - 16, &ctx, NULL),
                   QNN_LPAI_ERROR_BINARY_SIZE_MISMATCH);
  assert_null(ctx);

  assert_int_equal(QnnContext_createFromBinary(g_s.backend, NULL, NULL, g_s.bin.data, g_s.bin.size,
                                               &g_s.context, NULL),
                   QNN_SUCCESS);
  assert_int_equal(QnnGraph_retrieve(g_s.context, "nope", &graph), QNN_CONTEXT_ERROR_GRAPH_NOT_FOUND);
  assert_int_equal(QnnGraph_retrieve(g_s.context, NULL, &graph), QNN_CONTEXT_ERROR_INVALID_ARGUMENT);
  assert_int_equal(QnnBackend_free(g_s.backend), QNN_BACKEND_ERROR_HAS_CONTEXTS);
  assert_int_equal(QnnContext_free(g_s.context, NULL), QNN_SUCCESS);
  assert_int_equal(QnnContext_free(g_s.context, NULL), QNN_CONTEXT_ERROR_INVALID_HANDLE);
  g_s.context = NULL;
}

static void test_graph_property_and_config_errors(void** state) {
  uint32_t size = 0;
  QnnLpaiGraph_CustomProperty_t gprop = QNN_LPAI_GRAPH_CUSTOM_PROPERTY_INIT;
  QnnGraph_Property_t gp = QNN_GRAPH_PROPERTY_INIT;
  QnnGraph_Property_t* gps[2] = {NULL, NULL};
  QnnGraph_Config_t gc = QNN_GRAPH_CONFIG_INIT;
  const QnnGraph_Config_t* gcs[2] = {NULL, NULL};
  QnnLpaiGraph_Mem_t mem = QNN_LPAI_GRAPH_MEM_INIT;
  QnnLpaiGraph_PerfCfg_t perf = QNN_LPAI_GRAPH_PERF_CFG_INIT;
  QnnLpaiGraph_CoreAffinity_t aff = QNN_LPAI_GRAPH_CORE_AFFINITY_INIT;
  uint8_t* buf;
  (void)state;
  assert_int_equal(shim_open(&g_s, "copy_raw.bin", "copy", 0, QNN_LPAI_MEM_TYPE_UNDEFINED),
                   QNN_SUCCESS);
  /* properties */
  gps[0] = &gp;
  assert_int_equal(QnnGraph_getProperty(g_s.graph, NULL), QNN_GRAPH_ERROR_INVALID_ARGUMENT);
  assert_int_equal(QnnGraph_getProperty(g_s.graph, gps), QNN_GRAPH_ERROR_UNSUPPORTED_PROPERTY);
  gp.option = QNN_GRAPH_PROPERTY_OPTION_CUSTOM;
  assert_int_equal(QnnGraph_getProperty(g_s.graph, gps), QNN_GRAPH_ERROR_INVALID_ARGUMENT);
  gp.customProperty = &gprop;
  gprop.property = &size;
  assert_int_equal(QnnGraph_getProperty(g_s.graph, gps), QNN_GRAPH_ERROR_UNSUPPORTED_PROPERTY);
  gprop.option = QNN_LPAI_GRAPH_GET_PROP_SCRATCH_MEM_SIZE;
  assert_int_equal(QnnGraph_getProperty(NULL, gps), QNN_GRAPH_ERROR_INVALID_HANDLE);
  assert_int_equal(QnnGraph_getProperty(g_s.backend, gps), QNN_GRAPH_ERROR_INVALID_HANDLE);
  assert_int_equal(size, 0);
  assert_int_equal(QnnGraph_getProperty(g_s.graph, gps), QNN_SUCCESS);
  assert_int_equal(size, 128);

  /* configs */
  g_s.scratch = shim_aligned_alloc(4096, 1024);
  buf = (uint8_t*)g_s.scratch;
  gcs[0] = &gc;
  assert_int_equal(QnnGraph_setConfig(g_s.graph, NULL), QNN_GRAPH_ERROR_INVALID_ARGUMENT);
  assert_int_equal(QnnGraph_setConfig(g_s.graph, gcs), QNN_GRAPH_ERROR_UNSUPPORTED_CONFIG);
  gc.option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
  assert_int_equal(QnnGraph_setConfig(g_s.graph, gcs), QNN_GRAPH_ERROR_INVALID_ARGUMENT);
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_UNDEFINED, &mem),
                   QNN_GRAPH_ERROR_UNSUPPORTED_CONFIG);
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM, NULL),
                   QNN_GRAPH_ERROR_INVALID_ARGUMENT);
  mem.memType = QNN_LPAI_MEM_TYPE_TCM;
  mem.size = 128;
  mem.addr = buf;
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM, &mem),
                   QNN_LPAI_GRAPH_ERROR_MEM_TYPE_NOT_DDR);
  mem.memType = QNN_LPAI_MEM_TYPE_DDR;
  mem.addr = NULL;
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM, &mem),
                   QNN_LPAI_GRAPH_ERROR_MEM_NULL);
  mem.addr = buf + 8;
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM, &mem),
                   QNN_LPAI_GRAPH_ERROR_MEM_MISALIGNED);
  mem.addr = buf;
  mem.size = 130;
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM, &mem),
                   QNN_LPAI_GRAPH_ERROR_MEM_SIZE_UNALIGNED);
  mem.size = 64;
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM, &mem),
                   QNN_LPAI_GRAPH_ERROR_MEM_TOO_SMALL);
  perf.fps = 0;
  perf.ftrtRatio = 100;
  perf.clientType = QNN_LPAI_GRAPH_CLIENT_PERF_TYPE_NON_REAL_TIME;
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_PERF_CFG, &perf),
                   QNN_LPAI_GRAPH_ERROR_BAD_PERF_CONFIG);
  aff.affinity = QNN_LPAI_GRAPH_CORE_AFFINITY_HARD;
  aff.coreSelection = 0x5;
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_CORE_AFFINITY, &aff),
                   QNN_LPAI_GRAPH_ERROR_MULTI_CORE_UNSUPPORTED);
  aff.coreSelection = 0;
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_CORE_AFFINITY, &aff),
                   QNN_LPAI_GRAPH_ERROR_BAD_CORE_AFFINITY);

  /* order */
  assert_int_equal(QnnGraph_finalize(g_s.graph, NULL, NULL), QNN_LPAI_GRAPH_ERROR_SCRATCH_MISSING);
  mem.size = 128;
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM, &mem), QNN_SUCCESS);
  assert_int_equal(QnnGraph_finalize(g_s.graph, NULL, NULL), QNN_SUCCESS);
  assert_int_equal(QnnGraph_finalize(g_s.graph, NULL, NULL), QNN_GRAPH_ERROR_GRAPH_FINALIZED);
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_PERSISTENT_MEM, &mem),
                   QNN_LPAI_GRAPH_ERROR_PERSISTENT_LOCKED);
  mem.addr = buf + 512; /* scratch stays replaceable */
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM, &mem), QNN_SUCCESS);
}

/* Per-node profiling through the C API: the caller queries the profile buffer size, provides
 * the buffer with a set-config entry and turns profiling on; bad buffers are refused with their
 * own codes and change nothing. */
static void test_profile_buffer(void** state) {
  const QnnSystemContext_GraphInfo_t* gi;
  Qnn_Tensor_t in_t, out_t;
  uint32_t bytes = 0;
  uint32_t n = 0;
  uint64_t cycles[4] = {0, 0, 0, 0};
  uint64_t* buf;
  QnnLpaiGraph_Counters_t counters = QNN_LPAI_GRAPH_COUNTERS_INIT;
  QnnLpaiGraph_CustomProperty_t gprop = {QNN_LPAI_GRAPH_GET_PROP_PROFILE_BUFFER_SIZE, NULL};
  QnnGraph_Property_t gp = QNN_GRAPH_PROPERTY_INIT;
  QnnGraph_Property_t* gps[2] = {NULL, NULL};
  QnnLpaiGraph_ProfileBuffer_t pb = QNN_LPAI_GRAPH_PROFILE_BUFFER_INIT;
  (void)state;
  assert_int_equal(shim_open(&g_s, "copy_raw.bin", "copy", 0, QNN_LPAI_MEM_TYPE_UNDEFINED),
                   QNN_SUCCESS);
  gprop.property = &bytes;
  gp.option = QNN_GRAPH_PROPERTY_OPTION_CUSTOM;
  gp.customProperty = &gprop;
  gps[0] = &gp;
  assert_int_equal(QnnGraph_getProperty(g_s.graph, gps), QNN_SUCCESS);
  assert_int_equal(QnnLpaiGraph_getCounters(g_s.graph, &counters), QNN_SUCCESS);
  assert_true(counters.numNodes > 0);
  assert_int_equal(bytes, 8u * counters.numNodes);

  /* Missing: profiling cannot be turned on without a buffer. */
  assert_int_equal(QnnLpaiGraph_setProfiling(g_s.graph, 1),
                   QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_MISSING);
  assert_int_equal(QnnLpaiGraph_setProfiling(g_s.graph, 0), QNN_SUCCESS);

  g_s.io[2] = shim_aligned_alloc(64, bytes + 64);
  buf = (uint64_t*)g_s.io[2];
  memset(buf, 0x5a, bytes + 64);
  /* Null, misaligned, too small: refused, buffer untouched, still no buffer. */
  pb.size = bytes;
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_PROFILE_BUFFER, &pb),
                   QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_NULL);
  pb.addr = (uint8_t*)buf + 4;
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_PROFILE_BUFFER, &pb),
                   QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_MISALIGNED);
  pb.addr = buf;
  pb.size = bytes - 1;
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_PROFILE_BUFFER, &pb),
                   QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_TOO_SMALL);
  assert_int_equal(buf[0], 0x5a5a5a5a5a5a5a5aull);
  assert_int_equal(QnnLpaiGraph_setProfiling(g_s.graph, 1),
                   QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_MISSING);

  /* The queried size: accepted (before finalize), zeroed, then filled by a profiled execute. */
  pb.size = bytes;
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_PROFILE_BUFFER, &pb),
                   QNN_SUCCESS);
  assert_int_equal(buf[0], 0);
  assert_int_equal(buf[bytes / 8], 0x5a5a5a5a5a5a5a5aull); /* past the size: untouched */
  assert_int_equal(QnnLpaiGraph_setProfiling(g_s.graph, 1), QNN_SUCCESS);
  assert_int_equal(shim_provide_and_finalize(&g_s), QNN_SUCCESS);
  gi = graph_info();
  in_t = gi->graphInfoV1.graphInputs[0];
  out_t = gi->graphInfoV1.graphOutputs[0];
  g_s.io[0] = shim_aligned_alloc(64, 128);
  g_s.io[1] = shim_aligned_alloc(64, 128);
  in_t.v1.clientBuf.data = g_s.io[0];
  in_t.v1.clientBuf.dataSize = 64;
  out_t.v1.clientBuf.data = g_s.io[1];
  out_t.v1.clientBuf.dataSize = 64;
  buf[0] = ~0ull;
  assert_int_equal(QnnGraph_execute(g_s.graph, &in_t, 1, &out_t, 1, NULL, NULL), QNN_SUCCESS);
  assert_true(buf[0] < 10000000000ull); /* host cycles are nanoseconds */
  assert_int_equal(QnnLpaiGraph_getNodeCycles(g_s.graph, cycles, 4, &n), QNN_SUCCESS);
  assert_int_equal(n, counters.numNodes);
  assert_int_equal(cycles[0], buf[0]);
  assert_int_equal(buf[bytes / 8], 0x5a5a5a5a5a5a5a5aull);
}

static void test_execute_errors(void** state) {
  const QnnSystemContext_GraphInfo_t* gi;
  Qnn_Tensor_t in_t, out_t, bad;
  uint32_t dims1[1] = {64};
  (void)state;
  assert_int_equal(shim_open(&g_s, "copy_raw.bin", "copy", 0, QNN_LPAI_MEM_TYPE_UNDEFINED),
                   QNN_SUCCESS);
  gi = graph_info();
  in_t = gi->graphInfoV1.graphInputs[0];
  out_t = gi->graphInfoV1.graphOutputs[0];
  g_s.io[0] = shim_aligned_alloc(64, 128);
  g_s.io[1] = shim_aligned_alloc(64, 128);
  in_t.v1.clientBuf.data = g_s.io[0];
  in_t.v1.clientBuf.dataSize = 64;
  out_t.v1.clientBuf.data = g_s.io[1];
  out_t.v1.clientBuf.dataSize = 64;
  assert_int_equal(QnnGraph_execute(g_s.graph, &in_t, 1, &out_t, 1, NULL, NULL),
                   QNN_GRAPH_ERROR_GRAPH_NOT_FINALIZED);
  assert_int_equal(shim_provide_and_finalize(&g_s), QNN_SUCCESS);

  bad = in_t;
  bad.v1.clientBuf.data = NULL;
  assert_int_equal(QnnGraph_execute(g_s.graph, &bad, 1, &out_t, 1, NULL, NULL),
                   QNN_TENSOR_ERROR_BUFFER_NULL);
  bad = in_t;
  bad.v1.clientBuf.data = (uint8_t*)g_s.io[0] + 4;
  assert_int_equal(QnnGraph_execute(g_s.graph, &bad, 1, &out_t, 1, NULL, NULL),
                   QNN_TENSOR_ERROR_BUFFER_MISALIGNED);
  bad = in_t;
  bad.v1.clientBuf.dataSize = 10;
  assert_int_equal(QnnGraph_execute(g_s.graph, &bad, 1, &out_t, 1, NULL, NULL),
                   QNN_TENSOR_ERROR_BUFFER_TOO_SMALL);
  bad = in_t;
  bad.v1.dataType = QNN_DATATYPE_FLOAT_32;
  assert_int_equal(QnnGraph_execute(g_s.graph, &bad, 1, &out_t, 1, NULL, NULL),
                   QNN_TENSOR_ERROR_DATA_TYPE_MISMATCH);
  bad = in_t;
  bad.v1.dataType = QNN_DATATYPE_INT_8; /* same storage as SFIXED_POINT_8: accepted */
  assert_int_equal(QnnGraph_execute(g_s.graph, &bad, 1, &out_t, 1, NULL, NULL), QNN_SUCCESS);
  bad = in_t;
  bad.v1.rank = 1;
  bad.v1.dimensions = dims1;
  assert_int_equal(QnnGraph_execute(g_s.graph, &bad, 1, &out_t, 1, NULL, NULL),
                   QNN_TENSOR_ERROR_SHAPE_MISMATCH);
  bad = in_t;
  bad.v1.memType = QNN_TENSORMEMTYPE_UNDEFINED;
  assert_int_equal(QnnGraph_execute(g_s.graph, &bad, 1, &out_t, 1, NULL, NULL),
                   QNN_TENSOR_ERROR_BAD_MEM_TYPE);
  bad = in_t;
  bad.version = QNN_TENSOR_VERSION_UNDEFINED;
  assert_int_equal(QnnGraph_execute(g_s.graph, &bad, 1, &out_t, 1, NULL, NULL),
                   QNN_TENSOR_ERROR_INVALID_ARGUMENT);
  bad = in_t;
  bad.v1.id = 77;
  assert_int_equal(QnnGraph_execute(g_s.graph, &bad, 1, &out_t, 1, NULL, NULL),
                   QNN_TENSOR_ERROR_UNKNOWN_ID);
  assert_int_equal(QnnGraph_execute(g_s.graph, &in_t, 1, &out_t, 0, NULL, NULL),
                   QNN_TENSOR_ERROR_COUNT_MISMATCH);
  bad = in_t;
  bad.v1.memType = QNN_TENSORMEMTYPE_MEMHANDLE;
  bad.v1.memHandle = (Qnn_MemHandle_t)g_s.graph;
  assert_int_equal(QnnGraph_execute(g_s.graph, &bad, 1, &out_t, 1, NULL, NULL),
                   QNN_MEM_ERROR_INVALID_HANDLE);
  assert_int_equal(QnnGraph_execute(NULL, &in_t, 1, &out_t, 1, NULL, NULL),
                   QNN_GRAPH_ERROR_INVALID_HANDLE);
}

/* Memory-handle table size of this build (LPAI_MAX_MEM_HANDLES, firmware/core/config.h). */
#define TABLE_SIZE LPAI_MAX_MEM_HANDLES

static void test_mem_register_errors(void** state) {
  Qnn_MemDescriptor_t d = QNN_MEM_DESCRIPTOR_INIT;
  QnnLpaiMem_MemInfoCustom_t custom = QNN_LPAI_MEM_INFO_CUSTOM_INIT;
  Qnn_MemHandle_t h = NULL, h2 = NULL;
  Qnn_MemHandle_t many[TABLE_SIZE + 1];
  Qnn_MemDescriptor_t descs[TABLE_SIZE + 1];
  uint32_t dims[2] = {1, 64};
  uint32_t zero_dims[2] = {1, 0};
  uint8_t* buf;
  int i;
  (void)state;
  assert_int_equal(shim_open(&g_s, "copy_memhandle.bin", "copy", 0, QNN_LPAI_MEM_TYPE_UNDEFINED),
                   QNN_SUCCESS);
  g_s.scratch = shim_aligned_alloc(4096, (TABLE_SIZE + 1) * 64);
  buf = (uint8_t*)g_s.scratch;
  d.memShape.numDim = 2;
  d.memShape.dimSize = dims;
  d.dataType = QNN_DATATYPE_SFIXED_POINT_8;
  custom.buffer = buf;
  custom.size = 64;

  assert_int_equal(QnnMem_register(g_s.context, &d, 1, &h), QNN_MEM_ERROR_UNSUPPORTED_MEMTYPE);
  d.memType = QNN_MEM_TYPE_CUSTOM;
  assert_int_equal(QnnMem_register(g_s.context, &d, 1, &h), QNN_MEM_ERROR_INVALID_ARGUMENT);
  d.customInfo = &custom;
  assert_int_equal(QnnMem_register(g_s.graph, &d, 1, &h), QNN_CONTEXT_ERROR_INVALID_HANDLE);
  assert_int_equal(QnnMem_register(g_s.context, &d, 0, &h), QNN_MEM_ERROR_INVALID_ARGUMENT);
  d.dataType = QNN_DATATYPE_UNDEFINED;
  assert_int_equal(QnnMem_register(g_s.context, &d, 1, &h), QNN_MEM_ERROR_INVALID_ARGUMENT);
  d.dataType = QNN_DATATYPE_SFIXED_POINT_8;
  d.memShape.dimSize = zero_dims;
  assert_int_equal(QnnMem_register(g_s.context, &d, 1, &h), QNN_MEM_ERROR_INVALID_SHAPE);
  d.memShape.dimSize = dims;
  custom.buffer = buf + 16;
  assert_int_equal(QnnMem_register(g_s.context, &d, 1, &h), QNN_MEM_ERROR_INVALID_SHAPE);
  custom.buffer = buf;
  custom.size = 32;
  assert_int_equal(QnnMem_register(g_s.context, &d, 1, &h), QNN_MEM_ERROR_INVALID_SHAPE);
  custom.size = 64;
  assert_null(h);
  assert_int_equal(QnnMem_register(g_s.context, &d, 1, &h), QNN_SUCCESS);
  assert_int_equal(QnnMem_register(g_s.context, &d, 1, &h2), QNN_MEM_ERROR_ALREADY_REGISTERED);
  assert_null(h2);
  assert_int_equal(QnnMem_deRegister(&h, 1), QNN_SUCCESS);
  assert_int_equal(QnnMem_deRegister(&h, 1), QNN_MEM_ERROR_INVALID_HANDLE);
  assert_int_equal(QnnMem_deRegister(NULL, 1), QNN_MEM_ERROR_INVALID_ARGUMENT);

  d.memType = QNN_MEM_TYPE_ION;
  d.ionInfo.fd = 12345;
  assert_int_equal(QnnMem_register(g_s.context, &d, 1, &h), QNN_MEM_ERROR_MAPPING);

  /* One buffer more than the table holds in one call: nothing is registered. */
  {
    QnnLpaiMem_MemInfoCustom_t infos[TABLE_SIZE + 1];
    for (i = 0; i < TABLE_SIZE + 1; ++i) {
      infos[i].buffer = buf + 64 * i;
      infos[i].size = 64;
      descs[i] = d;
      descs[i].memType = QNN_MEM_TYPE_CUSTOM;
      descs[i].customInfo = &infos[i];
    }
    assert_int_equal(QnnMem_register(g_s.context, descs, TABLE_SIZE + 1, many),
                     QNN_LPAI_MEM_ERROR_TABLE_FULL);
    assert_int_equal(QnnMem_register(g_s.context, descs, TABLE_SIZE, many), QNN_SUCCESS);
    assert_int_equal(QnnMem_register(g_s.context, &descs[TABLE_SIZE], 1, &many[TABLE_SIZE]),
                     QNN_LPAI_MEM_ERROR_TABLE_FULL);
  }
  /* Context free ends every handle of the context. */
  assert_int_equal(QnnContext_free(g_s.context, NULL), QNN_SUCCESS);
  g_s.context = NULL;
  assert_int_equal(QnnMem_deRegister(many, 1), QNN_MEM_ERROR_INVALID_HANDLE);
}

static void test_system_context_errors(void** state) {
  /* Every slot of this build (LPAI_MAX_SYSTEM_CONTEXTS), then one more. */
  QnnSystemContext_Handle_t all[LPAI_MAX_SYSTEM_CONTEXTS];
  QnnSystemContext_Handle_t sys2 = NULL, sys3 = NULL;
  const QnnSystemContext_BinaryInfo_t* info = NULL;
  Qnn_ContextBinarySize_t info_size = 0;
  int i;
  (void)state;
  g_s.bin = shim_load_binary("copy_raw.bin");
  assert_int_equal(QnnSystemContext_create(NULL), QNN_CONTEXT_ERROR_INVALID_ARGUMENT);
  for (i = 0; i < LPAI_MAX_SYSTEM_CONTEXTS; ++i) {
    assert_int_equal(QnnSystemContext_create(&all[i]), QNN_SUCCESS);
  }
  assert_int_equal(QnnSystemContext_create(&sys3), QNN_CONTEXT_ERROR_NO_FREE_SLOT);
  for (i = 0; i < LPAI_MAX_SYSTEM_CONTEXTS; ++i) {
    assert_int_equal(QnnSystemContext_free(all[i]), QNN_SUCCESS);
  }
  sys2 = all[0]; /* freed: its slot is free again, the handle stays dead */
  assert_int_equal(QnnSystemContext_create(&g_s.sys), QNN_SUCCESS);
  assert_int_equal(QnnSystemContext_free(sys2), QNN_CONTEXT_ERROR_INVALID_HANDLE);
  assert_int_equal(QnnSystemContext_getBinaryInfo(sys2, g_s.bin.data, g_s.bin.size, &info,
                                                  &info_size),
                   QNN_CONTEXT_ERROR_INVALID_HANDLE);
  assert_int_equal(QnnSystemContext_getBinaryInfo(g_s.sys, g_s.bin.data, g_s.bin.size, NULL,
                                                  &info_size),
                   QNN_CONTEXT_ERROR_INVALID_ARGUMENT);
  assert_int_equal(QnnSystemContext_getBinaryInfo(g_s.sys, g_s.bin.data, 100, &info, &info_size),
                   QNN_LPAI_ERROR_BINARY_TOO_SMALL);
  g_s.bin.data[g_s.bin.size - 1] ^= 1;
  assert_int_equal(QnnSystemContext_getBinaryInfo(g_s.sys, g_s.bin.data, g_s.bin.size, &info,
                                                  &info_size),
                   QNN_LPAI_ERROR_BINARY_BAD_CRC);
  assert_null(info);
  g_s.bin.data[g_s.bin.size - 1] ^= 1;
  assert_int_equal(QnnSystemContext_getBinaryInfo(g_s.sys, g_s.bin.data, g_s.bin.size, &info,
                                                  &info_size),
                   QNN_SUCCESS);
  assert_non_null(info);
  assert_int_equal(info->version, QNN_SYSTEM_CONTEXT_BINARY_INFO_VERSION_1);
  assert_int_equal(info->contextBinaryInfoV1.graphs[0].version,
                   QNN_SYSTEM_CONTEXT_GRAPH_INFO_VERSION_1);
}

/* Online prepare needs the host's prepare pipeline: the firmware alone answers each of its
 * calls with QNN_COMMON_ERROR_NOT_SUPPORTED in one error line, writing no output. */
typedef struct {
  int lines;
  char last[160];
} LogCapture;

static void capture_log(void* user, lpai_log_level_t level, const char* line, size_t len) {
  LogCapture* c = (LogCapture*)user;
  if (level != LPAI_LOG_LEVEL_ERROR) return;
  c->lines += 1;
  if (len >= sizeof(c->last)) len = sizeof(c->last) - 1;
  memcpy(c->last, line, len);
  c->last[len] = '\0';
}

static void test_online_prepare_not_in_firmware(void** state) {
  LogCapture log;
  Qnn_ContextHandle_t context = NULL;
  Qnn_GraphHandle_t graph = NULL;
  Qnn_Tensor_t tensor = QNN_TENSOR_INIT;
  Qnn_OpConfig_t op = QNN_OPCONFIG_INIT;
  uint32_t dims[1] = {4};
  (void)state;
  memset(&log, 0, sizeof(log));
  assert_int_equal(QnnBackend_create(NULL, NULL, &g_s.backend), QNN_SUCCESS);
  lpai_hal_host_set_log_sink(capture_log, &log);

  assert_int_equal(QnnContext_create(g_s.backend, NULL, NULL, &context),
                   QNN_COMMON_ERROR_NOT_SUPPORTED);
  assert_null(context);
  assert_int_equal(log.lines, 1);
  assert_string_equal(log.last, "QnnContext_create: online prepare is not part of this build");

  assert_int_equal(QnnGraph_create(context, "g", NULL, &graph), QNN_COMMON_ERROR_NOT_SUPPORTED);
  assert_null(graph);
  assert_int_equal(log.lines, 2);

  tensor.v1.id = 77;
  tensor.v1.name = "t";
  tensor.v1.type = QNN_TENSOR_TYPE_APP_WRITE;
  tensor.v1.dataType = QNN_DATATYPE_SFIXED_POINT_8;
  tensor.v1.rank = 1;
  tensor.v1.dimensions = dims;
  assert_int_equal(QnnTensor_createGraphTensor(graph, &tensor), QNN_COMMON_ERROR_NOT_SUPPORTED);
  assert_int_equal(tensor.v1.id, 77);
  assert_int_equal(log.lines, 3);

  op.v1.typeName = QNN_OP_RELU;
  op.v1.numOfInputs = 1;
  op.v1.inputTensors = &tensor;
  assert_int_equal(QnnGraph_addNode(graph, op), QNN_COMMON_ERROR_NOT_SUPPORTED);
  assert_int_equal(log.lines, 4);
  assert_string_equal(log.last, "QnnGraph_addNode: online prepare is not part of this build");
  lpai_hal_host_set_log_sink(NULL, NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_recommended_workflow, setup, teardown),
      cmocka_unit_test_setup_teardown(test_persistent_state_and_reset, setup, teardown),
      cmocka_unit_test_setup_teardown(test_plain_integer_io, setup, teardown),
      cmocka_unit_test_setup_teardown(test_memhandle_workflow, setup, teardown),
      cmocka_unit_test_setup_teardown(test_tcm_context_config, setup, teardown),
      cmocka_unit_test_setup_teardown(test_undefined_mem_type_fails_create, setup, teardown),
      cmocka_unit_test_setup_teardown(test_backend_errors, setup, teardown),
      cmocka_unit_test_setup_teardown(test_context_errors, setup, teardown),
      cmocka_unit_test_setup_teardown(test_graph_property_and_config_errors, setup, teardown),
      cmocka_unit_test_setup_teardown(test_profile_buffer, setup, teardown),
      cmocka_unit_test_setup_teardown(test_execute_errors, setup, teardown),
      cmocka_unit_test_setup_teardown(test_mem_register_errors, setup, teardown),
      cmocka_unit_test_setup_teardown(test_system_context_errors, setup, teardown),
      cmocka_unit_test_setup_teardown(test_online_prepare_not_in_firmware, setup, teardown),
  };
  return cmocka_run_group_tests_name("shim_workflow", tests, NULL, NULL);
}
