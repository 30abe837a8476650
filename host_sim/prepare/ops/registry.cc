// Builtin code -> prepare function and name.
#include <string>

#include "prepare/op_prepare.h"

namespace lpai {
namespace prepare {

PrepResult prepare_add(const PrepOp& op);
PrepResult prepare_average_pool_2d(const PrepOp& op);
PrepResult prepare_concatenation(const PrepOp& op);
PrepResult prepare_conv_2d(const PrepOp& op);
PrepResult prepare_depthwise_conv_2d(const PrepOp& op);
PrepResult prepare_dequantize(const PrepOp& op);
PrepResult prepare_fully_connected(const PrepOp& op);
PrepResult prepare_logistic(const PrepOp& op);
PrepResult prepare_max_pool_2d(const PrepOp& op);
PrepResult prepare_mul(const PrepOp& op);
PrepResult prepare_relu(const PrepOp& op);
PrepResult prepare_relu6(const PrepOp& op);
PrepResult prepare_reshape(const PrepOp& op);
PrepResult prepare_softmax(const PrepOp& op);
PrepResult prepare_tanh(const PrepOp& op);
PrepResult prepare_pad(const PrepOp& op);
PrepResult prepare_sub(const PrepOp& op);
PrepResult prepare_unidirectional_sequence_lstm(const PrepOp& op);
PrepResult prepare_strided_slice(const PrepOp& op);
PrepResult prepare_transpose_conv(const PrepOp& op);
PrepResult prepare_leaky_relu(const PrepOp& op);
PrepResult prepare_quantize(const PrepOp& op);

PrepareFn find_prepare(int builtin) {
  switch (builtin) {
    case 0: return prepare_add;
    case 1: return prepare_average_pool_2d;
    case 2: return prepare_concatenation;
    case 3: return prepare_conv_2d;
    case 4: return prepare_depthwise_conv_2d;
    case 6: return prepare_dequantize;
    case 9: return prepare_fully_connected;
    case 14: return prepare_logistic;
    case 17: return prepare_max_pool_2d;
    case 18: return prepare_mul;
    case 19: return prepare_relu;
    case 21: return prepare_relu6;
    case 22: return prepare_reshape;
    case 25: return prepare_softmax;
    case 28: return prepare_tanh;
    case 34: return prepare_pad;
    case 41: return prepare_sub;
    case 44: return prepare_unidirectional_sequence_lstm;
    case 45: return prepare_strided_slice;
    case 67: return prepare_transpose_conv;
    case 98: return prepare_leaky_relu;
    case 114: return prepare_quantize;
    default: return nullptr;
  }
}

std::string builtin_name(int builtin) {
  switch (builtin) {
    case 0: return "ADD";
    case 1: return "AVERAGE_POOL_2D";
    case 2: return "CONCATENATION";
    case 3: return "CONV_2D";
    case 4: return "DEPTHWISE_CONV_2D";
    case 6: return "DEQUANTIZE";
    case 9: return "FULLY_CONNECTED";
    case 14: return "LOGISTIC";
    case 17: return "MAX_POOL_2D";
    case 18: return "MUL";
    case 19: return "RELU";
    case 21: return "RELU6";
    case 22: return "RESHAPE";
    case 25: return "SOFTMAX";
    case 28: return "TANH";
    case 34: return "PAD";
    case 41: return "SUB";
    case 44: return "UNIDIRECTIONAL_SEQUENCE_LSTM";
    case 45: return "STRIDED_SLICE";
    case 67: return "TRANSPOSE_CONV";
    case 98: return "LEAKY_RELU";
    case 114: return "QUANTIZE";
    case 32: return "CUSTOM";
    case 40: return "MEAN";
    case 117: return "HARD_SWISH";
    default: return "UNKNOWN(" + std::to_string(builtin) + ")";
  }
}

}  // namespace prepare
}  // namespace lpai
