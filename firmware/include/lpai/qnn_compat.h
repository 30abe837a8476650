/*
 * lpai-rt public C API (C99 and C++): the QNN-shaped calls, structs, enums and option names the
 * LPAI memory-management documents use, implemented by the lpai-rt firmware library.
 *
 * This umbrella header holds every declaration the firmware defines. The headers named like the
 * public API (QnnTypes.h, QnnBackend.h, QnnContext.h, QnnGraph.h, QnnMem.h,
 * System/QnnSystemContext.h, LPAI/QnnLpaiBackend.h, LPAI/QnnLpaiGraph.h, LPAI/QnnLpaiMem.h,
 * LPAI/QnnLpaiContext.h) include this one, so client code written for the documented API
 * compiles unchanged. The online-prepare calls and the op configs they take are host-only
 * (host_sim/online_prepare/qnn_online_prepare.h): QnnTypes.h, QnnOpDef.h, QnnTensor.h,
 * QnnContext.h and QnnGraph.h include them in a host build that links the online-prepare
 * library (LPAI_HOST_ONLINE_PREPARE defined), never in a firmware build.
 *
 * Conventions:
 *  - every call returns a Qnn_ErrorHandle_t: QNN_SUCCESS (0) or one of the codes of
 *    QnnLpai_Error_t below (grouped by area; each failure has its own code, equal to the
 *    firmware's lpai::Status value);
 *  - a failed call changes nothing, so the caller can correct the argument and retry;
 *  - every enum has an UNDEFINED member (0x7fffffff); every struct has a *_INIT initialiser;
 *  - logger, device, profile and signal handles may be NULL (they are accepted and ignored);
 *  - nothing is allocated from a heap: contexts, graphs and memory handles live in static
 *    tables of the firmware (limits in docs/memory-model.md).
 * The memory rules (alignment, scratch, persistent, IO, TCM) are in docs/memory-model.md.
 */
#ifndef LPAI_QNN_COMPAT_H
#define LPAI_QNN_COMPAT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Anonymous unions are C11/C++; GNU C accepts them in C99 with __extension__. Elsewhere the
 * members become plain struct members (same field paths, no overlap). */
#if defined(__cplusplus) || (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L)
#define LPAI_ANON_UNION union
#elif defined(__GNUC__)
#define LPAI_ANON_UNION __extension__ union
#else
#define LPAI_ANON_UNION struct
#endif

/* ==== common ================================================================================ */

typedef uint64_t Qnn_ErrorHandle_t;
/* The error code of a Qnn_ErrorHandle_t (all lpai-rt codes fit in 16 bits). */
#define QNN_GET_ERROR_CODE(errorHandle) ((errorHandle) & 0xffffu)
#define QNN_SUCCESS 0u

typedef void* Qnn_Handle_t;
typedef Qnn_Handle_t Qnn_LogHandle_t;
typedef Qnn_Handle_t Qnn_BackendHandle_t;
typedef Qnn_Handle_t Qnn_DeviceHandle_t;
typedef Qnn_Handle_t Qnn_ContextHandle_t;
typedef Qnn_Handle_t Qnn_GraphHandle_t;
typedef Qnn_Handle_t Qnn_MemHandle_t;
typedef Qnn_Handle_t Qnn_ProfileHandle_t;
typedef Qnn_Handle_t Qnn_SignalHandle_t;
typedef uint64_t Qnn_ContextBinarySize_t;

/* Error codes. Numeric values equal lpai::Status (firmware/core/status.h); a test asserts it.
 *   1000s common, 1100s memory pools, 4000s backend, 5000s context, 5100s context binary,
 *   6000s graph, 7000s tensor, 8000s memory registration. */
