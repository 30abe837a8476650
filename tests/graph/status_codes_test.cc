// The C API's error codes (lpai/qnn_compat.h) equal the firmware's lpai::Status values
// (firmware/core/status.h, the single source of the numbers): checked at compile time for
// every Status, and every C code names a Status at run time.
#include <gtest/gtest.h>

#include <string>

#include "core/status.h"
#include "lpai/qnn_compat.h"
#include "memory/memory_pool.h"

namespace {

#define QNN_CODE(x) static_cast<uint32_t>(x)
#define S(x) ::lpai::status_code(::lpai::Status::x)

static_assert(QNN_CODE(QNN_LPAI_OK) == S(kOk), "kOk");
static_assert(QNN_CODE(QNN_COMMON_ERROR_NOT_SUPPORTED) == S(kNotSupported), "kNotSupported");
static_assert(QNN_CODE(QNN_COMMON_ERROR_MEM_ALLOC) == S(kMemAlloc), "kMemAlloc");
static_assert(QNN_CODE(QNN_COMMON_ERROR_INVALID_ARGUMENT) == S(kInvalidArgument), "kInvalidArgument");
static_assert(QNN_CODE(QNN_COMMON_ERROR_OPERATION_NOT_PERMITTED) == S(kOperationNotPermitted), "kOperationNotPermitted");
static_assert(QNN_CODE(QNN_COMMON_ERROR_INTERNAL) == S(kInternal), "kInternal");
static_assert(QNN_CODE(QNN_LPAI_ERROR_POOL_ZERO_SIZE) == S(kPoolZeroSize), "kPoolZeroSize");
static_assert(QNN_CODE(QNN_LPAI_ERROR_POOL_TOO_LARGE) == S(kPoolTooLarge), "kPoolTooLarge");
static_assert(QNN_CODE(QNN_LPAI_ERROR_POOL_NO_SLOT) == S(kPoolNoSlot), "kPoolNoSlot");
static_assert(QNN_CODE(QNN_LPAI_ERROR_POOL_NO_CONTIGUOUS_SPACE) == S(kPoolNoContiguousSpace), "kPoolNoContiguousSpace");
static_assert(QNN_CODE(QNN_LPAI_ERROR_POOL_DOUBLE_FREE) == S(kPoolDoubleFree), "kPoolDoubleFree");
static_assert(QNN_CODE(QNN_LPAI_ERROR_POOL_FOREIGN_POINTER) == S(kPoolForeignPointer), "kPoolForeignPointer");
static_assert(QNN_CODE(QNN_LPAI_ERROR_POOL_BAD_ALIGNMENT) == S(kPoolBadAlignment), "kPoolBadAlignment");
static_assert(QNN_CODE(QNN_LPAI_ERROR_POOL_INVALID_MEM_TYPE) == S(kPoolInvalidMemType), "kPoolInvalidMemType");
static_assert(QNN_CODE(QNN_LPAI_ERROR_POOL_NOT_INITIALIZED) == S(kPoolNotInitialized), "kPoolNotInitialized");
static_assert(QNN_CODE(QNN_LPAI_ERROR_POOL_NO_REGION) == S(kPoolNoRegion), "kPoolNoRegion");
static_assert(QNN_CODE(QNN_LPAI_ERROR_POOL_FATAL_SLOT_LIMIT) == S(kPoolFatalSlotLimit),
              "kPoolFatalSlotLimit");
static_assert(QNN_CODE(QNN_BACKEND_ERROR_INVALID_HANDLE) == S(kBackendInvalidHandle), "kBackendInvalidHandle");
static_assert(QNN_CODE(QNN_BACKEND_ERROR_INVALID_ARGUMENT) == S(kBackendInvalidArgument), "kBackendInvalidArgument");
static_assert(QNN_CODE(QNN_BACKEND_ERROR_UNSUPPORTED_PROPERTY) == S(kBackendUnsupportedProperty), "kBackendUnsupportedProperty");
static_assert(QNN_CODE(QNN_BACKEND_ERROR_ALREADY_CREATED) == S(kBackendAlreadyCreated), "kBackendAlreadyCreated");
static_assert(QNN_CODE(QNN_BACKEND_ERROR_HAS_CONTEXTS) == S(kBackendHasContexts), "kBackendHasContexts");
static_assert(QNN_CODE(QNN_LPAI_BACKEND_ERROR_GENERATIONS_EXHAUSTED) == S(kBackendGenerationsExhausted), "kBackendGenerationsExhausted");
static_assert(QNN_CODE(QNN_CONTEXT_ERROR_INVALID_ARGUMENT) == S(kContextInvalidArgument), "kContextInvalidArgument");
static_assert(QNN_CODE(QNN_CONTEXT_ERROR_INVALID_HANDLE) == S(kContextInvalidHandle), "kContextInvalidHandle");
static_assert(QNN_CODE(QNN_CONTEXT_ERROR_NO_FREE_SLOT) == S(kContextNoFreeSlot), "kContextNoFreeSlot");
static_assert(QNN_CODE(QNN_CONTEXT_ERROR_UNSUPPORTED_CONFIG) == S(kContextUnsupportedConfig), "kContextUnsupportedConfig");
static_assert(QNN_CODE(QNN_CONTEXT_ERROR_GRAPH_NOT_FOUND) == S(kContextGraphNotFound), "kContextGraphNotFound");
static_assert(QNN_CODE(QNN_CONTEXT_ERROR_MEM_TYPE_UNDEFINED) == S(kContextMemTypeUndefined), "kContextMemTypeUndefined");
static_assert(QNN_CODE(QNN_CONTEXT_ERROR_TCM_EXHAUSTED) == S(kContextTcmExhausted), "kContextTcmExhausted");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_NULL) == S(kBinaryNull), "kBinaryNull");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_TOO_SMALL) == S(kBinaryTooSmall), "kBinaryTooSmall");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_BAD_MAGIC) == S(kBinaryBadMagic), "kBinaryBadMagic");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_BAD_VERSION) == S(kBinaryBadVersion), "kBinaryBadVersion");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_SIZE_MISMATCH) == S(kBinarySizeMismatch), "kBinarySizeMismatch");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_BAD_CRC) == S(kBinaryBadCrc), "kBinaryBadCrc");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_BAD_HEADER) == S(kBinaryBadHeader), "kBinaryBadHeader");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_MISALIGNED) == S(kBinaryMisaligned), "kBinaryMisaligned");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_SECTION_OUT_OF_BOUNDS) == S(kBinarySectionOutOfBounds), "kBinarySectionOutOfBounds");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_BAD_TENSOR) == S(kBinaryBadTensor), "kBinaryBadTensor");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_TENSOR_OUT_OF_BOUNDS) == S(kBinaryTensorOutOfBounds), "kBinaryTensorOutOfBounds");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_BAD_INDEX) == S(kBinaryBadIndex), "kBinaryBadIndex");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_UNKNOWN_OP) == S(kBinaryUnknownOp), "kBinaryUnknownOp");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_BAD_PARAMS) == S(kBinaryBadParams), "kBinaryBadParams");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_BAD_PLAN) == S(kBinaryBadPlan), "kBinaryBadPlan");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_BAD_STRING) == S(kBinaryBadString), "kBinaryBadString");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_BAD_IO) == S(kBinaryBadIo), "kBinaryBadIo");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_TOO_MANY_TENSORS) == S(kBinaryTooManyTensors), "kBinaryTooManyTensors");
static_assert(QNN_CODE(QNN_LPAI_ERROR_BINARY_TENSOR_TYPE_REFUSED) == S(kBinaryTensorTypeRefused), "kBinaryTensorTypeRefused");
static_assert(QNN_CODE(QNN_GRAPH_ERROR_INVALID_ARGUMENT) == S(kGraphInvalidArgument), "kGraphInvalidArgument");
static_assert(QNN_CODE(QNN_GRAPH_ERROR_INVALID_HANDLE) == S(kGraphInvalidHandle), "kGraphInvalidHandle");
static_assert(QNN_CODE(QNN_GRAPH_ERROR_WRONG_STATE) == S(kGraphWrongState), "kGraphWrongState");
static_assert(QNN_CODE(QNN_GRAPH_ERROR_UNSUPPORTED_PROPERTY) == S(kGraphUnsupportedProperty), "kGraphUnsupportedProperty");
static_assert(QNN_CODE(QNN_GRAPH_ERROR_UNSUPPORTED_CONFIG) == S(kGraphUnsupportedConfig), "kGraphUnsupportedConfig");
static_assert(QNN_CODE(QNN_LPAI_GRAPH_ERROR_MEM_NULL) == S(kGraphMemNull), "kGraphMemNull");
static_assert(QNN_CODE(QNN_LPAI_GRAPH_ERROR_MEM_MISALIGNED) == S(kGraphMemMisaligned), "kGraphMemMisaligned");
static_assert(QNN_CODE(QNN_LPAI_GRAPH_ERROR_MEM_SIZE_UNALIGNED) == S(kGraphMemSizeUnaligned), "kGraphMemSizeUnaligned");
static_assert(QNN_CODE(QNN_LPAI_GRAPH_ERROR_MEM_TOO_SMALL) == S(kGraphMemTooSmall), "kGraphMemTooSmall");
static_assert(QNN_CODE(QNN_LPAI_GRAPH_ERROR_MEM_TYPE_NOT_DDR) == S(kGraphMemTypeNotDdr), "kGraphMemTypeNotDdr");
static_assert(QNN_CODE(QNN_LPAI_GRAPH_ERROR_SCRATCH_MISSING) == S(kGraphScratchMissing), "kGraphScratchMissing");
static_assert(QNN_CODE(QNN_LPAI_GRAPH_ERROR_PERSISTENT_MISSING) == S(kGraphPersistentMissing), "kGraphPersistentMissing");
static_assert(QNN_CODE(QNN_LPAI_GRAPH_ERROR_PERSISTENT_LOCKED) == S(kGraphPersistentLocked), "kGraphPersistentLocked");
static_assert(QNN_CODE(QNN_GRAPH_ERROR_GRAPH_NOT_FINALIZED) == S(kGraphNotFinalized), "kGraphNotFinalized");
static_assert(QNN_CODE(QNN_GRAPH_ERROR_GRAPH_FINALIZED) == S(kGraphAlreadyFinalized), "kGraphAlreadyFinalized");
static_assert(QNN_CODE(QNN_LPAI_GRAPH_ERROR_BAD_PERF_CONFIG) == S(kGraphBadPerfConfig), "kGraphBadPerfConfig");
static_assert(QNN_CODE(QNN_LPAI_GRAPH_ERROR_BAD_CORE_AFFINITY) == S(kGraphBadCoreAffinity), "kGraphBadCoreAffinity");
static_assert(QNN_CODE(QNN_LPAI_GRAPH_ERROR_MULTI_CORE_UNSUPPORTED) == S(kGraphMultiCoreUnsupported), "kGraphMultiCoreUnsupported");
static_assert(QNN_CODE(QNN_GRAPH_ERROR_EXECUTION_FAILED) == S(kGraphExecuteFailed), "kGraphExecuteFailed");
static_assert(QNN_CODE(QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_NULL) == S(kGraphProfileBufferNull), "kGraphProfileBufferNull");
static_assert(QNN_CODE(QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_MISALIGNED) == S(kGraphProfileBufferMisaligned), "kGraphProfileBufferMisaligned");
static_assert(QNN_CODE(QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_TOO_SMALL) == S(kGraphProfileBufferTooSmall), "kGraphProfileBufferTooSmall");
static_assert(QNN_CODE(QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_MISSING) == S(kGraphProfileBufferMissing), "kGraphProfileBufferMissing");
static_assert(QNN_CODE(QNN_TENSOR_ERROR_INVALID_ARGUMENT) == S(kTensorInvalidArgument), "kTensorInvalidArgument");
static_assert(QNN_CODE(QNN_TENSOR_ERROR_COUNT_MISMATCH) == S(kTensorCountMismatch), "kTensorCountMismatch");
static_assert(QNN_CODE(QNN_TENSOR_ERROR_UNKNOWN_ID) == S(kTensorUnknownId), "kTensorUnknownId");
static_assert(QNN_CODE(QNN_TENSOR_ERROR_BAD_MEM_TYPE) == S(kTensorBadMemType), "kTensorBadMemType");
static_assert(QNN_CODE(QNN_TENSOR_ERROR_BUFFER_NULL) == S(kTensorBufferNull), "kTensorBufferNull");
static_assert(QNN_CODE(QNN_TENSOR_ERROR_BUFFER_TOO_SMALL) == S(kTensorBufferTooSmall), "kTensorBufferTooSmall");
static_assert(QNN_CODE(QNN_TENSOR_ERROR_BUFFER_MISALIGNED) == S(kTensorBufferMisaligned), "kTensorBufferMisaligned");
static_assert(QNN_CODE(QNN_TENSOR_ERROR_SHAPE_MISMATCH) == S(kTensorShapeMismatch), "kTensorShapeMismatch");
static_assert(QNN_CODE(QNN_TENSOR_ERROR_DATA_TYPE_MISMATCH) == S(kTensorDataTypeMismatch), "kTensorDataTypeMismatch");
static_assert(QNN_CODE(QNN_MEM_ERROR_INVALID_ARGUMENT) == S(kMemInvalidArgument), "kMemInvalidArgument");
static_assert(QNN_CODE(QNN_MEM_ERROR_INVALID_HANDLE) == S(kMemInvalidHandle), "kMemInvalidHandle");
static_assert(QNN_CODE(QNN_MEM_ERROR_ALREADY_REGISTERED) == S(kMemAlreadyRegistered), "kMemAlreadyRegistered");
static_assert(QNN_CODE(QNN_MEM_ERROR_MAPPING) == S(kMemMapping), "kMemMapping");
static_assert(QNN_CODE(QNN_MEM_ERROR_INVALID_SHAPE) == S(kMemInvalidShapeOrAlignment), "kMemInvalidShapeOrAlignment");
static_assert(QNN_CODE(QNN_MEM_ERROR_UNSUPPORTED_MEMTYPE) == S(kMemUnsupportedMemType), "kMemUnsupportedMemType");
static_assert(QNN_CODE(QNN_LPAI_MEM_ERROR_TABLE_FULL) == S(kMemTableFull), "kMemTableFull");
static_assert(QNN_CODE(QNN_LPAI_MEM_ERROR_HANDLE_IN_USE) == S(kMemHandleInUse), "kMemHandleInUse");

