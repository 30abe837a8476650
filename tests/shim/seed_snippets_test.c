/* The code snippets of seeds 000 (QNN LPAI Memory Management) and 001 (QNN LPAI Memory
 * Allocations), compiled as written against the compatibility headers: each snippet is the
 * body of a C function whose parameters are the variables the snippet uses. The flows are
 * then run on a context binary (graph "state": one input, one output, scratch and persistent
 * memory).
 *
 * Edits to the snippets' text, all in seed 000's IO-allocation snippet: the missing ';' after
 * `size_t startAddrAlignment, sizeAlignment` is added; `qnnTensor` (undeclared there) is the
 * loop's `tensor` (a #define); the "Retrieve buffer start address and size alignment" comment
 * block is filled in with the seed's own alignment query and a copy of the tensor
 * descriptions. Placeholder comments ("Init qnn system interface ......") are filled in after
 * the comment. */
#define _POSIX_C_SOURCE 200112L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "LPAI/QnnLpaiBackend.h"
#include "LPAI/QnnLpaiGraph.h"
#include "LPAI/QnnLpaiMem.h"
#include "QnnBackend.h"
#include "QnnContext.h"
#include "QnnGraph.h"
#include "QnnTypes.h"
#include "System/QnnSystemContext.h"
#include "System/QnnSystemInterface.h"
#include "lpai/hal_host.h"
#include "shim_test_util.h"

/* ---- helpers the snippets call ------------------------------------------------------------- */

static int calculate_tensor_size(Qnn_TensorV1_t t) {
  /* The low byte of a type code spells its bit width in hex digits: 0x08, 0x16, 0x32, 0x64. */
  const int low = (int)(t.dataType & 0xff);
  int bytes = low == 0x08 ? 1 : low == 0x16 ? 2 : low == 0x32 ? 4 : low == 0x64 ? 8 : 0;
  uint32_t d;
  for (d = 0; d < t.rank; ++d) bytes *= (int)t.dimensions[d];
  return bytes;
}

static void* allocate_aligned_memory(size_t startAddrAlignment, size_t sizeAlignment, int size) {
  size_t rounded = ((size_t)size + sizeAlignment - 1) / sizeAlignment * sizeAlignment;
  return shim_aligned_alloc(startAddrAlignment, rounded);
}

/* ==== seed 000 ================================================================================ */

static int seed000_get_alignment(Qnn_BackendHandle_t backendHandle, uint32_t* startAddrAlignment,
                                 uint32_t* sizeAlignment) {
  int error = 0;
  QnnLpaiBackend_BufferAlignmentReq_t bufferAlignmentReq;

  QnnLpaiBackend_CustomProperty_t customBackendProp;
  customBackendProp.option   = QNN_LPAI_BACKEND_GET_PROP_ALIGNMENT_REQ;
  customBackendProp.property = &bufferAlignmentReq;

  QnnBackend_Property_t backendProp;
  backendProp.option         = QNN_BACKEND_PROPERTY_OPTION_CUSTOM;
  backendProp.customProperty = &customBackendProp;

  QnnBackend_Property_t *backendPropPtrs[2] = {0};
  backendPropPtrs[0] = &backendProp;

  QnnBackend_getProperty(backendHandle, backendPropPtrs);

  if (!error) {
    *startAddrAlignment = bufferAlignmentReq.startAddrAlignment;
    *sizeAlignment      = bufferAlignmentReq.sizeAlignment;
  }
  return error;
}

static void seed000_query_scratch(Qnn_GraphHandle_t graphHandle, uint32_t* scratchSize) {
  QnnLpaiGraph_CustomProperty_t customGraphProp;
  customGraphProp.option   = QNN_LPAI_GRAPH_GET_PROP_SCRATCH_MEM_SIZE;
  customGraphProp.property = scratchSize;

  QnnGraph_Property_t graphProp;
  graphProp.option         = QNN_GRAPH_PROPERTY_OPTION_CUSTOM;
  graphProp.customProperty = &customGraphProp;

  QnnGraph_Property_t *graphPropPtrs[2] = {0};
  graphPropPtrs[0] = &graphProp;

  QnnGraph_getProperty(graphHandle, graphPropPtrs);
}