typedef enum {
  QNN_LPAI_OK = 0,
  /* common */
  QNN_COMMON_ERROR_NOT_SUPPORTED = 1000,
  QNN_COMMON_ERROR_MEM_ALLOC = 1002,
  QNN_COMMON_ERROR_INVALID_ARGUMENT = 1004,
  QNN_COMMON_ERROR_OPERATION_NOT_PERMITTED = 1005,
  QNN_COMMON_ERROR_INTERNAL = 1099,
  /* memory pools (TCM pool, DDR arenas) */
  QNN_LPAI_ERROR_POOL_ZERO_SIZE = 1100,
  QNN_LPAI_ERROR_POOL_TOO_LARGE = 1101,
  QNN_LPAI_ERROR_POOL_NO_SLOT = 1102,
  QNN_LPAI_ERROR_POOL_NO_CONTIGUOUS_SPACE = 1103,
  QNN_LPAI_ERROR_POOL_DOUBLE_FREE = 1104,
  QNN_LPAI_ERROR_POOL_FOREIGN_POINTER = 1105,
  QNN_LPAI_ERROR_POOL_BAD_ALIGNMENT = 1106,
  QNN_LPAI_ERROR_POOL_INVALID_MEM_TYPE = 1107,
  QNN_LPAI_ERROR_POOL_NOT_INITIALIZED = 1108,
  QNN_LPAI_ERROR_POOL_NO_REGION = 1109,
  /* System fatal error (seed 000): more than 32 live TCM allocations. The TCM pool refuses
   * every allocation afterwards (until the firmware restarts); the HAL's fatal hook was
   * called. */
  QNN_LPAI_ERROR_POOL_FATAL_SLOT_LIMIT = 1110,
  /* backend */
  QNN_BACKEND_ERROR_INVALID_HANDLE = 4000,
  QNN_BACKEND_ERROR_INVALID_ARGUMENT = 4001,
  QNN_BACKEND_ERROR_UNSUPPORTED_PROPERTY = 4002,
  QNN_BACKEND_ERROR_ALREADY_CREATED = 4003,
  QNN_BACKEND_ERROR_HAS_CONTEXTS = 4004,
  /* context */
  QNN_CONTEXT_ERROR_INVALID_ARGUMENT = 5000,
  QNN_CONTEXT_ERROR_INVALID_HANDLE = 5001,
  QNN_CONTEXT_ERROR_NO_FREE_SLOT = 5002,
  QNN_CONTEXT_ERROR_UNSUPPORTED_CONFIG = 5003,
  QNN_CONTEXT_ERROR_GRAPH_NOT_FOUND = 5004,
  QNN_CONTEXT_ERROR_MEM_TYPE_UNDEFINED = 5005,
  QNN_CONTEXT_ERROR_TCM_EXHAUSTED = 5006,
  /* context binary (validated once at QnnContext_createFromBinary) */
  QNN_LPAI_ERROR_BINARY_NULL = 5100,
  QNN_LPAI_ERROR_BINARY_TOO_SMALL = 5101,
  QNN_LPAI_ERROR_BINARY_BAD_MAGIC = 5102,
  QNN_LPAI_ERROR_BINARY_BAD_VERSION = 5103,
  QNN_LPAI_ERROR_BINARY_SIZE_MISMATCH = 5104,
  QNN_LPAI_ERROR_BINARY_BAD_CRC = 5105,
  QNN_LPAI_ERROR_BINARY_BAD_HEADER = 5106,
  QNN_LPAI_ERROR_BINARY_MISALIGNED = 5107,
  QNN_LPAI_ERROR_BINARY_SECTION_OUT_OF_BOUNDS = 5108,
  QNN_LPAI_ERROR_BINARY_BAD_TENSOR = 5109,
  QNN_LPAI_ERROR_BINARY_TENSOR_OUT_OF_BOUNDS = 5110,
  QNN_LPAI_ERROR_BINARY_BAD_INDEX = 5111,
  QNN_LPAI_ERROR_BINARY_UNKNOWN_OP = 5112,
  QNN_LPAI_ERROR_BINARY_BAD_PARAMS = 5113,
  QNN_LPAI_ERROR_BINARY_BAD_PLAN = 5114,
  QNN_LPAI_ERROR_BINARY_BAD_STRING = 5115,
  QNN_LPAI_ERROR_BINARY_BAD_IO = 5116,
  QNN_LPAI_ERROR_BINARY_TOO_MANY_TENSORS = 5117,
  /* graph */
  QNN_GRAPH_ERROR_INVALID_ARGUMENT = 6000,
  QNN_GRAPH_ERROR_INVALID_HANDLE = 6001,
  QNN_GRAPH_ERROR_WRONG_STATE = 6002,
  QNN_GRAPH_ERROR_UNSUPPORTED_PROPERTY = 6003,
  QNN_GRAPH_ERROR_UNSUPPORTED_CONFIG = 6004,
  QNN_LPAI_GRAPH_ERROR_MEM_NULL = 6005,
  QNN_LPAI_GRAPH_ERROR_MEM_MISALIGNED = 6006,
  QNN_LPAI_GRAPH_ERROR_MEM_SIZE_UNALIGNED = 6007,
  QNN_LPAI_GRAPH_ERROR_MEM_TOO_SMALL = 6008,
  QNN_LPAI_GRAPH_ERROR_MEM_TYPE_NOT_DDR = 6009,
  QNN_LPAI_GRAPH_ERROR_SCRATCH_MISSING = 6010,
  QNN_LPAI_GRAPH_ERROR_PERSISTENT_MISSING = 6011,
  QNN_LPAI_GRAPH_ERROR_PERSISTENT_LOCKED = 6012,
  QNN_GRAPH_ERROR_GRAPH_NOT_FINALIZED = 6013,
  QNN_GRAPH_ERROR_GRAPH_FINALIZED = 6014,
  QNN_LPAI_GRAPH_ERROR_BAD_PERF_CONFIG = 6015,
  QNN_LPAI_GRAPH_ERROR_BAD_CORE_AFFINITY = 6016,
  QNN_LPAI_GRAPH_ERROR_MULTI_CORE_UNSUPPORTED = 6017,
  QNN_GRAPH_ERROR_EXECUTION_FAILED = 6018,
  QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_NULL = 6019,
  QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_MISALIGNED = 6020,
  QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_TOO_SMALL = 6021,
  QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_MISSING = 6022,
  /* tensor */
  QNN_TENSOR_ERROR_INVALID_ARGUMENT = 7000,
  QNN_TENSOR_ERROR_COUNT_MISMATCH = 7001,
  QNN_TENSOR_ERROR_UNKNOWN_ID = 7002,
  QNN_TENSOR_ERROR_BAD_MEM_TYPE = 7003,
  QNN_TENSOR_ERROR_BUFFER_NULL = 7004,
  QNN_TENSOR_ERROR_BUFFER_TOO_SMALL = 7005,
  QNN_TENSOR_ERROR_BUFFER_MISALIGNED = 7006,
  QNN_TENSOR_ERROR_SHAPE_MISMATCH = 7007,
  QNN_TENSOR_ERROR_DATA_TYPE_MISMATCH = 7008,
  /* memory registration */
  QNN_MEM_ERROR_INVALID_ARGUMENT = 8000,
  QNN_MEM_ERROR_INVALID_HANDLE = 8001,
  QNN_MEM_ERROR_ALREADY_REGISTERED = 8002,
  QNN_MEM_ERROR_MAPPING = 8003,
  QNN_MEM_ERROR_INVALID_SHAPE = 8004,
  QNN_MEM_ERROR_UNSUPPORTED_MEMTYPE = 8005,
  QNN_LPAI_MEM_ERROR_TABLE_FULL = 8006,
  QNN_LPAI_MEM_ERROR_HANDLE_IN_USE = 8007,
  QNN_LPAI_ERROR_UNDEFINED = 0x7fffffff
} QnnLpai_Error_t;

