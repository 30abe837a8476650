// The operator table: the one place an operator's identity is spelled.
//
// LPAI_KERNEL_OPS(X) lists every operator the firmware has a kernel for, one row each:
//   X(Enum, NAME, code, options, snake)
//     Enum   format::BuiltinOp enumerator (kConv2d); the kernel object is kernels::<snake>::kKernel
//            (kernels::conv_2d::kKernel), defined in firmware/kernels/<snake>.cc
//     NAME   the TFLite spelling used in every log line and message ("CONV_2D"; for a
//            custom operator its custom code, "SignalWindow")
//     code   the TFLite builtin operator number (the binary's NodeRecord::op), or a project
//            code >= 1000 for ops that TFLite does not have
//     options the TFLite BuiltinOptions union type the op carries (0: none); the importer
//            decodes options by this type and refuses an operator carrying another table
//     snake  file stem: firmware/kernels/<snake>.cc, host_sim/prepare/ops/<snake>.cc with
//            prepare::prepare_<snake>() (project ops without a TFLite builtin have none)
// Generated from it: format::BuiltinOp, format::op_name(), the firmware dispatch switch
// (kernels/registry.cc), the prepare registry (host_sim/prepare/ops/registry.cc).
//
// LPAI_IMPORT_OPS(X) lists TFLite operators the importer rewrites instead of running them
// (X(NAME, code, options)): shape-only ops that become aliases or copies in the plan, and the
// resource-variable ops (VAR_HANDLE is resolved at prepare to a persistent tensor per variable;
// READ_VARIABLE and ASSIGN_VARIABLE become COPY nodes from / into it). They have no firmware
// kernel and never appear in a binary.
//
// Adding an operator: one row here, kernels/<snake>.{h,cc}, prepare/ops/<snake>.cc, tests.
#ifndef LPAI_FORMAT_OP_TABLE_H
#define LPAI_FORMAT_OP_TABLE_H

// Project ops (no TFLite builtin, no prepare function): LPAI_PROJECT_OPS(X), same columns.
// JUMP: the unconditional branch of the inlined IF / WHILE (firmware/kernels/control_flow.h).
#define LPAI_PROJECT_OPS(X) X(kCopy, COPY, 1000, 0, copy) X(kJump, JUMP, 1001, 0, jump)

// Convolutions, pooling, the first element-wise set, LSTM, quantisation.
#define LPAI_CORE_OPS(X)                                                       \
  X(kAdd, ADD, 0, 11, add)                                                     \
  X(kAveragePool2d, AVERAGE_POOL_2D, 1, 5, average_pool_2d)                    \
  X(kConcatenation, CONCATENATION, 2, 10, concatenation)                       \
  X(kConv2d, CONV_2D, 3, 1, conv_2d)                                           \
  X(kDepthwiseConv2d, DEPTHWISE_CONV_2D, 4, 2, depthwise_conv_2d)              \
  X(kDequantize, DEQUANTIZE, 6, 38, dequantize)                                \
  X(kFullyConnected, FULLY_CONNECTED, 9, 8, fully_connected)                   \
  X(kLogistic, LOGISTIC, 14, 0, logistic)                                      \
  X(kMaxPool2d, MAX_POOL_2D, 17, 5, max_pool_2d)                               \
  X(kMul, MUL, 18, 21, mul)                                                    \
  X(kRelu, RELU, 19, 0, relu)                                                  \
  X(kRelu6, RELU6, 21, 0, relu6)                                               \
  X(kReshape, RESHAPE, 22, 17, reshape)                                        \
  X(kSoftmax, SOFTMAX, 25, 9, softmax)                                         \
  X(kTanh, TANH, 28, 0, tanh)                                                  \
  X(kPad, PAD, 34, 22, pad)                                                    \
  X(kSub, SUB, 41, 28, sub)                                                    \
  X(kUnidirectionalSequenceLstm, UNIDIRECTIONAL_SEQUENCE_LSTM, 44, 71,         \
    unidirectional_sequence_lstm)                                              \
  X(kStridedSlice, STRIDED_SLICE, 45, 32, strided_slice)                       \
  X(kCast, CAST, 53, 37, cast)                                                 \
  X(kTransposeConv, TRANSPOSE_CONV, 67, 49, transpose_conv)                    \
  X(kLeakyRelu, LEAKY_RELU, 98, 75, leaky_relu)                                \
  X(kQuantize, QUANTIZE, 114, 89, quantize)