static void seed000_set_scratch(Qnn_GraphHandle_t graphHandle, QnnLpaiMem_MemType_t memType,
                                uint32_t scratchSize, void* scratchBuffer) {
  QnnLpaiGraph_Mem_t lpaiGraphMem;
  lpaiGraphMem.memType = memType;
  lpaiGraphMem.size    = scratchSize;
  lpaiGraphMem.addr    = scratchBuffer;

  QnnLpaiGraph_CustomConfig_t customGraphCfg;
  customGraphCfg.option = QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM;
  customGraphCfg.config = &lpaiGraphMem;

  QnnGraph_Config_t graphConfig;
  graphConfig.option       = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
  graphConfig.customConfig = &customGraphCfg;

  QnnGraph_Config_t *graphCfgPtrs[2] = {0};
  graphCfgPtrs[0] = &graphConfig;

  QnnGraph_setConfig(graphHandle, (const QnnGraph_Config_t **)graphCfgPtrs);
}

static void seed000_query_persistent(Qnn_GraphHandle_t graphHandle, uint32_t* persistentSize) {
  QnnLpaiGraph_CustomProperty_t customGraphProp;
  customGraphProp.option   = QNN_LPAI_GRAPH_GET_PROP_PERSISTENT_MEM_SIZE;
  customGraphProp.property = persistentSize;

  QnnGraph_Property_t graphProp;
  graphProp.option         = QNN_GRAPH_PROPERTY_OPTION_CUSTOM;
  graphProp.customProperty = &customGraphProp;

  QnnGraph_Property_t *graphPropPtrs[2] = {0};
  graphPropPtrs[0] = &graphProp;

  QnnGraph_getProperty(graphHandle, graphPropPtrs);
}

static void seed000_set_persistent(Qnn_GraphHandle_t graphHandle, QnnLpaiMem_MemType_t memType,
                                   uint32_t persistentSize, void* persistentBuffer) {
  QnnLpaiGraph_Mem_t lpaiGraphMem;
  lpaiGraphMem.memType = memType;
  lpaiGraphMem.size    = persistentSize;
  lpaiGraphMem.addr    = persistentBuffer;

  QnnLpaiGraph_CustomConfig_t customGraphCfg;
  customGraphCfg.option = QNN_LPAI_GRAPH_SET_CFG_PERSISTENT_MEM;
  customGraphCfg.config = &lpaiGraphMem;

  QnnGraph_Config_t graphConfig;
  graphConfig.option       = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
  graphConfig.customConfig = &customGraphCfg;

  QnnGraph_Config_t *graphCfgPtrs[2] = {0};
  graphCfgPtrs[0] = &graphConfig;

  QnnGraph_setConfig(graphHandle, (const QnnGraph_Config_t **)graphCfgPtrs);
}

typedef struct {
  Qnn_Tensor_t* inputs;
  Qnn_Tensor_t* outputs;
  size_t numInputs;
  size_t numOutputs;
} SeedIo;

static SeedIo seed000_query_io(QnnSystemContext_Handle_t qnnSystemCtxHandle,
                               void* contextBinaryBuffer, uint64_t contextBinaryBufferSize) {
  SeedIo io;
  // QnnSystemInterface is defined in ${QNN_SDK_ROOT}/include/QNN/System/QnnSystemInterface.h
  QnnSystemInterface qnnSystemInterface;

  // Init qnn system interface ......
  qnnSystemInterface = QnnLpaiSystem_getInterface(); /* FILLED IN: the seed's placeholder */
  // See ${QNN_SDK_ROOT}/examples/QNN/SampleApp/SampleAppLPAI code
  // Extract QNN binaryInfo
  const QnnSystemContext_BinaryInfo_t* binaryInfo;
  Qnn_ContextBinarySize_t binaryInfoSize;
  qnnSystemInterface->systemContextGetBinaryInfo(qnnSystemCtxHandle,
                                                 contextBinaryBuffer,
                                                 contextBinaryBufferSize,
                                                 &binaryInfo,
                                                 &binaryInfoSize);
  // Extract graph info from QNN binaryInfo, assume only one graph in the context
  QnnSystemContext_GraphInfo_t* graphInfos = binaryInfo->contextBinaryInfoV1.graphs;
  QnnSystemContext_GraphInfo_t* graphInfo  = &(graphInfos[0]);

  // Extract tensor info from graphInfo
  Qnn_Tensor_t* inputs     = graphInfo->graphInfoV1.graphInputs;
  Qnn_Tensor_t* outputs    = graphInfo->graphInfoV1.graphOutputs;
  size_t numInputs         = graphInfo->graphInfoV1.numGraphInputs;
  size_t numOutputs        = graphInfo->graphInfoV1.numGraphOutputs;

  io.inputs = inputs;
  io.outputs = outputs;
  io.numInputs = numInputs;
  io.numOutputs = numOutputs;
  return io;
}

