/* QnnOpDef.h: part of the lpai-rt C API (conventions in lpai/qnn_compat.h): the op types and
 * parameter names of online prepare (QnnGraph_addNode, QnnGraph.h). */
#ifndef LPAI_FWD_QNNOPDEF_H
#define LPAI_FWD_QNNOPDEF_H

#include "QnnTypes.h"

/* Op types and parameter names online prepare maps onto the lpai-rt kernels (their TFLite
 * builtin equivalents in brackets). Activations are int8 or int16 (SFIXED_POINT_8/16);
 * every op's own limits are those of its kernel.
 *   ElementWiseAdd [ADD], ElementWiseSubtract [SUB], ElementWiseMultiply [MUL]: in[0], in[1]
 *     (broadcasting), no params.
 *   Reshape [RESHAPE]: in[0] -> out[0] of the same type, size and quantisation, no params.
 *   FullyConnected [FULLY_CONNECTED]: in[0] input, in[1] weights [units, depth] (int8,
 *     per-tensor or per-channel on axis 0), optional in[2] bias [units] (INT_32 /
 *     SFIXED_POINT_32); param keep_dims (BOOL_8, default 0).
 *   Softmax [SOFTMAX]: param beta (FLOAT_32, default 1.0); param axis (UINT_32) must be the
 *     last axis when given.
 *   Relu [RELU], Sigmoid [LOGISTIC], Tanh [TANH]: in[0] -> out[0], no params. */
#define QNN_OP_PACKAGE_NAME_QTI_AISW "qti.aisw"
#define QNN_OP_ELEMENT_WISE_ADD "ElementWiseAdd"
#define QNN_OP_ELEMENT_WISE_SUBTRACT "ElementWiseSubtract"
#define QNN_OP_ELEMENT_WISE_MULTIPLY "ElementWiseMultiply"
#define QNN_OP_RESHAPE "Reshape"
#define QNN_OP_FULLY_CONNECTED "FullyConnected"
#define QNN_OP_FULLY_CONNECTED_PARAM_KEEP_DIMS "keep_dims"
#define QNN_OP_SOFTMAX "Softmax"
#define QNN_OP_SOFTMAX_PARAM_BETA "beta"
#define QNN_OP_SOFTMAX_PARAM_AXIS "axis"
#define QNN_OP_RELU "Relu"
#define QNN_OP_SIGMOID "Sigmoid"
#define QNN_OP_TANH "Tanh"

#endif /* LPAI_FWD_QNNOPDEF_H */
