// Seed 002 ("Online Prepare"): the snippet compiled as written (its `opConfit` typo corrected
// to `opConfig`), with the parts it elides ("Set up common setting for tensors ......",
// "create OpConfig_t with IO tensor just created") filled in, then finalized and executed
// zero-copy on registered rpcmem buffers: the memhandle / memhandle row of the seed's table
// (no IO allocation, no copy).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#include "QnnBackend.h"
#include "QnnContext.h"
#include "QnnGraph.h"
#include "QnnMem.h"
#include "QnnOpDef.h"
#include "QnnTensor.h"
#include "QnnTypes.h"
#include "online_prepare/online_prepare.h"
#include "shared_mem/rpcmem.h"

namespace {

TEST(Seed002OnlinePrepare, SnippetFlowBuildsAMemhandleGraphThatRunsZeroCopy) {
  Qnn_BackendHandle_t backend = nullptr;
  ASSERT_EQ(QnnBackend_create(nullptr, nullptr, &backend), QNN_SUCCESS);
  Qnn_ContextHandle_t context = nullptr;
  ASSERT_EQ(QnnContext_create(backend, nullptr, nullptr, &context), QNN_SUCCESS);

  // example graph. for detail, please refer to Sample App
  Qnn_GraphHandle_t graph;
  // IO tensors
  Qnn_Tensor_t inputTensor;
  Qnn_Tensor_t outputTensor;
  // Set up common setting for tensors ......
  ASSERT_EQ(QnnGraph_create(context, "seed_002", nullptr, &graph), QNN_SUCCESS);
  uint32_t inDims[2] = {1, 8};
  uint32_t outDims[2] = {2, 4};
  inputTensor = QNN_TENSOR_INIT;
  inputTensor.v1.name = "input";
  inputTensor.v1.type = QNN_TENSOR_TYPE_APP_WRITE;
  inputTensor.v1.dataType = QNN_DATATYPE_SFIXED_POINT_8;
  inputTensor.v1.quantizeParams.encodingDefinition = QNN_DEFINITION_DEFINED;
  inputTensor.v1.quantizeParams.quantizationEncoding = QNN_QUANTIZATION_ENCODING_SCALE_OFFSET;
  inputTensor.v1.quantizeParams.scaleOffsetEncoding.scale = 0.25f;
  inputTensor.v1.quantizeParams.scaleOffsetEncoding.offset = 5;
  inputTensor.v1.rank = 2;
  inputTensor.v1.dimensions = inDims;
  outputTensor = inputTensor;
  outputTensor.v1.name = "output";
  outputTensor.v1.type = QNN_TENSOR_TYPE_APP_READ;
  outputTensor.v1.dimensions = outDims;
  /* There are 2 specific settings for shared buffer:
  *  1. memType should be QNN_TENSORMEMTYPE_MEMHANDLE;
  *  2. union member memHandle should be used instead of clientBuf, and it
  *  should be set to nullptr.
  */
  inputTensor.v1.memType        = QNN_TENSORMEMTYPE_MEMHANDLE;
  inputTensor.v1.clientBuf      = nullptr;
  outputTensor.v1.memType       = QNN_TENSORMEMTYPE_MEMHANDLE;
  outputTensor.v1.clientBuf     = nullptr;
  QnnTensor_createGraphTensor(graph, &inputTensor);
  QnnTensor_createGraphTensor(graph, &outputTensor);

  // create OpConfig_t with IO tensor just created
  Qnn_OpConfig_t opConfig;
  opConfig = QNN_OPCONFIG_INIT;
  opConfig.v1.name = "reshape";
  opConfig.v1.packageName = QNN_OP_PACKAGE_NAME_QTI_AISW;
  opConfig.v1.typeName = QNN_OP_RESHAPE;
  opConfig.v1.numOfInputs = 1;
  opConfig.v1.inputTensors = &inputTensor;
  opConfig.v1.numOfOutputs = 1;
  opConfig.v1.outputTensors = &outputTensor;
  QnnGraph_addNode(graph, opConfig);  // PATCHED: the seed's typo `opConfit`

  // The snippet ignores the return codes; the test checks what they did.
  EXPECT_EQ(inputTensor.v1.id, 0u);
  EXPECT_EQ(outputTensor.v1.id, 1u);
  EXPECT_EQ(inputTensor.v1.memHandle, nullptr);  // clientBuf = nullptr cleared the union
  ASSERT_EQ(QnnGraph_finalize(graph, nullptr, nullptr), QNN_SUCCESS);

  // Execution (the shared-buffer tutorial's flow): rpcmem buffers registered on the context.
  void* inBuf = rpcmem_alloc(RPCMEM_HEAP_ID_SYSTEM, RPCMEM_DEFAULT_FLAGS, 8);
  void* outBuf = rpcmem_alloc(RPCMEM_HEAP_ID_SYSTEM, RPCMEM_DEFAULT_FLAGS, 8);
  ASSERT_NE(inBuf, nullptr);
  ASSERT_NE(outBuf, nullptr);
  Qnn_MemDescriptor_t desc[2] = {QNN_MEM_DESCRIPTOR_INIT, QNN_MEM_DESCRIPTOR_INIT};
  desc[0].memShape.numDim = 2;
  desc[0].memShape.dimSize = inDims;
  desc[0].dataType = QNN_DATATYPE_SFIXED_POINT_8;
  desc[0].memType = QNN_MEM_TYPE_ION;
  desc[0].ionInfo.fd = rpcmem_to_fd(inBuf);
  desc[1] = desc[0];
  desc[1].memShape.dimSize = outDims;
  desc[1].ionInfo.fd = rpcmem_to_fd(outBuf);
  Qnn_MemHandle_t handles[2] = {nullptr, nullptr};
  ASSERT_EQ(QnnMem_register(context, desc, 2, handles), QNN_SUCCESS);
  inputTensor.v1.memHandle = handles[0];
  outputTensor.v1.memHandle = handles[1];
  const int8_t in[8] = {-128, -5, 0, 1, 2, 3, 100, 127};
  std::memcpy(inBuf, in, sizeof(in));
  ASSERT_EQ(QnnGraph_execute(graph, &inputTensor, 1, &outputTensor, 1, nullptr, nullptr),
            QNN_SUCCESS);
  EXPECT_EQ(std::memcmp(outBuf, in, sizeof(in)), 0);  // Reshape: the same bytes
  QnnLpaiGraph_Counters_t counters = QNN_LPAI_GRAPH_COUNTERS_INIT;
  ASSERT_EQ(QnnLpaiGraph_getCounters(graph, &counters), QNN_SUCCESS);
  EXPECT_EQ(counters.ioAllocations, 0u);
  EXPECT_EQ(counters.ioBytesCopied, 0u);

  EXPECT_EQ(QnnContext_free(context, nullptr), QNN_SUCCESS);  // ends the memory handles too
  EXPECT_EQ(QnnMem_deRegister(handles, 2), static_cast<Qnn_ErrorHandle_t>(QNN_MEM_ERROR_INVALID_HANDLE));
  EXPECT_EQ(QnnBackend_free(backend), QNN_SUCCESS);
  rpcmem_free(inBuf);
  rpcmem_free(outBuf);
}

}  // namespace