// Element-wise, comparison and activation operators.
#define LPAI_ELEMENTWISE_OPS(X)                                                \
  X(kL2Normalization, L2_NORMALIZATION, 11, 12, l2_normalization)              \
  X(kDiv, DIV, 42, 29, div)                                                    \
  X(kLogSoftmax, LOG_SOFTMAX, 50, 36, log_softmax)                             \
  X(kPrelu, PRELU, 54, 0, prelu)                                               \
  X(kMaximum, MAXIMUM, 55, 39, maximum)                                        \
  X(kMinimum, MINIMUM, 57, 39, minimum)                                        \
  X(kLess, LESS, 58, 41, less)                                                 \
  X(kGreater, GREATER, 61, 44, greater)                                        \
  X(kGreaterEqual, GREATER_EQUAL, 62, 45, greater_equal)                       \
  X(kLessEqual, LESS_EQUAL, 63, 46, less_equal)                                \
  X(kEqual, EQUAL, 71, 53, equal)                                              \
  X(kNotEqual, NOT_EQUAL, 72, 54, not_equal)                                   \
  X(kRsqrt, RSQRT, 76, 0, rsqrt)                                               \
  X(kZerosLike, ZEROS_LIKE, 93, 67, zeros_like)                                \
  X(kFill, FILL, 94, 68, fill)                                                 \
  X(kSquaredDifference, SQUARED_DIFFERENCE, 99, 76, squared_difference)        \
  X(kAbs, ABS, 101, 78, abs)                                                   \
  X(kAddN, ADD_N, 106, 82, add_n)                                              \
  X(kElu, ELU, 111, 0, elu)                                                    \
  X(kHardSwish, HARD_SWISH, 117, 91, hard_swish)                               \
  X(kSelectV2, SELECT_V2, 123, 98, select_v2)

// Data movement and shape operators.
#define LPAI_MOVEMENT_OPS(X)                                                   \
  X(kDepthToSpace, DEPTH_TO_SPACE, 5, 94, depth_to_space)                      \
  X(kEmbeddingLookup, EMBEDDING_LOOKUP, 7, 0, embedding_lookup)                \
  X(kSpaceToDepth, SPACE_TO_DEPTH, 26, 19, space_to_depth)                     \
  X(kGather, GATHER, 36, 23, gather)                                           \
  X(kBatchToSpaceNd, BATCH_TO_SPACE_ND, 37, 24, batch_to_space_nd)             \
  X(kSpaceToBatchNd, SPACE_TO_BATCH_ND, 38, 25, space_to_batch_nd)             \
  X(kTranspose, TRANSPOSE, 39, 26, transpose)                                  \
  X(kSplit, SPLIT, 49, 35, split)                                              \
  X(kPadv2, PADV2, 60, 43, padv2)                                              \
  X(kSlice, SLICE, 65, 48, slice)                                              \
  X(kShape, SHAPE, 77, 55, shape)                                              \
  X(kPack, PACK, 83, 59, pack)                                                 \
  X(kUnpack, UNPACK, 88, 64, unpack)                                           \
  X(kMirrorPad, MIRROR_PAD, 100, 77, mirror_pad)                               \
  X(kSplitV, SPLIT_V, 102, 79, split_v)                                        \
  X(kReverseV2, REVERSE_V2, 105, 81, reverse_v2)                               \
  X(kGatherNd, GATHER_ND, 107, 83, gather_nd)                                  \
  X(kBroadcastTo, BROADCAST_TO, 130, 104, broadcast_to)                        \
  X(kDynamicUpdateSlice, DYNAMIC_UPDATE_SLICE, 151, 117, dynamic_update_slice)