#define qnnTensor tensor /* PATCHED: the seed's undeclared `qnnTensor` is the loop's tensor */
static void seed000_allocate_io(Qnn_BackendHandle_t backendHandle, const Qnn_Tensor_t* described,
                                uint32_t numTensors, Qnn_Tensor_t* result) {
  // Qnn_Tensor_t is defined in ${QNN_SDK_ROOT}/include/QNN/QnnTypes.h
  Qnn_Tensor_t tensors[numTensors];

  size_t startAddrAlignment, sizeAlignment; /* PATCHED: the seed's missing ';' */
  // Retrieve buffer start address and size alignment requirements
  // See ${QNN_SDK_ROOT}/examples/QNN/SampleApp/SampleAppLPAI code
  { /* FILLED IN: the seed elides this part */
    uint32_t start = 0, size = 0;
    seed000_get_alignment(backendHandle, &start, &size);
    startAddrAlignment = start;
    sizeAlignment = size;
    memcpy(tensors, described, numTensors * sizeof(Qnn_Tensor_t));
  }

  for (uint32_t i = 0; i < numTensors; i++) {
     Qnn_Tensor_t* tensor = &tensors[i];
     tensor->v1.memType   = QNN_TENSORMEMTYPE_RAW;
     int dataSize         = calculate_tensor_size(qnnTensor->v1);
     tensor->v1.clientBuf.data =
        allocate_aligned_memory(startAddrAlignment, sizeAlignment, dataSize);
     tensor->v1.clientBuf.dataSize = dataSize;
  }

  memcpy(result, tensors, numTensors * sizeof(Qnn_Tensor_t));
}
#undef qnnTensor

/* ==== seed 001 ================================================================================ */

static void seed001_query_scratch(Qnn_GraphHandle_t graphHandle, uint32_t* scratchSize) {
// Create QNN LPAI custom property
QnnLpaiGraph_CustomProperty_t customGraphProp;
customGraphProp.option = QNN_LPAI_GRAPH_GET_PROP_SCRATCH_MEM_SIZE;
customGraphProp.property = scratchSize;

// Create QNN property
QnnGraph_Property_t graphProp;
graphProp.option = QNN_GRAPH_PROPERTY_OPTION_CUSTOM;
graphProp.customProperty = &customGraphProp;

// Prepare property pointer array
QnnGraph_Property_t *graphPropPtrs[2] = {0}; // graphPropPtrs[1] is nullptr
graphPropPtrs[0] = &graphProp;

// Query the graph for scratch memory size
QnnGraph_getProperty(graphHandle, graphPropPtrs);
}

static void seed001_set_scratch(Qnn_GraphHandle_t graphHandle, QnnLpaiMem_MemType_t memType,
                                uint32_t scratchSize, void* scratchBuffer) {
// Create LPAI memory configuration
QnnLpaiGraph_Mem_t lpaiGraphMem;
lpaiGraphMem.memType = memType;
lpaiGraphMem.size = scratchSize;
lpaiGraphMem.addr = scratchBuffer;

// Create QNN LPAI custom config
QnnLpaiGraph_CustomConfig_t customGraphCfg;
customGraphCfg.option = QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM;
customGraphCfg.config = &lpaiGraphMem;

// Create QNN config
QnnGraph_Config_t graphConfig;
graphConfig.option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
graphConfig.customConfig = &customGraphCfg;

// Prepare config pointer array
QnnGraph_Config_t *graphCfgPtrs[2] = {0}; // graphCfgPtrs[1] is nullptr
graphCfgPtrs[0] = &graphConfig;

// Set the configuration for the graph
QnnGraph_setConfig(graphHandle, (const QnnGraph_Config_t **)graphCfgPtrs);
}