/* ==== tensors (QnnTypes.h) =================================================================== */

/* Element types. Quantised tensors of the context binary report the FIXED_POINT types. */
typedef enum {
  QNN_DATATYPE_INT_8 = 0x0008,
  QNN_DATATYPE_INT_16 = 0x0016,
  QNN_DATATYPE_INT_32 = 0x0032,
  QNN_DATATYPE_INT_64 = 0x0064,
  QNN_DATATYPE_UINT_8 = 0x0108,
  QNN_DATATYPE_UINT_16 = 0x0116,
  QNN_DATATYPE_UINT_32 = 0x0132,
  QNN_DATATYPE_UINT_64 = 0x0164,
  QNN_DATATYPE_FLOAT_32 = 0x0232,
  QNN_DATATYPE_SFIXED_POINT_8 = 0x0308,
  QNN_DATATYPE_SFIXED_POINT_16 = 0x0316,
  QNN_DATATYPE_SFIXED_POINT_32 = 0x0332,
  QNN_DATATYPE_UFIXED_POINT_8 = 0x0408,
  QNN_DATATYPE_UFIXED_POINT_16 = 0x0416,
  QNN_DATATYPE_BOOL_8 = 0x0508,
  QNN_DATATYPE_UNDEFINED = 0x7fffffff
} Qnn_DataType_t;

typedef enum {
  QNN_TENSOR_VERSION_1 = 1,
  QNN_TENSOR_VERSION_UNDEFINED = 0x7fffffff
} Qnn_TensorVersion_t;

typedef enum {
  QNN_TENSOR_TYPE_APP_WRITE = 0,     /* graph input */
  QNN_TENSOR_TYPE_APP_READ = 1,      /* graph output */
  QNN_TENSOR_TYPE_APP_READWRITE = 2,
  QNN_TENSOR_TYPE_NATIVE = 3,
  QNN_TENSOR_TYPE_STATIC = 4,
  QNN_TENSOR_TYPE_NULL = 5,
  QNN_TENSOR_TYPE_UNDEFINED = 0x7fffffff
} Qnn_TensorType_t;

typedef uint32_t Qnn_TensorDataFormat_t;
#define QNN_TENSOR_DATA_FORMAT_FLAT_BUFFER 0u

/* How an execute tensor supplies its bytes. */
typedef enum {
  QNN_TENSORMEMTYPE_RAW = 0,        /* clientBuf: caller buffer, copied in/out by the runtime */
  QNN_TENSORMEMTYPE_MEMHANDLE = 1,  /* memHandle: registered buffer, bound without a copy */
  QNN_TENSORMEMTYPE_UNDEFINED = 0x7fffffff
} Qnn_TensorMemType_t;

typedef enum {
  QNN_DEFINITION_IMPL_GENERATED = 0,
  QNN_DEFINITION_DEFINED = 1,
  QNN_DEFINITION_UNDEFINED = 0x7fffffff
} Qnn_Definition_t;

typedef enum {
  QNN_QUANTIZATION_ENCODING_SCALE_OFFSET = 0,
  QNN_QUANTIZATION_ENCODING_AXIS_SCALE_OFFSET = 1,
  QNN_QUANTIZATION_ENCODING_UNDEFINED = 0x7fffffff
} Qnn_QuantizationEncoding_t;

/* real = scale * (q + offset); offset = -zero_point. */
typedef struct {
  float scale;
  int32_t offset;
} Qnn_ScaleOffset_t;
#define QNN_SCALE_OFFSET_INIT {0.0f, 0}

typedef struct {
  int32_t axis;
  uint32_t numScaleOffsets;
  Qnn_ScaleOffset_t* scaleOffset;
} Qnn_AxisScaleOffset_t;
#define QNN_AXIS_SCALE_OFFSET_INIT {0, 0u, NULL}

typedef struct {
  Qnn_Definition_t encodingDefinition;
  Qnn_QuantizationEncoding_t quantizationEncoding;
  LPAI_ANON_UNION {
    Qnn_ScaleOffset_t scaleOffsetEncoding;
    Qnn_AxisScaleOffset_t axisScaleOffsetEncoding;
  };
} Qnn_QuantizeParams_t;
#define QNN_QUANTIZE_PARAMS_INIT \
  {QNN_DEFINITION_UNDEFINED, QNN_QUANTIZATION_ENCODING_UNDEFINED, {QNN_SCALE_OFFSET_INIT}}

/* A caller buffer: data must start on startAddrAlignment; dataSize in bytes.
 * C++ only: `clientBuf = nullptr` empties the buffer (data NULL, dataSize 0), as client code
 * written for the public API does before switching a tensor to memType MEMHANDLE; since
 * clientBuf and memHandle share storage, memHandle then reads NULL too. */
typedef struct Qnn_ClientBuffer_t {
  void* data;
  uint32_t dataSize;
#ifdef __cplusplus
  Qnn_ClientBuffer_t& operator=(decltype(nullptr)) {
    data = NULL;
    dataSize = 0u;
    return *this;
  }
#endif
} Qnn_ClientBuffer_t;
#define QNN_CLIENT_BUFFER_INIT {NULL, 0u}

typedef struct {
  uint32_t id;                      /* tensor id in the context binary */
  const char* name;
  Qnn_TensorType_t type;
  Qnn_TensorDataFormat_t dataFormat;
  Qnn_DataType_t dataType;
  Qnn_QuantizeParams_t quantizeParams;
  uint32_t rank;
  uint32_t* dimensions;             /* rank entries */
  Qnn_TensorMemType_t memType;
  LPAI_ANON_UNION {
    Qnn_ClientBuffer_t clientBuf;   /* memType RAW */
    Qnn_MemHandle_t memHandle;      /* memType MEMHANDLE */
  };
} Qnn_TensorV1_t;
#define QNN_TENSOR_V1_INIT                                                                    \
  {0u, NULL, QNN_TENSOR_TYPE_UNDEFINED, QNN_TENSOR_DATA_FORMAT_FLAT_BUFFER,                  \
   QNN_DATATYPE_UNDEFINED, QNN_QUANTIZE_PARAMS_INIT, 0u, NULL, QNN_TENSORMEMTYPE_UNDEFINED, \
   {QNN_CLIENT_BUFFER_INIT}}

