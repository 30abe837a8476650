// Status codes of the firmware library.
//
// One enum for the whole library; the numeric values ARE the C shim's error codes
// (Qnn_ErrorHandle_t), grouped by area so a code alone tells where it came from:
//   0            success
//   1000..1099   common (1002 = memory allocation)
//   1100..1199   memory pools (TCM pool, DDR arenas)
//   4000..4999   backend
//   5000..5099   context (handles, lifecycle)
//   5100..5199   context binary (loader validation)
//   6000..6999   graph (6000 = invalid argument)
//   7000..7999   tensor
//   8000..8999   memory registration (8000 invalid argument, 8001 invalid handle,
//                8002 already registered, 8003 mapping, 8004 invalid shape/alignment,
//                8005 unsupported mem type)
// Each distinct failure has its own code; status_name() gives its spelling for logs.
#ifndef LPAI_CORE_STATUS_H
#define LPAI_CORE_STATUS_H

#include <stdint.h>

namespace lpai {

enum class [[nodiscard]] Status : uint32_t {
  kOk = 0,

  // common
  kNotSupported = 1000,
  kMemAlloc = 1002,
  kInvalidArgument = 1004,
  kOperationNotPermitted = 1005,
  kInternal = 1099,

  // memory pools (TCM pool, DDR arenas)
  kPoolZeroSize = 1100,           // allocation of 0 bytes
  kPoolTooLarge = 1101,           // larger than the whole pool
  kPoolNoSlot = 1102,             // all slots (live allocations) in use
  kPoolNoContiguousSpace = 1103,  // enough bytes in total, but no free block fits
  kPoolDoubleFree = 1104,         // pointer was allocated from this pool and already freed
  kPoolForeignPointer = 1105,     // pointer does not belong to this pool
  kPoolBadAlignment = 1106,       // alignment not a power of two or larger than supported
  kPoolInvalidMemType = 1107,     // memory type neither DDR nor TCM
  kPoolNotInitialized = 1108,     // pool used before its region was registered
  kPoolNoRegion = 1109,           // HAL reports no region to back the pool
  kPoolFatalSlotLimit = 1110,     // system fatal error: the TCM pool's 33rd live allocation
                                  // (seed 000); the pool refuses every allocation afterwards

  // backend
  kBackendInvalidHandle = 4000,
  kBackendInvalidArgument = 4001,
  kBackendUnsupportedProperty = 4002,
  kBackendAlreadyCreated = 4003,
  kBackendHasContexts = 4004,  // free while contexts are alive
  kBackendGenerationsExhausted = 4005,  // create after the backend handle's last generation

  // context
  kContextInvalidArgument = 5000,
  kContextInvalidHandle = 5001,
  kContextNoFreeSlot = 5002,      // all static context slots in use
  kContextUnsupportedConfig = 5003,
  kContextGraphNotFound = 5004,
  kContextMemTypeUndefined = 5005,  // model-binary/IO memory type resolved to UNDEFINED
  kContextTcmExhausted = 5006,      // TCM cannot hold the model binary and IO buffers

  // context binary (loader)
  kBinaryNull = 5100,
  kBinaryTooSmall = 5101,          // shorter than the header
  kBinaryBadMagic = 5102,
  kBinaryBadVersion = 5103,
  kBinarySizeMismatch = 5104,      // header total_size != buffer size
  kBinaryBadCrc = 5105,
  kBinaryBadHeader = 5106,         // header_size / reserved fields / flags invalid
  kBinaryMisaligned = 5107,        // binary start or a section not aligned
  kBinarySectionOutOfBounds = 5108,
  kBinaryBadTensor = 5109,         // data type, rank, dims, size inconsistent
  kBinaryTensorOutOfBounds = 5110, // offset+size outside its memory class
  kBinaryBadIndex = 5111,          // tensor/node index out of range
  kBinaryUnknownOp = 5112,
  kBinaryBadParams = 5113,         // op parameter blob rejected by the kernel's validator
  kBinaryBadPlan = 5114,           // memory plan inconsistent (sizes, alignment)
  kBinaryBadString = 5115,         // string offset out of bounds or not NUL-terminated
  kBinaryBadIo = 5116,             // IO list invalid
  kBinaryTooManyTensors = 5117,    // exceeds static configuration limits
  kBinaryTensorTypeRefused = 5118, // a node's kernel does not accept a tensor's data type

  // graph
  kGraphInvalidArgument = 6000,
  kGraphInvalidHandle = 6001,
  kGraphWrongState = 6002,          // call not allowed in the graph's current state
  kGraphUnsupportedProperty = 6003,
  kGraphUnsupportedConfig = 6004,   // unknown config option
  kGraphMemNull = 6005,             // scratch/persistent addr is null
  kGraphMemMisaligned = 6006,       // start address not a multiple of startAddrAlignment
  kGraphMemSizeUnaligned = 6007,    // size not a multiple of sizeAlignment
  kGraphMemTooSmall = 6008,         // size below the graph's requirement
  kGraphMemTypeNotDdr = 6009,       // scratch/persistent must be DDR
  kGraphScratchMissing = 6010,      // finalize without scratch (required size > 0)
  kGraphPersistentMissing = 6011,   // finalize without persistent (required size > 0)
  kGraphPersistentLocked = 6012,    // persistent cannot be replaced after finalize
  kGraphNotFinalized = 6013,
  kGraphAlreadyFinalized = 6014,
  kGraphBadPerfConfig = 6015,
  kGraphBadCoreAffinity = 6016,
  kGraphMultiCoreUnsupported = 6017,
  kGraphExecuteFailed = 6018,
  kGraphProfileBufferNull = 6019,        // profile buffer config with a null address
  kGraphProfileBufferMisaligned = 6020,  // profile buffer not on kProfileBufferAlignment
  kGraphProfileBufferTooSmall = 6021,    // below the graph's profile buffer size
  kGraphProfileBufferMissing = 6022,     // profiling turned on without a profile buffer

  // tensor
  kTensorInvalidArgument = 7000,
  kTensorCountMismatch = 7001,      // numInputs/numOutputs differ from the graph's
  kTensorUnknownId = 7002,
  kTensorBadMemType = 7003,         // memType neither RAW nor MEMHANDLE
  kTensorBufferNull = 7004,
  kTensorBufferTooSmall = 7005,
  kTensorBufferMisaligned = 7006,
  kTensorShapeMismatch = 7007,
  kTensorDataTypeMismatch = 7008,

  // memory registration
  kMemInvalidArgument = 8000,
  kMemInvalidHandle = 8001,
  kMemAlreadyRegistered = 8002,
  kMemMapping = 8003,
  kMemInvalidShapeOrAlignment = 8004,
  kMemUnsupportedMemType = 8005,
  kMemTableFull = 8006,
  kMemHandleInUse = 8007,           // deregister of a handle bound to a graph
};

constexpr bool is_ok(Status s) { return s == Status::kOk; }
constexpr uint32_t status_code(Status s) { return static_cast<uint32_t>(s); }

// Short spelling of a status ("POOL_NO_SLOT"), for log lines. Never null.
const char* status_name(Status s);

}  // namespace lpai

// Propagates a non-OK Status to the caller.
#define LPAI_RETURN_IF_ERROR(expr)                    \
  do {                                                \
    ::lpai::Status lpai_status_ = (expr);             \
    if (lpai_status_ != ::lpai::Status::kOk) return lpai_status_; \
  } while (0)

#endif  // LPAI_CORE_STATUS_H