static void seed001_query_persistent(Qnn_GraphHandle_t graphHandle, uint32_t* persistentSize) {
// Create QNN LPAI custom property
QnnLpaiGraph_CustomProperty_t customGraphProp;
customGraphProp.option = QNN_LPAI_GRAPH_GET_PROP_PERSISTENT_MEM_SIZE;
customGraphProp.property = persistentSize;

// Create QNN property
QnnGraph_Property_t graphProp;
graphProp.option = QNN_GRAPH_PROPERTY_OPTION_CUSTOM;
graphProp.customProperty = &customGraphProp;

// Prepare property pointer array
QnnGraph_Property_t *graphPropPtrs[2] = {0}; // graphPropPtrs[1] is nullptr
graphPropPtrs[0] = &graphProp;

// Query the graph for persistent memory size
QnnGraph_getProperty(graphHandle, graphPropPtrs);
}

static void seed001_set_persistent(Qnn_GraphHandle_t graphHandle, QnnLpaiMem_MemType_t memType,
                                   uint32_t persistentSize, void* persistentBuffer) {
// Create LPAI memory configuration
QnnLpaiGraph_Mem_t lpaiGraphMem;
lpaiGraphMem.memType = memType;
lpaiGraphMem.size = persistentSize;
lpaiGraphMem.addr = persistentBuffer;

// Create QNN LPAI custom config
QnnLpaiGraph_CustomConfig_t customGraphCfg;
customGraphCfg.option = QNN_LPAI_GRAPH_SET_CFG_PERSISTENT_MEM;
customGraphCfg.config = &lpaiGraphMem;

// Create QNN config
QnnGraph_Config_t graphConfig;
graphConfig.option = QNN_GRAPH_CONFIG_OPTION_CUSTOM;
graphConfig.customConfig = &customGraphCfg;

// Prepare config pointer array
QnnGraph_Config_t *graphCfgPtrs[2] = {0}; // graphCfgPtrs[1] is nullptr
graphCfgPtrs[0] = &graphConfig;

// Set the configuration for the graph
QnnGraph_setConfig(graphHandle, (const QnnGraph_Config_t **)graphCfgPtrs);
}

static int seed001_get_alignment(Qnn_BackendHandle_t backendHandle, uint32_t* startAddrAlignment,
                                 uint32_t* sizeAlignment) {
int error = 0;
QnnLpaiBackend_BufferAlignmentReq_t bufferAlignmentReq;

// Create QNN LPAI backend custom property
QnnLpaiBackend_CustomProperty_t customBackendProp;
customBackendProp.option = QNN_LPAI_BACKEND_GET_PROP_ALIGNMENT_REQ;
customBackendProp.property = &bufferAlignmentReq;

// Create QNN property
QnnBackend_Property_t backendProp;
backendProp.option = QNN_BACKEND_PROPERTY_OPTION_CUSTOM;
backendProp.customProperty = &customBackendProp;

// Prepare property pointer array
QnnBackend_Property_t *backendPropPtrs[2] = {0}; // backendPropPtrs[1] is nullptr
backendPropPtrs[0] = &backendProp;

// Query the backend for alignment requirements
QnnBackend_getProperty(backendHandle, backendPropPtrs);

if (!error) {
 *startAddrAlignment = bufferAlignmentReq.startAddrAlignment;
 *sizeAlignment = bufferAlignmentReq.sizeAlignment;
}
return error;
}

/* ==== the flows =============================================================================== */

typedef int (*AlignFn)(Qnn_BackendHandle_t, uint32_t*, uint32_t*);
typedef void (*QueryFn)(Qnn_GraphHandle_t, uint32_t*);
typedef void (*SetFn)(Qnn_GraphHandle_t, QnnLpaiMem_MemType_t, uint32_t, void*);

static ShimSession g_s;

static int setup(void** state) {
  (void)state;
  memset(&g_s, 0, sizeof(g_s));
  lpai_hal_host_reset_alignment();
  return 0;
}

static int teardown(void** state) {
  (void)state;
  shim_session_release(&g_s);
  return 0;
}

/* Steps 1-8 of the recommended workflow with the seed's functions, on graph "state": the
 * output of execute k is the input of execute k - 1 (zeros first). */
