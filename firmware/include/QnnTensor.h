/* QnnTensor.h: part of the lpai-rt C API (conventions in lpai/qnn_compat.h). The tensor types
 * are in QnnTypes.h; this header adds the online-prepare tensor call. */
#ifndef LPAI_FWD_QNNTENSOR_H
#define LPAI_FWD_QNNTENSOR_H

#include "QnnTypes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Online prepare (the flow is in QnnGraph.h; a firmware build without it answers
 * QNN_COMMON_ERROR_NOT_SUPPORTED). Adds a tensor and writes its id to tensor->v1.id (0, 1, 2,
 * ... in creation order; equal to its id in the context binary and the id execute expects).
 * tensor->version 1; v1.name non-empty and unique in the graph; v1.type APP_WRITE (graph
 * input, in creation order), APP_READ (graph output), NATIVE (intermediate) or STATIC
 * (constant: memType RAW, clientBuf holding exactly the tensor's bytes, copied); dataType
 * SFIXED_POINT_8 / INT_8, SFIXED_POINT_16 / INT_16 (activations and constants, quantised),
 * SFIXED_POINT_32 / INT_32 and INT_64 (constants); quantizeParams DEFINED with SCALE_OFFSET
 * (real = scale * (q + offset)) or, on constants, AXIS_SCALE_OFFSET (symmetric, one entry per
 * index of axis); rank 0..6 with every dimension >= 1. memType of APP_WRITE/APP_READ tensors:
 * RAW or MEMHANDLE (the IO memory hint; all graph IO tensors must agree); NATIVE: RAW
 * (clientBuf ignored).
 * Errors: GRAPH_INVALID_HANDLE, GRAPH_FINALIZED, TENSOR_INVALID_ARGUMENT (NULL, version, name,
 * type, rank/dimensions, quantisation values, constant size), TENSOR_BAD_MEM_TYPE,
 * COMMON_NOT_SUPPORTED (data type, APP_READWRITE, per-channel activations). */
Qnn_ErrorHandle_t QnnTensor_createGraphTensor(Qnn_GraphHandle_t graph, Qnn_Tensor_t* tensor);

#ifdef __cplusplus
}
#endif

#endif /* LPAI_FWD_QNNTENSOR_H */
