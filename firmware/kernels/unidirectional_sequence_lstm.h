// UNIDIRECTIONAL_SEQUENCE_LSTM kernel: the operator, its node tensors, parameter blob and
// scratch are described in kernels/params/unidirectional_sequence_lstm.h.
#ifndef LPAI_KERNELS_UNIDIRECTIONAL_SEQUENCE_LSTM_H
#define LPAI_KERNELS_UNIDIRECTIONAL_SEQUENCE_LSTM_H

#include "kernels/kernel_api.h"
#include "kernels/params/unidirectional_sequence_lstm.h"

namespace lpai {
namespace kernels {

// Load-time check of a node (data pointers null). kBinaryBadParams for a malformed blob,
// kBinaryBadTensor for tensors whose type/shape/flags disagree with the blob, kNotSupported
// for LSTM variants this kernel does not evaluate (peephole, projection, layer norm, CIFG,
// non-int8 activations). Logs one line naming the problem.
Status validate_unidirectional_sequence_lstm(const KernelArgs& args);

// Runs the node; hidden and cell state (inputs 18, 19) are updated in place.
void eval_unidirectional_sequence_lstm(const KernelArgs& args);

}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_KERNELS_UNIDIRECTIONAL_SEQUENCE_LSTM_H