static void run_flow(AlignFn get_alignment, QueryFn query_scratch, SetFn set_scratch,
                     QueryFn query_persistent, SetFn set_persistent) {
  uint32_t startAddrAlignment = 0, sizeAlignment = 0, scratchSize = 0, persistentSize = 0;
  SeedIo io;
  Qnn_Tensor_t inputs[1], outputs[1];
  int8_t zeros[24];
  int run;
  memset(zeros, 0, sizeof(zeros));

  assert_int_equal(shim_open(&g_s, "state_raw.bin", "state", 0, QNN_LPAI_MEM_TYPE_UNDEFINED),
                   QNN_SUCCESS);
  assert_int_equal(get_alignment(g_s.backend, &startAddrAlignment, &sizeAlignment), 0);
  assert_int_equal(startAddrAlignment, 64);
  assert_int_equal(sizeAlignment, 64);
  query_scratch(g_s.graph, &scratchSize);
  query_persistent(g_s.graph, &persistentSize);
  assert_int_equal(scratchSize, 64);     /* input [0,24) output [32,56) */
  assert_int_equal(persistentSize, 64);  /* state [0,24) */
  g_s.scratch = shim_aligned_alloc(startAddrAlignment, scratchSize);
  g_s.persistent = shim_aligned_alloc(startAddrAlignment, persistentSize);
  set_scratch(g_s.graph, QNN_LPAI_MEM_TYPE_DDR, scratchSize, g_s.scratch);
  set_persistent(g_s.graph, QNN_LPAI_MEM_TYPE_DDR, persistentSize, g_s.persistent);
  assert_int_equal(QnnGraph_finalize(g_s.graph, NULL, NULL), QNN_SUCCESS);

  assert_int_equal(QnnSystemContext_create(&g_s.sys), QNN_SUCCESS);
  io = seed000_query_io(g_s.sys, g_s.bin.data, g_s.bin.size);
  assert_int_equal(io.numInputs, 1);
  assert_int_equal(io.numOutputs, 1);
  seed000_allocate_io(g_s.backend, io.inputs, 1, inputs);
  seed000_allocate_io(g_s.backend, io.outputs, 1, outputs);
  g_s.io[0] = inputs[0].v1.clientBuf.data;
  g_s.io[1] = outputs[0].v1.clientBuf.data;
  assert_int_equal(inputs[0].v1.clientBuf.dataSize, 24);
  assert_int_equal(outputs[0].v1.clientBuf.dataSize, 24);
  assert_int_equal((uintptr_t)inputs[0].v1.clientBuf.data % startAddrAlignment, 0);

  for (run = 0; run < 3; ++run) {
    memset(inputs[0].v1.clientBuf.data, 10 + run, 24);
    assert_int_equal(QnnGraph_execute(g_s.graph, inputs, 1, outputs, 1, NULL, NULL), QNN_SUCCESS);
    if (run == 0) {
      assert_memory_equal(outputs[0].v1.clientBuf.data, zeros, 24);
    } else {
      assert_int_equal(((int8_t*)outputs[0].v1.clientBuf.data)[0], 10 + run - 1);
      assert_int_equal(((int8_t*)outputs[0].v1.clientBuf.data)[23], 10 + run - 1);
    }
  }
}

static void test_seed000_flow(void** state) {
  (void)state;
  run_flow(seed000_get_alignment, seed000_query_scratch, seed000_set_scratch,
           seed000_query_persistent, seed000_set_persistent);
}

static void test_seed001_flow(void** state) {
  (void)state;
  run_flow(seed001_get_alignment, seed001_query_scratch, seed001_set_scratch,
           seed001_query_persistent, seed001_set_persistent);
}

/* Every --alignment START:SIZE the generator accepts (powers of two, START <= 4096,
 * SIZE <= 1048576; generator_test pins that set), applied to the demo model at build time
 * (make_alignment_binaries.cmake), run through the seed-000 snippets in the seed's order once
 * the context is loaded: alignment query, size queries, buffers allocated at the queried
 * alignment, set-config, finalize, IO described and allocated by the seed's IO snippets,
 * execute. The backend reports max(64, START), so the seed's own path never meets
 * GRAPH_MEM_MISALIGNED; every alignment gives the same output bytes. */