typedef struct {
  Qnn_TensorVersion_t version;
  Qnn_TensorV1_t v1;
} Qnn_Tensor_t;
#define QNN_TENSOR_INIT {QNN_TENSOR_VERSION_1, QNN_TENSOR_V1_INIT}

/* ==== backend (QnnBackend.h, LPAI/QnnLpaiBackend.h) ========================================== */

typedef enum {
  QNN_BACKEND_CONFIG_OPTION_CUSTOM = 0,
  QNN_BACKEND_CONFIG_OPTION_UNDEFINED = 0x7fffffff
} QnnBackend_ConfigOption_t;

typedef void* QnnBackend_CustomConfig_t;

/* lpai-rt defines no backend configs: a NULL or empty list is accepted, any entry is
 * QNN_BACKEND_ERROR_INVALID_ARGUMENT. */
typedef struct {
  QnnBackend_ConfigOption_t option;
  LPAI_ANON_UNION {
    QnnBackend_CustomConfig_t customConfig;
  };
} QnnBackend_Config_t;
#define QNN_BACKEND_CONFIG_INIT {QNN_BACKEND_CONFIG_OPTION_UNDEFINED, {NULL}}

typedef enum {
  QNN_BACKEND_PROPERTY_OPTION_CUSTOM = 0,
  QNN_BACKEND_PROPERTY_OPTION_UNDEFINED = 0x7fffffff
} QnnBackend_PropertyOption_t;

typedef void* QnnBackend_CustomProperty_t;

typedef struct {
  QnnBackend_PropertyOption_t option;
  LPAI_ANON_UNION {
    QnnBackend_CustomProperty_t customProperty;  /* -> QnnLpaiBackend_CustomProperty_t */
  };
} QnnBackend_Property_t;
#define QNN_BACKEND_PROPERTY_INIT {QNN_BACKEND_PROPERTY_OPTION_UNDEFINED, {NULL}}

typedef enum {
  /* property -> QnnLpaiBackend_BufferAlignmentReq_t */
  QNN_LPAI_BACKEND_GET_PROP_ALIGNMENT_REQ = 0,
  QNN_LPAI_BACKEND_GET_PROP_UNDEFINED = 0x7fffffff
} QnnLpaiBackend_GetPropertyOption_t;

typedef struct {
  QnnLpaiBackend_GetPropertyOption_t option;
  void* property;
} QnnLpaiBackend_CustomProperty_t;
#define QNN_LPAI_BACKEND_CUSTOM_PROPERTY_INIT {QNN_LPAI_BACKEND_GET_PROP_UNDEFINED, NULL}

/* Both in bytes and powers of two. Scratch, persistent and user IO buffers must start on a
 * multiple of startAddrAlignment and have a size that is a multiple of sizeAlignment. */
typedef struct {
  uint32_t startAddrAlignment;
  uint32_t sizeAlignment;
} QnnLpaiBackend_BufferAlignmentReq_t;
#define QNN_LPAI_BACKEND_BUFFER_ALIGNMENT_REQ_INIT {0u, 0u}

/* One backend at a time. config: NULL-terminated list, may be NULL. logger may be NULL.
 * Errors: backend NULL -> INVALID_ARGUMENT; a second live backend -> ALREADY_CREATED. */
Qnn_ErrorHandle_t QnnBackend_create(Qnn_LogHandle_t logger, const QnnBackend_Config_t** config,
                                    Qnn_BackendHandle_t* backend);
/* properties: NULL-terminated list of QNN_BACKEND_PROPERTY_OPTION_CUSTOM entries whose
 * customProperty points at a QnnLpaiBackend_CustomProperty_t. Fills every entry or, on the
 * first bad entry, none (UNSUPPORTED_PROPERTY / INVALID_ARGUMENT). */
Qnn_ErrorHandle_t QnnBackend_getProperty(Qnn_BackendHandle_t backend,
                                         QnnBackend_Property_t** properties);
/* Fails with HAS_CONTEXTS while contexts created on it are alive. */
Qnn_ErrorHandle_t QnnBackend_free(Qnn_BackendHandle_t backend);

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

/* ==== context (QnnContext.h, LPAI/QnnLpaiContext.h) ========================================== */

typedef enum {
  QNN_CONTEXT_CONFIG_OPTION_CUSTOM = 0,
  /* isPersistentBinary: the caller keeps the binary alive. Accepted and recorded; lpai-rt
   * always copies the binary into firmware memory of the configured memory type. */
  QNN_CONTEXT_CONFIG_PERSISTENT_BINARY = 1,
  QNN_CONTEXT_CONFIG_UNDEFINED = 0x7fffffff
} QnnContext_ConfigOption_t;

typedef void* QnnContext_CustomConfig_t;

typedef struct {
  QnnContext_ConfigOption_t option;
  LPAI_ANON_UNION {
    QnnContext_CustomConfig_t customConfig;  /* -> QnnLpaiContext_CustomConfig_t */
    uint8_t isPersistentBinary;
  };
} QnnContext_Config_t;
#define QNN_CONTEXT_CONFIG_INIT {QNN_CONTEXT_CONFIG_UNDEFINED, {NULL}}

