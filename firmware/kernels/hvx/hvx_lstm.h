// HVX gate evaluation of the int8 UNIDIRECTIONAL_SEQUENCE_LSTM (hexagon builds): the four gate
// pre-activations of all units as two vrmpy GEMVs over the packed layout (hvx_lstm_layout.h),
// requantised and summed in vectors, then the sigmoid / tanh tables. Bit-exact with the
// portable kernel's gate_block.
#ifndef LPAI_KERNELS_HVX_HVX_LSTM_H
#define LPAI_KERNELS_HVX_HVX_LSTM_H

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include <stdint.h>

#include "kernels/params/unidirectional_sequence_lstm.h"

namespace lpai {
namespace kernels {
namespace hvx {

// gates[g * S + j] (Q0.15) for the input row x (I bytes) and hidden state h (S bytes):
//   sigmoid (tanh for the cell gate) of sat16(sat16(MBQM(W_g x + bias_in, input_fc[g]))
//                                          + sat16(MBQM(R_g h + bias_rec, recurrent_fc[g]))).
// `layout`: the node's LSTM layout; `temp`: hvx_layout::lstm_temp_bytes(I, S) bytes of kernel
// scratch (2-byte aligned) whose first 8S bytes are `gates`.
void lstm_gates_s8(const UnidirectionalSequenceLstmParams& p, const uint8_t* layout,
                   const int8_t* x, const int8_t* h, uint8_t* temp, int16_t* gates);

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX

#endif  // LPAI_KERNELS_HVX_HVX_LSTM_H