static void run_seed000_alignment(uint32_t start, uint32_t size, const ShimBinary* input,
                                  uint8_t* reference, size_t* reference_bytes) {
  char name[96];
  uint32_t startAddrAlignment = 0, sizeAlignment = 0, scratchSize = 0, persistentSize = 0;
  SeedIo io;
  Qnn_Tensor_t inputs[1], outputs[1];
  size_t out_bytes;

  snprintf(name, sizeof(name), "../alignment/demo_%u_%u.bin", start, size);
  assert_int_equal(shim_open(&g_s, name, "demo", 0, QNN_LPAI_MEM_TYPE_UNDEFINED), QNN_SUCCESS);
  assert_int_equal(seed000_get_alignment(g_s.backend, &startAddrAlignment, &sizeAlignment), 0);
  assert_int_equal(startAddrAlignment, start > 64 ? start : 64);
  assert_int_equal(sizeAlignment, 64);
  seed000_query_scratch(g_s.graph, &scratchSize);
  seed000_query_persistent(g_s.graph, &persistentSize);
  assert_true(scratchSize > 0);
  assert_int_equal(scratchSize % (size > 64 ? size : 64), 0);
  g_s.scratch = shim_aligned_alloc(startAddrAlignment, scratchSize);
  seed000_set_scratch(g_s.graph, QNN_LPAI_MEM_TYPE_DDR, scratchSize, g_s.scratch);
  if (persistentSize > 0) {
    g_s.persistent = shim_aligned_alloc(startAddrAlignment, persistentSize);
    seed000_set_persistent(g_s.graph, QNN_LPAI_MEM_TYPE_DDR, persistentSize, g_s.persistent);
  }
  assert_int_equal(QnnGraph_finalize(g_s.graph, NULL, NULL), QNN_SUCCESS);

  assert_int_equal(QnnSystemContext_create(&g_s.sys), QNN_SUCCESS);
  io = seed000_query_io(g_s.sys, g_s.bin.data, g_s.bin.size);
  assert_int_equal(io.numInputs, 1);
  assert_int_equal(io.numOutputs, 1);
  seed000_allocate_io(g_s.backend, io.inputs, 1, inputs);
  seed000_allocate_io(g_s.backend, io.outputs, 1, outputs);
  g_s.io[0] = inputs[0].v1.clientBuf.data;
  g_s.io[1] = outputs[0].v1.clientBuf.data;
  assert_int_equal(inputs[0].v1.clientBuf.dataSize, input->size);
  assert_int_equal((uintptr_t)inputs[0].v1.clientBuf.data % startAddrAlignment, 0);
  memcpy(inputs[0].v1.clientBuf.data, input->data, input->size);
  assert_int_equal(QnnGraph_execute(g_s.graph, inputs, 1, outputs, 1, NULL, NULL), QNN_SUCCESS);
  out_bytes = outputs[0].v1.clientBuf.dataSize;
  assert_true(out_bytes > 0 && out_bytes <= 64);
  if (*reference_bytes == 0) {
    memcpy(reference, outputs[0].v1.clientBuf.data, out_bytes);
    *reference_bytes = out_bytes;
  } else {
    assert_int_equal(out_bytes, *reference_bytes);
    assert_memory_equal(outputs[0].v1.clientBuf.data, reference, out_bytes);
  }
  shim_session_release(&g_s);
}

static void test_seed000_every_generator_alignment(void** state) {
  uint8_t reference[64];
  size_t reference_bytes = 0;
  uint32_t start, size, runs = 0;
  ShimBinary input = shim_load_binary("../alignment/demo_input_0.bin");
  (void)state;
  assert_non_null(input.data);
  for (start = 1; start <= 4096; start *= 2) {
    for (size = 1; size <= 1048576; size *= 2) {
      run_seed000_alignment(start, size, &input, reference, &reference_bytes);
      ++runs;
    }
  }
  assert_int_equal(runs, 13 * 21);
  shim_free_binary(&input);
}

/* The query matters: a 256:64 binary refuses scratch that starts on 64 but not on 256 with
 * GRAPH_MEM_MISALIGNED (6006), the error a caller that skipped the query would meet. */