// Reductions, matrix products, resizes and stateful operators.
#define LPAI_REDUCE_OPS(X)                                                     \
  X(kMean, MEAN, 40, 27, mean)                                                 \
  X(kSum, SUM, 74, 27, sum)                                                    \
  X(kReduceMax, REDUCE_MAX, 82, 27, reduce_max)                                \
  X(kReduceMin, REDUCE_MIN, 89, 27, reduce_min)                                \
  X(kArgMax, ARG_MAX, 56, 40, arg_max)                                         \
  X(kArgMin, ARG_MIN, 79, 57, arg_min)                                         \
  X(kCumsum, CUMSUM, 128, 102, cumsum)                                         \
  X(kResizeBilinear, RESIZE_BILINEAR, 23, 15, resize_bilinear)                 \
  X(kResizeNearestNeighbor, RESIZE_NEAREST_NEIGHBOR, 97, 74,                   \
    resize_nearest_neighbor)                                                   \
  X(kBatchMatmul, BATCH_MATMUL, 126, 101, batch_matmul)                        \
  X(kSvdf, SVDF, 27, 6, svdf)

// Control flow: branch nodes the executor interprets over the inlined subgraphs
// (firmware/kernels/control_flow.h).
#define LPAI_CONTROL_OPS(X)                                                    \
  X(kIf, IF, 118, 92, if_op)                                                   \
  X(kWhile, WHILE, 119, 93, while_op)                                          \
  X(kCallOnce, CALL_ONCE, 129, 103, call_once)

// TFLite Micro's signal library: CUSTOM operators, selected by their custom code, which is
// NAME here (the importer matches the string; options come as a FlexBuffer map). Project codes
// 1100 and up; prepare functions prepare_<snake>() in host_sim/prepare/ops/<snake>.cc, kernels
// in firmware/kernels/signal/.
#define LPAI_SIGNAL_OPS(X)                                                            \
  X(kSignalWindow, SignalWindow, 1100, 0, signal_window)                              \
  X(kSignalFftAutoScale, SignalFftAutoScale, 1101, 0, signal_fft_auto_scale)          \
  X(kSignalRfft, SignalRfft, 1102, 0, signal_rfft)                                    \
  X(kSignalEnergy, SignalEnergy, 1103, 0, signal_energy)                              \
  X(kSignalFilterBank, SignalFilterBank, 1104, 0, signal_filter_bank)                 \
  X(kSignalFilterBankSquareRoot, SignalFilterBankSquareRoot, 1105, 0,                 \
    signal_filter_bank_square_root)                                                   \
  X(kSignalFilterBankSpectralSubtraction, SignalFilterBankSpectralSubtraction, 1106, 0, \
    signal_filter_bank_spectral_subtraction)                                          \
  X(kSignalPcan, SignalPCAN, 1107, 0, signal_pcan)                                    \
  X(kSignalFilterBankLog, SignalFilterBankLog, 1108, 0, signal_filter_bank_log)        \
  X(kSignalDelay, SignalDelay, 1109, 0, signal_delay)                                 \
  X(kSignalFramer, SignalFramer, 1110, 0, signal_framer)                              \
  X(kSignalStacker, SignalStacker, 1111, 0, signal_stacker)                           \
  X(kSignalOverlapAdd, SignalOverlapAdd, 1112, 0, signal_overlap_add)                \
  X(kSignalIrfft, SignalIrfft, 1113, 0, signal_irfft)

// Every operator with a TFLite builtin code and a kernel.
#define LPAI_TFLITE_KERNEL_OPS(X)                                           \
  LPAI_CORE_OPS(X) LPAI_ELEMENTWISE_OPS(X) LPAI_MOVEMENT_OPS(X) LPAI_REDUCE_OPS(X) \
  LPAI_CONTROL_OPS(X)

// Every operator with a prepare function (builtin or custom).
#define LPAI_PREPARED_OPS(X) LPAI_TFLITE_KERNEL_OPS(X) LPAI_SIGNAL_OPS(X)

#define LPAI_KERNEL_OPS(X) LPAI_PREPARED_OPS(X) LPAI_PROJECT_OPS(X)

#define LPAI_IMPORT_OPS(X) \
  X(SQUEEZE, 43, 30)       \
  X(EXPAND_DIMS, 70, 52)   \
  X(VAR_HANDLE, 142, 111)  \
  X(READ_VARIABLE, 143, 112) \
  X(ASSIGN_VARIABLE, 144, 113)

#endif  // LPAI_FORMAT_OP_TABLE_H
