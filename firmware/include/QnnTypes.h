/* QnnTypes.h: part of the lpai-rt C API (conventions in lpai/qnn_compat.h). */
#ifndef LPAI_FWD_QNNTYPES_H
#define LPAI_FWD_QNNTYPES_H

#include "QnnCommon.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/* ==== op configs (QnnTypes.h): the nodes of online prepare ==================================== */

typedef enum {
  QNN_PARAMTYPE_SCALAR = 0,
  QNN_PARAMTYPE_TENSOR = 1,
  QNN_PARAMTYPE_UNDEFINED = 0x7fffffff
} Qnn_ParamType_t;

/* A scalar op parameter: dataType names the member that holds the value (FLOAT_32 ->
 * floatValue, UINT_32 -> uint32Value, INT_32 -> int32Value, BOOL_8 -> bool8Value, ...). */
typedef struct {
  Qnn_DataType_t dataType;
  LPAI_ANON_UNION {
    float floatValue;
    uint32_t uint32Value;
    int32_t int32Value;
    uint16_t uint16Value;
    int16_t int16Value;
    uint8_t uint8Value;
    int8_t int8Value;
    uint8_t bool8Value;
    const char* stringValue;
  };
} Qnn_Scalar_t;
#define QNN_SCALAR_INIT {QNN_DATATYPE_UNDEFINED, {0.0f}}

/* A named op parameter: a scalar, or a STATIC tensor (a tensor created on the graph with
 * QnnTensor_createGraphTensor, referenced by v1.id). */
typedef struct {
  Qnn_ParamType_t paramType;
  const char* name;
  LPAI_ANON_UNION {
    Qnn_Scalar_t scalarParam;
    Qnn_Tensor_t tensorParam;
  };
} Qnn_Param_t;
#define QNN_PARAM_INIT {QNN_PARAMTYPE_UNDEFINED, NULL, {QNN_SCALAR_INIT}}

typedef enum {
  QNN_OPCONFIG_VERSION_1 = 1,
  QNN_OPCONFIG_VERSION_UNDEFINED = 0x7fffffff
} Qnn_OpConfigVersion_t;

/* One node: typeName is an op type of the package (QnnOpDef.h); inputTensors and
 * outputTensors name tensors created on the same graph (matched by v1.id; a non-NULL v1.name
 * must equal the created tensor's name). Arrays are read during QnnGraph_addNode only. */
typedef struct {
  const char* name;         /* node name, for messages; may be NULL */
  const char* packageName;  /* QNN_OP_PACKAGE_NAME_QTI_AISW, or NULL / "" */
  const char* typeName;
  uint32_t numOfParams;
  Qnn_Param_t* params;
  uint32_t numOfInputs;
  Qnn_Tensor_t* inputTensors;
  uint32_t numOfOutputs;
  Qnn_Tensor_t* outputTensors;
} Qnn_OpConfigV1_t;
#define QNN_OPCONFIG_V1_INIT {NULL, NULL, NULL, 0u, NULL, 0u, NULL, 0u, NULL}

typedef struct {
  Qnn_OpConfigVersion_t version;
  LPAI_ANON_UNION {
    Qnn_OpConfigV1_t v1;
  };
} Qnn_OpConfig_t;
#define QNN_OPCONFIG_INIT {QNN_OPCONFIG_VERSION_1, {QNN_OPCONFIG_V1_INIT}}

#ifdef __cplusplus
}
#endif

#endif /* LPAI_FWD_QNNTYPES_H */