static void test_seed000_unqueried_alignment_is_refused(void** state) {
  uint32_t startAddrAlignment = 0, sizeAlignment = 0, scratchSize = 0;
  QnnLpaiGraph_Mem_t mem;
  uint8_t* block;
  (void)state;
  assert_int_equal(shim_open(&g_s, "../alignment/demo_256_64.bin", "demo", 0,
                             QNN_LPAI_MEM_TYPE_UNDEFINED),
                   QNN_SUCCESS);
  assert_int_equal(seed000_get_alignment(g_s.backend, &startAddrAlignment, &sizeAlignment), 0);
  assert_int_equal(startAddrAlignment, 256);
  seed000_query_scratch(g_s.graph, &scratchSize);
  g_s.scratch = shim_aligned_alloc(256, scratchSize + 256);
  block = (uint8_t*)g_s.scratch;
  mem.memType = QNN_LPAI_MEM_TYPE_DDR;
  mem.size = scratchSize;
  mem.addr = block + 64;
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM, &mem),
                   QNN_LPAI_GRAPH_ERROR_MEM_MISALIGNED);
  mem.addr = block;
  assert_int_equal(shim_set_one(g_s.graph, QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM, &mem),
                   QNN_SUCCESS);
  /* With no context loaded again, the answer is again the largest plan start alignment. */
  assert_int_equal(QnnContext_free(g_s.context, NULL), QNN_SUCCESS);
  g_s.context = NULL;
  assert_int_equal(seed000_get_alignment(g_s.backend, &startAddrAlignment, &sizeAlignment), 0);
  assert_int_equal(startAddrAlignment, 4096);
}

/* Seed 000's "Before allocating any memory" read as "first of all": the alignment queried
 * right after QnnBackend_create, before any context is loaded, is 4096 (the largest plan start
 * alignment a binary may carry, independent reference: the generator's documented --alignment
 * range 1..4096), and scratch and persistent buffers aligned to it are accepted by a binary of
 * every start alignment the generator accepts. */
static void test_seed000_alignment_queried_before_loading(void** state) {
  uint32_t startAddrAlignment = 0, sizeAlignment = 0, start;
  Qnn_BackendHandle_t backend = NULL;
  char name[96];
  (void)state;
  assert_int_equal(QnnBackend_create(NULL, NULL, &backend), QNN_SUCCESS);
  assert_int_equal(seed000_get_alignment(backend, &startAddrAlignment, &sizeAlignment), 0);
  assert_int_equal(QnnBackend_free(backend), QNN_SUCCESS);
  assert_int_equal(startAddrAlignment, 4096);
  assert_int_equal(sizeAlignment, 64);
  for (start = 1; start <= 4096; start *= 2) {
    uint32_t scratchSize = 0, persistentSize = 0;
    snprintf(name, sizeof(name), "../alignment/demo_%u_64.bin", start);
    assert_int_equal(shim_open(&g_s, name, "demo", 0, QNN_LPAI_MEM_TYPE_UNDEFINED), QNN_SUCCESS);
    seed000_query_scratch(g_s.graph, &scratchSize);
    seed000_query_persistent(g_s.graph, &persistentSize);
    g_s.scratch = shim_aligned_alloc(startAddrAlignment, scratchSize);
    seed000_set_scratch(g_s.graph, QNN_LPAI_MEM_TYPE_DDR, scratchSize, g_s.scratch);
    if (persistentSize > 0) {
      g_s.persistent = shim_aligned_alloc(startAddrAlignment, persistentSize);
      seed000_set_persistent(g_s.graph, QNN_LPAI_MEM_TYPE_DDR, persistentSize, g_s.persistent);
    }
    assert_int_equal(QnnGraph_finalize(g_s.graph, NULL, NULL), QNN_SUCCESS);
    shim_session_release(&g_s);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_seed000_flow, setup, teardown),
      cmocka_unit_test_setup_teardown(test_seed001_flow, setup, teardown),
      cmocka_unit_test_setup_teardown(test_seed000_every_generator_alignment, setup, teardown),
      cmocka_unit_test_setup_teardown(test_seed000_unqueried_alignment_is_refused, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_seed000_alignment_queried_before_loading, setup,
                                      teardown),
  };
  return cmocka_run_group_tests_name("seed_snippets", tests, NULL, NULL);
}