// Facts of the public API the numbering must keep.
static_assert(QNN_SUCCESS == 0, "success");
static_assert(QNN_COMMON_ERROR_MEM_ALLOC == 1002, "common 1002");
static_assert(QNN_GRAPH_ERROR_INVALID_ARGUMENT == 6000, "graph 6000");
static_assert(QNN_MEM_ERROR_INVALID_ARGUMENT == 8000 && QNN_MEM_ERROR_INVALID_HANDLE == 8001 &&
                  QNN_MEM_ERROR_ALREADY_REGISTERED == 8002 && QNN_MEM_ERROR_MAPPING == 8003 &&
                  QNN_MEM_ERROR_INVALID_SHAPE == 8004 && QNN_MEM_ERROR_UNSUPPORTED_MEMTYPE == 8005,
              "memory 8000s");
static_assert(QNN_LPAI_MEM_TYPE_DDR == 1 && QNN_LPAI_MEM_TYPE_TCM == 3 &&
                  QNN_LPAI_MEM_TYPE_UNDEFINED == 0x7fffffff,
              "memory types");
static_assert(static_cast<uint32_t>(QNN_LPAI_MEM_TYPE_DDR) ==
                      static_cast<uint32_t>(lpai::MemType::kDdr) &&
                  static_cast<uint32_t>(QNN_LPAI_MEM_TYPE_TCM) ==
                      static_cast<uint32_t>(lpai::MemType::kTcm) &&
                  static_cast<uint32_t>(QNN_LPAI_MEM_TYPE_UNDEFINED) ==
                      static_cast<uint32_t>(lpai::MemType::kUndefined),
              "C memory types equal lpai::MemType");