typedef enum {
  /* config -> QnnLpaiMem_MemType_t: where the model binary copy and the firmware-allocated IO
   * buffers live. Default QNN_LPAI_MEM_TYPE_DDR. QNN_LPAI_MEM_TYPE_UNDEFINED (what an
   * unrecognised "mem_type" string resolves to) is accepted here and makes
   * QnnContext_createFromBinary fail with the memory pool's error. */
  QNN_LPAI_CONTEXT_SET_CFG_MEM_TYPE = 0,
  QNN_LPAI_CONTEXT_SET_CFG_UNDEFINED = 0x7fffffff
} QnnLpaiContext_SetConfigOption_t;

typedef struct {
  QnnLpaiContext_SetConfigOption_t option;
  void* config;
} QnnLpaiContext_CustomConfig_t;
#define QNN_LPAI_CONTEXT_CUSTOM_CONFIG_INIT {QNN_LPAI_CONTEXT_SET_CFG_UNDEFINED, NULL}

/* Validates the binary (every field, once) and copies it into firmware memory of the
 * configured memory type (DDR arena by default, TCM pool with QNN_LPAI_MEM_TYPE_TCM); the
 * caller's buffer is not referenced after the call. One graph per binary.
 * backend must be the live backend; device and profile may be NULL; config may be NULL.
 * Errors: context NULL / binary NULL -> CONTEXT_INVALID_ARGUMENT; malformed binary -> its
 * QNN_LPAI_ERROR_BINARY_* code; all context slots used -> NO_FREE_SLOT; unknown config ->
 * UNSUPPORTED_CONFIG; binary does not fit the memory type -> that pool's error. */
Qnn_ErrorHandle_t QnnContext_createFromBinary(Qnn_BackendHandle_t backend,
                                              Qnn_DeviceHandle_t device,
                                              const QnnContext_Config_t** config,
                                              const void* binaryBuffer,
                                              Qnn_ContextBinarySize_t binaryBufferSize,
                                              Qnn_ContextHandle_t* context,
                                              Qnn_ProfileHandle_t profile);
/* Frees the context and its graph: returns the binary copy and IO buffers to their pool and
 * ends every memory handle registered on the context (later use -> INVALID_HANDLE). The
 * caller's scratch and persistent buffers may be released after this returns. */
Qnn_ErrorHandle_t QnnContext_free(Qnn_ContextHandle_t context, Qnn_ProfileHandle_t profile);

/* ==== graph (QnnGraph.h, LPAI/QnnLpaiGraph.h) ================================================ */

typedef enum {
  QNN_GRAPH_PROPERTY_OPTION_CUSTOM = 0,
  QNN_GRAPH_PROPERTY_OPTION_UNDEFINED = 0x7fffffff
} QnnGraph_PropertyOption_t;

typedef void* QnnGraph_CustomProperty_t;

typedef struct {
  QnnGraph_PropertyOption_t option;
  LPAI_ANON_UNION {
    QnnGraph_CustomProperty_t customProperty;  /* -> QnnLpaiGraph_CustomProperty_t */
  };
} QnnGraph_Property_t;
#define QNN_GRAPH_PROPERTY_INIT {QNN_GRAPH_PROPERTY_OPTION_UNDEFINED, {NULL}}

typedef enum {
  /* property -> uint32_t: bytes of scratch the graph needs, a multiple of sizeAlignment. */
  QNN_LPAI_GRAPH_GET_PROP_SCRATCH_MEM_SIZE = 0,
  /* property -> uint32_t: bytes of persistent memory, a multiple of sizeAlignment. */
  QNN_LPAI_GRAPH_GET_PROP_PERSISTENT_MEM_SIZE = 1,
  /* property -> uint32_t: bytes of the profile buffer (lpai-rt: 8 per node), see
   * QNN_LPAI_GRAPH_SET_CFG_PROFILE_BUFFER. */
  QNN_LPAI_GRAPH_GET_PROP_PROFILE_BUFFER_SIZE = 2,
  QNN_LPAI_GRAPH_GET_PROP_UNDEFINED = 0x7fffffff
} QnnLpaiGraph_GetPropertyOption_t;

typedef struct {
  QnnLpaiGraph_GetPropertyOption_t option;
  void* property;
} QnnLpaiGraph_CustomProperty_t;
#define QNN_LPAI_GRAPH_CUSTOM_PROPERTY_INIT {QNN_LPAI_GRAPH_GET_PROP_UNDEFINED, NULL}

typedef enum {
  QNN_GRAPH_CONFIG_OPTION_CUSTOM = 0,
  QNN_GRAPH_CONFIG_OPTION_UNDEFINED = 0x7fffffff
} QnnGraph_ConfigOption_t;

typedef void* QnnGraph_CustomConfig_t;

typedef struct {
  QnnGraph_ConfigOption_t option;
  LPAI_ANON_UNION {
    QnnGraph_CustomConfig_t customConfig;  /* -> QnnLpaiGraph_CustomConfig_t */
  };
} QnnGraph_Config_t;
#define QNN_GRAPH_CONFIG_INIT {QNN_GRAPH_CONFIG_OPTION_UNDEFINED, {NULL}}

typedef enum {
  QNN_LPAI_GRAPH_SET_CFG_SCRATCH_MEM = 0,     /* config -> QnnLpaiGraph_Mem_t */
  QNN_LPAI_GRAPH_SET_CFG_PERSISTENT_MEM = 1,  /* config -> QnnLpaiGraph_Mem_t */
  QNN_LPAI_GRAPH_SET_CFG_PERF_CFG = 2,        /* config -> QnnLpaiGraph_PerfCfg_t */
  QNN_LPAI_GRAPH_SET_CFG_CORE_AFFINITY = 3,   /* config -> QnnLpaiGraph_CoreAffinity_t */
  QNN_LPAI_GRAPH_SET_CFG_PROFILE_BUFFER = 4,  /* config -> QnnLpaiGraph_ProfileBuffer_t */
  QNN_LPAI_GRAPH_SET_CFG_UNDEFINED = 0x7fffffff
} QnnLpaiGraph_SetConfigOption_t;

