// HVX gate evaluation of the int8 UNIDIRECTIONAL_SEQUENCE_LSTM (hexagon builds): the four gate
// pre-activations of all units as two vrmpy GEMVs over the packed layout (hvx_lstm_layout.h),
// requantised and summed in vectors, the sigmoid / tanh table interpolation in vectors (one
// scalar pair read per lane), then the cell and hidden update in vectors across units.
#ifndef LPAI_KERNELS_HVX_HVX_LSTM_H
#define LPAI_KERNELS_HVX_HVX_LSTM_H

#if defined(LPAI_HAS_HVX) && LPAI_HAS_HVX

#include <stdint.h>

#include "kernels/params/unidirectional_sequence_lstm.h"

namespace lpai {
namespace kernels {
namespace hvx {

// One int8 time step of one batch row (the portable lstm_step, bit-exact): x (I bytes), h (S,
// in/out), c (S, in/out), out (S). The gates
//   sigmoid (tanh for the cell gate) of sat16(sat16(MBQM(W_g x + bias_in, input_fc[g]))
//                                          + sat16(MBQM(R_g h + bias_rec, recurrent_fc[g])))
// all come from the previous h; then the cell and hidden update in vectors of 32 units.
// `layout`: the node's LSTM layout; `temp`: hvx_layout::lstm_temp_bytes(I, S) bytes of kernel
// scratch (any alignment). x and h start on 4-byte boundaries (read in place as words).
void lstm_step_s8(const UnidirectionalSequenceLstmParams& p, const uint8_t* layout,
                  const int8_t* x, int8_t* h, int16_t* c, int8_t* out, uint8_t* temp);

}  // namespace hvx
}  // namespace kernels
}  // namespace lpai

#endif  // LPAI_HAS_HVX

#endif  // LPAI_KERNELS_HVX_HVX_LSTM_H