TEST(StatusCodes, EveryCCodeNamesAStatus) {
  const QnnLpai_Error_t codes[] = {
    QNN_LPAI_OK,
    QNN_COMMON_ERROR_NOT_SUPPORTED,
    QNN_COMMON_ERROR_MEM_ALLOC,
    QNN_COMMON_ERROR_INVALID_ARGUMENT,
    QNN_COMMON_ERROR_OPERATION_NOT_PERMITTED,
    QNN_COMMON_ERROR_INTERNAL,
    QNN_LPAI_ERROR_POOL_ZERO_SIZE,
    QNN_LPAI_ERROR_POOL_TOO_LARGE,
    QNN_LPAI_ERROR_POOL_NO_SLOT,
    QNN_LPAI_ERROR_POOL_NO_CONTIGUOUS_SPACE,
    QNN_LPAI_ERROR_POOL_DOUBLE_FREE,
    QNN_LPAI_ERROR_POOL_FOREIGN_POINTER,
    QNN_LPAI_ERROR_POOL_BAD_ALIGNMENT,
    QNN_LPAI_ERROR_POOL_INVALID_MEM_TYPE,
    QNN_LPAI_ERROR_POOL_NOT_INITIALIZED,
    QNN_LPAI_ERROR_POOL_NO_REGION,
    QNN_LPAI_ERROR_POOL_FATAL_SLOT_LIMIT,
    QNN_BACKEND_ERROR_INVALID_HANDLE,
    QNN_BACKEND_ERROR_INVALID_ARGUMENT,
    QNN_BACKEND_ERROR_UNSUPPORTED_PROPERTY,
    QNN_BACKEND_ERROR_ALREADY_CREATED,
    QNN_BACKEND_ERROR_HAS_CONTEXTS,
    QNN_LPAI_BACKEND_ERROR_GENERATIONS_EXHAUSTED,
    QNN_CONTEXT_ERROR_INVALID_ARGUMENT,
    QNN_CONTEXT_ERROR_INVALID_HANDLE,
    QNN_CONTEXT_ERROR_NO_FREE_SLOT,
    QNN_CONTEXT_ERROR_UNSUPPORTED_CONFIG,
    QNN_CONTEXT_ERROR_GRAPH_NOT_FOUND,
    QNN_CONTEXT_ERROR_MEM_TYPE_UNDEFINED,
    QNN_CONTEXT_ERROR_TCM_EXHAUSTED,
    QNN_LPAI_ERROR_BINARY_NULL,
    QNN_LPAI_ERROR_BINARY_TOO_SMALL,
    QNN_LPAI_ERROR_BINARY_BAD_MAGIC,
    QNN_LPAI_ERROR_BINARY_BAD_VERSION,
    QNN_LPAI_ERROR_BINARY_SIZE_MISMATCH,
    QNN_LPAI_ERROR_BINARY_BAD_CRC,
    QNN_LPAI_ERROR_BINARY_BAD_HEADER,
    QNN_LPAI_ERROR_BINARY_MISALIGNED,
    QNN_LPAI_ERROR_BINARY_SECTION_OUT_OF_BOUNDS,
    QNN_LPAI_ERROR_BINARY_BAD_TENSOR,
    QNN_LPAI_ERROR_BINARY_TENSOR_OUT_OF_BOUNDS,
    QNN_LPAI_ERROR_BINARY_BAD_INDEX,
    QNN_LPAI_ERROR_BINARY_UNKNOWN_OP,
    QNN_LPAI_ERROR_BINARY_BAD_PARAMS,
    QNN_LPAI_ERROR_BINARY_BAD_PLAN,
    QNN_LPAI_ERROR_BINARY_BAD_STRING,
    QNN_LPAI_ERROR_BINARY_BAD_IO,
    QNN_LPAI_ERROR_BINARY_TOO_MANY_TENSORS,
    QNN_LPAI_ERROR_BINARY_TENSOR_TYPE_REFUSED,
    QNN_GRAPH_ERROR_INVALID_ARGUMENT,
    QNN_GRAPH_ERROR_INVALID_HANDLE,
    QNN_GRAPH_ERROR_WRONG_STATE,
    QNN_GRAPH_ERROR_UNSUPPORTED_PROPERTY,
    QNN_GRAPH_ERROR_UNSUPPORTED_CONFIG,
    QNN_LPAI_GRAPH_ERROR_MEM_NULL,
    QNN_LPAI_GRAPH_ERROR_MEM_MISALIGNED,
    QNN_LPAI_GRAPH_ERROR_MEM_SIZE_UNALIGNED,
    QNN_LPAI_GRAPH_ERROR_MEM_TOO_SMALL,
    QNN_LPAI_GRAPH_ERROR_MEM_TYPE_NOT_DDR,
    QNN_LPAI_GRAPH_ERROR_SCRATCH_MISSING,
    QNN_LPAI_GRAPH_ERROR_PERSISTENT_MISSING,
    QNN_LPAI_GRAPH_ERROR_PERSISTENT_LOCKED,
    QNN_GRAPH_ERROR_GRAPH_NOT_FINALIZED,
    QNN_GRAPH_ERROR_GRAPH_FINALIZED,
    QNN_LPAI_GRAPH_ERROR_BAD_PERF_CONFIG,
    QNN_LPAI_GRAPH_ERROR_BAD_CORE_AFFINITY,
    QNN_LPAI_GRAPH_ERROR_MULTI_CORE_UNSUPPORTED,
    QNN_GRAPH_ERROR_EXECUTION_FAILED,
    QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_NULL,
    QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_MISALIGNED,
    QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_TOO_SMALL,
    QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_MISSING,
    QNN_TENSOR_ERROR_INVALID_ARGUMENT,
    QNN_TENSOR_ERROR_COUNT_MISMATCH,
    QNN_TENSOR_ERROR_UNKNOWN_ID,
    QNN_TENSOR_ERROR_BAD_MEM_TYPE,
    QNN_TENSOR_ERROR_BUFFER_NULL,
    QNN_TENSOR_ERROR_BUFFER_TOO_SMALL,
    QNN_TENSOR_ERROR_BUFFER_MISALIGNED,
    QNN_TENSOR_ERROR_SHAPE_MISMATCH,
    QNN_TENSOR_ERROR_DATA_TYPE_MISMATCH,
    QNN_MEM_ERROR_INVALID_ARGUMENT,
    QNN_MEM_ERROR_INVALID_HANDLE,
    QNN_MEM_ERROR_ALREADY_REGISTERED,
    QNN_MEM_ERROR_MAPPING,
    QNN_MEM_ERROR_INVALID_SHAPE,
    QNN_MEM_ERROR_UNSUPPORTED_MEMTYPE,
    QNN_LPAI_MEM_ERROR_TABLE_FULL,
    QNN_LPAI_MEM_ERROR_HANDLE_IN_USE};
  const std::string unknown = lpai::status_name(static_cast<lpai::Status>(0xFFFFu));
  for (QnnLpai_Error_t c : codes) {
    EXPECT_NE(unknown, lpai::status_name(static_cast<lpai::Status>(c))) << "code " << c;
  }
  EXPECT_EQ(sizeof(codes) / sizeof(codes[0]), 89u);
}

}  // namespace