typedef struct {
  QnnLpaiGraph_SetConfigOption_t option;
  void* config;
} QnnLpaiGraph_CustomConfig_t;
#define QNN_LPAI_GRAPH_CUSTOM_CONFIG_INIT {QNN_LPAI_GRAPH_SET_CFG_UNDEFINED, NULL}

/* A scratch or persistent buffer the caller owns. memType must be QNN_LPAI_MEM_TYPE_DDR; addr
 * non-NULL and a multiple of startAddrAlignment; size (bytes) a multiple of sizeAlignment and
 * at least the size the matching property query reports. Scratch may be replaced after
 * finalize; persistent must stay valid until QnnContext_free and cannot be replaced. */
typedef struct {
  QnnLpaiMem_MemType_t memType;
  uint32_t size;
  void* addr;
} QnnLpaiGraph_Mem_t;
#define QNN_LPAI_GRAPH_MEM_INIT {QNN_LPAI_MEM_TYPE_UNDEFINED, 0u, NULL}

typedef enum {
  QNN_LPAI_GRAPH_CLIENT_PERF_TYPE_REAL_TIME = 0,
  QNN_LPAI_GRAPH_CLIENT_PERF_TYPE_NON_REAL_TIME = 1,
  QNN_LPAI_GRAPH_CLIENT_PERF_TYPE_UNDEFINED = 0x7fffffff
} QnnLpaiGraph_ClientPerfType_t;

/* Performance hint, validated and kept (lpai-rt has no clock control): fps in 1..1000 frames
 * per second, ftrtRatio (faster-than-real-time ratio, percent) in 1..10000, clientType REAL_TIME
 * or NON_REAL_TIME. Anything else -> QNN_LPAI_GRAPH_ERROR_BAD_PERF_CONFIG. */
typedef struct {
  uint32_t fps;
  uint32_t ftrtRatio;
  QnnLpaiGraph_ClientPerfType_t clientType;
} QnnLpaiGraph_PerfCfg_t;
#define QNN_LPAI_GRAPH_PERF_CFG_INIT {0u, 0u, QNN_LPAI_GRAPH_CLIENT_PERF_TYPE_UNDEFINED}

typedef enum {
  QNN_LPAI_GRAPH_CORE_AFFINITY_SOFT = 0,  /* preferred core */
  QNN_LPAI_GRAPH_CORE_AFFINITY_HARD = 1,  /* only this core */
  QNN_LPAI_GRAPH_CORE_AFFINITY_UNDEFINED = 0x7fffffff
} QnnLpaiGraph_CoreAffinityType_t;

/* coreSelection: bit n selects core n (n < QNN_LPAI_MAX_CORES). Exactly one core may be
 * selected: 0 or a bit beyond the cores -> BAD_CORE_AFFINITY; several bits ->
 * MULTI_CORE_UNSUPPORTED. Validated and kept. */
typedef struct {
  QnnLpaiGraph_CoreAffinityType_t affinity;
  uint32_t coreSelection;
} QnnLpaiGraph_CoreAffinity_t;
#define QNN_LPAI_GRAPH_CORE_AFFINITY_INIT {QNN_LPAI_GRAPH_CORE_AFFINITY_UNDEFINED, 0u}
#define QNN_LPAI_MAX_CORES 8u

/* The buffer per-node profiling writes into (lpai-rt specific; the firmware reserves none).
 * addr: non-NULL (else PROFILE_BUFFER_NULL), a multiple of QNN_LPAI_PROFILE_BUFFER_ALIGNMENT
 * (else PROFILE_BUFFER_MISALIGNED); size: at least the QNN_LPAI_GRAPH_GET_PROP_PROFILE_BUFFER_SIZE
 * property (else PROFILE_BUFFER_TOO_SMALL). Accepted before and after finalize; zeroed when set;
 * owned by the caller and used until profiling is turned off, another buffer is set or the
 * context is freed. */
typedef struct {
  uint32_t size;
  void* addr;
} QnnLpaiGraph_ProfileBuffer_t;
#define QNN_LPAI_GRAPH_PROFILE_BUFFER_INIT {0u, NULL}
#define QNN_LPAI_PROFILE_BUFFER_ALIGNMENT 8u

/* The graph of a context, by name (the binary's graph name). graphName NULL or unknown ->
 * CONTEXT_GRAPH_NOT_FOUND / INVALID_ARGUMENT. */
Qnn_ErrorHandle_t QnnGraph_retrieve(Qnn_ContextHandle_t context, const char* graphName,
                                    Qnn_GraphHandle_t* graph);
/* properties: NULL-terminated list of QNN_GRAPH_PROPERTY_OPTION_CUSTOM entries whose
 * customProperty points at a QnnLpaiGraph_CustomProperty_t; each writes a uint32_t. */
Qnn_ErrorHandle_t QnnGraph_getProperty(Qnn_GraphHandle_t graph, QnnGraph_Property_t** properties);
/* config: NULL-terminated list of QNN_GRAPH_CONFIG_OPTION_CUSTOM entries. Every entry is
 * validated before any is applied: on the first bad entry nothing changes. */
Qnn_ErrorHandle_t QnnGraph_setConfig(Qnn_GraphHandle_t graph, const QnnGraph_Config_t** config);
/* Requires scratch and persistent buffers (when their sizes are non-zero); zeroes persistent
 * memory (variable tensors start at zero). Errors: SCRATCH_MISSING, PERSISTENT_MISSING,
 * GRAPH_FINALIZED (second call). */
Qnn_ErrorHandle_t QnnGraph_finalize(Qnn_GraphHandle_t graph, Qnn_ProfileHandle_t profile,
                                    Qnn_SignalHandle_t signal);
/* Runs the graph once. inputs/outputs: one tensor per graph input/output, in the order of
 * the binary info, each with v1.id of that tensor; memType RAW (clientBuf: aligned, large
 * enough; copied in/out) or MEMHANDLE (registered buffer bound without a copy). */
Qnn_ErrorHandle_t QnnGraph_execute(Qnn_GraphHandle_t graph, const Qnn_Tensor_t* inputs,
                                   uint32_t numInputs, Qnn_Tensor_t* outputs, uint32_t numOutputs,
                                   Qnn_ProfileHandle_t profile, Qnn_SignalHandle_t signal);

/* ---- LPAI graph extensions (lpai-rt specific) ---------------------------------------------- */

/* Execution counters of a graph since its context was created. */
typedef struct {
  uint64_t executions;         /* successful QnnGraph_execute calls */
  uint64_t ioBytesCopied;      /* RAW bytes copied in (inputs) plus out (outputs) */
  uint32_t ioAllocations;      /* IO buffers the firmware allocated for this graph */
  uint32_t numNodes;           /* nodes of the graph */
  uint64_t lastExecuteCycles;  /* lpai_hal_cycles() spent in the last execute */
} QnnLpaiGraph_Counters_t;
#define QNN_LPAI_GRAPH_COUNTERS_INIT {0u, 0u, 0u, 0u, 0u}

Qnn_ErrorHandle_t QnnLpaiGraph_getCounters(Qnn_GraphHandle_t graph,
                                           QnnLpaiGraph_Counters_t* counters);
/* Turns per-node cycle recording on (non-zero) or off for later executes. Profiling records
 * into the graph's profile buffer (QNN_LPAI_GRAPH_SET_CFG_PROFILE_BUFFER): turning it on
 * without one -> QNN_LPAI_GRAPH_ERROR_PROFILE_BUFFER_MISSING. */
Qnn_ErrorHandle_t QnnLpaiGraph_setProfiling(Qnn_GraphHandle_t graph, uint32_t enable);
/* Copies the cycles of each node of the last execute run with profiling on into cycles[0..n)
 * with n = min(capacity, nodes); *numNodes receives the node count. Zeros when no execute was
 * profiled into the current profile buffer (or none is set). */
Qnn_ErrorHandle_t QnnLpaiGraph_getNodeCycles(Qnn_GraphHandle_t graph, uint64_t* cycles,
                                             uint32_t capacity, uint32_t* numNodes);
/* Zeroes the graph's persistent memory (RNN/LSTM state, variable tensors) as finalize did.
 * Finalized graphs only (else GRAPH_NOT_FINALIZED). */
Qnn_ErrorHandle_t QnnLpaiGraph_resetPersistent(Qnn_GraphHandle_t graph);
/* Drops the IO bindings the last execute left on the graph, so that the memory handles it
 * used can be deregistered (a handle bound to a graph -> QNN_LPAI_MEM_ERROR_HANDLE_IN_USE). */
Qnn_ErrorHandle_t QnnLpaiGraph_releaseIo(Qnn_GraphHandle_t graph);

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

/* ==== interface table (QnnInterface.h) ======================================================= */
/* The QNN interface object of seed 003 ("QnnInterface_t qnnInterface; // Init qnn interface"):
 * the backend's functions in a table, obtained through QnnInterface_getProviders. lpai-rt has
 * one provider, its LPAI backend. Code written against the table calls e.g.
 *   qnnInterface.QNN_INTERFACE_VER_NAME.memRegister(context, &memDescriptor, 1u, memHandles);
 * The online-prepare calls (host simulation only) are not in the table. */
typedef struct {
  Qnn_ErrorHandle_t (*backendCreate)(Qnn_LogHandle_t logger, const QnnBackend_Config_t** config,
                                     Qnn_BackendHandle_t* backend);
  Qnn_ErrorHandle_t (*backendGetProperty)(Qnn_BackendHandle_t backend,
                                          QnnBackend_Property_t** properties);
  Qnn_ErrorHandle_t (*backendFree)(Qnn_BackendHandle_t backend);
  Qnn_ErrorHandle_t (*contextCreateFromBinary)(Qnn_BackendHandle_t backend,
                                               Qnn_DeviceHandle_t device,
                                               const QnnContext_Config_t** config,
                                               const void* binaryBuffer,
                                               Qnn_ContextBinarySize_t binaryBufferSize,
                                               Qnn_ContextHandle_t* context,
                                               Qnn_ProfileHandle_t profile);
  Qnn_ErrorHandle_t (*contextFree)(Qnn_ContextHandle_t context, Qnn_ProfileHandle_t profile);
  Qnn_ErrorHandle_t (*graphRetrieve)(Qnn_ContextHandle_t context, const char* graphName,
                                     Qnn_GraphHandle_t* graph);
  Qnn_ErrorHandle_t (*graphGetProperty)(Qnn_GraphHandle_t graph,
                                        QnnGraph_Property_t** properties);
  Qnn_ErrorHandle_t (*graphSetConfig)(Qnn_GraphHandle_t graph, const QnnGraph_Config_t** config);
  Qnn_ErrorHandle_t (*graphFinalize)(Qnn_GraphHandle_t graph, Qnn_ProfileHandle_t profile,
                                     Qnn_SignalHandle_t signal);
  Qnn_ErrorHandle_t (*graphExecute)(Qnn_GraphHandle_t graph, const Qnn_Tensor_t* inputs,
                                    uint32_t numInputs, Qnn_Tensor_t* outputs,
                                    uint32_t numOutputs, Qnn_ProfileHandle_t profile,
                                    Qnn_SignalHandle_t signal);
  Qnn_ErrorHandle_t (*memRegister)(Qnn_ContextHandle_t context,
                                   const Qnn_MemDescriptor_t* descriptors,
                                   uint32_t numDescriptors, Qnn_MemHandle_t* memHandles);
  Qnn_ErrorHandle_t (*memDeRegister)(const Qnn_MemHandle_t* memHandles, uint32_t numHandles);
} QnnInterface_ImplementationV1_t;

/* Selects the function table inside QnnInterface_t (one version in lpai-rt). */
#define QNN_INTERFACE_VER_NAME v1

#define QNN_BACKEND_ID_LPAI 17u /* lpai-rt's backend id in QnnInterface_t.backendId */

typedef struct {
  uint32_t backendId;        /* QNN_BACKEND_ID_LPAI */
  const char* providerName;  /* "LPAI_LPAI_RT" */
  struct {
    uint32_t major, minor, patch;
  } apiVersion;              /* of this header's API */
  QnnInterface_ImplementationV1_t QNN_INTERFACE_VER_NAME;
} QnnInterface_t;

/* *providerList receives a static array of *numProviders (1) pointers to interface tables,
 * valid for the program's lifetime. Errors: COMMON_INVALID_ARGUMENT (a NULL pointer). */
Qnn_ErrorHandle_t QnnInterface_getProviders(const QnnInterface_t*** providerList,
                                            uint32_t* numProviders);

/* ==== system context: binary info (System/QnnSystemContext.h) =============================== */

typedef Qnn_Handle_t QnnSystemContext_Handle_t;

typedef enum {
  QNN_SYSTEM_CONTEXT_GRAPH_INFO_VERSION_1 = 1,
  QNN_SYSTEM_CONTEXT_GRAPH_INFO_UNDEFINED = 0x7fffffff
} QnnSystemContext_GraphInfoVersion_t;

typedef struct {
  const char* graphName;
  uint32_t numGraphInputs;
  Qnn_Tensor_t* graphInputs;
  uint32_t numGraphOutputs;
  Qnn_Tensor_t* graphOutputs;
} QnnSystemContext_GraphInfoV1_t;
#define QNN_SYSTEM_CONTEXT_GRAPH_INFO_V1_INIT {NULL, 0u, NULL, 0u, NULL}

typedef struct {
  QnnSystemContext_GraphInfoVersion_t version;
  QnnSystemContext_GraphInfoV1_t graphInfoV1;
} QnnSystemContext_GraphInfo_t;
#define QNN_SYSTEM_CONTEXT_GRAPH_INFO_INIT \
  {QNN_SYSTEM_CONTEXT_GRAPH_INFO_UNDEFINED, QNN_SYSTEM_CONTEXT_GRAPH_INFO_V1_INIT}

typedef enum {
  QNN_SYSTEM_CONTEXT_BINARY_INFO_VERSION_1 = 1,
  QNN_SYSTEM_CONTEXT_BINARY_INFO_UNDEFINED = 0x7fffffff
} QnnSystemContext_BinaryInfoVersion_t;

typedef struct {
  uint32_t binaryVersionMajor;  /* context binary format version */
  uint32_t binaryVersionMinor;
  uint32_t numGraphs;
  QnnSystemContext_GraphInfo_t* graphs;
} QnnSystemContext_BinaryInfoV1_t;
#define QNN_SYSTEM_CONTEXT_BINARY_INFO_V1_INIT {0u, 0u, 0u, NULL}

typedef struct {
  QnnSystemContext_BinaryInfoVersion_t version;
  QnnSystemContext_BinaryInfoV1_t contextBinaryInfoV1;
} QnnSystemContext_BinaryInfo_t;
#define QNN_SYSTEM_CONTEXT_BINARY_INFO_INIT \
  {QNN_SYSTEM_CONTEXT_BINARY_INFO_UNDEFINED, QNN_SYSTEM_CONTEXT_BINARY_INFO_V1_INIT}

Qnn_ErrorHandle_t QnnSystemContext_create(QnnSystemContext_Handle_t* sysCtxHandle);
/* Validates the binary and describes its graph's IO. *binaryInfo points into static storage
 * owned by the handle: valid until the next getBinaryInfo on it or QnnSystemContext_free.
 * Tensors come with memType RAW and an empty clientBuf, ready to be filled for execute.
 * *binaryInfoSize receives the bytes of that description. */
Qnn_ErrorHandle_t QnnSystemContext_getBinaryInfo(QnnSystemContext_Handle_t sysCtxHandle,
                                                 void* binaryBuffer, uint64_t binaryBufferSize,
                                                 const QnnSystemContext_BinaryInfo_t** binaryInfo,
                                                 Qnn_ContextBinarySize_t* binaryInfoSize);
Qnn_ErrorHandle_t QnnSystemContext_free(QnnSystemContext_Handle_t sysCtxHandle);

/* Function table of the system API, for code written against an interface object. */
typedef struct {
  Qnn_ErrorHandle_t (*systemContextCreate)(QnnSystemContext_Handle_t* sysCtxHandle);
  Qnn_ErrorHandle_t (*systemContextGetBinaryInfo)(QnnSystemContext_Handle_t sysCtxHandle,
                                                  void* binaryBuffer, uint64_t binaryBufferSize,
                                                  const QnnSystemContext_BinaryInfo_t** binaryInfo,
                                                  Qnn_ContextBinarySize_t* binaryInfoSize);
  Qnn_ErrorHandle_t (*systemContextFree)(QnnSystemContext_Handle_t sysCtxHandle);
} QnnSystemInterface_t;
/* A handle on the function table: `qnnSystemInterface->systemContextGetBinaryInfo(...)`. */
typedef const QnnSystemInterface_t* QnnSystemInterface;
/* The lpai-rt system function table (static, never NULL). */
QnnSystemInterface QnnLpaiSystem_getInterface(void);

#ifdef __cplusplus
}
#endif

#endif /* LPAI_QNN_COMPAT_H */
